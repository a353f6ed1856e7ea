import CLinux
import Glibc

/// A failed system call (or a bad argument to one), naming the call and the reason,
/// e.g. `bind(0.0.0.0:80): Permission denied`.
public struct SystemError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The call that failed, with context, e.g. `bind(0.0.0.0:80)`.
    public let call: String
    /// The errno value the call left, or 0 when the error did not come from errno.
    public let errno: Int32
    /// The reason in words: the errno text, or a message of our own.
    public let message: String

    /// An error from errno: the message is the system's text for `errno`.
    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
        self.message = SystemError.text(forErrno: errno)
    }

    /// An error that did not come from errno (e.g. a host that is not an IP literal).
    public init(call: String, message: String) {
        self.call = call
        self.errno = 0
        self.message = message
    }

    /// `call: message`.
    public var description: String { "\(call): \(message)" }

    /// The system's text for an errno value (thread-safe: strerror_r).
    public static func text(forErrno code: Int32) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            guard let base = buffer.baseAddress else { return "errno \(code)" }
            base.initialize(to: 0)
            guard let text = clinux_strerror(code, base, buffer.count) else { return "errno \(code)" }
            return String(cString: text)
        }
    }
}
