// Results: `game_over` when a game ends, and what the results journal answers: a player's
// `stats`, a game's `leaderboard`, and a daily deal's ranking (`daily_leaderboard`).

/// A name with its points, kept in a fixed order so the JSON text is exact.
public struct NamedScore: Equatable, Sendable {
    /// Whose points, or which figure.
    public let name: String
    /// The points, or the figure's value.
    public let score: Int
    /// Creates a score entry.
    public init(name: String, score: Int) {
        self.name = name
        self.score = score
    }
}

/// The `game_over` message.
public struct GameOver: Equatable, Sendable {
    /// The room's code.
    public let room: String
    /// Everyone with the best result; several on a tie, none when nobody won.
    public let winners: [String]
    /// Each player's points, in seat order.
    public let scores: [NamedScore]
    /// set, solo: hints used in the game; nil for other games.
    public let hintsUsed: Int?
    /// The seed the game was dealt from (at most 2^53 − 1), revealed now that the
    /// game is over so its deal can be replayed in a one-seat room; nil leaves it out.
    public let seed: Int?
    /// A one-seat game's figures (time taken, what was done); nil for other games.
    public let summary: SoloSummary?
    /// The game's id, which `replay` takes; nil from a server that keeps no replays.
    public let gameID: String?
    /// A rated game's rating changes, one per player in seat order; nil for a casual game.
    public let ratings: [RatingChange]?
    /// Creates a `game_over` message.
    public init(
        room: String, winners: [String], scores: [NamedScore], hintsUsed: Int? = nil, seed: Int? = nil, summary: SoloSummary? = nil,
        gameID: String? = nil, ratings: [RatingChange]? = nil
    ) {
        self.gameID = gameID
        self.ratings = ratings
        self.room = room
        self.winners = winners
        self.scores = scores
        self.hintsUsed = hintsUsed
        self.seed = seed
        self.summary = summary
    }
}

/// One player's rating change in a rated game's `game_over` (`ratings`, keyed by name): the
/// rating before and after, their difference, the deviation after, and whether the rating is
/// still provisional. Every number has one decimal (Glicko-2's values rounded for showing).
public struct RatingChange: Equatable, Sendable {
    /// Whose rating.
    public let name: String
    /// The rating the game began with.
    public let before: Double
    /// The rating after it.
    public let after: Double
    /// `after − before`, rounded on its own (the exact change, not the two rounded figures').
    public let diff: Double
    /// The rating deviation after the game.
    public let deviation: Double
    /// Whether the deviation is still 110 or more.
    public let provisional: Bool
    /// Creates a rating change.
    public init(name: String, before: Double, after: Double, diff: Double, deviation: Double, provisional: Bool) {
        self.name = name
        self.before = before
        self.after = after
        self.diff = diff
        self.deviation = deviation
        self.provisional = provisional
    }
}

/// What a one-seat game's `game_over` tells of it: the time it took and what was done, as
/// named whole numbers in a fixed order (`sets_found`, `wrong_claims`, `hints`; `moves`, `undos`;
/// `accuracy_percent`, `mean_reaction_ms`).
public struct SoloSummary: Equatable, Sendable {
    /// From the deal to the end, in milliseconds.
    public let timeMs: Int
    /// The game's own figures, in order.
    public let figures: [NamedScore]

    /// Creates a summary.
    public init(timeMs: Int, figures: [NamedScore]) {
        self.timeMs = timeMs
        self.figures = figures
    }

    /// The figure of this name, if the game reports it.
    public func figure(_ name: String) -> Int? {
        figures.first { $0.name == name }?.score
    }
}

/// What the results journal knows of one player.
public struct PlayerStats: Equatable, Sendable {
    /// One game's figures for one player.
    public struct Line: Equatable, Sendable {
        /// The game (in `stats`) or the player (in `leaderboard`).
        public let key: String
        /// Games played.
        public let games: Int
        /// Games won.
        public let wins: Int
        /// Points scored, over all those games.
        public let points: Int
        /// Klondike: the fewest moves of a one-seat game won; nil before the first such win.
        public let fewestMoves: Int?
        /// Klondike: the shortest time of a one-seat game won, in milliseconds; nil before the first such win.
        public let bestTimeMs: Int?
        /// In a `leaderboard`: the player is a registered account's (a guest's line has neither mark).
        public var account = false
        /// In a `leaderboard`: the account is a bot's.
        public var bot = false
        /// Creates a line.
        public init(key: String, games: Int, wins: Int, points: Int, fewestMoves: Int? = nil, bestTimeMs: Int? = nil) {
            self.key = key
            self.games = games
            self.wins = wins
            self.points = points
            self.fewestMoves = fewestMoves
            self.bestTimeMs = bestTimeMs
        }
    }

