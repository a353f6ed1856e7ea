import Wire

/// A refused command: the error code and a sentence saying why.
struct CommandError: Error, Equatable {
    let code: ErrorCode
    let message: String
    /// For `rate_limited`: when to try again.
    var retryAfterMs: Int?

    static func rateLimited(_ message: String, retryAfterMs: Int) -> CommandError {
        CommandError(code: .rateLimited, message: message, retryAfterMs: retryAfterMs)
    }

    static func badRequest(_ message: String) -> CommandError { CommandError(code: .badRequest, message: message) }

    /// The command's record could not be saved (a full or failing disk): it was not carried out.
    static let storageUnavailable = CommandError(
        code: .storageUnavailable,
        message: "the server cannot save that right now (its disk is full or failing); nothing changed, send it again in a moment",
        retryAfterMs: 1_000)
    static func illegalMove(_ message: String) -> CommandError { CommandError(code: .illegalMove, message: message) }
}

/// How a game ended: who won and everyone's points.
struct GameResult: Equatable {
    var winners: [String]
    let scores: [NamedScore]
    /// set, solo: hints used.
    var hintsUsed: Int?
    /// A one-seat game's figures for `game_over`.
    var summary: SoloSummary?
}

extension GameResult {
    /// A result where the highest score wins (several on a tie); seats whose name is empty never played.
    static func highestScore(names: [String], scores: [Int], hintsUsed: Int? = nil) -> GameResult {
        let played = names.indices.filter { !names[$0].isEmpty }
        let best = played.map { scores[$0] }.max()
        return GameResult(
            winners: played.filter { scores[$0] == best }.map { names[$0] },
            scores: played.map { NamedScore(name: names[$0], score: scores[$0]) },
            hintsUsed: hintsUsed)
    }

    /// A game every player left before its end: the points stand, but nobody won,
    /// so leaving cannot farm wins for the leaderboard.
    static func abandoned(names: [String], scores: [Int], hintsUsed: Int? = nil) -> GameResult {
        let finished = highestScore(names: names, scores: scores, hintsUsed: hintsUsed)
        return GameResult(winners: [], scores: finished.scores, hintsUsed: hintsUsed)
    }
}

/// Who sits in a room's seats right now, for rules that depend on it.
struct SeatContext {
    /// Seats with a player, connected or away.
    let seated: [Int]
    /// Seats whose player is connected.
    let connected: [Int]
}

/// What a game command or a game event changed.
struct GameUpdate {
    /// The direct reply to the command, given its id (`ok` unless the game says otherwise).
    var reply: (RequestID?) -> ServerMessage = { .ok(id: $0) }
    /// The reply is the sender's copy of a broadcast: the other members get it too, without the id.
    var replyIsBroadcast = false
    /// Messages every member of the room gets, in order, before the new state.
    var events: [ServerMessage] = []
    /// Set when this update ended the game.
    var result: GameResult?
    /// The reply takes work too slow for the loop (a Klondike hint's search): it replaces
    /// `reply`, and the sender's input is held until it is sent.
    var slowReply: SlowReply?
}

/// A reply worked out off the event loop: `work` runs on the background worker, then `reply`
/// on the loop makes the message (and may keep what the work found).
struct SlowReply {
    /// The work, given the clock its time budget is read on (the host's ``ServerHost/searchClock``).
    let work: @Sendable (any Clock<Duration>) -> Void
    let reply: () -> (RequestID?) -> ServerMessage
}

/// One game's rules as the room drives them: the bridge between protocol
/// commands and a pure rules value from `GameRules`.
///
/// A room owns one engine for its lifetime; `start` begins a fresh game
/// (so a rematch reuses it).
protocol GameEngine {
    /// The game's name in `create` and `hello.games`.
    static var gameName: String { get }
    /// The version of the rules: raised when a change to them could judge a game already
    /// begun otherwise (a deal, a move's legality, a score). Every `begin` record and replay
    /// carries it, so a restarted server never re-judges a game begun under other rules.
    static var rulesVersion: Int { get }
    /// The oldest version these rules can still judge a game by (``judge(byRules:)``); a game
    /// begun under an older one is closed at a restart, and its replay shows no frames.
    static var oldestRulesVersion: Int { get }
    /// Judges the games `start` begins from now by version `version` of the rules, one of
    /// ``oldestRulesVersion`` through ``rulesVersion``: a game restored from the room log, or
    /// replayed, by the version it began under; every new game by today's.
    mutating func judge(byRules version: Int)
    /// The name people read, in the `games` catalog ("Klondike").
    static var title: String { get }
    /// Seat counts a room of this game may have.
    static var seatRange: ClosedRange<Int> { get }
    /// Seats when `create` leaves them out.
    static var defaultSeats: Int { get }
    /// Players that must be seated before `start`.
    static var minPlayers: Int { get }
    /// The options `create` may give, in the order errors list them; `init` reads them
    /// with an ``OptionReader`` over this list, so nothing undeclared is accepted.
    static var options: [GameOption] { get }
    /// The `type`s of the game commands this engine takes, in the order an error names them;
    /// the server refuses any other game command in this game's rooms before the engine sees it.
    static var commandTypes: [String] { get }
    /// What `help` lists for this game: `create` examples with its options, and its commands,
    /// each a line a person can paste into netcat.
    static var helpLines: [String] { get }

