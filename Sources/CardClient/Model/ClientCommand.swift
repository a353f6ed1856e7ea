import Wire

/// A command this client sends to the server (protocol 1).
public enum ClientCommand: Equatable, Sendable {
    /// Log in as a new player.
    case login(name: String)
    /// Take over a session after a reconnect.
    case resume(token: String)
    /// Ask for the public rooms.
    case rooms
    /// Create a room and sit in it; `options` are the game's (`{"bot":"adaptive"}`), left out when empty.
    case create(game: String, seats: Int?, isPrivate: Bool, options: JSONObject = [:])
    /// Sit in a room.
    case join(room: String)
    /// Watch a room.
    case watch(room: String)
    /// Leave the room.
    case leave
    /// Start the game (or a rematch).
    case start
    /// Say something in the room.
    case chat(text: String)
    /// Set: claim three cards are a Set.
    case claim(cards: [Int])
    /// Set: ask for three more cards.
    case deal
    /// Set, solo: ask for a hint.
    case hint
    /// rps: throw a sign.
    case throwSign(RPSSign)

    /// The `type` tag.
    public var type: String {
        switch self {
        case .login, .resume: "login"
        case .rooms: "rooms"
        case .create: "create"
        case .join: "join"
        case .watch: "watch"
        case .leave: "leave"
        case .start: "start"
        case .chat: "chat"
        case .claim: "claim"
        case .deal: "deal"
        case .hint: "hint"
        case .throwSign: "throw"
        }
    }

    /// The message as a JSON object: `type` first, then the fields, then `id` when given.
    /// - Parameter id: the request id the direct reply will carry.
    public func json(id: Int?) -> JSONObject {
        var object: JSONObject = ["type": .string(type)]
        switch self {
        case .login(let name): object["name"] = .string(name)
        case .resume(let token): object["token"] = .string(token)
        case .create(let game, let seats, let isPrivate, let options):
            object["game"] = .string(game)
            if let seats { object["seats"] = .int(seats) }
            if isPrivate { object["private"] = true }
            if !options.isEmpty { object["options"] = .object(options) }
        case .join(let room), .watch(let room): object["room"] = .string(room)
        case .chat(let text): object["text"] = .string(text)
        case .claim(let cards): object["cards"] = .array(cards.map { .int($0) })
        case .throwSign(let sign): object["sign"] = .string(sign.rawValue)
        case .rooms, .leave, .start, .deal, .hint: break
        }
        if let id { object["id"] = .int(id) }
        return object
    }
}
