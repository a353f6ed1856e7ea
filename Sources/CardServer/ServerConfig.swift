/// The server's settings and limits.
public struct ServerConfig: Sendable {
    /// The version shown in `hello` as "cardserver <version>".
    public var version: String
    /// Connections allowed at once; one more gets `server_full` and is closed.
    public var maxClients: Int
    /// How long a disconnected player keeps their seat and token.
    public var grace: Duration
    /// Commands a client may send per second, sustained; 0 turns the limit off.
    public var commandRate: Int
    /// Commands a client may send at once before the rate applies.
    public var commandBurst: Int
    /// How long a connection may stay without logging in.
    public var loginTimeout: Duration
    /// Backpressure: with more unsent output than this, the server stops reading a
    /// client's commands until it has read its replies down to a quarter of it. Keep it
    /// well under the host's output cap (`--output-limit`), which then only a client that
    /// stops reading while others' broadcasts pile up can reach.
    public var pauseInputAboveUnsentBytes = 64 * 1024
    /// Fairness: lines one client has handled in one turn of the loop; the rest of what it sent
    /// waits for the next turn, behind every other client's, so that one client's burst (or a
    /// hundred clients' bursts at once) never holds a turn long for everyone else. 16: a
    /// pipelined batch of 16 pings, as the benchmarks send, still goes in one turn.
    public var linesPerTurn = 16
    /// Fairness: how long one turn's lines may take, its fresh input and the lines put off to
    /// it each: past it, every further line waits for the next turn, whose fresh input (a
    /// ping, a move) is taken first. Every other client's worst wait is about two of these.
    public var turnBudget: Duration = .milliseconds(4) {
        didSet { turnBudgetNanoseconds = Self.nanoseconds(of: turnBudget) }
    }
    /// ``turnBudget`` in nanoseconds, as the loop's clock reads: worked out when it is set,
    /// since every eighth line compares with it (a `Duration`'s parts take 128-bit arithmetic).
    public private(set) var turnBudgetNanoseconds: UInt64 = 4_000_000

