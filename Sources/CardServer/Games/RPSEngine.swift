import GameRules
import Wire

/// rock-paper-scissors, head-to-head, best of `rounds`.
struct RPSEngine: GameEngine {
    static let gameName = "rps"
    static let seatRange = 2...2
    static let defaultSeats = 2
    static let minPlayers = 2

    static let roundsRange = 1...99
    static let roundSecondsRange = 1...3600

    private let room: String
    private let rounds: Int
    private let roundSeconds: Int
    private var names: [String] = []
    private var match: RPSMatch?
    private var lastRound: RoundReveal?
    private(set) var deadline: UInt64?

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        var reader = OptionReader(game: Self.gameName, options: options)
        rounds = try reader.int("rounds", default: 3, range: Self.roundsRange)
        roundSeconds = try reader.int("round_seconds", default: 30, range: Self.roundSecondsRange)
        if reader.has("bot") {
            throw .badRequest("the rps robot (option 'bot') is not available on this server yet")
        }
        try reader.rejectUnknown()
        self.room = room
    }

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        match = RPSMatch(bestOf: rounds)
        lastRound = nil
        deadline = now + Self.nanoseconds(roundSeconds)
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

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        let ownThrow = viewerSeat.flatMap { match?.pendingThrows[$0]?.rawValue }
        return .rps(RPSFields(
            round: match?.round ?? 1,
            rounds: rounds,
            roundSeconds: roundSeconds,
            waitingOn: (match?.waitingOn ?? []).map { names[$0] },
            timeLeftMs: deadline.map { $0 > now ? Int(($0 - now) / 1_000_000) : 0 },
            yourThrow: ownThrow,
            lastRound: lastRound))
    }

    private mutating func record(_ decided: RPSRound, into update: inout GameUpdate, now: UInt64) {
        let reveal = RoundReveal(
            room: room,
            round: decided.number,
            throwsByName: (0..<2).compactMap { seat in decided.signs[seat].map { (names[seat], $0.rawValue) } },
            winner: decided.winner.map { names[$0] },
            timedOut: decided.timedOut.map { names[$0] })
        lastRound = reveal
        update.events.append(.round(reveal))
        guard let match else { return }
        if match.isOver {
            deadline = nil
            update.result = result(of: match)
        } else {
            deadline = now + Self.nanoseconds(roundSeconds)
        }
    }

    private func result(of match: RPSMatch) -> GameResult {
        GameResult(
            winners: match.winner.map { [names[$0]] } ?? [],
            scores: (0..<2).map { NamedScore(name: names[$0], score: match.wins[$0]) })
    }

    private static func nanoseconds(_ seconds: Int) -> UInt64 {
        UInt64(seconds) * 1_000_000_000
    }
}
