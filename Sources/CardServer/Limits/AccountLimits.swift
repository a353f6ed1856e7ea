/// The per-minute caps of signed-in players, by account (the skeleton of its name): rooms
/// created and games begun. A signed-in player counts against these and not against its
/// address's, so two bots behind one address do not share a minute, while guests keep the
/// address's caps (``AddressLimits``). An address registers at most a few accounts an hour,
/// so this is no way around the address's caps at scale.
struct AccountLimits {
    /// Rooms created, per account per minute (`--account-rooms-per-minute`).
    var roomCreations: AddressWindowCounter
    /// Games begun, per account per minute (`--account-games-per-minute`).
    var gameStarts: AddressWindowCounter

    /// Accounts remembered at most by each counter (the oldest windows go first past it).
    static let maxTrackedAccounts = 100_000

    init(config: ServerConfig) {
        roomCreations = AddressWindowCounter(limit: config.roomsPerMinutePerAccount, maxAddresses: Self.maxTrackedAccounts)
        gameStarts = AddressWindowCounter(limit: config.gamesPerMinutePerAccount, maxAddresses: Self.maxTrackedAccounts)
    }
}
