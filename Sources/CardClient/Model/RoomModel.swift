import Wire

/// A line of the room's chat log: something a member said, or something that happened.
public enum ChatLine: Equatable, Sendable {
    /// A member's chat message.
    case said(from: String, text: String)
    /// A room event in words ("bob joined", "bob is away").
    case event(String)
}

/// The room this client is in, as far as it knows.
public struct RoomModel: Equatable, Sendable {
    /// How many chat lines are kept.
    public static let chatLimit = 200

    /// The room code.
    public var code: String
    /// The game name; empty until known (a `watching` reply does not say it).
    public var game: String
    /// This client's seat; nil when watching.
    public var seat: Int?
    /// The newest `state`.
    public var state: RoomState?
    /// When that state arrived, in the client's milliseconds (for countdowns).
    public var stateReceivedAt: Int
    /// Chat and room events, oldest first.
    public var chat: [ChatLine]
    /// Set: ids of the cards selected for a claim, in the order chosen.
    public var selection: [Int]
    /// rps: the newest reveal from a `round` event.
    public var reveal: RoundReveal?
    /// The result once `game_over` came; cleared when a new game starts.
    public var result: GameOver?
    /// Set: who took the last Set before this player could (for "too late: bob took it").
    public var lastTakenBy: String?
    /// Set: the claims seen this game, oldest first (the panel of last Sets, the end's tally).
    public var claims: [SeenClaim] = []
    /// Concentration: the face turned first this turn, to name both cards of a mismatch.
    public var firstFlipFace: String?
    /// Seated players who left while the game was under way (a forfeit, not a score).
    public var leftDuringGame: [String] = []
    /// How many lines the chat log is scrolled back from its newest (PgUp/PgDn); 0 follows the newest.
    public var chatScroll = 0
    /// Whether this client created the room private (only its code lets others in).
    public var isPrivate = false
    /// Klondike: the cursor, the cards picked up, what the last hint said.
    public var klondike = KlondikePlay()

    /// "1 of 2 seated" (or "1 seated" from a server that does not say how many seats).
    public var seatedText: String {
        let seated = state?.players.count ?? 0
        guard let seats = state?.seats else { return "\(seated) seated" }
        return "\(seated) of \(seats) seated"
    }

    /// Makes a room entered just now.
    public init(code: String, game: String, seat: Int?) {
        self.code = code
        self.game = game
        self.seat = seat
        state = nil
        stateReceivedAt = 0
        chat = []
        selection = []
        reveal = nil
        result = nil
    }

    /// Whether this client watches rather than plays.
    public var isSpectator: Bool { seat == nil }
    /// A room of one seat: the server gives hints there and nowhere else (a race whose
    /// rival left is still a race).
    public var isSolo: Bool { (state?.seats ?? state?.players.count ?? 0) <= 1 }

    /// The phase, `waiting` until a state came.
    public var phase: Phase { state?.phase ?? .waiting }

    /// Adds a chat line, dropping the oldest past ``chatLimit``.
    public mutating func log(_ line: ChatLine) {
        chat.append(line)
        if chat.count > Self.chatLimit { chat.removeFirst(chat.count - Self.chatLimit) }
    }
}