    /// The player's name.
    public let name: String
    /// Games played, of every game.
    public let games: Int
    /// Games won, of every game.
    public let wins: Int
    /// Per game, in the order of `hello.games`.
    public let byGame: [Line]
    /// The player's latest games with an id (newest first, at most ``PlayerStats/recentLimit``), for `replay`.
    public let recent: [RecentGame]
    /// The name is a registered account's: its records are that account's (a guest's are
    /// everyone's who played under the name).
    public var account = false
    /// The account is a bot's.
    public var bot = false
    /// An account's Glicko-2 rating in each game it has played rated, in `hello.games` order
    /// (`ratings`, written when there is one).
    public var ratings: [GameRating] = []
    /// Creates a player's record.
    public init(name: String, games: Int, wins: Int, byGame: [Line], recent: [RecentGame] = []) {
        self.name = name
        self.games = games
        self.wins = wins
        self.byGame = byGame
        self.recent = recent
    }

    /// How many recent games `stats` lists.
    public static let recentLimit = 10

    /// One game's rating in `stats.ratings`: the rating now (its deviation grown for the days
    /// since the last rated game), rated games played, and the latest changes, oldest first.
    public struct GameRating: Equatable, Sendable {
        /// The game's wire name.
        public let game: String
        /// The rating, to one decimal.
        public let rating: Double
        /// The deviation now, to one decimal.
        public let deviation: Double
        /// Whether the deviation is 110 or more.
        public let provisional: Bool
        /// Rated games played.
        public let games: Int
        /// The rating after each of the latest rated games (at most 30), oldest first.
        public let history: [Point]

        /// A rating after one game.
        public struct Point: Equatable, Sendable {
            /// When the game ended, in milliseconds since 1970.
            public let endedMs: Int
            /// The rating after it, to one decimal.
            public let rating: Double
            /// The deviation after it, to one decimal.
            public let deviation: Double
            /// The change it made, to one decimal.
            public let diff: Double
            /// Creates a point.
            public init(endedMs: Int, rating: Double, deviation: Double, diff: Double) {
                self.endedMs = endedMs
                self.rating = rating
                self.deviation = deviation
                self.diff = diff
            }
        }

        /// Creates a game's rating.
        public init(game: String, rating: Double, deviation: Double, provisional: Bool, games: Int, history: [Point]) {
            self.game = game
            self.rating = rating
            self.deviation = deviation
            self.provisional = provisional
            self.games = games
            self.history = history
        }
    }

    /// A finished game in `stats.recent`.
    public struct RecentGame: Equatable, Sendable {
        /// What `replay` takes.
        public let gameID: String
        /// The game's wire name.
        public let game: String
        /// Whether the player was among its winners.
        public let won: Bool
        /// Every player's points, in seat order (the others are the opponents); empty from a
        /// server that does not send them.
        public let scores: [NamedScore]
        /// The game's winners (none when it was left unfinished).
        public let winners: [String]
        /// When the game ended, in milliseconds since 1970; nil when not known.
        public let endedMs: Int?
        /// How long the game lasted, from its start to its end; nil when not known.
        public let timeMs: Int?
        /// A one-seat game's figures (`moves`, `sets_found`, …), as its `game_over` had them.
        public let summary: SoloSummary?
        /// Creates a recent game.
        public init(
            gameID: String, game: String, won: Bool, scores: [NamedScore] = [], winners: [String] = [], endedMs: Int? = nil,
            timeMs: Int? = nil, summary: SoloSummary? = nil
        ) {
            self.gameID = gameID
            self.game = game
            self.won = won
            self.scores = scores
            self.winners = winners
            self.endedMs = endedMs
            self.timeMs = timeMs
            self.summary = summary
        }
    }
}

