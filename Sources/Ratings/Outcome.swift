/// The result of one game from one player's point of view.
public enum Outcome: Equatable, Sendable, CaseIterable {
    /// The player won.
    case win
    /// The game was drawn.
    case draw
    /// The player lost.
    case loss

    /// The score Glicko-2 gives this outcome: 1 for a win, 0.5 for a draw, 0 for a loss.
    public var score: Double {
        switch self {
        case .win: 1
        case .draw: 0.5
        case .loss: 0
        }
    }

    /// The same game seen from the opponent's side: a win becomes a loss and the reverse.
    public var reversed: Outcome {
        switch self {
        case .win: .loss
        case .draw: .draw
        case .loss: .win
        }
    }
}
