/// Whether to write colours: only to a terminal whose `TERM` is not `dumb`, never with `NO_COLOR`
/// set (to any value, https://no-color.org), never with `--no-color`.
public enum ColorPolicy {
    /// Decides colour on or off.
    /// - Parameters:
    ///   - outputIsTerminal: whether standard output is a TTY.
    ///   - environment: the process environment (`TERM`, `NO_COLOR`).
    ///   - noColorFlag: whether `--no-color` was given.
    public static func colorEnabled(outputIsTerminal: Bool, environment: [String: String], noColorFlag: Bool) -> Bool {
        guard outputIsTerminal, !noColorFlag, environment["NO_COLOR"] == nil else { return false }
        return environment["TERM"] != "dumb"
    }
}
