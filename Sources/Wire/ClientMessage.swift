import GameRules

/// One decoded client line: the command and the `id` to echo on its direct reply.
public struct ClientRequest: Equatable, Sendable {
    /// The client's `id`, if it sent one.
    public var id: RequestID?
    /// What the client asks for.
    public var command: ClientCommand

    /// Creates a request.
    public init(id: RequestID? = nil, command: ClientCommand) {
        self.id = id
        self.command = command
    }
}

/// Every command of protocol 1 a client can send.
public enum ClientCommand: Equatable, Sendable {
    case help
    case ping
    /// The games the server plays, with their seats and options (allowed before login).
    case games
    case login(LoginCredential)
    /// One page of the public rooms, optionally of one game.
    case rooms(RoomsQuery)
    case create(CreateRequest)
    case join(room: String)
    case watch(room: String)
    case leave
    case start
    case chat(text: String)
    /// rps: throw a sign.
    case throwSign(Sign)
    /// A player's record from the results journal.
    case stats(name: String)
    /// The best players of a game from the results journal.
    case leaderboard(game: String)
    /// The ranking of one day's daily deal of a game (a `leaderboard` with `daily`).
    case dailyLeaderboard(DailyQuery)
    /// rps-brain: answer this round's prompt.
    case answer(Sign)
    /// concentration: turn a card face up.
    case flip(card: Int)
    /// klondike: turn cards from the stock to the waste (or the waste back over).
    case draw
    /// klondike: move `count` cards from one pile to another.
    case move(from: KlondikePile, to: KlondikePile, count: Int)
    /// klondike: the double-tap move of a pile's top card.
    case auto(from: KlondikePile)
    /// klondike: take back your last action.
    case undo
    /// klondike: play every card home, once the stock and waste are empty and all cards face up.
    case finish
    /// set: claim three cards (by id) as a Set.
    case claim(cards: [Int])
    /// set: ask for three more cards.
    case deal
    /// set, solo: reveal one card of a Set on the board.
    case hint
    /// A finished game's record by its id; with `step`, the state after that step (as `seat` saw it).
    case replay(game: String, step: Int?, seat: Int?)

    /// The `type` tag of this command on the wire.
    public var type: String {
        switch self {
        case .help: "help"
        case .ping: "ping"
        case .games: "games"
        case .login: "login"
        case .rooms: "rooms"
        case .create: "create"
        case .join: "join"
        case .watch: "watch"
        case .leave: "leave"
        case .start: "start"
        case .chat: "chat"
        case .throwSign: "throw"
        case .stats: "stats"
        case .leaderboard, .dailyLeaderboard: "leaderboard"
        case .answer: "answer"
        case .flip: "flip"
        case .draw: "draw"
        case .move: "move"
        case .auto: "auto"
        case .undo: "undo"
        case .finish: "finish"
        case .claim: "claim"
        case .deal: "deal"
        case .hint: "hint"
        case .replay: "replay"
        }
    }
}

/// How a client logs in: a new player by name, or an old one by token.
public enum LoginCredential: Equatable, Sendable {
    case name(String)
    case token(String)
}

/// The fields of a `create` message.
public struct CreateRequest: Equatable, Sendable {
    /// The game's name, e.g. `rps`.
    public var game: String
    /// Seats asked for; nil for the game's default.
    public var seats: Int?
    /// A private room is not listed by `rooms`.
    public var isPrivate: Bool
    /// Game-specific options, checked by the game.
    public var options: JSONObject

    /// Creates a `create` request.
    public init(game: String, seats: Int? = nil, isPrivate: Bool = false, options: JSONObject = JSONObject()) {
        self.game = game
        self.seats = seats
        self.isPrivate = isPrivate
        self.options = options
    }
}

/// The fields of a `rooms` message: which page of the listing, of which game.
public struct RoomsQuery: Hashable, Sendable {
    /// Only rooms of this game; nil for every game.
    public var game: String?
    /// Only rooms listed after the one with this position (a reply's `next` says it); nil for the first page.
    public var after: Int?

    /// Creates a `rooms` query.
    public init(game: String? = nil, after: Int? = nil) {
        self.game = game
        self.after = after
    }
}

/// Which daily deal a `leaderboard` with `daily` ranks: a game, a UTC day, and the options
/// that shape the deal (each set of options has a deal of its own).
public struct DailyQuery: Equatable, Sendable {
    /// The game's wire name.
    public var game: String
    /// The UTC day, `YYYY-MM-DD`; nil for today.
    public var day: String?
    /// The deal's options as `create` gives them, without `daily`; empty for the defaults.
    public var options: JSONObject

    /// Whether `text` is a day as the journal writes it: `YYYY-MM-DD`, a day of the Gregorian calendar.
    public static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.map(\.count) == [4, 2, 2],
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...daysInMonth).contains(day)
    }

    /// Creates a query.
    public init(game: String, day: String? = nil, options: JSONObject = [:]) {
        self.game = game
        self.day = day
        self.options = options
    }
}

extension ClientCommand {
    /// The command that plays a Klondike action (a hint's move, a solution's step).
    public init(_ action: KlondikeAction) {
        switch action {
        case .draw: self = .draw
        case .move(let from, let to, let count): self = .move(from: from, to: to, count: count)
        }
    }
}
