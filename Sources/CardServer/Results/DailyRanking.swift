import Wire

/// How a day's results of a daily deal rank: finished games first, then by the game's own
/// measure, then by name (so equal results list the same way every time).
///
/// - Klondike: fewer moves, then less time.
/// - Set: less time to clear the deck, then the higher score.
enum DailyRanking {
    static func sorted(_ entries: [DailyLeaderboard.Entry], game: String) -> [DailyLeaderboard.Entry] {
        entries.sorted { a, b in
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
    }

    private static func figure(_ name: String, _ entry: DailyLeaderboard.Entry) -> Int {
        entry.figures.first { $0.name == name }?.score ?? Int.max
    }
}
