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
    /// rps-brain: answer the round's prompt with a sign.
    case answer(RPSSign)
    /// concentration: turn the card at this index face up.
    case flip(card: Int)
    /// klondike: turn cards from the stock onto the waste (or the waste back over).
    case draw
    /// klondike: move `count` cards from one pile (`waste`, `t1`…`t7`, `f1`…`f4`) to another.
    case move(from: String, to: String, count: Int)
    /// klondike: make the double-tap move with a pile's top card.
    case auto(from: String)
    /// klondike: take back the last draw, move or auto.
    case undo

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
        case .answer: "answer"
        case .flip: "flip"
        case .draw: "draw"
        case .move: "move"
        case .auto: "auto"
        case .undo: "undo"
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
        case .answer(let sign): object["sign"] = .string(sign.rawValue)
        case .flip(let card): object["card"] = .int(card)
        case .move(let from, let to, let count):
            object["from"] = .string(from)
            object["to"] = .string(to)
            object["count"] = .int(count)
        case .auto(let from): object["from"] = .string(from)
        case .rooms, .leave, .start, .deal, .hint, .draw, .undo: break
        }
        if let id { object["id"] = .int(id) }
        return object
    }
}
