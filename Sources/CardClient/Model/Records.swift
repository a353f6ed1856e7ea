import Wire

/// The records screen: this player's results (`stats`) and each game's best players
/// (`leaderboard`), as the server's results journal has them.
public struct Records: Equatable, Sendable {
    /// The player's record; nil until the reply comes.
    public var stats: PlayerStats?
    /// Each game's leaderboard, by game, as replies come.
    public var boards: [String: [PlayerStats.Line]] = [:]
    /// Today's daily deal of each game that has one (default options), by game, as replies come.
    public var dailies: [String: DailyLeaderboard] = [:]
    /// Each game's rating board, by game, as replies come.
    public var ratingBoards: [String: RatingLeaderboard] = [:]
    /// The games asked about, in the order shown.
    public var games: [String]
    /// The recent game (of `stats.recent`) that Enter replays.
    public var chosenRecent = 0

    /// The games with a daily deal (the `daily` option), which the screen ranks for today.
    public static let dailyGames = ["set", "klondike"]

    /// An empty screen waiting for its replies.
    public init(games: [String]) {
        self.games = games
    }
}

extension ClientModel {
    /// Opens the records screen and asks for the figures.
    mutating func openRecords() -> [Effect] {
        records = Records(games: games)
        var effects: [Effect] = []
        if let me { effects.append(send(.stats(name: me))) }
        for game in games { effects.append(send(.leaderboard(game: game))) }
        for game in games { effects.append(send(.ratingLeaderboard(game: game))) }
        for game in Records.dailyGames where games.contains(game) {
            effects.append(send(.dailyLeaderboard(DailyQuery(game: game))))
        }
        return effects
    }
}