    /// The room's seat count for a `create` asking for `requested` seats (nil: the default) with these options.
    /// - Throws: `bad_request` saying which seat counts the game allows.
    static func seatCount(requested: Int?, options: JSONObject) throws(CommandError) -> Int

    /// Checks `options` and `seats` and creates the engine.
    /// - Throws: `bad_request` naming the option that is wrong.
    init(room: String, seats: Int, options: JSONObject) throws(CommandError)

    /// The seed the room's creator chose (one-seat rooms only), which every game
    /// of the room is dealt from; nil: each game gets a new secret seed.
    var chosenSeed: UInt64? { get }
    /// With the `daily` option: the game and the options that shape its deal, which with the
    /// UTC day name the day's deal (``DailyDeal``); nil otherwise.
    var dailyKey: String? { get }

    /// Work that must run off the event loop before a game can be dealt from `seed`, returning
    /// the seed to deal instead (Klondike's `winnable` searches for a deal its solver can win);
    /// nil when `seed` deals as it is. The work is pure: it gets copies of what it needs.
    func dealPreparation(seed: UInt64) -> (@Sendable () -> UInt64)?

    /// Begins a game. `names[seat]` is the seated player, nil for an empty seat;
    /// `seed` drives every random choice of this game.
    mutating func start(names: [String?], seed: UInt64, now: UInt64) -> GameUpdate
    /// Applies a game command from a seated player while the game is playing.
    mutating func handle(_ command: ClientCommand, seat: Int, seats: SeatContext, now: UInt64) throws(CommandError) -> GameUpdate
    /// The deadline the engine asked for has come.
    mutating func deadlinePassed(now: UInt64) -> GameUpdate
    /// A seated player left for good while the game was playing (`seats` no longer holds them).
    mutating func seatLeft(_ seat: Int, seats: SeatContext, now: UInt64) -> GameUpdate
    /// A seated player went away or came back while the game was playing.
    mutating func presenceChanged(seats: SeatContext, now: UInt64) -> GameUpdate
    /// Ends the game where it stands, before its rules would (a `resign` that leaves one
    /// player, an `abort`): no deadline from here, and `fields` shows no one to wait on.
    /// The room makes the result (``Concession``).
    mutating func stop(now: UInt64)

    /// When the engine wants `deadlinePassed`, on the host's monotonic clock; nil for never.
    var deadline: UInt64? { get }
    /// Points of each seat, for `state`.
    func score(seat: Int) -> Int
    /// The game's part of `state` for one viewer (`viewerSeat` nil for a spectator).
    func fields(viewerSeat: Int?, now: UInt64) -> GameFields
    /// Players the game adds to `state.players` that are not clients (the rps robot).
    var robotPlayers: [PlayerEntry] { get }
    /// Whether every member sees the same state (nothing in it is one viewer's own),
    /// so one encoding serves the whole room.
    static var sameViewForEveryone: Bool { get }
}

extension GameEngine {
    func dealPreparation(seed: UInt64) -> (@Sendable () -> UInt64)? { nil }

    static func seatCount(requested: Int?, options: JSONObject) throws(CommandError) -> Int {
        let count = requested ?? defaultSeats
        guard seatRange.contains(count) else {
            let allowed = seatRange.count == 1 ? "\(seatRange.lowerBound) seats" : "\(seatRange.lowerBound) to \(seatRange.upperBound) seats"
            throw .badRequest("\(gameName) is played with \(allowed), not \(count)")
        }
        return count
    }

    func presenceChanged(seats: SeatContext, now: UInt64) -> GameUpdate {
        GameUpdate()
    }

    var robotPlayers: [PlayerEntry] { [] }

    static var sameViewForEveryone: Bool { false }

    static var oldestRulesVersion: Int { rulesVersion }

    mutating func judge(byRules version: Int) {}

    /// A game's time option, in seconds, on the host's nanosecond clock.
    func nanoseconds(_ seconds: Int) -> UInt64 {
        UInt64(seconds) * 1_000_000_000
    }

    /// Whole milliseconds from `start` to `now` on the host's nanosecond clock: a solo
    /// summary's time, a reaction time.
    func milliseconds(from start: UInt64, to now: UInt64) -> Int {
        Int((now &- start) / 1_000_000)
    }

    /// Milliseconds from `now` to `deadline`, for `time_left_ms`.
    func millisecondsLeft(now: UInt64) -> Int? {
        deadline.map { $0 > now ? Int(($0 - now) / 1_000_000) : 0 }
    }
}
