/// One of the 81 cards of Set: a count, a shape, a colour and a fill.
///
/// The id is the card read as a base-3 number, one digit an attribute:
/// `id = (count - 1) + 3 * shape + 9 * color + 27 * fill`, where each
/// attribute counts 0, 1, 2 in the order its cases are declared. The id names
/// the card on the wire and for the whole game; cards order by id.
public struct SetCard: Hashable, Sendable, Comparable {
    /// The card's number, 0...80.
    public let id: Int

    /// The card with this id, or nil when `id` is not in 0...80.
    public init?(id: Int) {
        guard (0..<81).contains(id) else { return nil }
        self.id = id
    }

    /// The card with these attributes.
    /// - Parameter count: how many shapes, 1...3.
    public init(count: Int, shape: SetShape, color: SetColor, fill: SetFill) {
        precondition((1...3).contains(count), "a Set card shows 1, 2 or 3 shapes")
        id = (count - 1) + 3 * shape.digit + 9 * color.digit + 27 * fill.digit
    }

    init(uncheckedID id: Int) {
        self.id = id
    }

    /// How many shapes the card shows, 1...3.
    public var count: Int { id % 3 + 1 }
    /// The shape drawn on the card.
    public var shape: SetShape { SetShape(digit: id / 3 % 3) }
    /// The colour of the shapes.
    public var color: SetColor { SetColor(digit: id / 9 % 3) }
    /// How the shapes are filled.
    public var fill: SetFill { SetFill(digit: id / 27) }

    /// All 81 cards, by id.
    public static let deck: [SetCard] = (0..<81).map(SetCard.init(uncheckedID:))

    /// Whether three cards form a Set: in each attribute they are all the same or all different.
    ///
    /// A digit triple is all-same or all-different exactly when its sum is a
    /// multiple of 3, so this is `third(completing: a, b) == c`. Three copies of
    /// one card pass; a board never holds two.
    public static func isSet(_ a: SetCard, _ b: SetCard, _ c: SetCard) -> Bool {
        third(completing: a, b) == c
    }

    /// The one card that makes a Set with `a` and `b` (which is `a` itself when `a == b`).
    ///
    /// Per attribute digit: `(3 - (x + y) % 3) % 3`.
    public static func third(completing a: SetCard, _ b: SetCard) -> SetCard {
        var x = a.id, y = b.id, id = 0, place = 1
        for _ in 0..<4 {
            id += (3 - (x % 3 + y % 3) % 3) % 3 * place
            x /= 3
            y /= 3
            place *= 3
        }
        return SetCard(uncheckedID: id)
    }

    /// Orders cards by id.
    public static func < (lhs: SetCard, rhs: SetCard) -> Bool {
        lhs.id < rhs.id
    }
}
