import GameRules

/// An attacker's copy of the adaptive robot that assumes it is deterministic:
/// it keeps the robot's tables of the player's throws, works out the throw the
/// robot would make if it never drew at random (the top-rated prediction, the
/// best stance), and throws what beats that.
///
/// `stances: false` copies the robot as it was before it drew in secret (always
/// the plain counter): the copy that once beat it 50–0.
struct RobotMirror {
    let stances: Bool
    private var frequencies: [Double] = [0, 0, 0]
    private var transitions: [[Double]] = Array(repeating: [0, 0, 0], count: 3)
    private var previous: Int?
    private var stanceRecords: [Double] = [5, 0, 0]

    init(stances: Bool) {
        self.stances = stances
    }

    /// The mirror's throw: what beats the robot's expected throw (rock with no data).
    func nextSign() -> Sign {
        guard let counter = plainCounter() else { return .rock }
        let stance = stances ? stanceRecords.indices.max { stanceRecords[$0] < stanceRecords[$1] } ?? 0 : 0
        return Self.step(counter, by: stance).defeatedBy
    }

    /// Records the mirror's own throw, as the robot does.
    mutating func observe(_ sign: Sign) {
        let index = Sign.allCases.firstIndex(of: sign)!
        if let counter = plainCounter() {
            for stance in 0..<3 {
                let outcome = Self.step(counter, by: stance).outcome(against: sign)
                stanceRecords[stance] = stanceRecords[stance] * 0.9 + (outcome == .win ? 1 : outcome == .lose ? -1 : 0)
            }
        }
        frequencies = frequencies.map { $0 * 0.9 }
        frequencies[index] += 1
        if let previous {
            transitions[previous] = transitions[previous].map { $0 * 0.9 }
            transitions[previous][index] += 1
        }
        previous = index
    }

    private func plainCounter() -> Sign? {
        var ratings = Self.normalized(frequencies)
        if let previous {
            let transition = Self.normalized(transitions[previous])
            for index in ratings.indices { ratings[index] += 2 * transition[index] }
        }
        guard let best = ratings.max(), best > 0, let index = ratings.firstIndex(of: best) else { return nil }
        return Sign.allCases[index].defeatedBy
    }

    private static func step(_ sign: Sign, by steps: Int) -> Sign {
        (0..<steps).reduce(sign) { next, _ in next.defeatedBy }
    }

    private static func normalized(_ counts: [Double]) -> [Double] {
        let total = counts.reduce(0, +)
        return total > 0 ? counts.map { $0 / total } : counts
    }
}
