extension PlayingCard {
    /// Whether the card may go on `other` in the tableau: one rank lower and the other colour.
    package func fitsTableau(onto other: PlayingCard) -> Bool {
        rank + 1 == other.rank && isRed != other.isRed
    }

    /// Whether the card may go on a foundation holding `pile` (bottom to top):
    /// an ace on an empty one, otherwise the next rank of the same suit.
    package func fitsFoundation(_ pile: [PlayingCard]) -> Bool {
        guard let top = pile.last else { return rank == Self.ace }
        return suit == top.suit && rank == top.rank + 1
    }
}
