import Wire

/// The `seed` option of the games that deal from one (set, klondike).
///
/// A chosen seed lets its chooser compute the whole deal, so it is for one-seat
/// rooms only: practice, or replaying a deal a `game_over` revealed. A room with
/// more seats always deals from a secret seed, new each game.
enum SeedOption {
    /// The largest seed: 2^53 − 1, so a seed is an exact number in every
    /// client's JSON (a double holds integers up to 2^53) and can be sent back.
    static let maxSeed = (1 << 53) - 1

}

extension OptionReader {
    /// The `seed` option, or nil when left out.
    /// - Throws: `bad_request` when it is not an integer from 0 to ``SeedOption/maxSeed``,
    ///   or when the room has more than one seat.
    func seed(seats: Int) throws(CommandError) -> UInt64? {
        guard let seed = try optionalInt("seed") else { return nil }
        guard seats == 1 else {
            throw .badRequest(
                "option 'seed' is for one-seat rooms only; a room with \(seats) seats deals from a secret seed, revealed in game_over")
        }
        return UInt64(seed)
    }
}

extension GameEngine {
    var chosenSeed: UInt64? { nil }
    var dailyKey: String? { nil }
}
