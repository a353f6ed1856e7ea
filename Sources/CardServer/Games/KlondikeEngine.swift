import GameRules
import Wire

/// Klondike solitaire: every seat plays its own copy of the same deal; the first to finish wins.
struct KlondikeEngine: GameEngine {
    static let gameName = "klondike"
    static let seatRange = 1...8
    static let defaultSeats = 1
    static let minPlayers = 1

    private let room: String
    private let drawCount: Int
    let chosenSeed: UInt64?
    private var names: [String] = []
    /// Each seat's own game; nil for an empty seat.
    private var games: [KlondikeGame?] = []

    let deadline: UInt64? = nil

    init(room: String, seats: Int, options: JSONObject) throws(CommandError) {
        var reader = OptionReader(game: Self.gameName, options: options)
        drawCount = try reader.int("draw", default: 1, among: [1, 3])
        chosenSeed = try reader.seed(seats: seats)
        try reader.rejectUnknown()
        self.room = room
    }

    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate {
        self.names = names.map { $0 ?? "" }
        let deal = KlondikeGame(seed: seed, drawCount: drawCount)
        games = names.map { $0 == nil ? nil : deal }
        return GameUpdate()
    }

    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate {
        guard games.indices.contains(seat), var game = games[seat] else {
            throw CommandError(code: .gameNotStarted, message: "the game has not started")
        }
        let action: (inout KlondikeGame) throws(KlondikeError) -> Void
        switch command {
        case .draw: action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.draw() }
        case .move(let from, let to, let count): action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.move(from: from, to: to, count: count) }
        case .auto(let from): action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.auto(from: from) }
        case .undo: action = { (game: inout KlondikeGame) throws(KlondikeError) in try game.undo() }
        default: throw .badRequest("'\(command.type)' is not a move in klondike; send draw, move, auto or undo")
        }
        do {
            try action(&game)
        } catch {
            throw .illegalMove(error.reason)
        }
        games[seat] = game
        var update = GameUpdate()
        if game.isWon {
            let moves = game.moveCount
            update.events.append(.solved(
                room: room, player: names[seat], moves: moves,
                message: "Congratulations, \(names[seat])! All 52 cards home in \(moves) moves."))
            update.result = result(winner: seat)
        }
        return update
    }

    mutating func deadlinePassed(now: UInt64) -> GameUpdate {
        GameUpdate()
    }

    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate {
        var update = GameUpdate()
        if seats.seated.isEmpty {
            update.result = .abandoned(names: names, scores: names.indices.map(score(seat:)))
        }
        return update
    }

    func score(seat: Int) -> Int {
        games.indices.contains(seat) ? games[seat]?.foundationCount ?? 0 : 0
    }

    func fields(viewerSeat: Int?, now: UInt64) -> GameFields {
        // A spectator follows the first seated player's game.
        let shown = viewerSeat ?? games.firstIndex { $0 != nil }
        let game = shown.flatMap { games.indices.contains($0) ? games[$0] : nil }
        return .klondike(KlondikeFields(
            player: shown.flatMap { names.indices.contains($0) ? names[$0] : nil },
            draw: drawCount,
            stock: game?.stockCount ?? 0,
            wasteCount: game?.wasteCount ?? 0,
            waste: game?.visibleWaste ?? [],
            foundations: game?.foundations ?? Array(repeating: [], count: 4),
            tableau: game?.tableau.map { ($0.downCount, $0.up) } ?? [],
            moves: game?.moveCount ?? 0,
            rivals: games.indices.filter { $0 != shown && games[$0] != nil }.map {
                NamedScore(name: names[$0], score: games[$0]?.foundationCount ?? 0)
            }))
    }

    private func result(winner: Int) -> GameResult {
        let played = names.indices.filter { !names[$0].isEmpty }
        return GameResult(winners: [names[winner]], scores: played.map { NamedScore(name: names[$0], score: score(seat: $0)) })
    }
}
