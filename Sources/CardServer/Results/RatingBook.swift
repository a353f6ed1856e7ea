import Ratings
import Wire

/// Every account's Glicko-2 rating for each game it has played rated, with its last changes.
///
/// Each rated game is its own rating period for its players (instant updates, as lichess
/// does), so the book holds values only: the rating after the account's last rated game of
/// that game, when that was, how many there were and the latest changes. The time since is
/// the caller's to pass (``current(account:game:nowMs:)``): the book has no clock.
///
/// A rated game's result record carries each player's rating after it, so a start rebuilds
/// the book by setting, record by record, what the record says (``record(_:)``): O(1) a
/// record, and the figures are the ones the players were told, bit for bit.
struct RatingBook {
    /// One account's standing in one game.
    struct Entry: Equatable {
        /// The rating after the last rated game, before any idle growth.
        var rating: Rating
        /// When the last rated game ended (ms since 1970).
        var lastRatedMs: Int64
        /// Rated games played.
        var games: Int
        /// The latest changes, oldest first, at most ``RatingBook/historyLimit``.
        var history: [RatingPoint]
    }

    /// A rating after one game, for `stats`' history: 16 bytes, as a start holds up to 30 of
    /// them for each account and game (figures shown to one decimal need no more than `Float`).
    struct RatingPoint: Equatable {
        /// When the game ended, in seconds since 1970 (`stats` shows milliseconds).
        let endedSeconds: UInt32
        let rating: Float
        let deviation: Float
        let diff: Float

        init(endedMs: Int64, rating: Double, deviation: Double, diff: Double) {
            endedSeconds = UInt32(clamping: endedMs / 1_000)
            self.rating = Float(rating)
            self.deviation = Float(deviation)
            self.diff = Float(diff)
        }

        var endedMs: Int64 { Int64(endedSeconds) * 1_000 }
    }

    /// One player's change in one rated game, as the result record keeps it: the rating the
    /// game began with, and the whole rating after it.
    struct Change: Equatable {
        let name: String
        let account: String
        let before: Double
        let after: Rating

        /// A change whose ratings are on the record's grid (``RatingBook/onGrid(_:)``): what a
        /// start reads back is then this, bit for bit.
        init(name: String, account: String, before: Double, after: Rating) {
            self.name = name
            self.account = account
            self.before = RatingBook.onGrid(before, RatingBook.ratingUnits)
            self.after = Rating(
                rating: RatingBook.onGrid(after.rating, RatingBook.ratingUnits),
                deviation: RatingBook.onGrid(after.deviation, RatingBook.ratingUnits),
                volatility: RatingBook.onGrid(after.volatility, RatingBook.volatilityUnits))
        }
    }

    /// The record keeps ratings and deviations in ten-thousandths and volatilities in
    /// billionths, as integers: a start reads a million records' whole numbers far faster than
    /// their decimals, and no player can tell a rating 0.00005 away.
    static let ratingUnits = 10_000.0
    static let volatilityUnits = 1_000_000_000.0

    /// `value` rounded to a multiple of `1 / units`, as the record keeps it.
    static func onGrid(_ value: Double, _ units: Double) -> Double {
        Double(Int((value * units).rounded())) / units
    }

    /// How many changes `stats` shows per game.
    static let historyLimit = 30
    /// Milliseconds in the day that idle growth counts in.
    static let dayMs = 86_400_000.0

    /// How long after an account's last rated game of a game it stays on that game's board.
    static let boardMemoryMs: Int64 = 30 * 86_400_000
    /// The deviation under which a rating is established (and listed on the board).
    static let establishedDeviation = 110.0

    private var entries: [String: [String: Entry]] = [:]
    /// Each game's rating board: established accounts by rating, and the same by when they
    /// last played rated, so that those idle for ``boardMemoryMs`` leave it oldest first.
    private var boards: [String: Board] = [:]
    /// Whether ``boards`` follow every change. Not while a start reads the journal: one sort
    /// of each board when it is first asked for (``rankBoards()``) is far cheaper than two tree
    /// updates a change, a million times over (11% of a start's time, measured with perf).
    private var keepsBoards: Bool

