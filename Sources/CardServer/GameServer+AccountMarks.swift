import Wire

/// How results name their players now that some are accounts: a registered account's lines
/// say `account` (and `bot` for a bot's), a guest's say neither, and a deleted account's name
/// reads "deleted player" in what is kept for the others' records. Worked out as a reply is
/// made, a look-up a line: a page of a leaderboard or one player's record.
extension GameServer {
    /// What results show for a deleted account's name.
    static let deletedPlayer = "deleted player"

    /// A leaderboard's lines, each marked.
    func marked(_ lines: [PlayerStats.Line]) -> [PlayerStats.Line] {
        lines.map { line in
            var line = line
            if accounts.isRetired(NameSkeleton.of(line.key)) {
                line = PlayerStats.Line(
                    key: Self.deletedPlayer, games: line.games, wins: line.wins, points: line.points, fewestMoves: line.fewestMoves,
                    bestTimeMs: line.bestTimeMs)
            } else if let account = accounts.account(lookingLike: line.key), account.name == line.key {
                line.account = true
                line.bot = account.bot
            }
            return line
        }
    }

    /// One player's record, marked; a deleted account's is empty: its games count in the
    /// others' records only.
    func marked(_ stats: PlayerStats) -> PlayerStats {
        if accounts.isRetired(NameSkeleton.of(stats.name)) {
            return PlayerStats(name: Self.deletedPlayer, games: 0, wins: 0, byGame: [])
        }
        let recent = stats.recent.map { game in
            guard game.scores.contains(where: { accounts.isRetired(NameSkeleton.of($0.name)) }) else { return game }
            let renamed = { (name: String) in self.accounts.isRetired(NameSkeleton.of(name)) ? Self.deletedPlayer : name }
            return PlayerStats.RecentGame(
                gameID: game.gameID, game: game.game, won: game.won, scores: game.scores.map { NamedScore(name: renamed($0.name), score: $0.score) },
                winners: game.winners.map(renamed), endedMs: game.endedMs, timeMs: game.timeMs, summary: game.summary)
        }
        var marked = PlayerStats(name: stats.name, games: stats.games, wins: stats.wins, byGame: stats.byGame, recent: recent)
        if let account = accounts.account(lookingLike: stats.name), account.name == stats.name {
            marked.account = true
            marked.bot = account.bot
            marked.ratings = gameRatings(ofAccount: NameSkeleton.of(stats.name))
        }
        return marked
    }

    /// A daily deal's entries, a deleted account's named "deleted player".
    func marked(_ entries: [DailyLeaderboard.Entry]) -> [DailyLeaderboard.Entry] {
        entries.map { entry in
            guard accounts.isRetired(NameSkeleton.of(entry.name)) else { return entry }
            return DailyLeaderboard.Entry(name: Self.deletedPlayer, finished: entry.finished, score: entry.score, timeMs: entry.timeMs, figures: entry.figures)
        }
    }

    /// The seated players of `room` signed in to bots' accounts, for the rooms list.
    func seatedBots(in room: Room) -> [String] {
        room.seats.compactMap { $0.flatMap { players[$0] } }.filter(\.isBot).map(\.name)
    }
}
