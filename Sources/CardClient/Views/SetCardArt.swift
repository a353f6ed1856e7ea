import GameRules
import Wire
/// Draws one Set card as a box: the label in the top border, the shapes in the middle, in the
/// card's colour. A small card is 9×5:
///
/// ```
/// ┌ a ────┐
/// │       │
/// │ ▲ ▲ ▲ │
/// │       │
/// └───────┘
/// ```
/// A selected card has a double border, a hinted one a heavy border, so both show without
/// colour too; without colour the row under the shapes names the colour. A big terminal draws
/// cards in larger ``Size``s.
public enum SetCardArt {
    /// A card's size: its cells, and how big its shapes are drawn. The board takes the largest
    /// its terminal fits (``SetView``'s layout), and each size down is a fallback.
    public enum Size: CaseIterable, Sendable {
        /// 9×5, shapes of one cell, a cell apart: any terminal the board fits.
        case small
        /// 13×5, shapes of one cell standing further apart: from 120 columns.
        case wide
        /// 20×6, shapes of 4×2 cells (``SetShapeArt``): from 120 columns, when the board fits
        /// beside the panel of last Sets and over a line of chat.
        case large

        /// Cells across.
        public var width: Int {
            switch self {
            case .small: 9
            case .wide: 13
            case .large: 20
            }
        }

        /// Rows down: the borders, a blank row, the shapes' rows and the colour's row.
        public var height: Int { self == .large ? 6 : 5 }
    }

    /// A small card's width in cells.
    public static let width = Size.small.width
    /// The terminal width from which cards may be drawn larger than ``Size/small``.
    public static let wideTerminal = 120
    /// A small card's height in rows.
    public static let height = Size.small.height

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

    /// The card's lines, ``Size/height`` of them, each ``Size/width`` cells.
    /// - Parameters:
    ///   - card: the card.
    ///   - label: its letter.
    ///   - mark: selected, hinted or neither.
    ///   - color: whether colour is on (without it, the colour is written out).
    ///   - size: how big to draw it.
    public static func lines(_ card: SetCard, label: String, mark: Mark, color: Bool, size: Size = .small) -> [StyledLine] {
        let border = Border(mark)
        let inner = size.width - 2
        var top = StyledLine(border.topLeft + " ", border.style)
        top.append(label, border.labelStyle)
        top.append(" " + String(repeating: border.horizontal, count: inner - 3) + border.topRight, border.style)
        let blank = side(border, StyledLine.blank(inner))
        let shapeRows = shapes(card, size: size).map { shapes in
            let padding = (inner - DisplayWidth.of(shapes)) / 2
            return side(border, StyledLine(shapes, Palette.card(card.color)).indented(by: padding).padded(to: inner))
        }
        let colorRow = color ? blank : side(border, StyledLine(card.color.rawValue).centered(in: inner))
        let bottom = StyledLine(border.bottomLeft + String(repeating: border.horizontal, count: inner) + border.bottomRight, border.style)
        return [top, blank] + shapeRows + [colorRow, bottom]
    }

    /// The card's shapes side by side, a text a row.
    private static func shapes(_ card: SetCard, size: Size) -> [String] {
        switch size {
        case .small, .wide:
            // On a wide card two shapes stand wider apart than three, so they sit in the middle as one and three do.
            let gap = size == .small ? " " : card.count == 2 ? "   " : "  "
            return [Array(repeating: glyph(card.shape, card.fill), count: card.count).joined(separator: gap)]
        case .large:
            return SetShapeArt.rows(card.shape, card.fill).map { row in
                Array(repeating: row, count: card.count).joined(separator: "  ")
            }
        }
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
