/// Why a move in a game of Set was refused.
public enum SetRuleError: Error, Equatable, Sendable {
    /// A claim did not name exactly three different cards.
    case notThreeDistinctCards
    /// An UltraSet claim did not name exactly four different cards.
    case notFourDistinctCards
    /// In Set-chain, a claim did not use exactly one card of the last Set.
    case needsOneCardOfTheLastSet
    /// A claim named an id outside 0...80.
    case noSuchCard(Int)
    /// A claim named a card that is not on the board (taken already, or never dealt).
    case notOnBoard
    /// The deck has no cards left to deal.
    case deckEmpty
    /// The board already holds the most cards it may.
    case boardFull
    /// All three cards of the hinted Set are already shown.
    case hintExhausted
    /// The seat does not play in this game.
    case noSuchSeat(Int)
    /// The deck is empty and the board holds no Set.
    case gameOver

    /// The reason in words a player understands.
    public var reason: String {
        switch self {
        case .notThreeDistinctCards: "a claim names exactly three different cards"
        case .notFourDistinctCards: "an UltraSet claim names exactly four different cards"
        case .needsOneCardOfTheLastSet: "in Set-chain, a Set uses exactly one card of the last Set and two from the board"
        case .noSuchCard(let id): "card \(id) does not exist"
        case .notOnBoard: "one of those cards is not on the board (taken already, or not dealt yet)"
        case .deckEmpty: "the deck is empty: there is nothing to deal; find a Set on the board"
        case .boardFull: "three more cards would put more than \(SetGame.maxBoardSize) on the board; find a Set instead"
        case .hintExhausted: "every card of the hinted Set is already shown: claim it"
        case .noSuchSeat(let seat): "seat \(seat) does not play in this game"
        case .gameOver: "the game is over"
        }
    }
}
