/// How the server's robot chooses its throws.
public enum RobotStrategy: String, CaseIterable, Sendable {
    /// Each sign equally likely, every round.
    case random
    /// Predicts the player's next sign from their habits and throws what beats it.
    case adaptive
}

/// The server's rock-paper-scissors opponent: asked for a sign each round,
/// then told what the player threw.
///
/// All its randomness comes from its own ``SplitMix64``, so the same seed and
/// the same player throws replay the same match. The server seeds it with a
/// secret seed, new each game, so a player cannot know its stream.
///
/// The adaptive robot keeps two tables of the player's throws: how often they
/// threw each sign, and what they threw right after each sign (a first-order
/// transition table). Older throws weigh less than recent ones, so a player
/// who changes habit is followed. It rates each sign as the player's next,
/// counting the transition from the player's last throw double.
///
/// A robot that always countered the top-rated sign would be a deterministic
/// function of the player's throws, and a player running a copy of it would win
/// every round. So it draws, in secret, both what to expect and how to answer:
/// - the predicted sign, with odds proportional to its rating to the fourth
///   power (a strong habit is followed almost surely; a player with no clear
///   habit gets a prediction close to a fair draw);
/// - a stance: counter the prediction (0), or expect the player to counter that
///   and go one (1) or two (2) steps further. Each stance keeps a decayed record
///   of how it would have fared against the player's throws, and is drawn with
///   odds e^(0.5 × record), the plain counter starting 5 ahead (it fades as
///   records build): a player who keeps beating the plain counter makes the
///   robot step ahead of them, at random.
///
/// Its likeliest throw (top prediction, best stance) is still what a copy of
/// its algorithm would expect. So it also keeps a decayed record of how that
/// throw would have fared: while it keeps losing (someone is countering it),
/// the robot trusts its tables less and throws at random more, wholly so at a
/// record of −5. Habits keep it winning, so against them it stays sharp.
///
/// With no data it throws at random.
public struct RPSRobot: Sendable, Equatable {
    /// How much an observation still weighs after each later one.
    static let memory = 0.9
    /// How much the transition table counts against plain frequencies.
    static let transitionWeight = 2.0
    /// A predicted sign is drawn with odds proportional to its rating to this power.
    static let sharpness = 4
    /// A stance is drawn with odds e^(stanceBias × its record); a record is at most
    /// 1 / (1 − memory) = 10 either way.
    static let stanceBias = 0.5
    /// The likeliest throw's record at which the robot throws wholly at random;
    /// at 0 or above it always throws what its tables suggest.
    static let distrustRecord = -5.0

    /// The strategy this robot plays.
    public let strategy: RobotStrategy
    private var generator: SplitMix64
    /// Decayed counts of the player's throws, by ``Sign`` ordinal.
    private var frequencies: [Double] = [0, 0, 0]
    /// Decayed counts of the player's throw (column) after each throw (row).
    private var transitions: [[Double]] = Array(repeating: [0, 0, 0], count: 3)
    private var previous: Sign?
    /// Decayed wins minus losses each stance would have had, by stance (0, 1, 2);
    /// the plain counter starts ahead, so a new robot counters habits at once.
    private var stanceRecords: [Double] = [5, 0, 0]
    /// Decayed wins minus losses the robot's likeliest throw would have had.
    private var likeliestRecord = 0.0

    /// Creates a robot.
    /// - Parameters:
    ///   - strategy: how it chooses its throws.
    ///   - seed: fixes its random choices.
    public init(strategy: RobotStrategy, seed: UInt64) {
        self.strategy = strategy
        generator = SplitMix64(seed: seed)
    }

    /// The player name the robot plays under, at most 20 characters.
    public static func name(for strategy: RobotStrategy) -> String {
        switch strategy {
        case .random: "robot"
        case .adaptive: "robot-adaptive"
        }
    }

