import Wire

/// Whose per-minute caps a player's rooms and games count against: a signed-in player's
/// account's, a guest's address's. `welcome.limits` says which, with what is left of each.
extension GameServer {
    /// The account (its skeleton) or the address a player's caps belong to.
    enum CapHolder: Equatable {
        case account(String)
        case address(String)

        /// "account" or "address", for messages and `welcome.limits.per`.
        var word: String {
            switch self {
            case .account: "account"
            case .address: "address"
            }
        }
    }

    /// The two per-minute caps.
    enum PerMinuteCap {
        case rooms, games
    }

    func capHolder(of player: Player) -> CapHolder {
        player.account.map(CapHolder.account) ?? .address(address(of: player))
    }

    /// The cap's limit a minute for `holder`; 0 for none.
    func limit(_ cap: PerMinuteCap, _ holder: CapHolder) -> Int {
        self[keyPath: counter(cap, holder)].limit
    }

    /// Milliseconds until `holder` may go on, or nil when it may now.
    func retryAfter(_ cap: PerMinuteCap, _ holder: CapHolder) -> Int? {
        self[keyPath: counter(cap, holder)].retryAfter(holder.key, now: host.nowNanoseconds)
    }

    /// Counts one room or game of `holder`.
    func record(_ cap: PerMinuteCap, _ holder: CapHolder) {
        self[keyPath: counter(cap, holder)].record(holder.key, now: host.nowNanoseconds)
    }

    /// Where the counter of `cap` for `holder`'s kind is kept.
    private func counter(_ cap: PerMinuteCap, _ holder: CapHolder) -> ReferenceWritableKeyPath<GameServer, AddressWindowCounter> {
        switch (cap, holder) {
        case (.rooms, .account): \.accountLimits.roomCreations
        case (.games, .account): \.accountLimits.gameStarts
        case (.rooms, .address): \.addressLimits.roomCreations
        case (.games, .address): \.addressLimits.gameStarts
        }
    }

    /// The limits `welcome` tells a player: the connection's command rate, and its caps a minute
    /// with what is left of each now.
    func sessionLimits(for player: Player) -> SessionLimits {
        let holder = capHolder(of: player)
        let now = host.nowNanoseconds
        func budget(_ cap: PerMinuteCap) -> LimitBudget? {
            self[keyPath: counter(cap, holder)].budget(holder.key, now: now).map { LimitBudget(limit: limit(cap, holder), remaining: $0.remaining, resetsInMs: $0.resetsInMs) }
        }
        return SessionLimits(
            commandRate: config.commandRate, commandBurst: config.commandBurst, roomsPerMinute: limit(.rooms, holder),
            gamesPerMinute: limit(.games, holder), connectionsPerAddress: config.maxConnectionsPerAddress,
            per: holder.word, rooms: budget(.rooms), games: budget(.games))
    }
}

extension GameServer.CapHolder {
    /// The counters' key.
    var key: String {
        switch self {
        case .account(let skeleton): skeleton
        case .address(let address): address
        }
    }
}
