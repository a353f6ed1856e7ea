/// A terminal's size in cells.
public struct ScreenSize: Equatable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether this size holds `other` in both directions.
    public func holds(_ other: ScreenSize) -> Bool {
        width >= other.width && height >= other.height
    }
}

/// What a view needs besides the model: the space it has, the time, colour on or off, who is looking.
public struct ViewContext: Equatable, Sendable {
    /// The cells the view may fill.
    public var size: ScreenSize
    /// The client's clock in milliseconds (countdowns).
    public var now: Int
    /// Whether colour is on; without it, views spell out what colour would say.
    public var color: Bool
    /// This player's name.
    public var me: String?

    /// Makes a context.
    public init(size: ScreenSize, now: Int, color: Bool, me: String?) {
        self.size = size
        self.now = now
        self.color = color
        self.me = me
    }
}

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
