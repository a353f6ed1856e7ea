import GameRules
import Wire
/// The client's colours in one place, so every screen speaks the same visual language.
enum Palette {
    /// The title bar across the top.
    static let titleBar = Style(bold: true, inverse: true)
    /// A key name in help text.
    static let key = Style(foreground: .cyan, bold: true)
    /// Text that matters less: spectators, room events, people away.
    static let quiet = Style.dim
    /// The player using this client, and other names that must stand out.
    static let strong = Style.bold
    /// Section headings.
    static let heading = Style(foreground: .yellow, bold: true)
    /// The text cursor of an input line.
    static let cursor = Style.inverse

    /// The colour of a notice's tone.
    static func notice(_ tone: Notice.Tone) -> Style {
        switch tone {
        case .good: Style(foreground: .green, bold: true)
        case .bad: Style(foreground: .red, bold: true)
        case .neutral: Style(foreground: .yellow, bold: true)
        }
    }

    /// A Set card's colour on screen: red, green, and magenta for purple.
    static func card(_ color: SetColor) -> Style {
        switch color {
        case .red: Style(foreground: .red, bold: true)
        case .green: Style(foreground: .green, bold: true)
        case .purple: Style(foreground: .magenta, bold: true)
        }
    }
}
