import GameRules
import Wire

/// rps-brain: each round a sign and a goal; answer the sign that wins (or loses) against it.
struct BrainEngine: GameEngine {
    static let gameName = "rps-brain"
    static let seatRange = 1...8
    static let defaultSeats = 1
    static let minPlayers = 1
    static let options = GameOptions.brain
    static let commandTypes = ["answer"]
    static let helpLines = [
        #"{"type":"create","game":"rps-brain"}             rps-brain: win or lose on command, 10 rounds"#,
        #"{"type":"answer","sign":"paper"}                 rps-brain: answer the prompt"#,
    ]

    private let room: String
    private let seatCount: Int
    private let rounds: Int
    private let roundSeconds: Int
    private var names: [String] = []
    private var game: BrainGame?
    private var lastRound: BrainRoundReveal?
    private(set) var deadline: UInt64?

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        let reader = OptionReader(game: Self.gameName, declared: Self.options, options: options)
        rounds = try reader.int("rounds")
        roundSeconds = try reader.int("round_seconds")
        try reader.rejectUnknown()
        self.room = room
        self.seatCount = seats
    }

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        var game = BrainGame(players: seatCount, seed: seed, rounds: rounds)
        for seat in names.indices where names[seat] == nil {
            game.remove(player: seat)
        }
        self.game = game
        lastRound = nil
        deadline = now + nanoseconds(roundSeconds)
        return GameUpdate()
    }

    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate {
        guard case .answer(let sign) = command else {
            throw .badRequest("'\(command.type)' is not a move in rps-brain; send {\"type\":\"answer\",\"sign\":\"paper\"}")
        }
        guard var game else { throw CommandError(code: .gameNotStarted, message: "the game has not started") }
        let answer: BrainAnswer
        do {
            answer = try game.answer(sign, player: seat)
        } catch {
            throw .illegalMove(error.reason)
        }
        self.game = game
        var update = GameUpdate()
        update.reply = { .answered(correct: answer.correct, points: answer.points, id: $0) }
        if game.everyoneAnswered {
            endRound(into: &update, now: now)
        }
        return update
    }

    mutating func deadlinePassed(now: UInt64) -> GameUpdate {
        var update = GameUpdate()
        endRound(into: &update, now: now)
        return update
    }

    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate {
        var update = GameUpdate()
        guard var game, !game.isOver else { return update }
        game.remove(player: seat)
        self.game = game
        if seats.seated.isEmpty {
            deadline = nil
            update.result = .abandoned(names: names, scores: game.scores)
        } else if game.everyoneAnswered {
            endRound(into: &update, now: now)
        }
        return update
    }

    func score(seat: Int) -> Int {
        game?.scores[seat] ?? 0
    }

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        let playing = game.map { !$0.isOver } ?? false
        return .brain(BrainFields(
            round: game?.round ?? 1,
            rounds: rounds,
            prompt: playing ? game?.prompt : nil,
            roundSeconds: roundSeconds,
            timeLeftMs: millisecondsLeft(now: now),
            answered: names.indices.filter { game?.answered($0) == true }.map { names[$0] },
            yourAnswer: viewerSeat.flatMap { game?.answers[$0] },
            lastRound: lastRound))
    }

    /// Reveals the round (a missing answer counts as wrong), then opens the next or ends the game.
    private mutating func endRound(into update: inout GameUpdate, now: UInt64) {
        guard var game, !game.isOver else { return }
        let ended = game.endRound()
        self.game = game
        let reveal = BrainRoundReveal(
            room: room, round: ended.round, prompt: ended.prompt,
            answers: names.indices.filter { !names[$0].isEmpty && !(game.isRemoved($0) && ended.answers[$0] == nil) }.map {
                BrainRoundReveal.NamedAnswer(name: names[$0], sign: ended.answers[$0], points: ended.points[$0])
            })
        lastRound = reveal
        update.events.append(.brainRound(reveal))
        if game.isOver {
            deadline = nil
            update.result = result(of: game)
        } else {
            deadline = now + nanoseconds(roundSeconds)
        }
    }

    private func result(of game: BrainGame) -> GameResult {
        .highestScore(names: names, scores: game.scores)
    }
}