    /// Chooses the robot's throw for this round, before seeing the player's.
    public mutating func nextSign() -> Sign {
        switch strategy {
        case .random:
            return randomSign(among: Sign.allCases)
        case .adaptive:
            let ratings = ratings()
            guard let best = ratings.max(), best > 0 else { return randomSign(among: Sign.allCases) }
            let trust = min(1, max(0, 1 - likeliestRecord / Self.distrustRecord))
            if unitRandom() >= trust { return randomSign(among: Sign.allCases) }
            let predicted = Sign.allCases[weightedIndex(ratings.map { Self.power($0, Self.sharpness) })]
            let stance = weightedIndex(stanceRecords.map { Self.exponential(Self.stanceBias * $0) })
            return predicted.defeatedBy.stepped(stance)
        }
    }

    /// Records what the player threw this round.
    /// - Parameter opponent: the player's sign.
    public mutating func observe(opponent: Sign) {
        if let counter = plainCounter() {
            likeliestRecord = likeliestRecord * Self.memory + Self.fared(counter.stepped(bestStance), against: opponent)
            for stance in stanceRecords.indices {
                stanceRecords[stance] = stanceRecords[stance] * Self.memory + Self.fared(counter.stepped(stance), against: opponent)
            }
        }
        for index in frequencies.indices { frequencies[index] *= Self.memory }
        frequencies[opponent.ordinal] += 1
        if let previous {
            let row = previous.ordinal
            for index in transitions[row].indices { transitions[row][index] *= Self.memory }
            transitions[row][opponent.ordinal] += 1
        }
        previous = opponent
    }

    /// The tables' rating of each sign as the player's next throw, by ``Sign`` ordinal; all zeros with no data.
    private func ratings() -> [Double] {
        var scores = Self.normalized(frequencies)
        if let previous {
            let transition = Self.normalized(transitions[previous.ordinal])
            for index in scores.indices { scores[index] += Self.transitionWeight * transition[index] }
        }
        return scores
    }

    /// What beats the top-rated sign (the first of a tie), which the stances are
    /// measured from; nil with no data.
    private func plainCounter() -> Sign? {
        let ratings = ratings()
        guard let best = ratings.max(), best > 0, let index = ratings.firstIndex(of: best) else { return nil }
        return Sign.allCases[index].defeatedBy
    }

    /// The stance with the best record (the first of a tie).
    private var bestStance: Int {
        stanceRecords.indices.max { stanceRecords[$0] < stanceRecords[$1] } ?? 0
    }

    /// +1, −1 or 0: how `sign` fares against the player's.
    private static func fared(_ sign: Sign, against opponent: Sign) -> Double {
        switch sign.outcome(against: opponent) {
        case .win: 1
        case .lose: -1
        case .draw: 0
        }
    }

    /// A uniform double in [0, 1), from 53 random bits.
    private mutating func unitRandom() -> Double {
        Double(generator.next() >> 11) * 0x1p-53
    }

    /// An index drawn with odds proportional to `weights` (not all zero).
    private mutating func weightedIndex(_ weights: [Double]) -> Int {
        var point = unitRandom() * weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            point -= weight
            if point < 0 { return index }
        }
        return weights.lastIndex { $0 > 0 } ?? weights.count - 1
    }

    private mutating func randomSign(among signs: [Sign]) -> Sign {
        signs[generator.seededRandom(below: signs.count)]
    }

    private static func power(_ value: Double, _ exponent: Int) -> Double {
        (0..<exponent).reduce(1) { product, _ in product * value }
    }

    /// e^x for the small |x| used here (at most 5), as (1 + x/1024)^1024: within
    /// 1.3% of it, and the same on every platform (GameRules has no libm).
    private static func exponential(_ x: Double) -> Double {
        var result = 1 + x / 1024
        for _ in 0..<10 { result *= result }
        return result
    }

    /// Shares that add up to 1, or all zeros when there are no counts.
    private static func normalized(_ counts: [Double]) -> [Double] {
        let total = counts.reduce(0, +)
        return total > 0 ? counts.map { $0 / total } : counts
    }
}

extension Sign {
    /// The sign `steps` places further along rock → paper → scissors → rock:
    /// each step is the sign that beats the one before.
    fileprivate func stepped(_ steps: Int) -> Sign {
        (0..<steps).reduce(self) { sign, _ in sign.defeatedBy }
    }

    /// The sign's position in ``Sign/allCases``, indexing the robot's tables.
    fileprivate var ordinal: Int {
        switch self {
        case .rock: 0
        case .paper: 1
        case .scissors: 2
        }
    }
}
