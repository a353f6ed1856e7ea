import Glibc

/// The terminal in the client's mode: raw input (no echo, no line editing, Ctrl-C as a key),
/// the alternate screen, the cursor hidden. ``leave()`` puts everything back; so do exit,
/// crash and termination signals (see ``SignalWatcher``).
public final class RawTerminal {
    /// Why the terminal cannot be used.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    private var original = termios()
    private var active = false

    /// Makes the controller; nothing changes until ``enter()``.
    public init() {}

    /// Switches to raw mode, the alternate screen, and a hidden cursor.
    /// - Throws: ``Failure`` when standard input is not a terminal.
    public func enter() throws(Failure) {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw Failure(description: "standard input is not a terminal; run cardclient in a terminal")
        }
        TerminalRestore.arm(saved: original)
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            TerminalRestore.restore()
            throw Failure(description: "cannot put the terminal in raw mode (errno \(errno))")
        }
        active = true
        // Alternate screen, hidden cursor, cleared; clicks reported as SGR 1006 (turned off on exit).
        Output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J\u{1B}[?1000h\u{1B}[?1006h")
    }

    /// Puts the terminal back as it was before ``enter()``.
    public func leave() {
        guard active else { return }
        active = false
        TerminalRestore.restore()
    }

    /// Leaves the terminal for a moment (Ctrl-Z): restores it, stops the process, and enters
    /// raw mode again once the shell continues it.
    public func suspend() {
        guard active else { return }
        leave()
        kill(getpid(), SIGSTOP)
        try? enter()
    }
}
