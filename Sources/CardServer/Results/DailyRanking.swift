import Wire

/// How a day's results of a daily deal rank: finished games first, then by the game's own
/// measure, then by name (so equal results list the same way every time).
///
/// - Klondike: fewer moves, then less time.
/// - Set: less time to clear the deck, then the higher score.
enum DailyRanking {
    /// Whether `a` ranks above `b`.
    static func precedes(_ a: DailyLeaderboard.Entry, _ b: DailyLeaderboard.Entry, game: String) -> Bool {
        if a.finished != b.finished { return a.finished }
        let (timeA, timeB) = (a.timeMs ?? Int.max, b.timeMs ?? Int.max)
        switch game {
        case "klondike":
            let (movesA, movesB) = (figure("moves", a), figure("moves", b))
            if movesA != movesB { return movesA < movesB }
            if timeA != timeB { return timeA < timeB }
        default:
            if timeA != timeB { return timeA < timeB }
            if a.score != b.score { return a.score > b.score }
        }
        return a.name < b.name
    }

    private static func figure(_ name: String, _ entry: DailyLeaderboard.Entry) -> Int {
        entry.figures.first { $0.name == name }?.score ?? Int.max
    }
}

/// One daily deal's results, kept in rank order as they come, each player's first game only
/// (a replay knows the deal). A result costs O(log n) and a reply O(log n + size): nothing
/// is sorted or moved along per request or per result.
struct DailyBoard {
    /// An entry ranked by ``DailyRanking`` for its game.
    private struct Ranked: Comparable {
        let entry: DailyLeaderboard.Entry
        let game: String

        static func < (a: Ranked, b: Ranked) -> Bool {
            DailyRanking.precedes(a.entry, b.entry, game: a.game)
        }
    }

    private var ranking = RankedSet<Ranked>()
    /// Each player's result, by name: a player's rank is found from it in O(log n).
    private var byName: [String: Ranked] = [:]

    /// How many players have a result.
    var count: Int { ranking.count }

    /// Adds a player's result unless they already have one; it goes where it ranks.
    mutating func add(_ entry: DailyLeaderboard.Entry, game: String) {
        guard byName[entry.name] == nil else { return }
        let ranked = Ranked(entry: entry, game: game)
        byName[entry.name] = ranked
        ranking.insert(ranked)
    }

    /// The best `size` results, best first.
    func top(_ size: Int) -> [DailyLeaderboard.Entry] {
        ranking.prefix(size).map(\.entry)
    }

    /// `name`'s result and rank (1 the best); nil when they have none. O(log n).
    func standing(of name: String) -> DailyLeaderboard.Standing? {
        guard let ranked = byName[name], let rank = ranking.rank(of: ranked) else { return nil }
        return DailyLeaderboard.Standing(rank: rank, entry: ranked.entry)
    }
}
