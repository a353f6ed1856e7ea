/// Why an answer in a game of rps-brain was refused.
public enum BrainError: Error, Equatable, Sendable {
    /// The player has already answered this round's prompt.
    case alreadyAnswered
    /// All rounds have been played.
    case gameOver
    /// No player has this number.
    case noSuchPlayer(Int)
    /// The player has left the game.
    case playerRemoved

    /// The reason in words a player understands.
    public var reason: String {
        switch self {
        case .alreadyAnswered: "you have already answered this round; wait for the next prompt"
        case .gameOver: "the game is over"
        case .noSuchPlayer(let player): "player \(player) does not play in this game"
        case .playerRemoved: "you have left this game"
        }
    }
}
