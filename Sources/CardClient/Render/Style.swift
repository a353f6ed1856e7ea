/// One of the eight basic ANSI colours (SGR 30–37 as foreground, 40–47 as background).
public enum TerminalColor: Int, Equatable, Hashable, Sendable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How a piece of text looks: colours and attributes. The plain style writes no escape sequence.
public struct Style: Equatable, Hashable, Sendable {
    /// The text colour; nil keeps the terminal's own.
    public var foreground: TerminalColor?
    /// The cell colour behind the text; nil keeps the terminal's own.
    public var background: TerminalColor?
    /// Bold (SGR 1).
    public var bold: Bool
    /// Dim, for what matters less: people away, hints about keys (SGR 2).
    public var dim: Bool
    /// Swapped foreground and background (SGR 7).
    public var inverse: Bool

    /// Makes a style; every part defaults to "as the terminal has it".
    public init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil,
        bold: Bool = false, dim: Bool = false, inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
    }

    /// No colour, no attribute.
    public static let plain = Style()
    /// Bold.
    public static let bold = Style(bold: true)
    /// Dim.
    public static let dim = Style(dim: true)
    /// Inverse video.
    public static let inverse = Style(inverse: true)

    /// Text in `color`.
    public static func color(_ color: TerminalColor, bold: Bool = false) -> Style {
        Style(foreground: color, bold: bold)
    }

    /// Whether this style writes no escape sequence.
    public var isPlain: Bool { self == .plain }

    /// The SGR parameters, in a fixed order: attributes, then foreground, then background (e.g. `1;31`).
    public var sgrParameters: String {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if inverse { codes.append("7") }
        if let foreground { codes.append(String(30 + foreground.rawValue)) }
        if let background { codes.append(String(40 + background.rawValue)) }
        return codes.joined(separator: ";")
    }
}
