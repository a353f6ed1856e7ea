import Glibc

/// Puts the terminal back as it was, from anywhere, including a signal handler.
///
/// The saved settings and the escape sequences that undo the client's screen are kept in
/// memory set up before any handler is installed, and ``restore()`` uses only `write` and
/// `tcsetattr`, which are async-signal-safe. It runs at most once per ``arm(saved:)``.
enum TerminalRestore {
    /// Stops mouse reporting, shows the cursor, resets colours, and leaves the alternate screen.
    static let undoSequence: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    // Signal handlers read these; they are written only while no handler can run (before
    // installing handlers and on the loop's own thread), so there is no race.
    // The settings live in memory allocated once rather than in a `static var termios`:
    // Swift 6.3 lays such a global out 3 bytes short of `termios`'s size, so assigning to
    // it writes past its end (AddressSanitizer: global-buffer-overflow).
    nonisolated(unsafe) private static var saved: UnsafeMutablePointer<termios>?
    nonisolated(unsafe) private static var armed: sig_atomic_t = 0
    nonisolated(unsafe) private static var undoBytes: UnsafeMutablePointer<UInt8>?

    /// Remembers the settings to restore, and arms ``restore()``.
    static func arm(saved settings: termios) {
        if undoBytes == nil {
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: undoSequence.count)
            bytes.initialize(from: undoSequence, count: undoSequence.count)
            undoBytes = bytes
        }
        if saved == nil {
            saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            saved?.initialize(to: settings)
        } else {
            saved?.pointee = settings
        }
        armed = 1
    }

    /// Restores the terminal if armed, and disarms. Async-signal-safe.
    static func restore() {
        guard armed != 0 else { return }
        armed = 0
        if let undoBytes {
            var offset = 0
            while offset < undoSequence.count {
                let written = write(STDOUT_FILENO, undoBytes + offset, undoSequence.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        if let saved {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, saved)
        }
    }
}
