/// The ways to play Set, as setwithfriends plays them.
public enum SetVariant: String, CaseIterable, Sendable {
    /// Three cards, all the same or all different in each attribute, from all 81 cards.
    case classic
    /// Classic Set with the 27 solid cards only: three attributes to compare, not four.
    case junior
    /// After the first Set, every Set uses exactly one card of the Set before it (which has
    /// left the board and is shown beside it) and two cards from the board.
    case chain
    /// Four cards on the board that split into two pairs completed by the same third card
    /// (which need not be on the board).
    case ultra

    /// How many cards a claim names: four in UltraSet, else three.
    public var claimSize: Int { self == .ultra ? 4 : 3 }

    /// The cards a game deals from, by id.
    public var deck: [SetCard] {
        self == .junior ? SetCard.deck.filter { $0.fill == .solid } : SetCard.deck
    }

    /// What a player calls a valid claim: "Set" or "UltraSet".
    public var claimName: String { self == .ultra ? "UltraSet" : "Set" }
}
