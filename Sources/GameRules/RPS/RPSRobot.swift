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
/// the same player throws replay the same match.
///
/// The adaptive robot keeps two tables of the player's throws: how often they
/// threw each sign, and what they threw right after each sign (a first-order
/// transition table). Older throws weigh less than recent ones, so a player
/// who changes habit is followed. It predicts the sign the tables favour,
/// counting the transition from the player's last throw double, and throws
/// the sign that beats it; with no data, or a tie, it picks among the
/// candidates at random.
public struct RPSRobot: Sendable, Equatable {
    /// How much an observation still weighs after each later one.
    static let memory = 0.9
    /// How much the transition table counts against plain frequencies.
    static let transitionWeight = 2.0

    /// The strategy this robot plays.
    public let strategy: RobotStrategy
    private var generator: SplitMix64
    /// Decayed counts of the player's throws, by ``Sign`` ordinal.
    private var frequencies: [Double] = [0, 0, 0]
    /// Decayed counts of the player's throw (column) after each throw (row).
    private var transitions: [[Double]] = Array(repeating: [0, 0, 0], count: 3)
    private var previous: Sign?

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
            let likely = mostLikelyPlayerSigns()
            return randomSign(among: likely).defeatedBy
        }
    }

    /// Records what the player threw this round.
    /// - Parameter opponent: the player's sign.
    public mutating func observe(opponent: Sign) {
        for index in frequencies.indices { frequencies[index] *= Self.memory }
        frequencies[opponent.ordinal] += 1
        if let previous {
            let row = previous.ordinal
            for index in transitions[row].indices { transitions[row][index] *= Self.memory }
            transitions[row][opponent.ordinal] += 1
        }
        previous = opponent
    }

    /// The signs the tables rate highest for the player's next throw; all three with no data.
    private func mostLikelyPlayerSigns() -> [Sign] {
        var scores = Self.normalized(frequencies)
        if let previous {
            let transition = Self.normalized(transitions[previous.ordinal])
            for index in scores.indices { scores[index] += Self.transitionWeight * transition[index] }
        }
        guard let best = scores.max(), best > 0 else { return Sign.allCases }
        return Sign.allCases.filter { scores[$0.ordinal] == best }
    }

    private mutating func randomSign(among signs: [Sign]) -> Sign {
        signs[generator.seededRandom(below: signs.count)]
    }

    /// Shares that add up to 1, or all zeros when there are no counts.
    private static func normalized(_ counts: [Double]) -> [Double] {
        let total = counts.reduce(0, +)
        return total > 0 ? counts.map { $0 / total } : counts
    }
}

extension Sign {
    /// The sign's position in ``Sign/allCases``, indexing the robot's tables.
    fileprivate var ordinal: Int {
        switch self {
        case .rock: 0
        case .paper: 1
        case .scissors: 2
        }
    }
}
