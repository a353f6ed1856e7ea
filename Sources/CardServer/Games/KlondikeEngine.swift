import GameRules
import KlondikeSolver
import Wire

/// Klondike solitaire: every seat plays its own copy of the same deal; the first to finish wins.
///
/// In a race (more than one seat) the deal is the same for all, so whatever one
/// player can see of a copy, the others could use: spectators see progress but no
/// cards until the game is over, and an undo cannot take back a step that showed a card.
struct KlondikeEngine: GameEngine {
    static let gameName = "klondike"
    /// 2: `finish` is taken with cards still to draw when drawing alone brings them home (a
    /// `finish` refused under version 1 could be taken now, so a version 1 game, restored or
    /// replayed, is judged by version 1: its `finish` never draws).
    static let rulesVersion = 2
    /// Version 1 games are judged as they were played: their `finish` never draws.
    static let oldestRulesVersion = 1
    static let title = "Klondike"
    static let seatRange = 1...8
    static let defaultSeats = 1
    static let minPlayers = 1
    static let options = GameOptions.klondike
    static let commandTypes = ["draw", "move", "auto", "undo", "finish", "hint"]
    static let helpLines = [
        #"{"type":"create","game":"klondike","options":{"draw":3,"seed":42}}   klondike solitaire, deal number 42 (seeds: one seat only)"#,
        #"{"type":"create","game":"klondike","seats":2}    a klondike race: both play one secret deal, proved winnable, shown in game_over"#,
        #"{"type":"create","game":"klondike","options":{"daily":true,"winnable":true}}   today's deal, one the solver can win"#,
        #"{"type":"draw"}                                  klondike: turn cards from the stock (or the waste back over)"#,
        #"{"type":"move","from":"t3","to":"f1","count":1}  klondike: move cards between waste, t1-t7, f1-f4"#,
        #"{"type":"auto","from":"waste"}                   klondike: the double-tap move of a pile's top card"#,
        #"{"type":"undo"}                                  klondike: take back your last action (in a race, not a draw or turn-up)"#,
        #"{"type":"finish"}                                klondike: every card home, once all are face up (state.can_finish)"#,
        #"{"type":"hint"}                                  klondike, solo: the next move of a winning line, else one that makes progress"#,
    ]

    private let room: String
    let dailyKey: String?
    private let drawCount: Int
    private let passes: Int?
    private let scoring: KlondikeScoring
    /// Deal only a deal the solver proved winnable.
    private let winnable: Bool
    /// More than one seat: players race on copies of one deal.
    private let isRace: Bool
    let chosenSeed: UInt64?
    private var names: [String] = []
    /// Each seat's own game; nil for an empty seat.
    private var games: [KlondikeGame?] = []
    /// The rules version the next game is judged by (``judge(byRules:)``).
    private var rules = Self.rulesVersion
    /// Each seat's cards home and moves, kept as its game changes: every view of every state
    /// of a race lists them for all seats, and reading them from `games` copies each game
    /// (a retain and release of each of its arrays) for every seat of every view. With them
    /// whether `finish` would be taken, which may try the finish on a copy: once a move, not
    /// once a view.
    private var standings: [(cardsHome: Int, moves: Int, score: Int, canFinish: Bool)] = []
    /// Seats whose player left the game: out of the race, no longer listed.
    private var left: Set<Int> = []
    /// Set once the game has a result: then a race's spectators may see the cards.
    private var isOver = false
    /// When the game was dealt, on the host's clock, and the undos taken: a solo summary's figures.
    private var startedAt: UInt64 = 0
    private var undos = 0
    /// The solo player's hints: the winning line found, kept across hints; a new one each game.
    private var hints = HintCache()

