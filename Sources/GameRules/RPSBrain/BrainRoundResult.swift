/// The verdict on one player's answer.
public struct BrainAnswer: Sendable, Equatable {
    /// Whether the answer achieves the prompt's goal.
    public let correct: Bool
    /// The player's score change: ``BrainGame/points`` or its negative.
    public let points: Int

    /// Creates a verdict.
    public init(correct: Bool, points: Int) {
        self.correct = correct
        self.points = points
    }
}

/// How a finished round went for every player.
public struct BrainRoundResult: Sendable, Equatable {
    /// The round's number, 1-based.
    public let round: Int
    /// The round's prompt.
    public let prompt: BrainPrompt
    /// Each player's answer, by player; nil for a player who gave none.
    public let answers: [Sign?]
    /// Players who had not answered when the round ended and lost points for it.
    public let missed: [Int]
    /// Each player's score change in this round, by player.
    public let points: [Int]

    /// Creates a round result.
    public init(round: Int, prompt: BrainPrompt, answers: [Sign?], missed: [Int], points: [Int]) {
        self.round = round
        self.prompt = prompt
        self.answers = answers
        self.missed = missed
        self.points = points
    }
}
