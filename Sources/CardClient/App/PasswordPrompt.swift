import Glibc

/// Reads a password from the controlling terminal with echo off, as `sudo` and `ssh` do: the
/// prompt goes to the terminal, not to standard output, and the typed line is never shown.
enum PasswordPrompt {
    /// The longest line read: a password has at most 256 characters, each up to 4 bytes.
    static let maxBytes = 1_100

    /// Shows `prompt` on `/dev/tty` and reads one line without echo.
    /// - Returns: the line without its newline; nil when there is no terminal or it ends first.
    static func read(_ prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        // Echo off before the prompt shows: switched after it, the switch (which discards what
        // was typed before it, so no type-ahead is taken for the password) could fall after a
        // quick typist's line, which was then shown on the screen and thrown away (CI87's tmux
        // test waited for the next prompt forever).
        guard tcsetattr(tty, TCSAFLUSH, &quiet) == 0 else { return nil }
        defer { _ = tcsetattr(tty, TCSAFLUSH, &saved) }
        _ = prompt.withCString { write(tty, $0, strlen($0)) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < maxBytes {
            let count = Glibc.read(tty, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }
}
