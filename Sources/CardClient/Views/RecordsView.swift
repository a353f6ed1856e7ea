import Wire

/// The records screen: your games, wins and points per game, then each game's best players.
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
        return lines
    }

    /// "1 game", "3 games".
    private static func games(_ count: Int) -> String {
        count == 1 ? "1 game" : "\(count) games"
    }

    /// The keys while it is open.
    static let keys = [KeyHelp("Esc", "back")]
}