/// A game's rating board, the reply to a `leaderboard` with `"rated":true`: the best ten
/// established accounts (deviation under 110) who played the game rated in the last 30 days,
/// best rating first.
public struct RatingLeaderboard: Equatable, Sendable {
    /// One account's line.
    public struct Entry: Equatable, Sendable {
        /// The account's name.
        public let name: String
        /// The rating, to one decimal.
        public let rating: Double
        /// The deviation after the account's last rated game, to one decimal.
        public let deviation: Double
        /// Rated games played.
        public let games: Int
        /// The account is a bot's.
        public let bot: Bool
        /// Creates an entry.
        public init(name: String, rating: Double, deviation: Double, games: Int, bot: Bool = false) {
            self.name = name
            self.rating = rating
            self.deviation = deviation
            self.games = games
            self.bot = bot
        }
    }

    /// The game's wire name.
    public let game: String
    /// Best first.
    public let entries: [Entry]
    /// Creates a board.
    public init(game: String, entries: [Entry]) {
        self.game = game
        self.entries = entries
    }
}

/// Which daily deal a `leaderboard` with `daily` ranks: a game, a UTC day, and the options
/// that shape the deal (each set of options has a deal of its own).
public struct DailyQuery: Equatable, Sendable {
    /// The game's wire name.
    public var game: String
    /// The UTC day, `YYYY-MM-DD`; nil for today.
    public var day: String?
    /// The deal's options as `create` gives them, without `daily`; empty for the defaults.
    public var options: JSONObject

    /// Whether `text` is a day as the journal writes it: `YYYY-MM-DD`, a day of the Gregorian calendar.
    public static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.map(\.count) == [4, 2, 2],
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...daysInMonth).contains(day)
    }

    /// Creates a query.
    public init(game: String, day: String? = nil, options: JSONObject = [:]) {
        self.game = game
        self.day = day
        self.options = options
    }
}

/// The ranking of one daily deal: the game, the UTC day, the deal's name and the results,
/// best first (each player's first game of that deal that day).
public struct DailyLeaderboard: Equatable, Sendable {
    /// One player's result.
    public struct Entry: Equatable, Sendable {
        /// The player's name.
        public let name: String
        /// Whether the game reached its end (a Klondike solved, a Set deck cleared), not abandoned.
        public let finished: Bool
        /// The game's score.
        public let score: Int
        /// From the deal to the end; nil for a game that did not finish.
        public let timeMs: Int?
        /// The game's own figures (moves and undos; Sets found, wrong claims, hints).
        public let figures: [NamedScore]

        /// Creates an entry.
        public init(name: String, finished: Bool, score: Int, timeMs: Int?, figures: [NamedScore]) {
            self.name = name
            self.finished = finished
            self.score = score
            self.timeMs = timeMs
            self.figures = figures
        }
    }

    /// The game's wire name.
    public let game: String
    /// `YYYY-MM-DD`, UTC.
    public let day: String
    /// The deal's name: the game and the options that shape it.
    public let deal: String
    /// The results, best first.
    public let entries: [Entry]
    /// How many players have a result for the day and deal; nil from a server that does not say.
    public let players: Int?
    /// The asker's own result and its rank (1 the best), when they have one.
    public let you: Standing?

    /// A player's place on the day's board.
    public struct Standing: Equatable, Sendable {
        /// 1 for the best.
        public let rank: Int
        public let entry: Entry

        /// Creates a standing.
        public init(rank: Int, entry: Entry) {
            self.rank = rank
            self.entry = entry
        }
    }

