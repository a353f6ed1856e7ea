import GameRules
import Wire

/// Concentration: turn two cards; a pair scores and keeps the turn.
struct ConcentrationEngine: GameEngine {
    static let gameName = "concentration"
    static let rulesVersion = 1
    static let title = "Concentration"
    static let seatRange = 1...8
    static let defaultSeats = 2
    static let minPlayers = 1
    static let options = GameOptions.concentration
    static let commandTypes = ["flip"]
    static let helpLines = [
        #"{"type":"create","game":"concentration","seats":2,"options":{"pairs":8,"theme":"animals"}}   concentration"#,
        #"{"type":"flip","card":5}                         concentration: turn a card face up"#,
    ]
    static let sameViewForEveryone = true

    private let room: String
    private let seatCount: Int
    private let pairs: Int
    private let chosenTheme: ConcentrationTheme?
    private let turnSeconds: Int
    private let timeBonus: Bool
    private var names: [String] = []
    private var game: ConcentrationGame?
    private(set) var deadline: UInt64?
    /// The game was ended before its pairs were all found (``stop(now:)``).
    private var stopped = false

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        let reader = OptionReader(game: Self.gameName, declared: Self.options, options: options)
        pairs = try reader.int("pairs")
        chosenTheme = try reader.string("theme").flatMap(ConcentrationTheme.named)
        turnSeconds = try reader.int("turn_seconds")
        timeBonus = try reader.bool("time_bonus")
        try reader.rejectUnknown()
        self.room = room
        self.seatCount = seats
    }

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        let themes = ConcentrationTheme.all
        let theme = chosenTheme ?? themes[Int(seed % UInt64(themes.count))]
        var game = ConcentrationGame(
            pairs: pairs, theme: theme, players: seatCount, seed: seed, timeBonus: timeBonus, nowMs: Self.milliseconds(now))
        for seat in names.indices where names[seat] == nil {
            game.remove(player: seat, atMs: Self.milliseconds(now))
        }
        self.game = game
        stopped = false
        deadline = now + nanoseconds(turnSeconds)
        return GameUpdate()
    }

    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate {
        guard case .flip(let card) = command else {
            throw .badRequest("'\(command.type)' is not a move in concentration; send {\"type\":\"flip\",\"card\":0}")
        }
        guard var game else { throw CommandError(code: .gameNotStarted, message: "the game has not started") }
        let flip: ConcentrationFlip
        do {
            flip = try game.flip(card, by: seat, atMs: Self.milliseconds(now))
        } catch .notYourTurn {
            throw CommandError(code: .notYourTurn, message: "it is \(names[game.turn])'s turn to flip")
        } catch .noSuchCard {
            throw .badRequest("there is no card \(card); cards are 0 to \(game.cards.count - 1)")
        } catch {
            throw .illegalMove(error.reason)
        }
        self.game = game
        var update = GameUpdate()
        let (result, points) = switch flip.outcome {
        case .first: ("first", 0)
        case .match(let points): ("match", points)
        case .mismatch(let penalty): ("mismatch", -penalty)
        }
        let bonus = timeBonus && result == "match" ? points - ConcentrationGame.matchPoints : nil
        update.events.append(.flipped(
            room: room, player: names[seat], card: flip.card, face: flip.face, result: result, points: points, bonus: bonus))
        if game.isOver {
            deadline = nil
            update.result = self.result(of: game)
        } else {
            deadline = now + nanoseconds(turnSeconds)
        }
        return update
    }

    mutating func deadlinePassed(now: UInt64) -> GameUpdate {
        guard var game, !game.isOver else { return GameUpdate() }
        game.passTurn(atMs: Self.milliseconds(now))
        self.game = game
        deadline = now + nanoseconds(turnSeconds)
        return GameUpdate()
    }

    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate {
        var update = GameUpdate()
        guard var game, !game.isOver else { return update }
        let turnBefore = game.turn
        game.remove(player: seat, atMs: Self.milliseconds(now))
        self.game = game
        if seats.seated.isEmpty {
            deadline = nil
            update.result = .abandoned(names: names, scores: game.scores)
        } else if game.turn != turnBefore {
            deadline = now + nanoseconds(turnSeconds)
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
        let over = stopped || (game?.isOver ?? false)
        return .concentration(ConcentrationFields(
            theme: game?.themeName ?? chosenTheme?.name ?? "",
            pairs: pairs,
            turn: game.flatMap { over ? nil : names[$0.turn] },
            flips: game?.flips ?? 0,
            turnSeconds: turnSeconds,
            timeLeftMs: millisecondsLeft(now: now),
            cards: game?.cards.map { ConcentrationFields.CardView(face: $0.visibleFace, matched: $0.isMatched) }
                ?? Array(repeating: ConcentrationFields.CardView(face: nil, matched: false), count: pairs * 2),
            bonusClockMs: timeBonus ? game.map { max(0, Self.milliseconds(now) - $0.bonusClockMs) } ?? 0 : nil))
    }

    /// The host's monotonic nanoseconds as the milliseconds the rules keep time in.
    private static func milliseconds(_ now: UInt64) -> Int {
        Int(now / 1_000_000)
    }

    private func result(of game: ConcentrationGame) -> GameResult {
        .highestScore(names: names, scores: game.scores)
    }
}
