import Glibc
import Wire

/// The records screen: your games, wins and points per game, your recent games (Enter replays
/// one), then each game's best players.
public enum RecordsView {
    /// The lines of the screen's body.
    static func lines(_ records: Records, me: String?, width: Int) -> [StyledLine] {
        var lines = [StyledLine("  Your record", Palette.heading)]
        if let stats = records.stats {
            lines.append(StyledLine("    \(games(stats.games)), \(stats.wins) won", Palette.strong))
            for line in stats.byGame where line.games > 0 {
                lines.append((StyledLine("    " + GameViews.title(of: line.key)).clipped(to: 26).padded(to: 26)
                    + StyledLine("\(games(line.games)) · \(line.wins) won · " + figures(line), Palette.quiet)).clippedAtWord(to: width))
            }
            lines += ratingLines(stats.ratings, width: width)
            lines += recentLines(stats.recent, chosen: records.chosenRecent, me: me, width: width)
        } else {
            lines.append(StyledLine("    asking the server…", Palette.quiet))
        }
        lines.append(StyledLine())
        lines.append(StyledLine("  Best players", Palette.heading))
        for game in records.games {
            guard let board = records.boards[game] else { continue }
            var line = StyledLine("    " + GameViews.title(of: game)).clipped(to: 26).padded(to: 26)
            if board.isEmpty {
                line.append("no games yet", Palette.quiet)
            } else {
                let top = board.prefix(3).enumerated().map { rank, entry in
                    "\(rank + 1). \(entry.key) " + best(entry)
                }
                line.append(top.joined(separator: "  "), board.first?.key == me ? Palette.strong : .plain)
            }
            lines.append(line.clippedAtWord(to: width))
        }
        let ratingBoards = records.games.compactMap { records.ratingBoards[$0] }.filter { !$0.entries.isEmpty }
        if !ratingBoards.isEmpty {
            lines.append(StyledLine())
            lines.append(StyledLine("  Best rated (last 30 days)", Palette.heading))
            for board in ratingBoards {
                var line = StyledLine("    " + GameViews.title(of: board.game)).clipped(to: 26).padded(to: 26)
                let top = board.entries.prefix(3).enumerated().map { rank, entry in
                    "\(rank + 1). \(entry.name)\(entry.bot ? " (bot)" : "") \(RatingText.rating(entry.rating, provisional: false))"
                }
                line.append(top.joined(separator: "  "), board.entries.first?.name == me ? Palette.strong : .plain)
                lines.append(line.clippedAtWord(to: width))
            }
        }
        let dailies = records.games.compactMap { records.dailies[$0] }
        if !dailies.isEmpty {
            lines.append(StyledLine())
            lines.append(StyledLine("  Today's daily deals (\(dailies[0].day), UTC)", Palette.heading))
            for board in dailies {
                var line = StyledLine("    " + GameViews.title(of: board.game)).clipped(to: 26).padded(to: 26)
                if board.entries.isEmpty {
                    line.append("nobody yet: play it with the new-game form's daily", Palette.quiet)
                } else {
                    let top = board.entries.prefix(3).enumerated().map { rank, entry in "\(rank + 1). \(entry.name) \(describe(entry))" }
                    line.append(top.joined(separator: "  "), board.entries.first?.name == me ? Palette.strong : .plain)
                }
                lines.append(line.clippedAtWord(to: width))
            }
        }
        return lines
    }

    /// "  Your ratings", then a line a game: the rating ("1662?" while provisional), rated games,
    /// the last change and the history as a sparkline, oldest first.
    static func ratingLines(_ ratings: [PlayerStats.GameRating], width: Int) -> [StyledLine] {
        guard !ratings.isEmpty else { return [] }
        var lines = [StyledLine(), StyledLine("  Your ratings", Palette.heading)]
        for rating in ratings {
            var line = StyledLine("    " + GameViews.title(of: rating.game)).clipped(to: 26).padded(to: 26)
            line.append(RatingText.rating(rating.rating, provisional: rating.provisional), Palette.strong)
            line.append(" · \(rating.games) rated · ", Palette.quiet)
            if let last = rating.history.last { line.append(RatingText.change(last.diff) + " ", Palette.notice(last.diff >= 0 ? .good : .bad)) }
            line.append(RatingText.sparkline(rating.history.map(\.rating)), Palette.heading)
            lines.append(line.clipped(to: width))
        }
        return lines
    }

    /// "4:05, 112 moves", "2:31, 27 pts", or "unfinished".
    private static func describe(_ entry: DailyLeaderboard.Entry) -> String {
        guard entry.finished, let time = entry.timeMs else { return "unfinished" }
        let clock = Narration.clock(milliseconds: time)
        if let moves = entry.figures.first(where: { $0.name == "moves" })?.score { return "\(clock), \(moves) moves" }
        return "\(clock), \(entry.score) pts"
    }

    /// A game's figures after its games and wins: "27 points"; for Klondike, whose points are
    /// cards home (or a scoring table's), the best one-seat win: "best 112 moves, 4:05", else nothing.
    private static func figures(_ line: PlayerStats.Line) -> String {
        guard line.key == "klondike" else { return "\(line.points) point\(line.points == 1 ? "" : "s")" }
        guard let moves = line.fewestMoves else { return "no solo game solved yet" }
        return "best \(moves) moves" + (line.bestTimeMs.map { ", " + Narration.clock(milliseconds: $0) } ?? "")
    }

