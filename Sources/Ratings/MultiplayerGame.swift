/// One player's part in a game of any number of players, as rating needs it.
public struct GamePlayer: Equatable, Sendable {
    /// Who the player is; passed through to the matching ``RatingUpdate``.
    public var id: String
    /// The player's rating as of their last rated game, before any idle growth.
    public var rating: Rating
    /// The player's final score: higher is better, and equal scores draw.
    public var score: Int
    /// Days since the player's last rated game (0 for a new player); the caller reads the clock.
    public var daysIdle: Double

    /// Creates a player's entry for a finished game.
    /// - Parameters:
    ///   - id: Who the player is.
    ///   - rating: The rating as of the player's last rated game.
    ///   - score: The final score; higher is better.
    ///   - daysIdle: Days since the player's last rated game.
    public init(id: String, rating: Rating, score: Int, daysIdle: Double) {
        self.id = id
        self.rating = rating
        self.score = score
        self.daysIdle = daysIdle
    }
}

/// A player's rating after a game.
public struct RatingUpdate: Equatable, Sendable {
    /// The ``GamePlayer/id`` this rating belongs to.
    public var id: String
    /// The new rating, to store as of this game.
    public var rating: Rating

    /// Creates an update.
    /// - Parameters:
    ///   - id: The player's id.
    ///   - rating: The player's new rating.
    public init(id: String, rating: Rating) {
        self.id = id
        self.rating = rating
    }
}

/// The new ratings after a finished game of any number of players.
///
/// The game is one rating period for each player, whose results are the
/// pairwise ones against each of the others: a win against everyone who scored
/// less, a draw against everyone who scored the same, a loss against everyone
/// who scored more. A two-player game is the ordinary case.
///
/// First each player's deviation grows for their idle days
/// (``deviationAfterIdle(_:days:settings:)``). Those grown ratings are the
/// pre-game ratings: each player's starting point, and what the others face
/// as an opponent, so that beating someone back from a long absence counts
/// for less, as their strength is less certain.
/// - Parameters:
///   - players: Everyone who took part, in any order.
///   - settings: The system constants.
/// - Returns: One update per player, in the order of `players`.
public func ratingsAfterGame(
    _ players: [GamePlayer],
    settings: GlickoSettings = .standard
) -> [RatingUpdate] {
    ratingsAfterGame(players, settings: settings) { player, opponent in
        let own = players[player].score
        let theirs = players[opponent].score
        return own > theirs ? .win : own == theirs ? .draw : .loss
    }
}

/// The new ratings after a game that one player abandoned.
///
/// Scores are ignored: nothing the game reached can be compared fairly once a
/// player has walked out. The abandoner loses to every other player; every
/// other player gets a single win, against the abandoner, and no result
/// against anyone else, since the game between them never finished. Idle
/// growth and pre-game ratings are as in ``ratingsAfterGame(_:settings:)``.
/// - Parameters:
///   - players: Everyone who took part, in any order.
///   - abandonerIndex: The position in `players` of the player who abandoned;
///     must be a valid index.
///   - settings: The system constants.
/// - Returns: One update per player, in the order of `players`.
public func ratingsAfterAbandonedGame(
    _ players: [GamePlayer],
    abandonerIndex: Int,
    settings: GlickoSettings = .standard
) -> [RatingUpdate] {
    precondition(players.indices.contains(abandonerIndex), "abandonerIndex must index players")
    return ratingsAfterGame(players, settings: settings) { player, opponent in
        if player == abandonerIndex { return .loss }
        if opponent == abandonerIndex { return .win }
        return nil
    }
}

/// The new ratings after a game that some players left before its end.
///
/// Each player who left loses to each who stayed; those who stayed are ranked among
/// themselves by score, as in ``ratingsAfterGame(_:settings:)`` (a Set race goes on after
/// one player leaves, and its end is a real result between the others); two who left have no
/// result between them. With nobody gone it is ``ratingsAfterGame(_:settings:)``.
/// - Parameters:
///   - players: Everyone who took part, in any order.
///   - leavers: The positions in `players` of those who left.
///   - settings: The system constants.
/// - Returns: One update per player, in the order of `players`.
public func ratingsAfterGame(
    _ players: [GamePlayer],
    leavers: Set<Int>,
    settings: GlickoSettings = .standard
) -> [RatingUpdate] {
    ratingsAfterGame(players, settings: settings) { player, opponent in
        switch (leavers.contains(player), leavers.contains(opponent)) {
        case (true, true): return nil
        case (true, false): return .loss
        case (false, true): return .win
        case (false, false):
            let own = players[player].score
            let theirs = players[opponent].score
            return own > theirs ? .win : own == theirs ? .draw : .loss
        }
    }
}

/// Rates every player of one game as one rating period each.
/// - Parameter outcome: The result for `player` against `opponent` (never the
///   same index), or `nil` when that pair has no result.
func ratingsAfterGame(
    _ players: [GamePlayer],
    settings: GlickoSettings,
    outcome: (_ player: Int, _ opponent: Int) -> Outcome?
) -> [RatingUpdate] {
    let preGame = players.map { player in
        var rating = player.rating
        rating.deviation = deviationAfterIdle(player.rating, days: player.daysIdle, settings: settings)
        return rating
    }
    return players.indices.map { player in
        let results = players.indices.compactMap { opponent -> (opponent: Rating, outcome: Outcome)? in
            guard opponent != player, let result = outcome(player, opponent) else { return nil }
            return (opponent: preGame[opponent], outcome: result)
        }
        return RatingUpdate(
            id: players[player].id,
            rating: updatedRating(preGame[player], results: results, settings: settings)
        )
    }
}
