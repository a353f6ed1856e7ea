import Glibc

extension ScreenSize {
    /// The size of the terminal on `fd` (TIOCGWINSZ); nil when `fd` is no terminal or reports zero.
    public static func ofTerminal(_ fd: Int32 = STDOUT_FILENO) -> ScreenSize? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return ScreenSize(width: Int(size.ws_col), height: Int(size.ws_row))
    }
}
