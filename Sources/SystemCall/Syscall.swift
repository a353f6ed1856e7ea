import Glibc

/// Every system call of the server, the client and the benchmark tool goes through these
/// wrappers: EINTR is retried, EAGAIN/EWOULDBLOCK come back as `.wouldBlock`, and any
/// other failure throws a `SystemError` naming the call and the errno text. Modules add
/// their own typed wrappers (epoll, accept, …) in extensions.
public enum Syscall {
    /// Runs `body` (a C call returning -1 and setting errno on failure).
    /// Inlinable: the event loop calls it for every read and write, from another module.
    @inlinable @inline(__always)
    public static func nonBlocking<Value: FixedWidthInteger & Sendable>(
        _ name: @autoclosure () -> String,
        _ body: @autoclosure () -> Value
    ) throws(SystemError) -> IOResult<Value> {
        while true {
            let result = body()
            if result != -1 { return .done(result) }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw SystemError(call: name(), errno: code)
        }
    }

    /// Like `nonBlocking`, for calls where EAGAIN is not expected: it is an error too.
    @inlinable @inline(__always)
    @discardableResult
    public static func call<Value: FixedWidthInteger & Sendable>(
        _ name: @autoclosure () -> String,
        _ body: @autoclosure () -> Value
    ) throws(SystemError) -> Value {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw SystemError(call: name(), errno: code)
        }
    }

    /// close(2). Never retried: on Linux the descriptor is gone even after EINTR,
    /// and a retry could close a descriptor another part of the program just got.
    /// Errors are ignored: there is nothing useful to do about them.
    @inlinable
    public static func close(_ fd: Int32) {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
    }
}
