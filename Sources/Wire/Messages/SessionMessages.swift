// The session: `hello` on connect, `help`, `ping`, `login` and `welcome`, the errors, and
// the last words (`shutdown`, `replaced`).

/// How a client logs in: a new player by name, or an old one by token.
public enum LoginCredential: Equatable, Sendable {
    /// A new player, by the name to show.
    case name(String)
    /// A player resuming a session, by the token its `welcome` gave (a guest's or an account's).
    case token(String)
    /// An account signing in with its password.
    case password(name: String, password: String)
    /// An account signing in with one of its API tokens (a bot's).
    case apiToken(String)
}

/// A new account, as `register` asks for it.
public struct RegisterRequest: Equatable, Sendable {
    /// The account's name, unique on the server by skeleton.
    public var name: String
    /// 8 to 256 characters; never sent back, never logged.
    public var password: String
    /// Whether the account is a bot's: marked as one wherever it plays.
    public var bot: Bool

    public init(name: String, password: String, bot: Bool = false) {
        self.name = name
        self.password = password
        self.bot = bot
    }
}

/// The account a `welcome` signed in, as `welcome.account` says it.
public struct AccountInfo: Equatable, Sendable {
    /// The account's name, as registered.
    public let name: String
    /// Whether it is a bot account.
    public let bot: Bool
    /// When it was registered, in milliseconds since 1970 (UTC).
    public let createdMs: Int64

    public init(name: String, bot: Bool, createdMs: Int64) {
        self.name = name
        self.bot = bot
        self.createdMs = createdMs
    }
}

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
    /// Whose the per-minute caps are: `account` (a signed-in player's, whatever its address)
    /// or `address` (a guest's, shared with everyone behind it); nil from an older server.
    public let per: String?
    /// What is left of this minute's rooms; nil with no cap (or from an older server).
    public let rooms: LimitBudget?
    /// What is left of this minute's games; nil with no cap (or from an older server).
    public let games: LimitBudget?

    /// - Parameters: each limit, 0 for none.
    public init(
        commandRate: Int, commandBurst: Int, roomsPerMinute: Int, gamesPerMinute: Int, connectionsPerAddress: Int,
        per: String? = nil, rooms: LimitBudget? = nil, games: LimitBudget? = nil
    ) {
        self.commandRate = commandRate
        self.commandBurst = commandBurst
        self.roomsPerMinute = roomsPerMinute
        self.gamesPerMinute = gamesPerMinute
        self.connectionsPerAddress = connectionsPerAddress
        self.per = per
        self.rooms = rooms
        self.games = games
    }
}

/// One per-minute cap as it stands: its limit, what is left of it, and when it starts afresh.
public struct LimitBudget: Equatable, Sendable {
    public let limit: Int
    /// Rooms or games still allowed in this window.
    public let remaining: Int
    /// Milliseconds until the window ends and `remaining` is `limit` again; 0 when none is under way.
    public let resetsInMs: Int

    public init(limit: Int, remaining: Int, resetsInMs: Int) {
        self.limit = limit
        self.remaining = remaining
        self.resetsInMs = resetsInMs
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a session message after its `type`.
    func writeSessionFields(into writer: inout JSONWriter) {
        switch self {
        case .hello(let version, let server, let games, let startedMs):
            writer.field("protocol", version)
            writer.field("server", server)
            writer.field("games", strings: games)
            if let startedMs { writer.field("started_ms", startedMs) }
        case .help(let commands, _):
            writer.field("commands", strings: commands)
        case .welcome(let player, let name, let token, let resumed, let room, let limits, let account, _):
            writer.field("player", player)
            writer.field("name", name)
            writer.field("token", token)
            writer.field("resumed", resumed)
            writer.field("room", room)
            if let limits {
                writer.field("limits", object: { writer in limits.write(into: &writer) })
            }
            if let account {
                writer.field("account", object: { writer in
                    writer.field("name", account.name)
                    writer.field("bot", account.bot)
                    writer.field("created_ms", Int(account.createdMs))
                })
            }
        case .error(let code, let message, _):
            writer.field("code", code.rawValue)
            writer.field("message", message)
        case .rateLimited(let message, let retryAfterMs, _):
            writeRetry(code: .rateLimited, message: message, retryAfterMs: retryAfterMs, into: &writer)
        case .storageUnavailable(let message, let retryAfterMs, _):
            writeRetry(code: .storageUnavailable, message: message, retryAfterMs: retryAfterMs, into: &writer)
        case .serverBusy(let message, let retryAfterMs, _):
            writeRetry(code: .serverBusy, message: message, retryAfterMs: retryAfterMs, into: &writer)
        case .pong, .shutdown, .replaced:
            break
        default:
            preconditionFailure("not a session message")
        }
    }

    /// `{"type":"pong"}` and its newline, written once: every ping without an `id` is
    /// answered with this one array, which a connection's output keeps without a copy.
    public static let plainPongLine: [UInt8] = ServerMessage.pong(id: nil).encodedLine()

    /// The line ``encodedLine(seq:)`` writes for `.pong(id: id)`, without making the message
    /// first: the answer to every ping goes this way.
    public static func pongLine(id: RequestID?) -> [UInt8] {
        guard let id else { return plainPongLine }
        return JSONWriter.line(type: "pong", capacity: 64) { writer in writer.field(id: id) }
    }

    /// An error that says when to try again.
    private func writeRetry(code: ErrorCode, message: String, retryAfterMs: Int, into writer: inout JSONWriter) {
        writer.field("code", code.rawValue)
        writer.field("message", message)
        writer.field("retry_after_ms", retryAfterMs)
        // A cap's refusal says its budget as welcome.limits does: none left until it resets.
        if code == .rateLimited {
            writer.field("remaining", 0)
            writer.field("resets_in_ms", retryAfterMs)
        }
    }
}

extension SessionLimits {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("command_rate", commandRate)
        writer.field("command_burst", commandBurst)
        writer.field("rooms_per_minute", roomsPerMinute)
        writer.field("games_per_minute", gamesPerMinute)
        writer.field("connections_per_address", connectionsPerAddress)
        if let per { writer.field("per", per) }
        if let rooms { writer.field("rooms", object: { writer in rooms.write(into: &writer) }) }
        if let games { writer.field("games", object: { writer in games.write(into: &writer) }) }
    }
}