    let deadline: UInt64? = nil

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        let reader = OptionReader(game: Self.gameName, declared: Self.options, options: options)
        drawCount = try reader.int("draw")
        passes = try reader.optionalInt("passes")
        scoring = try reader.string("scoring").flatMap(KlondikeScoring.init(rawValue:)) ?? .none
        chosenSeed = try reader.seed(seats: seats)
        let daily = try reader.daily(seats: seats, seed: chosenSeed)
        // A race is never decided by a dead deal; alone, any deal is a fair game.
        winnable = try reader.optionalBool("winnable") ?? (seats > 1)
        if winnable, let chosenSeed {
            throw .badRequest("option 'seed' names one deal (\(chosenSeed)); it cannot also ask for a winnable one: leave one of them out")
        }
        // The options that shape the deal and its play name it; two players with the same options share it.
        dailyKey = daily
            ? "klondike draw=\(drawCount) passes=\(passes.map(String.init) ?? "none") scoring=\(scoring.rawValue)" + (winnable ? " winnable" : "")
            : nil
        try reader.rejectUnknown()
        self.room = room
        isRace = seats > 1
    }

    func dealPreparation(seed: UInt64) -> (@Sendable () -> UInt64)? {
        guard winnable else { return nil }
        let (drawCount, passes) = (drawCount, passes)
        // Practically never nil (see KlondikeSolver.dealCandidates); then the seed deals as it is.
        return { KlondikeSolver.winnableSeed(from: seed, drawCount: drawCount, passes: passes) ?? seed }
    }

    mutating func judge(byRules version: Int) {
        rules = version
    }

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        var deal = KlondikeGame(seed: seed, drawCount: drawCount, passes: passes, scoring: scoring)
        deal.finishDraws = rules >= 2
        games = names.map { $0 == nil ? nil : deal }
        standings = Array(repeating: (deal.foundationCount, deal.moveCount, deal.score, deal.canFinish), count: names.count)
        left = []
        isOver = false
        startedAt = now
        undos = 0
        hints = HintCache()
        return GameUpdate()
    }

    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate {
        guard games.indices.contains(seat), games[seat] != nil else {
            throw CommandError(code: .gameNotStarted, message: "the game has not started")
        }
        if case .hint = command { return try hint(seat: seat) }
        let action: (inout KlondikeGame) throws(KlondikeError) -> Void
        switch command {
        case .draw: action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.draw() }
        case .move(let from, let to, let count): action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.move(from: from, to: to, count: count) }
        case .auto(let from): action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.auto(from: from) }
        case .finish: action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.finish() }
        case .undo:
            let keepingShownCards = isRace
            action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.undo(keepingShownCards: keepingShownCards) }
        default: throw .badRequest("'\(command.type)' is not a move in klondike; send \(Self.commandTypes.joined(separator: ", "))")
        }
        // In place: a refused command changes nothing, and a move copies no pile.
        do {
            try action(&games[seat]!)
        } catch {
            throw .illegalMove(error.reason)
        }
        let game = games[seat]!
        standings[seat] = (game.foundationCount, game.moveCount, game.score, game.canFinish)
        if case .undo = command { undos += 1 }
        var update = GameUpdate()
        if game.isWon {
            let moves = game.moveCount
            update.events.append(.solved(
                room: room, player: names[seat], moves: moves,
                message: "Congratulations, \(names[seat])! All 52 cards home in \(moves) moves."))
            update.result = result(winner: seat)
            if !isRace {
                // Points only with a scoring table: without one the score is cards home, 52 in every win.
                update.result?.summary = SoloSummary(timeMs: milliseconds(from: startedAt, to: now), figures: [
                    NamedScore(name: "moves", score: moves), NamedScore(name: "undos", score: undos),
                ] + (scoring == .none ? [] : [NamedScore(name: "points", score: game.score)]))
            }
            isOver = true
        }
        return update
    }

    mutating func deadlinePassed(now: UInt64) -> GameUpdate {
        GameUpdate()
    }

    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate {
        left.insert(seat)
        var update = GameUpdate()
        if seats.seated.isEmpty {
            update.result = .abandoned(names: names, scores: names.indices.map(score(seat:)))
            isOver = true
        }
        return update
    }

    mutating func stop(now: UInt64) {
        isOver = true
    }

    /// The hint of a one-player game: the move, and it in words. A race gets none: its
    /// players share one deal, so a hint would help one of them play the others' game.
    ///
    /// On the winning line found before, or when a search would add nothing, the answer is
    /// at once; otherwise the solver searches off the loop (``KlondikeHinter/budget``: well
    /// under a second) and the answer follows (``GameUpdate/slowReply``).
    private func hint(seat: Int) throws(CommandError) -> GameUpdate {
        guard !isRace else { throw .illegalMove("hints are for one-player games; in a race everyone plays on their own") }
        guard let game = games[seat] else { throw CommandError(code: .gameNotStarted, message: "the game has not started") }
        var update = GameUpdate()
        if let hint = hints.hinter.cachedHint(for: game) {
            update.reply = Self.suggestion(hint, in: game)
            return update
        }
        let job = HintJob(game: game)
        let cache = hints
        update.slowReply = SlowReply(work: { clock in job.run(clock: clock) }) {
            guard let finding = job.finding else { return Self.suggestion(.none(.nothingToPlay), in: game) }
            cache.hinter.remember(finding)
            return Self.suggestion(finding.hint, in: game)
        }
        return update
    }

    /// The `suggestion` reply for a hint: the move ready to send and it in words, or null and why.
    private static func suggestion(_ hint: KlondikeHinter.Hint, in game: KlondikeGame) -> (RequestID?) -> ServerMessage {
        let text: String
        let move: ClientCommand?
        switch hint {
        case .play(let action, _):
            move = ClientCommand(action)
            text = switch action {
            case .draw: "draw"
            case .move(let from, let to, let count): "move \(describe(from: from, count: count, in: game)) from \(from.name) to \(to.name)"
            }
        case .none(let stuck):
            move = nil
            text = switch stuck {
            case .stockOnlyCycles: "no useful move: drawing only cycles the stock, and no card can go home, turn up or empty a pile; undo, or start a new game"
            case .nothingToPlay, .won: "no useful move: undo, or start a new game"
            }
        }
        return { .suggestion(move: move, text: text, id: $0) }
    }

    /// "7♥", or "6♥ and the 2 cards on it" for a run.
    private static func describe(from pile: KlondikePile, count: Int, in game: KlondikeGame) -> String {
        let card: PlayingCard? = switch pile {
        case .waste: game.visibleWaste.first
        case .tableau(let index): game.tableau[index].up.suffix(count).first
        case .foundation(let index): game.foundations[index].last
        }
        let name = card?.name ?? "the card"
        return count > 1 ? "\(name) and the \(count - 1) \(count == 2 ? "card" : "cards") on it" : name
    }

    /// Cards home; with a scoring table, that table's score.
    func score(seat: Int) -> Int {
        guard games.indices.contains(seat), hasGame(seat) else { return scoring == .none ? 0 : scoring.start }
        return scoring == .none ? standings[seat].cardsHome : standings[seat].score
    }

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        // A spectator follows the first seated player's game, except in a race under
        // way: a copy of the deal shown to a second account would show the others' cards.
        let spectatorSeesCards = !isRace || isOver
        let shown = viewerSeat ?? (spectatorSeesCards ? games.indices.first(where: hasGame) : nil)
        let game = shown.flatMap { games.indices.contains($0) ? games[$0] : nil }
        let inGame = games.indices.filter { hasGame($0) && !left.contains($0) }
        return .klondike(KlondikeFields(
            player: shown.flatMap { names.indices.contains($0) ? names[$0] : nil },
            draw: drawCount,
            stock: game?.stockCount ?? 0,
            wasteCount: game?.wasteCount ?? 0,
            waste: game?.visibleWaste ?? [],
            foundations: game?.foundations ?? Array(repeating: [], count: 4),
            tableau: game?.tableau.map { ($0.downCount, $0.up) } ?? [],
            moves: game?.moveCount ?? 0,
            rivals: inGame.filter { $0 != shown }.map {
                NamedScore(name: names[$0], score: standings[$0].cardsHome)
            },
            progress: inGame.map {
                KlondikeProgress(name: names[$0], cardsHome: standings[$0].cardsHome, moves: standings[$0].moves)
            },
            score: scoring == .none ? nil : game.map(\.score) ?? scoring.start,
            passesLeft: game?.passesLeft ?? passes,
            canFinish: game != nil && shown.map { standings[$0].canFinish } ?? false))
    }

    /// Whether a seat has a game. Matched in place: `games[seat] != nil` copies the whole game
    /// (a retain of each of its arrays) for each seat of each view of every state in a race.
    private func hasGame(_ seat: Int) -> Bool {
        if case .some = games[seat] { return true }
        return false
    }

    private func result(winner: Int) -> GameResult {
        let played = names.indices.filter { !names[$0].isEmpty }
        return GameResult(winners: [names[winner]], scores: played.map { NamedScore(name: names[$0], score: score(seat: $0)) })
    }
}

/// A Klondike room's hinter, shared by reference: the search's answer comes back to the loop
/// after the command that asked for it was handled, and is kept here for the hints after it.
final class HintCache {
    var hinter = KlondikeHinter()
}

/// One hint's search, run off the loop on a copy of the game; handed back to the loop only
/// after the worker has finished with it (the worker's queue orders the two threads).
final class HintJob: @unchecked Sendable {
    private let game: KlondikeGame
    /// What the search found; nil until it ran.
    private(set) var finding: KlondikeHinter.Finding?

    init(game: KlondikeGame) {
        self.game = game
    }

    /// Runs off the loop: pure but for `clock`, which bounds the search's time.
    func run(clock: any Clock<Duration>) {
        finding = KlondikeHinter.search(game, clock: clock)
    }
}