    /// An empty book; `keepingBoards: false` for one a start fills from the journal.
    init(keepingBoards: Bool = true) {
        keepsBoards = keepingBoards
    }

    /// One game's board, kept as results come: O(log n) a change, O(log n + k) the first k.
    struct Board {
        /// Best first: the higher rating, then the account's key.
        struct Rank: Comparable {
            let rating: Double
            let account: String
            static func < (a: Rank, b: Rank) -> Bool {
                a.rating != b.rating ? a.rating > b.rating : a.account < b.account
            }
        }

        /// Least recently rated first.
        struct Freshness: Comparable {
            let ms: Int64
            let account: String
            static func < (a: Freshness, b: Freshness) -> Bool {
                a.ms != b.ms ? a.ms < b.ms : a.account < b.account
            }
        }

        var ranked = RankedSet<Rank>()
        var byTime = RankedSet<Freshness>()
    }

    /// The account's entry for `game`; nil before its first rated game of it.
    func entry(account: String, game: String) -> Entry? {
        entries[account]?[game]
    }

    /// The account's rating in `game` now: its last, with the deviation grown for the days
    /// since (``deviationAfterIdle(_:days:settings:)``); ``Rating/initial`` before any game.
    func current(account: String, game: String, nowMs: Int64) -> Rating {
        guard let entry = entry(account: account, game: game) else { return .initial }
        var rating = entry.rating
        rating.deviation = deviationAfterIdle(entry.rating, days: Self.days(from: entry.lastRatedMs, to: nowMs))
        return rating
    }

    /// Days from `start` to `end`, never negative (a clock set back counts no idle time).
    static func days(from start: Int64, to end: Int64) -> Double {
        max(0, Double(end - start) / dayMs)
    }

    /// The rating as a name is shown beside: one decimal, provisional while RD ≥ 110.
    func shown(account: String, game: String, nowMs: Int64) -> ShownRating {
        let rating = current(account: account, game: game, nowMs: nowMs)
        return ShownRating(rating: roundedToTenth(rating.rating), provisional: rating.isProvisional())
    }

    /// Sets each player's rating to the one after the game: at its end, and again for every
    /// rated record read at a start.
    mutating func record(_ changes: [Change], game: String, endedMs: Int64) {
        for change in changes {
            var old: Entry?
            // Changed where it is kept (one look-up each way, and the history appended to
            // without a copy of it), with what the board must forget kept aside.
            func update(_ entry: inout Entry) {
                if entry.games > 0, keepsBoards { old = Entry(rating: entry.rating, lastRatedMs: entry.lastRatedMs, games: 0, history: []) }
                entry.rating = change.after
                entry.lastRatedMs = endedMs
                entry.games += 1
                if entry.history.count == Self.historyLimit { entry.history.removeFirst() }
                entry.history.append(RatingPoint(
                    endedMs: endedMs, rating: change.after.rating, deviation: change.after.deviation, diff: change.after.rating - change.before))
            }
            update(&entries[change.account, default: [:]][game, default: Entry(rating: .initial, lastRatedMs: endedMs, games: 0, history: [])])
            guard keepsBoards else { continue }
            if let old { boards[game]?.remove(account: change.account, entry: old) }
            if change.after.deviation < Self.establishedDeviation {
                boards[game, default: Board()].ranked.insert(Board.Rank(rating: change.after.rating, account: change.account))
                boards[game, default: Board()].byTime.insert(Board.Freshness(ms: endedMs, account: change.account))
            }
        }
    }

    /// The best `size` established accounts of `game` who played it rated within
    /// ``boardMemoryMs`` of `nowMs`, best first, each with its entry. Those idle longer leave
    /// the board first (oldest first: O(log n) each, once), so the cost is O(log n + size).
    mutating func board(game: String, size: Int, nowMs: Int64) -> [(account: String, entry: Entry)] {
        rankBoards()
        guard var board = boards[game] else { return [] }
        boards[game] = nil
        while let stale = board.byTime.prefix(1).first, stale.ms < nowMs - Self.boardMemoryMs {
            if let entry = entries[stale.account]?[game] { board.remove(account: stale.account, entry: entry) } else { board.byTime.remove(stale) }
        }
        boards[game] = board
        return board.ranked.prefix(size).compactMap { rank in entries[rank.account]?[game].map { (rank.account, $0) } }
    }