extension LimitBudget {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("limit", limit)
        writer.field("remaining", remaining)
        writer.field("resets_in_ms", resetsInMs)
    }

    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(limit: try fields.int("limit"), remaining: try fields.int("remaining"), resetsInMs: try fields.int("resets_in_ms"))
    }
}

extension LoginCredential {
    func write(into writer: inout JSONWriter) {
        switch self {
        case .name(let name): writer.field("name", name)
        case .token(let token): writer.field("token", token)
        case .password(let name, let password):
            writer.field("name", name)
            writer.field("password", password)
        case .apiToken(let token): writer.field("api_token", token)
        }
    }
}

extension RegisterRequest {
    func write(into writer: inout JSONWriter) {
        writer.field("name", name)
        writer.field("password", password)
        if bot { writer.field("bot", true) }
    }

    /// `name` and `password` are needed; `bot` is false unless sent.
    init(_ fields: CommandFields) throws(DecodeFailure) {
        self.init(name: try fields.string("name"), password: try fields.string("password"), bot: try fields.optionalBool("bot") ?? false)
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let sessionReaders: [(String, MessageReader)] = [
        ("hello", { fields throws(ServerDecodeFailure) in
            .hello(
                protocolVersion: try fields.int("protocol"), server: try fields.string("server"), games: try fields.strings("games"),
                startedMs: try fields.optionalInt("started_ms"))
        }),
        ("help", { fields throws(ServerDecodeFailure) in .help(commands: try fields.strings("commands"), id: try fields.id()) }),
        ("pong", { fields throws(ServerDecodeFailure) in .pong(id: try fields.id()) }),
        ("welcome", { fields throws(ServerDecodeFailure) in
            .welcome(
                player: try fields.string("player"), name: try fields.string("name"), token: try fields.string("token"),
                resumed: try fields.bool("resumed"), room: try fields.optionalString("room"),
                limits: try fields.optionalObject("limits").map { limits throws(ServerDecodeFailure) in try SessionLimits(limits) },
                account: try fields.optionalObject("account").map { account throws(ServerDecodeFailure) in
                    AccountInfo(name: try account.string("name"), bot: try account.bool("bot"), createdMs: Int64(try account.int("created_ms")))
                },
                id: try fields.id())
        }),
        ("error", { fields throws(ServerDecodeFailure) in try .readError(fields) }),
        ("shutdown", { _ in .shutdown }),
        ("replaced", { _ in .replaced }),
    ]
}

extension ServerMessage {
    /// An `error`; the two codes that say when to try again have cases of their own.
    fileprivate static func readError(_ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let name = try fields.string("code")
        guard let code = ErrorCode(rawValue: name) else { throw fields.failure("unknown error code '\(name)'") }
        let message = try fields.string("message")
        if code == .rateLimited, let retryAfterMs = try fields.optionalInt("retry_after_ms") {
            return .rateLimited(message: message, retryAfterMs: retryAfterMs, id: try fields.id())
        }
        if code == .storageUnavailable, let retryAfterMs = try fields.optionalInt("retry_after_ms") {
            return .storageUnavailable(message: message, retryAfterMs: retryAfterMs, id: try fields.id())
        }
        if code == .serverBusy, let retryAfterMs = try fields.optionalInt("retry_after_ms") {
            return .serverBusy(message: message, retryAfterMs: retryAfterMs, id: try fields.id())
        }
        return .error(code: code, message: message, id: try fields.id())
    }
}

extension SessionLimits {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            commandRate: try fields.int("command_rate"), commandBurst: try fields.int("command_burst"),
            roomsPerMinute: try fields.int("rooms_per_minute"), gamesPerMinute: try fields.int("games_per_minute"),
            connectionsPerAddress: try fields.int("connections_per_address"), per: try fields.optionalString("per"),
            rooms: try fields.optionalObject("rooms").map { budget throws(ServerDecodeFailure) in try LimitBudget(budget) },
            games: try fields.optionalObject("games").map { budget throws(ServerDecodeFailure) in try LimitBudget(budget) })
    }
}

extension LoginCredential {
    /// A token resumes; a name with a password signs in to an account; a name alone logs in a guest.
    init(_ fields: CommandFields) throws(DecodeFailure) {
        if let token = try fields.optionalString("token") {
            self = .token(token)
        } else if let token = try fields.optionalString("api_token") {
            self = .apiToken(token)
        } else if let name = try fields.optionalString("name") {
            if let password = try fields.optionalString("password") {
                self = .password(name: name, password: password)
            } else {
                self = .name(name)
            }
        } else {
            throw fields.failure("login needs a name (a guest, or an account with its password) or a token (to resume), like \(fields.context.example)")
        }
    }
}
