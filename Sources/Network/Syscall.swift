import CEpoll
import Glibc

/// The outcome of a non-blocking system call that did not fail: either it was
/// done (with the call's return value) or it would have blocked.
enum IOResult<Value: Sendable>: Sendable {
    case done(Value)
    case wouldBlock
}

/// Every system call of the Network module goes through these wrappers:
/// EINTR is retried, EAGAIN/EWOULDBLOCK come back as `.wouldBlock`, and any
/// other failure throws a `NetworkError` naming the call and the errno text.
enum Syscall {
    /// Runs `body` (a C call returning -1 and setting errno on failure).
    @inline(__always)
    static func nonBlocking<Value: FixedWidthInteger & Sendable>(
        _ name: @autoclosure () -> String,
        _ body: @autoclosure () -> Value
    ) throws(NetworkError) -> IOResult<Value> {
        while true {
            let result = body()
            if result != -1 { return .done(result) }
            let code = Glibc.errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw NetworkError(call: name(), errno: code)
        }
    }

    /// Like `nonBlocking`, for calls where EAGAIN is not expected: it is an error too.
    @inline(__always)
    @discardableResult
    static func call<Value: FixedWidthInteger & Sendable>(
        _ name: @autoclosure () -> String,
        _ body: @autoclosure () -> Value
    ) throws(NetworkError) -> Value {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw NetworkError(call: name(), errno: code)
        }
    }

    /// close(2). Never retried: on Linux the descriptor is gone even after EINTR,
    /// and a retry could close a descriptor another part of the program just got.
    /// Errors are ignored: there is nothing useful to do about them.
    static func close(_ fd: Int32) {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
    }

    // MARK: - Typed wrappers

    static func epollCreate() throws(NetworkError) -> Int32 {
        try call("epoll_create1", cepoll_create())
    }

    static func epollControl(_ epfd: Int32, _ op: Int32, fd: Int32, events: UInt32, token: UInt64) throws(NetworkError) {
        try call("epoll_ctl(\(epollOpName(op)), fd \(fd))", cepoll_ctl(epfd, op, fd, events, token))
    }

    private static func epollOpName(_ op: Int32) -> String {
        switch op {
        case CEPOLL_CTL_ADD: return "ADD"
        case CEPOLL_CTL_MOD: return "MOD"
        case CEPOLL_CTL_DEL: return "DEL"
        default: return "\(op)"
        }
    }

    static func epollWait(_ epfd: Int32, events: UnsafeMutableRawPointer, maxEvents: Int32, timeoutMS: Int32) throws(NetworkError) -> Int {
        Int(try call("epoll_wait", cepoll_wait(epfd, events, maxEvents, timeoutMS)))
    }

    static func eventFD() throws(NetworkError) -> Int32 {
        try call("eventfd", cepoll_eventfd())
    }

    static func tcpSocket(family: Int32, description: String) throws(NetworkError) -> Int32 {
        try call("socket(\(description))", cepoll_tcp_socket(family))
    }

    static func accept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) throws(NetworkError) -> IOResult<Int32> {
        try nonBlocking("accept4", cepoll_accept(fd, address, length))
    }

    static func recv(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(NetworkError) -> IOResult<Int> {
        try nonBlocking("recv", cepoll_recv(fd, buffer.baseAddress, buffer.count))
    }

    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(NetworkError) -> IOResult<Int> {
        try nonBlocking("send", cepoll_send(fd, bytes.baseAddress, bytes.count))
    }

    static func setNoDelay(_ fd: Int32) throws(NetworkError) {
        try call("setsockopt(TCP_NODELAY)", cepoll_set_nodelay(fd))
    }

    /// The socket's pending error (getsockopt SO_ERROR), 0 if none.
    static func socketError(_ fd: Int32) throws(NetworkError) -> Int32 {
        var value: Int32 = 0
        try call("getsockopt(SO_ERROR)", cepoll_getsockopt_int(fd, SOL_SOCKET, SO_ERROR, &value))
        return value
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, name: @autoclosure () -> String) throws(NetworkError) -> IOResult<Int> {
        try nonBlocking(name(), Glibc.read(fd, buffer.baseAddress, buffer.count))
    }
}
