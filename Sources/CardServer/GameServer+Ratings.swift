import Ratings
import Wire

/// Rated play: which games are rated, the ratings shown beside names, and the changes a rated
/// game's end makes (see ``RatingBook``).
extension GameServer {
    /// Whether the room's game, begun with the seats as they are now, is rated: the room was
    /// created `rated`, two or more seats are taken, and every one by a signed-in account (a
    /// bot's included). Guests always play casual, and so does a one-seat room (solo, or
    /// against the server's robot).
    func wouldBeRated(_ room: Room) -> Bool {
        guard room.isRatedRoom else { return false }
        var seated = 0
        for playerID in room.seats {
            guard let playerID else { continue }
            guard players[playerID]?.account != nil else { return false }
            seated += 1
        }
        return seated >= 2
    }

    /// `state.rated`: nil (absent) in a room not created rated; before a game, whether it will
    /// be rated if accounts take the empty seats (no guest sits, and the room has two seats or
    /// more); from its start, whether it is.
    func ratedFlag(of room: Room) -> Bool? {
        guard room.isRatedRoom else { return nil }
        guard room.phase == .waiting else { return room.ratedGame }
        return room.seats.count >= 2 && room.seats.allSatisfy { $0.map { players[$0]?.account != nil } ?? true }
    }

    /// The rating shown beside a seated account in a rated room's state; nil for a guest or
    /// in a casual room.
    func shownRating(of player: Player, in room: Room) -> ShownRating? {
        guard room.isRatedRoom, let account = player.account else { return nil }
        return ratings.shown(account: account, game: room.gameName, nowMs: host.wallMilliseconds)
    }

    /// The rating changes of a rated game that just ended (the caller makes them in the book
    /// once its record is known to fit the journal); nil when
    /// the game was casual, or nothing counts: nobody moved (an unplayed game, an abort), or
    /// everyone left.
    ///
    /// Each player is rated against every other in one period; a player whose seat is no
    /// longer theirs left (a `leave`, or the grace period ran out), and a player who resigned,
    /// loses to each who stayed.
    func ratingChanges(_ result: GameResult, in room: Room, endedMs: Int64) -> [RatingBook.Change]? {
        guard room.ratedGame, room.moved else { return nil }
        var rated: [(name: String, account: String, score: Int)] = []
        var leavers: Set<Int> = []
        for (seat, playerID) in room.beganSeats.enumerated() {
            guard playerID != nil, room.beganAccounts.indices.contains(seat), let account = room.beganAccounts[seat],
                  room.beganWith.indices.contains(seat) else { continue }
            let name = room.beganWith[seat]
            if room.seats[seat] != playerID || room.resigned.contains(seat) { leavers.insert(rated.count) }
            rated.append((name, account, result.scores.first { $0.name == name }?.score ?? 0))
        }
        guard rated.count >= 2, leavers.count < rated.count else { return nil }
        return ratings.changes(game: room.gameName, players: rated, leavers: leavers, endedMs: endedMs)
    }

    /// `stats.ratings`: the account's rating in each game it has played rated, in
    /// `hello.games` order, with its latest changes.
    func gameRatings(ofAccount account: String) -> [PlayerStats.GameRating] {
        let nowMs = host.wallMilliseconds
        return Self.gameNames.compactMap { game in
            guard let entry = ratings.entry(account: account, game: game) else { return nil }
            let now = ratings.current(account: account, game: game, nowMs: nowMs)
            return PlayerStats.GameRating(
                game: game, rating: roundedToTenth(now.rating), deviation: roundedToTenth(now.deviation), provisional: now.isProvisional(),
                games: entry.games,
                history: entry.history.map { point in
                    PlayerStats.GameRating.Point(
                        endedMs: Int(point.endedMs), rating: roundedToTenth(Double(point.rating)), deviation: roundedToTenth(Double(point.deviation)),
                        diff: roundedToTenth(Double(point.diff)))
                })
        }
    }

    /// A game's rating board (``RatingBook/board(game:size:nowMs:)``), each account by its name.
    /// Ratings are kept by account and shown by name: two guests who share a name never share one.
    func ratingBoard(game: String) -> RatingLeaderboard {
        let lines = ratings.board(game: game, size: ServerConfig.leaderboardSize, nowMs: host.wallMilliseconds)
        // A deleted account leaves the board (its games count in the others' ratings).
        return RatingLeaderboard(game: game, entries: lines.compactMap { line in
            guard let account = accounts.accounts[line.account] else { return nil }
            return RatingLeaderboard.Entry(
                name: account.name, rating: roundedToTenth(line.entry.rating.rating),
                deviation: roundedToTenth(line.entry.rating.deviation), games: line.entry.games, bot: account.bot)
        })
    }
}
