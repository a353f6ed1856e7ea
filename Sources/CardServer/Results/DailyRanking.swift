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
/// (a replay knows the deal). A reply reads the first few; nothing is sorted per request.
struct DailyBoard {
    /// Best first.
    private(set) var entries: [DailyLeaderboard.Entry] = []
    private var names: Set<String> = []

    /// Adds a player's result unless they already have one; it goes where it ranks.
    mutating func add(_ entry: DailyLeaderboard.Entry, game: String) {
        guard names.insert(entry.name).inserted else { return }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if DailyRanking.precedes(entries[middle], entry, game: game) { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
    }
}
