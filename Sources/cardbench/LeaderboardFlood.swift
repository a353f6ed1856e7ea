extension Attacks {
    /// Connections the leaderboard flood opens: one under the default cap of 64 an address.
    static let leaderboardConnections = 63
    /// `leaderboard` requests each connection sends at once: the default command burst.
    static let leaderboardRequests = 100

    /// 63 connections from one address, each sending 100 pipelined `leaderboard`s over the
    /// server's games and reading the replies, again and again until the attack ends (the
    /// command rate then paces each connection at 50 a second, without refusing any). Its
    /// server should start on a journal of many results (`cardbench journal`): a server
    /// that sorted every player per request spent seconds of its loop on one round.
    static func leaderboardFlood(_ context: AttackContext) {
        let games = ["klondike", "set", "rps", "concentration"]
        let askers = (0..<leaderboardConnections).compactMap { context.player("board\($0)") }
        var sawEntries = false
        while !context.stop.value, !askers.isEmpty {
            for (number, asker) in askers.enumerated() {
                let line = #"{"type":"leaderboard","game":"\#(games[number % games.count])"}"# + "\n"
                asker.send(Array(String(repeating: line, count: leaderboardRequests).utf8))
            }
            for asker in askers {
                var replies = 0
                while replies < leaderboardRequests, !context.stop.value, let line = asker.readLine() {
                    replies += 1
                    context.tally.add(line: line)
                    sawEntries = sawEntries || line.contains(#""entries":[{"#)
                }
            }
        }
        // Every board empty: the server started without a journal, so this measured nothing.
        if !sawEntries { context.tally.add("no leaderboard had entries") }
        for asker in askers { context.tally.noteClosed(asker) }
    }
}
