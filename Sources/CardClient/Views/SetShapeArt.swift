import GameRules

/// A Set shape drawn large, four cells wide and two rows tall (about square, a cell being half
/// as wide as it is tall), for the large cards of a big terminal.
///
/// ```
///  ▟▙   ▟██▙  ████     ╱╲   ╭▒▒╮  ┌▒▒┐     ╱╲   ╭──╮  ┌──┐
/// ▟██▙  ▜██▛  ████    ╱▒▒╲  ╰▒▒╯  └▒▒┘    ╱▁▁╲  ╰──╯  └──┘
/// ```
/// Solid shapes are filled blocks; striped ones the outline with a shaded inside; open ones
/// the outline alone. The outline of a circle has round corners, a square's square ones.
enum SetShapeArt {
    /// Cells across one shape.
    static let width = 4
    /// Rows one shape takes.
    static let height = 2

    /// The shape's rows, top first, each ``width`` cells.
    static func rows(_ shape: SetShape, _ fill: SetFill) -> [String] {
        switch (fill, shape) {
        case (.solid, .triangle): [" ▟▙ ", "▟██▙"]
        case (.solid, .circle): ["▟██▙", "▜██▛"]
        case (.solid, .square): ["████", "████"]
        case (.striped, .triangle): [" ╱╲ ", "╱▒▒╲"]
        case (.striped, .circle): ["╭▒▒╮", "╰▒▒╯"]
        case (.striped, .square): ["┌▒▒┐", "└▒▒┘"]
        case (.open, .triangle): [" ╱╲ ", "╱▁▁╲"]
        case (.open, .circle): ["╭──╮", "╰──╯"]
        case (.open, .square): ["┌──┐", "└──┘"]
        }
    }
}
