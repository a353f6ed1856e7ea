/// A pile of a Klondike game that cards can be moved from or to.
///
/// The stock is not one of them: it is only ever turned over by a draw.
public enum KlondikePile: Hashable, Sendable {
    /// The face-up cards turned from the stock; only its top card plays.
    case waste
    /// A tableau pile, 0...6 from the left (wire names "t1"…"t7").
    case tableau(Int)
    /// A foundation, 0...3 from the left (wire names "f1"…"f4").
    case foundation(Int)

    /// How many tableau piles a game has.
    public static let tableauCount = 7
    /// How many foundations a game has.
    public static let foundationCount = 4

    /// The pile's wire name: "waste", "t1"…"t7" or "f1"…"f4".
    public var name: String {
        switch self {
        case .waste: "waste"
        case .tableau(let index): "t\(index + 1)"
        case .foundation(let index): "f\(index + 1)"
        }
    }

    /// Reads a wire name.
    /// - Parameter name: "waste", "t1"…"t7" or "f1"…"f4", exactly.
    /// - Returns: `nil` for any other text.
    public init?(name: String) {
        // Matching the generated names rejects spellings such as "t01" or "T1".
        guard let pile = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = pile
    }

    /// Whether the index of a tableau pile or foundation is in range.
    var exists: Bool {
        switch self {
        case .waste: true
        case .tableau(let index): (0..<Self.tableauCount).contains(index)
        case .foundation(let index): (0..<Self.foundationCount).contains(index)
        }
    }
}

extension KlondikePile: CaseIterable {
    /// The waste, the seven tableau piles and the four foundations, in that order.
    public static let allCases: [KlondikePile] =
        [.waste] + (0..<tableauCount).map(tableau) + (0..<foundationCount).map(foundation)
}

extension KlondikePile: CustomStringConvertible {
    /// The wire ``name``, e.g. "t3".
    public var description: String { name }
}
