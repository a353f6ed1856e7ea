/// The limits that apply to one connection, as `welcome.limits` says them: a bot reads them
/// instead of learning them by running into them. 0 means no limit.
public struct SessionLimits: Equatable, Sendable {
    /// Commands a second, sustained (`--rate`); past it the server reads the connection more slowly.
    public let commandRate: Int
    /// Commands at once before the rate applies (`--burst`).
    public let commandBurst: Int
    /// Rooms its address may create in a minute (`--rooms-per-minute`).
    public let roomsPerMinute: Int
    /// Games its address may begin in a minute (`--games-per-minute`).
    public let gamesPerMinute: Int
    /// Connections its address may hold at once (`--max-connections-per-address`).
    public let connectionsPerAddress: Int

    /// - Parameters: each limit, 0 for none.
    public init(commandRate: Int, commandBurst: Int, roomsPerMinute: Int, gamesPerMinute: Int, connectionsPerAddress: Int) {
        self.commandRate = commandRate
        self.commandBurst = commandBurst
        self.roomsPerMinute = roomsPerMinute
        self.gamesPerMinute = gamesPerMinute
        self.connectionsPerAddress = connectionsPerAddress
    }
}