    /// The changes a finished game makes: each player of `players` (name, account, score, in
    /// seat order) rated against the others, those in `leavers` losing to those who stayed.
    func changes(game: String, players: [(name: String, account: String, score: Int)], leavers: Set<Int>, endedMs: Int64) -> [Change] {
        let before = players.map { player in entry(account: player.account, game: game) }
        let rated = players.enumerated().map { index, player in
            GamePlayer(
                id: player.account, rating: before[index]?.rating ?? .initial, score: player.score,
                daysIdle: before[index].map { Self.days(from: $0.lastRatedMs, to: endedMs) } ?? 0)
        }
        let updates = ratingsAfterGame(rated, leavers: leavers)
        return players.indices.map { index in
            Change(name: players[index].name, account: players[index].account, before: rated[index].rating.rating, after: updates[index].rating)
        }
    }
}

extension RatingBook {
    /// Builds every board from the entries, once, after a start read them; from then on the
    /// boards follow each change. A no-op when they do already.
    mutating func rankBoards() {
        guard !keepsBoards else { return }
        keepsBoards = true
        var ranks: [String: [Board.Rank]] = [:]
        var times: [String: [Board.Freshness]] = [:]
        for (account, games) in entries {
            for (game, entry) in games where entry.rating.deviation < Self.establishedDeviation {
                ranks[game, default: []].append(Board.Rank(rating: entry.rating.rating, account: account))
                times[game, default: []].append(Board.Freshness(ms: entry.lastRatedMs, account: account))
            }
        }
        boards = [:]
        for (game, ranked) in ranks {
            boards[game] = Board(ranked: RankedSet(sorted: ranked.sorted()), byTime: RankedSet(sorted: (times[game] ?? []).sorted()))
        }
    }
}

extension RatingBook.Board {
    /// Takes an account off the board, as its entry placed it (absent ones are no-ops).
    mutating func remove(account: String, entry: RatingBook.Entry) {
        ranked.remove(Rank(rating: entry.rating.rating, account: account))
        byTime.remove(Freshness(ms: entry.lastRatedMs, account: account))
    }
}

extension RatingBook.Change {
    /// `{"account":"ann","before_e4":15000000,"rating_e4":16623109,"deviation_e4":2903190,"volatility_e9":59999675}`:
    /// the rating the game began with, and the rating, deviation and volatility after it, as
    /// whole numbers of ten-thousandths (billionths for the volatility). What a start sets the
    /// account's rating to.
    var json: JSONValue {
        .object(JSONObject([
            ("account", .string(account)),
            ("before_e4", .int(Self.whole(before, RatingBook.ratingUnits))),
            ("rating_e4", .int(Self.whole(after.rating, RatingBook.ratingUnits))),
            ("deviation_e4", .int(Self.whole(after.deviation, RatingBook.ratingUnits))),
            ("volatility_e9", .int(Self.whole(after.volatility, RatingBook.volatilityUnits))),
        ]))
    }

    private static func whole(_ value: Double, _ units: Double) -> Int {
        Int((value * units).rounded())
    }

    /// Reads a change back from a record's `ratings` entry, its whole numbers as ``json``
    /// writes them; nil when the deviation is negative or the volatility not positive.
    init?(account: String, name: String, beforeE4: Int, ratingE4: Int, deviationE4: Int, volatilityE9: Int) {
        guard deviationE4 >= 0, volatilityE9 > 0 else { return nil }
        let units = RatingBook.ratingUnits
        self.init(
            name: name, account: account, before: Double(beforeE4) / units,
            after: Rating(
                rating: Double(ratingE4) / units, deviation: Double(deviationE4) / units,
                volatility: Double(volatilityE9) / RatingBook.volatilityUnits))
    }

    /// The change as `game_over` shows it.
    var shown: RatingChange {
        RatingChange(
            name: name, before: roundedToTenth(before), after: roundedToTenth(after.rating),
            diff: roundedToTenth(after.rating - before), deviation: roundedToTenth(after.deviation),
            provisional: after.isProvisional())
    }
}
