/// The `daily` option of the games that deal (set, klondike): everyone who asks for the day's
/// deal of a game, with the same options, gets the same deal, and a new one the next day.
///
/// The seed comes from the UTC day and the game's key (its name and the options that change
/// the game) through FNV-1a, kept to 53 bits like every seed the server reveals. It is public
/// knowledge on purpose: a daily deal is a puzzle for everyone, so it is for one-seat rooms only.
enum DailyDeal {
    /// The declaration shared by the games that offer it.
    static let isDaily = "daily"

    /// The day's seed for a game key.
    /// - Parameters:
    ///   - day: the UTC day, `YYYY-MM-DD`.
    ///   - key: the game and its options, e.g. `klondike draw=3 passes=none scoring=none`.
    static func seed(day: String, key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(day)|\(key)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash >> 11
    }
}

extension OptionReader {
    /// The `daily` option: true asks for the day's deal, in a one-seat room without a `seed`.
    func daily(seats: Int, seed: UInt64?) throws(CommandError) -> Bool {
        guard try bool(DailyDeal.isDaily) else { return false }
        guard seats == 1 else { throw .badRequest("option 'daily' is for one-seat rooms only: the day's deal is the same for everyone") }
        guard seed == nil else { throw .badRequest("give 'daily' or 'seed', not both") }
        return true
    }
}
