/// What became of a claim: whether the three cards were a Set, the points it
/// earned, and the cards that came onto the board in their place.
public struct SetClaimResult: Sendable, Equatable {
    /// The claimed cards, in the order the claim named them.
    public let cards: [SetCard]
    /// Whether the three cards form a Set.
    public let valid: Bool
    /// The claimer's score change: ``SetGame/setPoints`` or ``SetGame/mismatchPoints``.
    public let points: Int
    /// Cards that came onto the board: replacements in ascending board position,
    /// then any dealt because the board held no Set. Empty for an invalid claim.
    public let dealt: [SetCard]

    /// Creates a claim result.
    public init(cards: [SetCard], valid: Bool, points: Int, dealt: [SetCard]) {
        self.cards = cards
        self.valid = valid
        self.points = points
        self.dealt = dealt
    }
}
