/// A game of rps-brain: each round shows a sign and a goal, and every player
/// answers the sign that wins, or loses, against it.
///
/// Players are numbered `0..<players`; they all answer the same prompts and
/// score independently, ``points`` for a right answer and as many off for a
/// wrong or missing one. An answer's points count only when its round ends, so
/// ``scores`` never tell one player whether another answered right before the
/// reveal (a score that moved by 10 would give the answer away). The goal alternates each round, starting with one
/// drawn from the seed; the signs are drawn from the seed too, so the same
/// seed gives the same prompts. Time is not this type's business: the caller
/// ends each round with ``endRound()``, when ``everyoneAnswered`` or when time is up.
public struct BrainGame: Sendable, Equatable {
    /// Rounds in a game unless told otherwise.
    public static let defaultRounds = 10
    /// Points won by a right answer and lost by a wrong or missing one.
    public static let points = 10

    /// How many rounds the game lasts.
    public let rounds: Int
    /// The round being played, 1-based; it stays at ``rounds`` once the game is over.
    public private(set) var round = 1
    /// This round's question.
    public private(set) var prompt: BrainPrompt
    /// Each player's score as of the last finished round; it may go negative.
    /// The round being played adds its points in ``endRound()``.
    public private(set) var scores: [Int]
    /// This round's answers so far, by player; each is secret from the other players until the round ends.
    public private(set) var answers: [Sign?]
    /// Whether all rounds have been played.
    public private(set) var isOver = false
    private var removed: [Bool]
    private var generator: SplitMix64

    /// Creates a game and draws its first prompt.
    /// - Parameters:
    ///   - players: how many players answer, at least 1.
    ///   - seed: fixes the prompts.
    ///   - rounds: how many prompts, at least 1.
    public init(players: Int, seed: UInt64, rounds: Int = BrainGame.defaultRounds) {
        precondition(players >= 1, "a game of rps-brain has at least one player")
        precondition(rounds >= 1, "a game of rps-brain has at least one round")
        var generator = SplitMix64(seed: seed)
        let goal = BrainGoal.allCases[generator.seededRandom(below: BrainGoal.allCases.count)]
        prompt = BrainPrompt(sign: Self.drawSign(using: &generator), goal: goal)
        self.generator = generator
        self.rounds = rounds
        scores = Array(repeating: 0, count: players)
        answers = Array(repeating: nil, count: players)
        removed = Array(repeating: false, count: players)
    }

    /// How many players the game started with, removed ones included.
    public var players: Int { scores.count }

    /// Whether the player has answered this round's prompt.
    public func answered(_ player: Int) -> Bool {
        answers.indices.contains(player) && answers[player] != nil
    }

    /// Whether the player has left the game.
    public func isRemoved(_ player: Int) -> Bool {
        removed.indices.contains(player) && removed[player]
    }

    /// Players still in the game who have not answered this round (empty once the game is over).
    public var waitingOn: [Int] {
        isOver ? [] : answers.indices.filter { answers[$0] == nil && !removed[$0] }
    }

    /// Whether every player still in the game has answered this round.
    public var everyoneAnswered: Bool { waitingOn.isEmpty }

    /// Records a player's answer to this round's prompt and judges it; its points
    /// join ``scores`` when the round ends.
    /// - Parameters:
    ///   - sign: the answer.
    ///   - player: the answering player.
    /// - Returns: whether it was right and the points it earned.
    /// - Throws: ``BrainError`` when the player does not exist or has left,
    ///   the game is over, or the player already answered this round.
    public mutating func answer(_ sign: Sign, player: Int) throws(BrainError) -> BrainAnswer {
        guard scores.indices.contains(player) else { throw .noSuchPlayer(player) }
        guard !isOver else { throw .gameOver }
        guard !removed[player] else { throw .playerRemoved }
        guard answers[player] == nil else { throw .alreadyAnswered }
        answers[player] = sign
        let correct = sign == prompt.answer
        return BrainAnswer(correct: correct, points: correct ? Self.points : -Self.points)
    }

    /// Ends the round: every answer's points join ``scores``, and players still in
    /// the game who did not answer lose ``points``; then the next prompt comes,
    /// or the game ends after the last round.
    /// - Returns: who answered what and who missed; once the game is over,
    ///   a result for the last round in which nobody answered or scored.
    @discardableResult
    public mutating func endRound() -> BrainRoundResult {
        let noPoints = Array(repeating: 0, count: players)
        guard !isOver else {
            let blank: [Sign?] = Array(repeating: nil, count: players)
            return BrainRoundResult(round: round, prompt: prompt, answers: blank, missed: [], points: noPoints)
        }
        let missed = waitingOn
        var points = noPoints
        for player in answers.indices {
            if let sign = answers[player] {
                points[player] = sign == prompt.answer ? Self.points : -Self.points
            } else if missed.contains(player) {
                points[player] = -Self.points
            }
            scores[player] += points[player]
        }
        let result = BrainRoundResult(round: round, prompt: prompt, answers: answers, missed: missed, points: points)
        answers = Array(repeating: nil, count: players)
        if round == rounds {
            isOver = true
        } else {
            round += 1
            prompt = BrainPrompt(sign: Self.drawSign(using: &generator), goal: prompt.goal.opposite)
        }
        return result
    }

    /// Takes a player who left out of the game: the round no longer waits for
    /// them and they lose nothing more; an answer they already gave stands.
    /// - Parameter player: the leaving player; an unknown number is ignored.
    public mutating func remove(player: Int) {
        guard removed.indices.contains(player) else { return }
        removed[player] = true
    }

    private static func drawSign(using generator: inout SplitMix64) -> Sign {
        Sign.allCases[generator.seededRandom(below: Sign.allCases.count)]
    }
}