    /// Creates a ranking.
    public init(game: String, day: String, deal: String, entries: [Entry], players: Int? = nil, you: Standing? = nil) {
        self.game = game
        self.day = day
        self.deal = deal
        self.entries = entries
        self.players = players
        self.you = you
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a results message after its `type`.
    func writeResultFields(into writer: inout JSONWriter) {
        switch self {
        case .stats(let stats, _): stats.write(into: &writer)
        case .leaderboard(let game, let entries, _):
            writer.field("game", game)
            writer.field("entries", array: entries) { writer, line in
                writer.openObject()
                writer.field("name", line.key)
                writer.field("games", line.games)
                writer.field("wins", line.wins)
                writer.field("points", line.points)
                line.writeBest(into: &writer)
                if line.account { writer.field("account", true) }
                if line.bot { writer.field("bot", true) }
                writer.closeObject()
            }
        case .dailyLeaderboard(let board, _): board.write(into: &writer)
        case .ratingLeaderboard(let board, _):
            writer.field("game", board.game)
            writer.field("entries", array: board.entries) { writer, entry in
                writer.openObject()
                writer.field("name", entry.name)
                writer.field("rating", number: entry.rating)
                writer.field("deviation", number: entry.deviation)
                writer.field("games", entry.games)
                if entry.bot { writer.field("bot", true) }
                writer.closeObject()
            }
        case .gameOver(let over): over.write(into: &writer)
        default: preconditionFailure("not a results message")
        }
    }
}

extension PlayerStats {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("name", name)
        if account { writer.field("account", true) }
        if bot { writer.field("bot", true) }
        writer.field("games", games)
        writer.field("wins", wins)
        writer.field("by_game", object: { writer in
            for line in byGame {
                writer.key(escaping: line.key)
                writer.openObject()
                writer.field("games", line.games)
                writer.field("wins", line.wins)
                writer.field("points", line.points)
                line.writeBest(into: &writer)
                writer.closeObject()
            }
        })
        if !recent.isEmpty {
            writer.field("recent", array: recent) { writer, game in
                writer.openObject()
                writer.field("game_id", game.gameID)
                writer.field("game", game.game)
                writer.field("won", game.won)
                if !game.scores.isEmpty {
                    writer.field("scores", scores: game.scores)
                    writer.field("winners", strings: game.winners)
                }
                if let endedMs = game.endedMs { writer.field("ended_ms", endedMs) }
                if let timeMs = game.timeMs { writer.field("time_ms", timeMs) }
                if let summary = game.summary { writer.summary(summary) }
                writer.closeObject()
            }
        }
        if !ratings.isEmpty {
            writer.field("ratings", object: { writer in
                for rating in ratings {
                    writer.key(escaping: rating.game)
                    writer.openObject()
                    writer.field("rating", number: rating.rating)
                    writer.field("deviation", number: rating.deviation)
                    writer.field("provisional", rating.provisional)
                    writer.field("games", rating.games)
                    writer.field("history", array: rating.history) { writer, point in
                        writer.openObject()
                        writer.field("ended_ms", point.endedMs)
                        writer.field("rating", number: point.rating)
                        writer.field("deviation", number: point.deviation)
                        writer.field("diff", number: point.diff)
                        writer.closeObject()
                    }
                    writer.closeObject()
                }
            })
        }
    }
}

extension PlayerStats.Line {
    /// `fewest_moves` and `best_time_ms`, when the player has a one-seat Klondike win.
    fileprivate func writeBest(into writer: inout JSONWriter) {
        if let fewestMoves { writer.field("fewest_moves", fewestMoves) }
        if let bestTimeMs { writer.field("best_time_ms", bestTimeMs) }
    }
}

extension DailyLeaderboard {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("game", game)
        writer.field("day", day)
        writer.field("deal", deal)
        writer.field("entries", array: entries) { writer, entry in
            writer.openObject()
            Self.write(entry, into: &writer)
            writer.closeObject()
        }
        if let players { writer.field("players", players) }
        if let you {
            writer.field("you", object: { writer in
                writer.field("rank", you.rank)
                Self.write(you.entry, into: &writer)
            })
        }
    }

    private static func write(_ entry: Entry, into writer: inout JSONWriter) {
        writer.field("name", entry.name)
        writer.field("finished", entry.finished)
        writer.field("score", entry.score)
        if let timeMs = entry.timeMs { writer.field("time_ms", timeMs) }
        writer.figures(entry.figures)
    }
}

extension GameOver {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("room", room)
        if let gameID { writer.field("game_id", gameID) }
        writer.field("winners", strings: winners)
        writer.field("scores", scores: scores)
        if let hintsUsed { writer.field("hints_used", hintsUsed) }
        if let seed { writer.field("seed", seed) }
        if let summary { writer.summary(summary) }
        if let ratings {
            writer.field("ratings", object: { writer in
                for change in ratings {
                    writer.key(escaping: change.name)
                    writer.openObject()
                    writer.field("before", number: change.before)
                    writer.field("after", number: change.after)
                    writer.field("diff", number: change.diff)
                    writer.field("deviation", number: change.deviation)
                    writer.field("provisional", change.provisional)
                    writer.closeObject()
                }
            })
        }
    }
}

extension JSONWriter {
    /// Writes `"summary":{"time_ms":…,…figures}`.
    fileprivate mutating func summary(_ summary: SoloSummary) {
        field("summary", object: { writer in
            writer.field("time_ms", summary.timeMs)
            writer.figures(summary.figures)
        })
    }