    /// A leaderboard entry's figure: "3/4" (wins of games), or Klondike's "112 moves 4:05".
    private static func best(_ entry: PlayerStats.Line) -> String {
        guard let moves = entry.fewestMoves else { return "\(entry.wins)/\(entry.games)" }
        return "\(moves) moves" + (entry.bestTimeMs.map { " " + Narration.clock(milliseconds: $0) } ?? "")
    }

    /// "1 game", "3 games".
    private static func games(_ count: Int) -> String {
        count == 1 ? "1 game" : "\(count) games"
    }

    /// Recent games shown at once; the window follows the choice.
    static let recentRows = 5

    /// "  Recent games · Enter replays one", then a window of them, the chosen one marked.
    private static func recentLines(_ recent: [PlayerStats.RecentGame], chosen: Int, me: String?, width: Int) -> [StyledLine] {
        guard !recent.isEmpty else { return [] }
        var lines = [StyledLine(), StyledLine("  Recent games · ↑↓ choose, Enter replays", Palette.heading)]
        let first = max(0, min(chosen - recentRows / 2, recent.count - recentRows))
        for index in first..<min(recent.count, first + recentRows) {
            let game = recent[index]
            let marker = index == chosen ? "  › " : "    "
            var line = StyledLine(marker + GameViews.title(of: game.game), index == chosen ? Palette.strong : .plain).clipped(to: 26).padded(to: 26)
            line.append(result(of: game, me: me), game.won ? Palette.strong : Palette.quiet)
            var when: [String] = []
            if let ended = game.endedMs { when.append(dateText(milliseconds: ended, utcOffsetSeconds: localOffset(at: ended))) }
            if let length = game.summary?.timeMs ?? game.timeMs { when.append(Narration.clock(milliseconds: length)) }
            // From a server that says no more than the id, the id.
            if game.scores.isEmpty { when.append(game.gameID) }
            if !when.isEmpty { line.append(" · " + when.joined(separator: " · "), Palette.quiet) }
            lines.append(line.clippedAtWord(to: width))
        }
        return lines
    }

    /// What became of a recent game for `me`: "won 2–1 vs bob", "lost with 3 vs bob 9, cy 5", "draw 1–1 vs bob",
    /// "solved in 112 moves", "81 points"; "won" or "not won" when the server sent no scores.
    public static func result(of game: PlayerStats.RecentGame, me: String?) -> String {
        guard !game.scores.isEmpty else { return game.won ? "won" : "not won" }
        let mine = game.scores.first { $0.name == me }
        let others = game.scores.filter { $0.name != mine?.name }
        if others.isEmpty {
            // One seat: the game's own figures say how it went.
            let summary = game.summary
            if game.game == "klondike" {
                // Points only with a scoring table, whose summary has them: else the score is cards home.
                let points = summary?.figure("points").map { ", \($0) points" } ?? ""
                return game.won ? "solved" + (summary?.figure("moves").map { " in \($0) moves" } ?? "") + points : "not solved"
            }
            if let accuracy = summary?.figure("accuracy_percent") { return "\(accuracy)% right" }
            let points = mine?.score ?? 0
            return (game.won ? "" : "unfinished, ") + "\(points) point\(points == 1 ? "" : "s")"
        }
        let verdict = game.winners.isEmpty ? "unfinished" : game.won ? (game.winners.count > 1 ? "draw" : "won") : "lost"
        // Klondike's points are cards home: the score says nothing there.
        guard game.game != "klondike" else { return verdict + " vs " + others.map(\.name).joined(separator: ", ") }
        func points(_ score: Int) -> String { score < 0 ? "−\(-score)" : "\(score)" }
        guard others.count > 1 || mine == nil else {
            return verdict + " \(points(mine?.score ?? 0))–\(points(others[0].score)) vs " + others[0].name
        }
        // Three or more: each opponent with their points.
        return verdict + (mine.map { " with \(points($0.score))" } ?? "") + " vs " + others.map { "\($0.name) \(points($0.score))" }.joined(separator: ", ")
    }

    /// "26 Nov 02:41": the day and time of `milliseconds` (since 1970) at `utcOffsetSeconds` from UTC.
    public static func dateText(milliseconds: Int, utcOffsetSeconds: Int) -> String {
        var seconds = time_t(milliseconds / 1000 + utcOffsetSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_mday) \(months[Int(parts.tm_mon)]) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// This machine's offset from UTC at that time, in seconds (its time zone, daylight saving included).
    public static func localOffset(at milliseconds: Int) -> Int {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts.tm_gmtoff
    }

    /// The keys while it is open.
    static func keys(_ records: Records) -> [KeyHelp] {
        guard records.stats?.recent.isEmpty == false else { return [KeyHelp("Esc", "back")] }
        return [KeyHelp("↑↓", "game"), KeyHelp("Enter", "replay"), KeyHelp("Esc", "back")]
    }
}
