/// What a flip did to the turn and the flipper's score.
public enum ConcentrationOutcome: Sendable, Equatable {
    /// The first card of a pair is up; the same player flips again.
    case first
    /// The second card matches the first: both stay up, the flipper scores
    /// `points` and goes on.
    case match(points: Int)
    /// The second card does not match: the flipper loses `penalty` points
    /// (one for each of the two cards seen before) and the turn passes.
    case mismatch(penalty: Int)
}

/// The result of one flip.
public struct ConcentrationFlip: Sendable, Equatable {
    /// The index of the flipped card.
    public let card: Int
    /// The flipped card's emoji.
    public let face: String
    /// Whether it was a first card, a match or a mismatch.
    public let outcome: ConcentrationOutcome
    /// The cards of the previous mismatch, which turned face down before this flip.
    public let turnedDown: [Int]
    /// Whether this flip matched the last pair and ended the game.
    public let endedGame: Bool

    /// Creates a flip result.
    public init(card: Int, face: String, outcome: ConcentrationOutcome, turnedDown: [Int], endedGame: Bool) {
        self.card = card
        self.face = face
        self.outcome = outcome
        self.turnedDown = turnedDown
        self.endedGame = endedGame
    }
}