    /// Writes a game's figures as fields of the open object, in order.
    fileprivate mutating func figures(_ figures: [NamedScore]) {
        for figure in figures {
            key(escaping: figure.name)
            int(figure.score)
        }
    }
}

extension DailyQuery {
    /// Writes `game`, `daily` (true for today) and the deal's options, if any.
    func write(into writer: inout JSONWriter) {
        writer.field("game", game)
        if let day { writer.field("daily", day) } else { writer.field("daily", true) }
        if !options.isEmpty {
            writer.key("options")
            writer.value(.object(options))
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let resultReaders: [(String, MessageReader)] = [
        ("stats", { fields throws(ServerDecodeFailure) in .stats(try PlayerStats(fields), id: try fields.id()) }),
        ("leaderboard", { fields throws(ServerDecodeFailure) in
            .leaderboard(
                game: try fields.string("game"),
                entries: try fields.objects("entries").map { entry throws(ServerDecodeFailure) in
                    var line = PlayerStats.Line(
                        key: try entry.string("name"), games: try entry.int("games"), wins: try entry.int("wins"),
                        points: try entry.int("points"), fewestMoves: try entry.optionalInt("fewest_moves"),
                        bestTimeMs: try entry.optionalInt("best_time_ms"))
                    line.account = try entry.optionalBool("account") ?? false
                    line.bot = try entry.optionalBool("bot") ?? false
                    return line
                },
                id: try fields.id())
        }),
        ("daily_leaderboard", { fields throws(ServerDecodeFailure) in .dailyLeaderboard(try DailyLeaderboard(fields), id: try fields.id()) }),
        ("rating_leaderboard", { fields throws(ServerDecodeFailure) in
            .ratingLeaderboard(
                RatingLeaderboard(
                    game: try fields.string("game"),
                    entries: try fields.objects("entries").map { entry throws(ServerDecodeFailure) in
                        RatingLeaderboard.Entry(
                            name: try entry.string("name"), rating: try entry.number("rating"), deviation: try entry.number("deviation"),
                            games: try entry.int("games"), bot: try entry.optionalBool("bot") ?? false)
                    }),
                id: try fields.id())
        }),
        ("game_over", { fields throws(ServerDecodeFailure) in .gameOver(try GameOver(fields)) }),
    ]
}

extension PlayerStats {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        var byGame: [Line] = []
        for (game, value) in try fields.object("by_game").object.pairs {
            let line = try fields.nested(value, "by_game.\(game)")
            byGame.append(Line(
                key: game, games: try line.int("games"), wins: try line.int("wins"), points: try line.int("points"),
                fewestMoves: try line.optionalInt("fewest_moves"), bestTimeMs: try line.optionalInt("best_time_ms")))
        }
        let recent = try (fields.optionalArray("recent") ?? []).enumerated().map { index, value throws(ServerDecodeFailure) in
            let game = try fields.nested(value, "recent[\(index)]")
            return RecentGame(
                gameID: try game.string("game_id"), game: try game.string("game"), won: try game.bool("won"),
                scores: try game.optionalScores("scores") ?? [], winners: game.has("winners") ? try game.strings("winners") : [],
                endedMs: try game.optionalInt("ended_ms"), timeMs: try game.optionalInt("time_ms"),
                summary: try game.optionalObject("summary").map { summary throws(ServerDecodeFailure) in
                    SoloSummary(timeMs: try summary.int("time_ms"), figures: summary.intFields(except: ["time_ms"]))
                })
        }
        self.init(name: try fields.string("name"), games: try fields.int("games"), wins: try fields.int("wins"), byGame: byGame, recent: recent)
        account = try fields.optionalBool("account") ?? false
        bot = try fields.optionalBool("bot") ?? false
        for (game, value) in try fields.optionalObject("ratings")?.object.pairs ?? [] {
            let rating = try fields.nested(value, "ratings.\(game)")
            let history = try rating.objects("history").map { point throws(ServerDecodeFailure) in
                GameRating.Point(
                    endedMs: try point.int("ended_ms"), rating: try point.number("rating"), deviation: try point.number("deviation"),
                    diff: try point.number("diff"))
            }
            ratings.append(GameRating(
                game: game, rating: try rating.number("rating"), deviation: try rating.number("deviation"),
                provisional: try rating.bool("provisional"), games: try rating.int("games"), history: history))
        }
    }
}

extension DailyLeaderboard {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            game: try fields.string("game"), day: try fields.string("day"), deal: try fields.string("deal"),
            entries: try fields.objects("entries").map { entry throws(ServerDecodeFailure) in try Self.entry(entry) },
            players: try fields.optionalInt("players"),
            you: try fields.optionalObject("you").map { you throws(ServerDecodeFailure) in
                Standing(rank: try you.int("rank"), entry: try Self.entry(you))
            })
    }

    private static func entry(_ entry: ServerFields) throws(ServerDecodeFailure) -> Entry {
        Entry(
            name: try entry.string("name"), finished: try entry.bool("finished"), score: try entry.int("score"),
            timeMs: try entry.optionalInt("time_ms"), figures: entry.intFields(except: ["name", "finished", "score", "time_ms", "rank"]))
    }
}

