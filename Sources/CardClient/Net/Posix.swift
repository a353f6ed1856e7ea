import Glibc

/// What a non-blocking system call did.
enum IOResult: Equatable {
    /// It moved this many bytes (0 on a read means the peer closed).
    case done(Int)
    /// Nothing can move now; poll again.
    case wouldBlock
}

/// A failed system call, named, with its errno in words.
public struct SystemError: Error, CustomStringConvertible {
    /// The call that failed (`connect`, `recv`, …).
    public let call: String
    /// The errno.
    public let code: Int32

    /// "connect: Connection refused".
    public var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// The errno in words ("Connection refused").
    public var reason: String { String(cString: strerror(code)) }
}

/// Runs a system call: retries on EINTR, turns EAGAIN into `.wouldBlock`, throws otherwise.
func systemCall(_ name: String, _ call: () -> Int) throws(SystemError) -> IOResult {
    while true {
        let result = call()
        if result >= 0 { return .done(result) }
        switch errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        default: throw SystemError(call: name, code: errno)
        }
    }
}
