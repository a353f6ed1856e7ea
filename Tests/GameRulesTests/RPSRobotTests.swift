import GameRules
import Testing

struct RPSRobotTests {
    /// Rounds a side must win to take a best-of-21 match.
    static let winsNeeded = 11

    /// Plays a best-of-21 match, draws replayed, between the robot and a
    /// player whose `n`th throw (counting draws) is `player(n)`.
    /// - Returns: rounds won by the robot and by the player.
    static func playMatch(_ robot: inout RPSRobot, player: (Int) -> Sign) -> (robot: Int, player: Int) {
        var robotWins = 0
        var playerWins = 0
        var throwsMade = 0
        // A cap keeps a robot stuck on draws from looping forever.
        while robotWins < winsNeeded, playerWins < winsNeeded, throwsMade < 1_000 {
            let robotSign = robot.nextSign()
            let playerSign = player(throwsMade)
            robot.observe(opponent: playerSign)
            throwsMade += 1
            switch robotSign.outcome(against: playerSign) {
            case .win: robotWins += 1
            case .lose: playerWins += 1
            case .draw: break
            }
        }
        return (robotWins, playerWins)
    }

    static let players: [(String, @Sendable (Int) -> Sign)] = [
        ("always rock", { _ in .rock }),
        ("always paper", { _ in .paper }),
        ("always scissors", { _ in .scissors }),
        ("rock, paper, scissors in turn", { Sign.allCases[$0 % 3] }),
    ]

    @Test(arguments: players.indices, [0, 1, 7, 42, 2024] as [UInt64])
    func adaptiveRobotBeatsAPredictablePlayer(player: Int, seed: UInt64) {
        var robot = RPSRobot(strategy: .adaptive, seed: seed)
        let (name, throwing) = Self.players[player]
        let score = Self.playMatch(&robot, player: throwing)
        #expect(score.robot == Self.winsNeeded, "against \(name)")
        #expect(score.player <= 2, "against \(name)")
    }

    @Test func adaptiveRobotFollowsAChangeOfHabit() {
        var robot = RPSRobot(strategy: .adaptive, seed: 3)
        for _ in 0..<20 { robot.observe(opponent: .rock) }
        for _ in 0..<5 { robot.observe(opponent: .scissors) }
        #expect(robot.nextSign() == .rock)
    }

    @Test(arguments: RobotStrategy.allCases)
    func theSameSeedReplaysTheSameThrows(strategy: RobotStrategy) {
        var first = RPSRobot(strategy: strategy, seed: 99)
        var second = RPSRobot(strategy: strategy, seed: 99)
        var firstThrows: [Sign] = []
        var secondThrows: [Sign] = []
        for n in 0..<200 {
            firstThrows.append(first.nextSign())
            secondThrows.append(second.nextSign())
            first.observe(opponent: Sign.allCases[n * 7 % 3])
            second.observe(opponent: Sign.allCases[n * 7 % 3])
        }
        #expect(firstThrows == secondThrows)
    }

    @Test func randomRobotsWithDifferentSeedsThrowDifferently() {
        var first = RPSRobot(strategy: .random, seed: 1)
        var second = RPSRobot(strategy: .random, seed: 2)
        let firstThrows = (0..<50).map { _ in first.nextSign() }
        let secondThrows = (0..<50).map { _ in second.nextSign() }
        #expect(firstThrows != secondThrows)
    }

    @Test(arguments: [0, 5, 123_456_789] as [UInt64])
    func randomRobotThrowsEachSignAboutAThirdOfTheTime(seed: UInt64) {
        var robot = RPSRobot(strategy: .random, seed: seed)
        var counts: [Sign: Int] = [:]
        for _ in 0..<3_000 {
            counts[robot.nextSign(), default: 0] += 1
            robot.observe(opponent: .rock)
        }
        for sign in Sign.allCases {
            #expect((840...1_170).contains(counts[sign, default: 0]), "\(sign)")
        }
    }

    @Test func robotNamesAreDistinctPlayerNames() {
        let names = RobotStrategy.allCases.map(RPSRobot.name(for:))
        #expect(names == ["robot", "robot-adaptive"])
        #expect(names.allSatisfy { (1...20).contains($0.count) })
    }
}