extension GameOver {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            room: try fields.string("room"), winners: try fields.strings("winners"), scores: try fields.scores("scores"),
            hintsUsed: try fields.optionalInt("hints_used"), seed: try fields.optionalInt("seed"),
            summary: try fields.optionalObject("summary").map { summary throws(ServerDecodeFailure) in
                SoloSummary(timeMs: try summary.int("time_ms"), figures: summary.intFields(except: ["time_ms"]))
            },
            gameID: try fields.optionalString("game_id"),
            ratings: try fields.optionalObject("ratings").map { ratings throws(ServerDecodeFailure) in
                try ratings.object.pairs.map { pair throws(ServerDecodeFailure) in
                    let change = try ratings.object(pair.key)
                    return RatingChange(
                        name: pair.key, before: try change.number("before"), after: try change.number("after"), diff: try change.number("diff"),
                        deviation: try change.number("deviation"), provisional: try change.bool("provisional"))
                }
            })
    }
}

extension FieldReader {
    /// `{"ann":3,"bob":1}`: names with points, in the order written.
    func scores(_ key: String) throws(Failure) -> [NamedScore] {
        guard let scores = try optionalScores(key) else { throw missing(key, "an object") }
        return scores
    }

    /// ``scores(_:)``, or nil when the field is absent.
    func optionalScores(_ key: String) throws(Failure) -> [NamedScore]? {
        try optionalObject(key)?.object.pairs.map { pair throws(Failure) in
            guard let score = context.integer(pair.value) else { throw failure("field '\(key).\(pair.key)' must be an integer") }
            return NamedScore(name: pair.key, score: score)
        }
    }

    /// The integer fields other than `known`, in the order written (a summary's or a daily
    /// entry's figures); fields of other kinds are a newer server's and are skipped.
    func intFields(except known: Set<String>) -> [NamedScore] {
        object.pairs.compactMap { pair in
            known.contains(pair.key) ? nil : context.integer(pair.value).map { NamedScore(name: pair.key, score: $0) }
        }
    }
}

extension ClientCommand {
    /// A leaderboard, or with `daily` (true for today, or a UTC day) the ranking of a daily deal.
    static func readLeaderboard(_ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        let game = try fields.string("game")
        switch fields.object["rated"] {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?:
            guard fields.object["daily"] == nil, fields.object["options"] == nil else {
                throw fields.failure("a rating board ranks every rated game of the game: give \"rated\" without \"daily\" or \"options\"")
            }
            return .ratingLeaderboard(game: game)
        case let other?:
            throw fields.failure("field 'rated' must be true or false, not \(other.kindName)")
        }
        let day: String?
        switch fields.object["daily"] {
        case nil, .null?, .bool(false)?:
            guard fields.object["options"] == nil else { throw fields.failure("field 'options' names a daily deal's options; give it with \"daily\"") }
            return .leaderboard(game: game)
        case .bool(true)?: day = nil
        case .string(let text)?:
            guard DailyQuery.isDay(text) else {
                throw fields.failure("field 'daily' must be true (today) or a UTC day like \"2026-11-24\", not \"\(text.prefix(40))\"")
            }
            day = text
        case let other?:
            throw fields.failure("field 'daily' must be true (today) or a UTC day like \"2026-11-24\", not \(other.kindName)")
        }
        return .dailyLeaderboard(DailyQuery(game: game, day: day, options: try fields.optionalJSONObject("options") ?? JSONObject()))
    }
}
