/// Why a flip in a game of Concentration was refused.
public enum ConcentrationError: Error, Equatable, Sendable {
    /// Another player is to flip.
    case notYourTurn
    /// No card has this index.
    case noSuchCard(Int)
    /// The card is already showing its face this turn.
    case alreadyFaceUp
    /// The card has already been matched with its twin.
    case alreadyMatched
    /// Every pair has been matched.
    case gameOver

    /// The reason in words a player understands.
    public var reason: String {
        switch self {
        case .notYourTurn: "it is not your turn to flip"
        case .noSuchCard(let index): "there is no card \(index)"
        case .alreadyFaceUp: "that card is already face up; flip another"
        case .alreadyMatched: "that card is already matched"
        case .gameOver: "the game is over"
        }
    }
}
