/// What the player must do against the shown sign.
public enum BrainGoal: String, CaseIterable, Sendable {
    /// Answer the sign that beats the shown one.
    case win
    /// Answer the sign the shown one beats.
    case lose

    /// The other goal; the game alternates between the two.
    public var opposite: BrainGoal {
        switch self {
        case .win: .lose
        case .lose: .win
        }
    }
}

/// One round's question: a sign and a goal against it.
public struct BrainPrompt: Equatable, Sendable {
    /// The sign shown to the players.
    public let sign: Sign
    /// Whether the players must beat the sign or lose to it.
    public let goal: BrainGoal

    /// Creates a prompt.
    public init(sign: Sign, goal: BrainGoal) {
        self.sign = sign
        self.goal = goal
    }

    /// The right answer: rock to win is paper, rock to lose is scissors.
    public var answer: Sign {
        switch goal {
        case .win: sign.defeatedBy
        case .lose: sign.defeats
        }
    }
}
