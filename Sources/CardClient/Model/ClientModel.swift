import Wire
/// The player's session on the server, from `welcome`.
public struct Session: Equatable, Sendable {
    /// The server's id for the player.
    public var player: String
    /// The name the server took (trimmed).
    public var name: String
    /// The secret that resumes the session after a reconnect.
    public var token: String

    /// Makes a session.
    public init(player: String, name: String, token: String) {
        self.player = player
        self.name = name
        self.token = token
    }
}

/// The state of the connection to the server.
public enum Link: Equatable, Sendable {
    /// Connecting, or connected and waiting for `hello`.
    case connecting
    /// Connected and greeted.
    case online
    /// Gone, and why, in words.
    case lost(String)
}

/// Where the client goes once logged in: the lobby, or straight into a room.
public enum Destination: Equatable, Sendable {
    /// The list of public rooms.
    case lobby
    /// A new room: its game, seats, privacy and options, as `create` sends them.
    case create(CreateRequest)
    /// A seat in this room.
    case join(String)
    /// A spectator's place in this room.
    case watch(String)
}

/// Which screen the client shows.
public enum ScreenKind: Equatable, Sendable {
    /// Waiting for the server.
    case connecting
    /// Asking for the player's name.
    case naming
    /// The list of rooms.
    case lobby
    /// Inside a room.
    case room
}

/// Everything the client knows: session, lobby, the room and its game, chat, notices and the
/// line being typed. Server messages and key actions change it; views draw it.
/// A value with no I/O, so tests drive it with literal server lines.
public struct ClientModel: Equatable, Sendable {
    /// How often the lobby asks for the room list, in milliseconds.
    public static let roomsRefreshMilliseconds = 2000

    /// `host:port`, for the title bar.
    public var serverAddress: String
    /// The name to log in with; nil until known.
    public var name: String?
    /// The session once logged in.
    public var session: Session?
    /// The connection's state.
    public var link: Link = .connecting
    /// The games the server offers, from `hello`.
    public var games: [String] = []
    /// The server's `games` catalog (titles, seats, options), asked for after each `hello`;
    /// empty until it comes.
    public var catalog: [GameInfo] = []
    /// The server's quick-pairing pools, from the same reply; empty until it comes.
    public var pools: [PoolInfo] = []
    /// The quick-play screen, while open.
    public var quickPlay: QuickPlay?
    /// The seek this player opened and that still waits for a taker (its id).
    public var mySeek: String?
    /// Where to go after the next login by name.
    public var destination: Destination
    /// The lobby's room list and cursor.
    public var lobby = Lobby()
    /// The room this client is in.
    public var room: RoomModel?
    /// A line of text being typed.
    public var prompt: Prompt?
    /// A short result that flashes (a claim, a round).
    public var flash: Notice?
    /// The last error or piece of news.
    public var status: Notice?
    /// Whether the list of all keys is shown.
    public var showsKeys = false
    /// A yes-or-no question waiting for its answer.
    public var question: Question?
    /// The lobby's new-game form, while open.
    public var form: NewGameForm?
    /// The records screen (stats and leaderboards), while open.
    public var records: Records?
    /// The account screen (sessions and API tokens), while open.
    public var accountPage: AccountPage?
    /// The replay open in the viewer, if any.
    public var viewer: ReplayViewer?
    /// The terminal's width, for turning a click into what is drawn there.
    public var screenWidth = 80
    /// Each room's chat and log as an earlier run of this client left them (``ChatStore``):
    /// a room entered again starts with its lines.
    public var restoredChats: [String: [ChatLine]] = [:]
    /// The terminal's height, for the same (the lobby's list grows with it).
    public var screenHeight = 24
    /// The form's choices from earlier runs and this one.
    public var formMemory = NewGameForm.Memory()
    /// The player's settings, from earlier runs and this one.
    public var settings = ClientSettings()

    /// Whether this client plays a game that is under way (leaving it would forfeit it).
    public var isInGame: Bool {
        guard let room else { return false }
        return room.phase == .playing && !room.isSpectator
    }
    /// Commands sent and not yet answered, by request id.
    public private(set) var pending: [Int: ClientCommand] = [:]
    /// The id the next command gets.
    public private(set) var nextID = 1
    /// When the lobby last asked for rooms; nil before the first time.
    public internal(set) var lastRoomsRequest: Int?
    /// A login or a resume was sent on this connection and its `welcome` has not come: the
    /// lobby asks for nothing meanwhile (a kept token the server no longer knows is refused,
    /// and a `rooms` sent before the name's login would be `not_logged_in`).
    var awaitingWelcome = false
    /// A session kept from an earlier run, to resume at the first `hello`.
    public var saved: SavedSession?
    /// The players kept for this server, offered at the name prompt of a client started
    /// without a name: typing one takes its seat back, any other name is a new player.
    public var savedChoices: [SavedSession] = []
    /// The account the client was started for (`--account`): when its session ends, the client
    /// asks for its password again rather than for a guest's name.
    public var accountName: String?
    /// The password prompt was put up after a session ended: a wrong password puts it up again.
    var askedPasswordAgain = false
    /// What the name prompt starts with (one of `savedChoices`), or nothing.
    public var namePrefill = ""
    /// The account to sign in to (`--account`), with its password, when no token signs in;
    /// `register` makes it first. Kept in memory only, for as long as the client runs.
    public var credentials: AccountCredentials?
    /// The account signed in, as `welcome.account` said it; nil for a guest.
    public internal(set) var account: AccountInfo?
    /// The server's `hello.started_ms`: a different one on a later `hello` means it restarted.
    public private(set) var serverStartedMs: Int?
    /// The token being resumed was given before the server last restarted: if it is refused,
    /// that is why.
    var tokenOutlivedRestart = false
    /// When to try connecting again by itself, in the client's milliseconds; nil for never.
    public private(set) var retryAt: Int?
    /// When the connection was lost (the client's clock), until one is up again: the game's
    /// clocks are shown stopped from then, since nothing says they run meanwhile (a server
    /// that restarts keeps the time each had left).
    public private(set) var lostAt: Int?
    /// Failed attempts in a row since the connection was last up (the backoff grows with them).
    public private(set) var failedAttempts = 0
    /// Set when another connection took the session over: retrying would take it back.
    public private(set) var wasReplaced = false

