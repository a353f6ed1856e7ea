import Glibc

/// Signals as readable bytes: a self-pipe the event loop polls.
///
/// SIGINT, SIGTERM and SIGHUP (end the client), SIGWINCH (redraw), SIGCONT (back from a
/// stop) and SIGTSTP (a stop asked from outside, as `kill -TSTP`: handled like Ctrl-Z) are
/// written to the pipe as one byte each, and the loop handles them in order with everything
/// else. Crash signals (SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, and SIGTRAP, which is how a
/// Swift runtime trap ends on some machines) restore the terminal right in the handler, then
/// run their default action.
public final class SignalWatcher {
    /// The signals the loop handles.
    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT, SIGTSTP]
    /// The signals that restore the terminal and die.
    public static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP]

    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The end of the pipe to poll for reading.
    public let readEnd: Int32

    /// Makes the pipe and installs the handlers.
    /// - Throws: ``RawTerminal/Failure`` when the pipe cannot be made.
    public init() throws(RawTerminal.Failure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw RawTerminal.Failure(description: "pipe failed (errno \(errno))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        Self.writeEnd = ends[1]
        for signal in Self.watched {
            Self.install(signal, flags: Int32(SA_RESTART)) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                let saved = errno
                _ = write(SignalWatcher.writeEnd, &byte, 1)
                errno = saved
            }
        }
        for signal in Self.fatal {
            Self.install(signal, flags: Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))) { number in
                TerminalRestore.restore()
                raise(number)
            }
        }
        // A peer that vanishes mid-write must be an error code, not the end of the client.
        Glibc.signal(SIGPIPE, SIG_IGN)
        // A blocked signal mask is inherited from whoever started us; these must get through.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in Self.watched + Self.fatal { sigaddset(&unblock, signal) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signals that arrived since the last call, in order.
    public func drain() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                signals += buffer[..<count].map { Int32($0) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return signals
            }
        }
    }

    /// Ends the process by `signal`'s default action (after the terminal was restored), so the
    /// shell sees how it ended.
    public static func dieByDefaultAction(_ signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        raise(signal)
        exit(128 + signal)
    }

    private static func install(_ signal: Int32, flags: Int32, handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, nil)
    }
}
