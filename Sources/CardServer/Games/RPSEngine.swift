import GameRules
import Wire

/// rock-paper-scissors, best of `rounds`: two players, or one against the server's robot.
struct RPSEngine: GameEngine {
    static let gameName = "rps"
    static let rulesVersion = 1
    static let title = "rock-paper-scissors"
    // One seat against the robot (`bot`), else two: `seatCount` says which.
    static let seatRange = 1...2
    static let defaultSeats = 2
    static let minPlayers = 2
    static let options = GameOptions.rps
    static let commandTypes = ["throw"]
    static let helpLines = [
        #"{"type":"create","game":"rps"}                   rock-paper-scissors, best of 3"#,
        #"{"type":"create","game":"rps","options":{"rounds":5,"round_seconds":20}}   rps, best of 5"#,
        #"{"type":"create","game":"rps","options":{"bot":"adaptive"}}   rps against the robot"#,
        #"{"type":"throw","sign":"rock"}                   rps: throw rock, paper or scissors"#,
    ]

    private let room: String
    private let rounds: Int
    private let roundSeconds: Int
    private let strategy: RobotStrategy?
    private var names: [String] = []
    private var match: RPSMatch?
    private var robot: RPSRobot?
    private var lastRound: RoundReveal?
    private(set) var deadline: UInt64?
    /// The match was ended before its rounds were (``stop(now:)``).
    private var stopped = false

    /// Two seats, or one against the robot.
    static func seatCount(requested: Int?, options: JSONObject) throws(CommandError) -> Int {
        // `"bot":null` is no robot, as for every option left null.
        let expected = (options["bot"] ?? .null).isNull ? 2 : 1
        if let requested, requested != expected {
            throw .badRequest(expected == 2
                ? "rps is played with 2 seats, not \(requested) (or 1 against the robot: \"options\":{\"bot\":\"adaptive\"})"
                : "rps against the robot has 1 seat, not \(requested)")
        }
        return expected
    }

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        let reader = OptionReader(game: Self.gameName, declared: Self.options, options: options)
        rounds = try reader.int("rounds")
        roundSeconds = try reader.int("round_seconds")
        strategy = try reader.string("bot").flatMap(RobotStrategy.init(rawValue:))
        try reader.rejectUnknown()
        self.room = room
    }

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        if let strategy {
            robot = RPSRobot(strategy: strategy, seed: seed)
            let robotName = RPSRobot.name(for: strategy)
            self.names.append(self.names[0] == robotName ? robotName + " 2" : robotName)
        }
        match = RPSMatch(bestOf: rounds)
        stopped = false
        lastRound = nil
        robotThrows()
        deadline = now + nanoseconds(roundSeconds)
        return GameUpdate()
    }

    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate {
        guard case .throwSign(let sign) = command else {
            throw .badRequest("'\(command.type)' is not a move in rps; send {\"type\":\"throw\",\"sign\":\"rock\"}")
        }
        guard var match else { throw CommandError(code: .gameNotStarted, message: "the match has not started") }
        let decided: RPSRound?
        do {
            decided = try match.play(sign, seat: seat)
        } catch {
            throw .illegalMove(error.reason)
        }
        self.match = match
        var update = GameUpdate()
        update.reply = { .thrown(id: $0) }
        if let decided {
            record(decided, into: &update, now: now)
        }
        return update
    }

    mutating func deadlinePassed(now: UInt64) -> GameUpdate {
        var update = GameUpdate()
        guard var match, let decided = match.timeOut() else { return update }
        self.match = match
        record(decided, into: &update, now: now)
        return update
    }

    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate {
        var update = GameUpdate()
        guard var match, !match.isOver else { return update }
        match.forfeit(seat: seat)
        self.match = match
        deadline = nil
        update.result = result(of: match)
        return update
    }

    func score(seat: Int) -> Int {
        match?.wins[seat] ?? 0
    }

    mutating func stop(now: UInt64) {
        stopped = true
        deadline = nil
    }

    var robotPlayers: [PlayerEntry] {
        guard robot != nil, names.count == 2 else { return [] }
        return [PlayerEntry(name: names[1], seat: 1, score: score(seat: 1), connected: true)]
    }

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        let ownThrow = viewerSeat.flatMap { match?.pendingThrows[$0] }
        return .rps(RPSFields(
            round: match?.round ?? 1,
            rounds: rounds,
            roundSeconds: roundSeconds,
            waitingOn: stopped ? [] : (match?.waitingOn ?? []).map { names[$0] },
            timeLeftMs: millisecondsLeft(now: now),
            yourThrow: ownThrow,
            lastRound: lastRound))
    }

    /// The robot throws as soon as a round opens; its sign stays secret like anyone's.
    private mutating func robotThrows() {
        guard var robot, var match, !match.isOver else { return }
        _ = try? match.play(robot.nextSign(), seat: 1)
        self.robot = robot
        self.match = match
    }

    private mutating func record(_ decided: RPSRound, into update: inout GameUpdate, now: UInt64) {
        let reveal = RoundReveal(
            room: room,
            round: decided.number,
            throwsByName: (0..<2).compactMap { seat in decided.signs[seat].map { (names[seat], $0) } },
            winner: decided.winner.map { names[$0] },
            timedOut: decided.timedOut.map { names[$0] })
        lastRound = reveal
        update.events.append(.round(reveal))
        if let human = decided.signs[0] {
            robot?.observe(opponent: human)
        }
        robotThrows()
        guard let match else { return }
        if match.isOver {
            deadline = nil
            update.result = result(of: match)
        } else {
            deadline = now + nanoseconds(roundSeconds)
        }
    }

    private func result(of match: RPSMatch) -> GameResult {
        GameResult(
            winners: match.winner.map { [names[$0]] } ?? [],
            scores: (0..<2).map { NamedScore(name: names[$0], score: match.wins[$0]) })
    }
}
