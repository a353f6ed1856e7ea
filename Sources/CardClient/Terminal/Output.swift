import Glibc

/// Writes to the terminal and to standard error.
enum Output {
    /// Set once the terminal stopped taking output for `stallMilliseconds` or failed: the
    /// client ends then (its window is gone, or nobody reads it). Only the client's one
    /// thread writes and reads it.
    nonisolated(unsafe) static var terminalLost = false
    static let stallMilliseconds: Int32 = 5000

    /// Writes to standard output, all of it, retrying on EINTR. Standard input is non-blocking,
    /// and on a terminal standard output shares its file description, so a full terminal
    /// answers EAGAIN: wait until it takes more (never spin), for at most `stallMilliseconds`.
    static func write(_ text: String) {
        guard !terminalLost else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EAGAIN, waitUntilWritable() {
                continue
            } else {
                terminalLost = true
                return
            }
        }
    }

    /// Whether standard output can take more within `stallMilliseconds`.
    private static func waitUntilWritable() -> Bool {
        var entry = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&entry, 1, stallMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && entry.revents & Int16(POLLOUT) != 0 && entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) == 0
        }
    }

    /// Writes to standard error (for messages before the screen is set up).
    static func error(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
