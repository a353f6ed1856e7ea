import GameRules
import Wire
/// Draws one Set card as a 9×5 box: the label in the top border, the shapes in the middle row,
/// in the card's colour.
///
/// ```
/// ┌ a ────┐
/// │       │
/// │ ▲ ▲ ▲ │
/// │       │
/// └───────┘
/// ```
/// A selected card has a double border, a hinted one a heavy border, so both show without
/// colour too; without colour the row under the shapes names the colour.
public enum SetCardArt {
    /// Card width in cells.
    public static let width = 9
    /// Card width in cells on a terminal of ``wideTerminal`` columns or more.
    public static let wideWidth = 13
    /// The terminal width from which cards are drawn ``wideWidth`` wide.
    public static let wideTerminal = 120

    /// The width of a card on a terminal `columns` wide.
    public static func width(forTerminal columns: Int) -> Int {
        columns >= wideTerminal ? wideWidth : width
    }
    /// Card height in rows.
    public static let height = 5

    /// How a card is marked.
    public enum Mark: Equatable, Sendable {
        /// Nothing special.
        case none
        /// Chosen for a claim.
        case selected
        /// Revealed by a hint.
        case hinted
    }

    /// The glyph for a shape and fill: solid ▲ ● ■, open △ ○ □, striped ◭ ◐ ◧.
    public static func glyph(_ shape: SetShape, _ fill: SetFill) -> String {
        switch (fill, shape) {
        case (.solid, .triangle): "▲"
        case (.solid, .circle): "●"
        case (.solid, .square): "■"
        case (.open, .triangle): "△"
        case (.open, .circle): "○"
        case (.open, .square): "□"
        case (.striped, .triangle): "◭"
        case (.striped, .circle): "◐"
        case (.striped, .square): "◧"
        }
    }

    /// The card's five lines, each ``width`` cells.
    /// - Parameters:
    ///   - card: the card.
    ///   - label: its letter.
    ///   - mark: selected, hinted or neither.
    ///   - color: whether colour is on (without it, the colour is written out).
    ///   - width: the card's width, ``width`` or ``wideWidth`` (whose shapes stand further apart).
    public static func lines(_ card: SetCard, label: String, mark: Mark, color: Bool, width: Int = width) -> [StyledLine] {
        let border = Border(mark)
        // On a wide card two shapes stand three apart, so they sit in the middle as one and three do.
        let gap = width < wideWidth ? " " : card.count == 2 ? "   " : "  "
        let shapes = Array(repeating: glyph(card.shape, card.fill), count: card.count).joined(separator: gap)
        let padding = (width - 2 - DisplayWidth.of(shapes)) / 2
        let inner = width - 2
        var top = StyledLine(border.topLeft + " ", border.style)
        top.append(label, border.labelStyle)
        top.append(" " + String(repeating: border.horizontal, count: inner - 3) + border.topRight, border.style)
        let blank = side(border, StyledLine.blank(inner))
        let shapeRow = side(border, StyledLine(shapes, Palette.card(card.color)).indented(by: padding).padded(to: inner))
        let colorRow = color ? blank : side(border, StyledLine(card.color.rawValue).centered(in: inner))
        let bottom = StyledLine(border.bottomLeft + String(repeating: border.horizontal, count: inner) + border.bottomRight, border.style)
        return [top, blank, shapeRow, colorRow, bottom]
    }

    private static func side(_ border: Border, _ inside: StyledLine) -> StyledLine {
        StyledLine(border.vertical, border.style) + inside + StyledLine(border.vertical, border.style)
    }

    /// The box-drawing characters and styles of one mark.
    private struct Border {
        let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
        let style: Style
        let labelStyle: Style

        init(_ mark: Mark) {
            switch mark {
            case .none:
                (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = ("┌", "┐", "└", "┘", "─", "│")
                style = .plain
                labelStyle = .bold
            case .selected:
                (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = ("╔", "╗", "╚", "╝", "═", "║")
                style = Style(foreground: .yellow, bold: true)
                labelStyle = Style(foreground: .yellow, bold: true, inverse: true)
            case .hinted:
                (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = ("┏", "┓", "┗", "┛", "━", "┃")
                style = Style(foreground: .cyan, bold: true)
                labelStyle = Style(foreground: .cyan, bold: true, inverse: true)
            }
        }
    }
}