    static func nanoseconds(of duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
    /// HTTP requests (pages, files, `/metrics`) one address may make per second, sustained,
    /// over all its connections; past it, its connections' requests wait. 0 for no cap.
    /// Each request also counts against its connection's command rate (``commandRate``).
    public var requestsPerSecondPerAddress = 200
    /// HTTP requests one address may make at once before its rate applies: a page's load is
    /// about 15, so a few dozen players behind one NAT load it together without a wait.
    public var requestBurstPerAddress = 400
    /// Game commands one seat may send in one game, refused ones counted; one more gets
    /// `illegal_move`, and the other players play on. Far more than any game takes (a
    /// Klondike game drawing through the stock fifty times over is about 2,000), it bounds
    /// what one player adds to the room log (about 90 bytes a command until the game ends: under 1 MB)
    /// and to a restart's work.
    public var maxMovesPerSeat = 10_000
    /// Times one seated player may come back to a game under way (a connection lost, then a
    /// `login` with the token): each is two room-log records the game keeps (away, back), as
    /// its rules and replay see them. One more gives the seat up (as the grace period's end
    /// does) and gets `bad_token`. A connection
    /// dropped and resumed in a loop (about 20 a second from a plain script) grew a game's
    /// log by 4 KB a second for as long as it went on; this bounds it at about 200 KB a seat.
    public var maxReturnsPerSeat = 1_000
    /// Room-log bytes each seat of a game under way may still write while the disk is short
    /// (under `--min-free-space`, or the data at `--max-data-size`): about 300 moves, more
    /// than a game played by hand takes to its end (a Klondike deal solved is 100-200).
    /// Past it that seat's moves are refused with `storage_unavailable` until the disk has
    /// room again; the other seats play on. The room log keeps this much free for every
    /// seat playing (``diskReserveCap`` at most), so the games under way can finish even
    /// when another program fills the disk.
    public var seatReserveBytes = 32 * 1024
    /// The most the room log keeps free for the games under way (a reserve and a half a seat:
    /// 341 seats' worth); the journal keeps 2 KiB a game under way, at most a sixteenth of it.
    public var diskReserveCap = 16 << 20
    /// Where reading resumes: a quarter of the pause mark.
    public var resumeInputAtUnsentBytes: Int { pauseInputAboveUnsentBytes / 4 }
    /// Rooms on the server at once, private and abandoned ones included; 0 for no cap.
    /// One more `create` gets `server_busy`.
    public var maxRooms: Int
    /// Connections from one address at once; one more gets `server_full` and is closed. 0 for no cap.
    public var maxConnectionsPerAddress: Int
    /// Rooms one address may create in a minute; then `rate_limited`. 0 for no cap.
    public var roomsPerMinutePerAddress: Int
    /// `join`s and `watch`es naming no room one address may send in a minute; then every
    /// `join` and `watch` from it gets `rate_limited` until the minute is over. 0 for no cap.
    public var failedJoinsPerMinutePerAddress: Int
    /// Games one address may begin in a minute (`create` of a one-seat room, the `join` that
    /// fills a room, `start`, rematch offers; robot games too); then `rate_limited`. 0 for no cap.
    /// Each finished game is a results line and a replay file: this bounds what one address
    /// adds to the disk.
    /// 60, not the 20 rooms a minute: friends behind one NAT playing quick rps rematches
    /// begin a game every few seconds each.
    public var gamesPerMinutePerAddress = 60
    /// Rooms a signed-in account may create in a minute, whatever its address; then
    /// `rate_limited`. 0 for no cap. A signed-in player counts against this, not its address's.
    public var roomsPerMinutePerAccount = 20
    /// Games a signed-in account may begin in a minute, whatever its address (as
    /// ``gamesPerMinutePerAddress`` counts them); 0 for no cap.
    public var gamesPerMinutePerAccount = 60
    /// Guest logins (`login` with a name; a resume with a token is not one) one address may
    /// make in a minute; then `rate_limited`. 0 for no cap.
    public var guestLoginsPerMinutePerAddress = 120
    /// Sessions one address may hold at once, those whose player left a seat and may come
    /// back within the grace period included; one more login gets `server_full`. A session in
    /// no room ends with its connection, so only seats keep one: this bounds what an address
    /// that logs in, sits down and closes in a loop holds. 0 for no cap.
    public var maxSessionsPerAddress = 128
    /// PBKDF2 iterations for a new password (`--password-iterations`): OWASP's 600,000 by
    /// default, about 0.7 s of the background worker's time each. A stored password keeps
    /// the count it was made with.
    public var passwordIterations = 600_000
    /// Password checks and derivations waiting for the background worker at most; one more
    /// `register` or `login` with a password gets `server_busy` with `retry_after_ms`, so a
    /// flood of guesses costs a bounded queue and no turn of the loop.
    public var maxPasswordJobs = 8
    /// Failed password logins one address may make in a minute; then `rate_limited`. 0 for no cap.
    public var failedLoginsPerMinutePerAddress = 30
    /// Accounts one address may register in an hour; then `rate_limited`. 0 for no cap.
    public var registrationsPerHourPerAddress = 5

    /// The longest chat text, in characters.
    public static let maxChatCharacters = 300
    /// The longest chat text, in bytes of UTF-8: one character can be a thousand bytes.
    public static let maxChatBytes = 1_200
    /// The longest player name, in characters.
    public static let maxNameCharacters = 20
    /// The longest player name, in bytes of UTF-8: a name goes into every state, record and room entry.
    public static let maxNameBytes = 64
    /// Combining marks one character may carry: a name with more is refused, chat keeps the first ones.
    public static let maxMarksPerCharacter = 4
    /// Chat lines a player may send at once, before `chatRate` applies.
    public static let chatBurst = 5
    /// Chat lines per second, sustained.
    public static let chatRate = 1.0
    /// Entries a `leaderboard` lists.
    public static let leaderboardSize = 10
    /// Commands kept for a client whose `start` waits for the last game's result (a few ms).
    public static let maxHeldCommands = 100

    /// Rooms a `rooms` reply lists at most.
    public static let roomsPerPage = 50
    /// Addresses each per-address table remembers at most; expired entries go first
    /// when it is full, else the one whose minute began longest ago.
    public static let maxTrackedAddresses = 10_000
    /// Characters of a private room's code: 31^7, about 2^34.7 codes.
    public static let privateCodeLength = 7
    /// Characters of a public room's code: it is listed anyway, so short is fine.
    public static let publicCodeLength = 4

    /// Creates a configuration.
    public init(
        version: String, maxClients: Int = 10_000, grace: Duration = .seconds(120),
        commandRate: Int = 50, commandBurst: Int = 100, loginTimeout: Duration = .seconds(300),
        maxRooms: Int = 2_000, maxConnectionsPerAddress: Int = 64,
        roomsPerMinutePerAddress: Int = 20, failedJoinsPerMinutePerAddress: Int = 30
    ) {
        self.version = version
        self.maxClients = maxClients
        self.grace = grace
        self.commandRate = commandRate
        self.commandBurst = commandBurst
        self.loginTimeout = loginTimeout
        self.maxRooms = maxRooms
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.roomsPerMinutePerAddress = roomsPerMinutePerAddress
        self.failedJoinsPerMinutePerAddress = failedJoinsPerMinutePerAddress
    }
}
