import Wire

/// The records screen: your games, wins and points per game, your recent games (Enter replays
/// one), then each game's best players.
enum RecordsView {
    /// The lines of the screen's body.
    static func lines(_ records: Records, me: String?, width: Int) -> [StyledLine] {
        var lines = [StyledLine("  Your record", Palette.heading)]
        if let stats = records.stats {
            lines.append(StyledLine("    \(games(stats.games)), \(stats.wins) won", Palette.strong))
            for line in stats.byGame where line.games > 0 {
                lines.append(StyledLine("    " + GameViews.title(of: line.key)).clipped(to: 26).padded(to: 26)
                    + StyledLine("\(games(line.games)) · \(line.wins) won · \(line.points) point\(line.points == 1 ? "" : "s")", Palette.quiet))
            }
            lines += recentLines(stats.recent, chosen: records.chosenRecent, width: width)
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
                    "\(rank + 1). \(entry.key) \(entry.wins)/\(entry.games)"
                }
                line.append(top.joined(separator: "  "), board.first?.key == me ? Palette.strong : .plain)
            }
            lines.append(line.clipped(to: width))
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
                lines.append(line.clipped(to: width))
            }
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

    /// "1 game", "3 games".
    private static func games(_ count: Int) -> String {
        count == 1 ? "1 game" : "\(count) games"
    }

    /// Recent games shown at once; the window follows the choice.
    static let recentRows = 5

    /// "  Recent games · Enter replays one", then a window of them, the chosen one marked.
    private static func recentLines(_ recent: [PlayerStats.RecentGame], chosen: Int, width: Int) -> [StyledLine] {
        guard !recent.isEmpty else { return [] }
        var lines = [StyledLine(), StyledLine("  Recent games · ↑↓ choose, Enter replays", Palette.heading)]
        let first = max(0, min(chosen - recentRows / 2, recent.count - recentRows))
        for index in first..<min(recent.count, first + recentRows) {
            let game = recent[index]
            let marker = index == chosen ? "  › " : "    "
            var line = StyledLine(marker + GameViews.title(of: game.game), index == chosen ? Palette.strong : .plain).clipped(to: 26).padded(to: 26)
            line.append(game.won ? "won" : "not won", game.won ? Palette.strong : Palette.quiet)
            line.append(" · " + game.gameID, Palette.quiet)
            lines.append(line.clipped(to: width))
        }
        return lines
    }

    /// The keys while it is open.
    static func keys(_ records: Records) -> [KeyHelp] {
        guard records.stats?.recent.isEmpty == false else { return [KeyHelp("Esc", "back")] }
        return [KeyHelp("↑↓", "game"), KeyHelp("Enter", "replay"), KeyHelp("Esc", "back")]
    }
}
