import GameRules
import Wire

/// rps-brain: each round a sign and a goal; answer the sign that wins (or loses) against it.
struct BrainEngine: GameEngine {
    static let gameName = "rps-brain"
    static let rulesVersion = 1
    static let title = "rps-brain"
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
    /// When the game and the current round began, on the host's clock, and each seat's reaction
    /// times and right answers: what `answered` and a solo summary report.
    private var startedAt: UInt64 = 0
    private var roundStartedAt: UInt64 = 0
    private var reactions: [[Int]] = []
    private var correct: [Int] = []
    private(set) var deadline: UInt64?
    /// The game was ended before its rounds were (``stop(now:)``).
    private var stopped = false

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
        stopped = false
        deadline = now + nanoseconds(roundSeconds)
        startedAt = now
        roundStartedAt = now
        reactions = Array(repeating: [], count: seatCount)
        correct = Array(repeating: 0, count: seatCount)
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
        let reaction = milliseconds(from: roundStartedAt, to: now)
        reactions[seat].append(reaction)
        if answer.correct { correct[seat] += 1 }
        var update = GameUpdate()
        update.reply = { .answered(correct: answer.correct, points: answer.points, reactionMs: reaction, id: $0) }
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

    mutating func stop(now: UInt64) {
        stopped = true
        deadline = nil
    }

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        let playing = !stopped && (game.map { !$0.isOver } ?? false)
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
            if seatCount == 1 {
                // Accuracy over every round (an unanswered one counts as wrong); reaction over the answers given.
                let answers = reactions[0]
                update.result?.summary = SoloSummary(timeMs: milliseconds(from: startedAt, to: now), figures: [
                    NamedScore(name: "accuracy_percent", score: ended.round > 0 ? correct[0] * 100 / ended.round : 0),
                    NamedScore(name: "mean_reaction_ms", score: answers.isEmpty ? 0 : answers.reduce(0, +) / answers.count),
                ])
            }
        } else {
            deadline = now + nanoseconds(roundSeconds)
            roundStartedAt = now
        }
    }

    private func result(of game: BrainGame) -> GameResult {
        .highestScore(names: names, scores: game.scores)
    }
}