    /// How long to wait before the next attempt: 1 s, 2 s, 4 s … up to 30 s.
    static func retryDelay(afterFailures failures: Int) -> Int {
        min(30_000, 1000 << min(failures, 5))
    }

    /// Makes the model of a client about to connect.
    /// - Parameters:
    ///   - serverAddress: `host:port`, shown in the title.
    ///   - name: the name to log in with, or nil to ask on screen.
    ///   - destination: where to go after login.
    ///   - saved: a session kept from an earlier run against this server, to resume.
    public init(serverAddress: String, name: String?, destination: Destination = .lobby, saved: SavedSession? = nil) {
        self.serverAddress = serverAddress
        self.name = name
        self.destination = destination
        self.saved = saved
    }

    /// The screen to show.
    public var screen: ScreenKind {
        if room != nil { return .room }
        if session != nil { return .lobby }
        return prompt?.kind.escapeQuits == true ? .naming : .connecting
    }

    /// The logged-in name, or the name about to be used.
    public var me: String? { session?.name ?? name }

    /// Whether the connection is lost.
    public var isOffline: Bool {
        if case .lost = link { return true }
        return false
    }

    /// Sends a command with the next request id, remembering it until its reply comes.
    /// - Returns: the line to transmit.
    public mutating func send(_ command: ClientCommand) -> Effect {
        let id = nextID
        nextID += 1
        pending[id] = command
        return .transmit(ClientRequest(id: .int(id), command: command).jsonText)
    }

    /// Sends a command whose answer the client reads by its type alone (the lobby stream's
    /// `subscribe` and `unsubscribe`, `players`), without an id: like `games`, it keeps the
    /// numbering of the commands a reply must be matched to, and an error it draws is shown as
    /// any unnumbered one is.
    func post(_ command: ClientCommand) -> Effect {
        .transmit(ClientRequest(command: command).jsonText)
    }

    /// Forgets a command once its reply came; returns it.
    mutating func settle(_ id: Int?) -> ClientCommand? {
        guard let id else { return nil }
        return pending.removeValue(forKey: id)
    }

    /// Notes that the connection closed, and when to try again by itself (unless another
    /// connection took the session over).
    /// - Parameters:
    ///   - reason: why, in words; a reason already given by the server (`shutdown`, `replaced`) is kept.
    ///   - now: the client's clock in milliseconds.
    public mutating func connectionLost(_ reason: String, now: Int) {
        if link == .connecting { failedAttempts += 1 }
        if !isOffline {
            link = .lost(reason)
            lostAt = lostAt ?? now
        }
        pending.removeAll()
        retryAt = wasReplaced ? nil : now + Self.retryDelay(afterFailures: failedAttempts)
    }

    /// Starts a new attempt now (the `r` key, or the backoff ran out).
    mutating func reconnectNow() -> [Effect] {
        link = .connecting
        retryAt = nil
        return [.reconnect]
    }

    /// The server greeted: the connection is up, and the backoff starts over.
    /// - Returns: whether this is another start of the server than the one greeted before.
    mutating func connectionUp(serverStartedMs started: Int?) -> Bool {
        failedAttempts = 0
        lostAt = nil
        wasReplaced = false
        defer { serverStartedMs = started }
        guard let known = serverStartedMs, let started else { return false }
        return known != started
    }

    /// Another connection took the session over: this one stays down.
    mutating func replaced() {
        wasReplaced = true
        retryAt = nil
        link = .lost("another connection took over this session (r takes it back)")
    }

    /// Shows a status message for a few seconds.
    public mutating func setStatus(_ text: String, tone: Notice.Tone, now: Int) {
        status = Notice(text, tone: tone, until: now + Notice.statusMilliseconds)
    }

    /// Flashes a short result for about 1.5 s.
    public mutating func setFlash(_ text: String, tone: Notice.Tone, now: Int) {
        flash = Notice(text, tone: tone, until: now + Notice.flashMilliseconds)
    }

    /// Time passing: drops notices that ran out, and asks for the room list when the lobby is due.
    /// - Returns: the commands to send.
    public mutating func tick(now: Int) -> [Effect] {
        if let flash, !flash.isShowing(at: now) { self.flash = nil }
        if let status, !status.isShowing(at: now) { self.status = nil }
        if isOffline, let retryAt, now >= retryAt { return reconnectNow() }
        // The quick-play screen lives on the lobby stream; the room list is asked for when it shows.
        guard screen == .lobby, link == .online, quickPlay == nil, !awaitingWelcome else { return [] }
        if let last = lastRoomsRequest, now - last < Self.roomsRefreshMilliseconds { return [] }
        lastRoomsRequest = now
        return [send(.firstRoomsPage)]
    }
}

/// An account's name and password, as typed at start (`--account`, `--register`).
public struct AccountCredentials: Equatable, Sendable {
    public var name: String
    public var password: String
    /// Make the account (`register`) rather than sign in to it.
    public var register: Bool

    public init(name: String, password: String, register: Bool) {
        self.name = name
        self.password = password
        self.register = register
    }
}
