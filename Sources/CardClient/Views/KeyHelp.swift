import Wire
/// A key and what it does, for the help line and the list of keys.
public struct KeyHelp: Equatable, Sendable {
    /// The key as written on screen (`a–l`, `Enter`, `?`).
    public var key: String
    /// What it does, in a few words.
    public var does: String

    /// Makes an entry.
    public init(_ key: String, _ does: String) {
        self.key = key
        self.does = does
    }

    /// Entries as one line: each key in the key colour, then what it does, separated by ` · `.
    static func line(_ entries: [KeyHelp]) -> StyledLine {
        var line = StyledLine()
        for (position, entry) in entries.enumerated() {
            if position > 0 { line.append(" · ", Palette.quiet) }
            line.append(entry.key, Palette.key)
            line.append(" " + entry.does)
        }
        return line
    }
}
