import GameRules
import Wire

/// Set: players race to call a Set on one shared board; solo is the classic game with hints.
struct SetEngine: GameEngine {
    static let gameName = "set"
    static let rulesVersion = 1
    static let title = "Set"
    static let seatRange = 1...8
    static let defaultSeats = 4
    static let minPlayers = 1
    static let options = GameOptions.set
    static let commandTypes = ["claim", "deal", "hint"]
    static let helpLines = [
        #"{"type":"create","game":"set","seats":1}         create a room (here: solo Set); also "private":true, "options":{...}"#,
        #"{"type":"create","game":"set","seats":4}         Set for four: starts when all sit, or on start"#,
        #"{"type":"create","game":"set","seats":1,"options":{"variant":"chain"}}   variants: classic, junior, chain, ultra"#,
        #"{"type":"claim","cards":[4,17,60]}               set: claim three cards (their ids) as a Set (four in ultra)"#,
        #"{"type":"deal"}                                  set: ask for three more cards"#,
        #"{"type":"hint"}                                  set, solo: show a card of a Set on the board"#,
    ]
    static let sameViewForEveryone = true

    private let room: String
    private let seatCount: Int
    private let variant: SetVariant
    let chosenSeed: UInt64?
    let dailyKey: String?
    private var names: [String] = []
    private var game: SetGame?
    /// Seats that asked for three more cards since the last deal.
    private var dealVotes: Swift.Set<Int> = []

    let deadline: UInt64? = nil

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        let reader = OptionReader(game: Self.gameName, declared: Self.options, options: options)
        variant = try reader.string("variant").flatMap(SetVariant.init(rawValue:)) ?? .classic
        chosenSeed = try reader.seed(seats: seats)
        // Each variant has its own daily deal; classic keeps the key it always had.
        dailyKey = try reader.daily(seats: seats, seed: chosenSeed) ? (variant == .classic ? "set" : "set \(variant.rawValue)") : nil
        try reader.rejectUnknown()
        self.room = room
        self.seatCount = seats
    }

    private var isSolo: Bool { seatCount == 1 }
    /// When the game was dealt, on the host's clock: a solo summary says how long it took.
    private var startedAt: UInt64 = 0
    /// When the game ended, on the host's clock: the state's clock stands still there.
    private var endedAt: UInt64?
    /// Solo: claims that were no Set, for the summary (the game counts the Sets found).
    private var wrongClaims = 0

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        game = SetGame(seats: seatCount, seed: seed, variant: variant)
        dealVotes = []
        startedAt = now
        endedAt = nil
        wrongClaims = 0
        return GameUpdate()
    }

    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate {
        guard var game else { throw CommandError(code: .gameNotStarted, message: "the game has not started") }
        defer { self.game = game }
        switch command {
        case .claim(let ids):
            let result: SetClaimResult
            do {
                result = try game.claim(ids, by: seat)
            } catch .notOnBoard {
                throw CommandError(code: .stale, message: "one of those cards is not on the board (taken already, or not dealt yet); no points lost")
            } catch {
                throw Self.refusal(error)
            }
            if result.valid { dealVotes = [] }
            if !result.valid { wrongClaims += 1 }
            var update = GameUpdate()
            let claimer = names[seat]
            let room = self.room
            update.reply = { .claimed(room: room, player: claimer, cards: result.cards, valid: result.valid, points: result.points, id: $0) }
            update.replyIsBroadcast = true
            update.result = resultIfOver(game, now: now)
            if update.result != nil { endedAt = now }
            return update
        case .deal:
            do {
                try game.checkDealThree()
            } catch {
                throw Self.refusal(error)
            }
            dealVotes.insert(seat)
            dealIfAgreed(&game, seats: seats)
            return GameUpdate()
        case .hint:
            guard isSolo else { throw .illegalMove("hints are for solo games only") }
            do {
                _ = try game.takeHint()
            } catch {
                throw Self.refusal(error)
            }
            var update = GameUpdate()
            let shown = game.hint
            let used = game.hintsUsed
            update.reply = { .hint(cards: shown, hintsUsed: used, id: $0) }
            return update
        default:
            throw .badRequest("'\(command.type)' is not a move in set; send claim, deal or hint")
        }
    }

    mutating func deadlinePassed(now: UInt64) -> GameUpdate {
        GameUpdate()
    }

    mutating func stop(now: UInt64) {
        endedAt = endedAt ?? now
    }

    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate {
        dealVotes.remove(seat)
        guard var game else { return GameUpdate() }
        var update = GameUpdate()
        if seats.seated.isEmpty {
            // Nobody is left to race: the game ends with the scores as they stand.
            update.result = .abandoned(names: names, scores: game.scores, hintsUsed: isSolo ? game.hintsUsed : nil)
            endedAt = now
        } else {
            dealIfAgreed(&game, seats: seats)
            self.game = game
        }
        return update
    }

    mutating func presenceChanged(seats: SeatContext, now: UInt64) -> GameUpdate {
        guard var game else { return GameUpdate() }
        dealIfAgreed(&game, seats: seats)
        self.game = game
        return GameUpdate()
    }

    func score(seat: Int) -> Int {
        game?.scores[seat] ?? 0
    }

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        .set(SetFields(
            board: game?.board ?? [],
            deck: game?.deckCount ?? variant.deck.count,
            dealVotes: dealVotes.sorted().map { names[$0] },
            hintsUsed: game?.hintsUsed ?? 0,
            hint: game?.hint.map(\.id) ?? [],
            variant: variant,
            chain: game?.chain ?? [],
            clockMs: game == nil ? nil : milliseconds(from: startedAt, to: endedAt ?? now)))
    }

    /// Deals when every connected seated player has asked (at once in solo).
    private mutating func dealIfAgreed(_ game: inout SetGame, seats: SeatContext) {
        guard !dealVotes.isEmpty, seats.connected.allSatisfy(dealVotes.contains) else { return }
        dealVotes = []
        try? game.dealThree()
    }

    private func resultIfOver(_ game: SetGame, now: UInt64) -> GameResult? {
        guard game.isOver else { return nil }
        var result = result(of: game)
        if isSolo {
            result.summary = SoloSummary(timeMs: milliseconds(from: startedAt, to: now), figures: [
                NamedScore(name: "sets_found", score: game.setsFound[0]), NamedScore(name: "wrong_claims", score: wrongClaims),
                NamedScore(name: "hints", score: game.hintsUsed),
            ])
        }
        return result
    }

    private func result(of game: SetGame) -> GameResult {
        .highestScore(names: names, scores: game.scores, hintsUsed: isSolo ? game.hintsUsed : nil)
    }

    private static func refusal(_ error: SetRuleError) -> CommandError {
        switch error {
        case .notThreeDistinctCards, .notFourDistinctCards, .noSuchCard: .badRequest(error.reason)
        default: .illegalMove(error.reason)
        }
    }
}
