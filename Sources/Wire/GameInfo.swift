/// One game of the `games` reply: what a client needs to offer it without knowing it in
/// advance: its name, its title, its seats and its `create` options, each with the values it
/// allows and its default. The server builds it from its engines' declarations, the same
/// ones `create` is checked against.
public struct GameInfo: Equatable, Sendable {
    /// The game's name on the wire (`create`, `hello.games`, `state.game`).
    public let name: String
    /// The name people read ("Klondike").
    public let title: String
    /// The seat counts a room of it may have.
    public let seats: ClosedRange<Int>
    /// Seats when `create` leaves them out.
    public let defaultSeats: Int
    /// Its `create` options, in the order the game declares them.
    public let options: [GameOption]

    /// Describes a game.
    public init(name: String, title: String, seats: ClosedRange<Int>, defaultSeats: Int, options: [GameOption]) {
        self.name = name
        self.title = title
        self.seats = seats
        self.defaultSeats = defaultSeats
        self.options = options
    }

    /// A `games` reply up to, not including, its `id` and closing `}`: the part a server
    /// computes once and sends to everyone who asks (finished by ``RoomsPage/replyLine(prefix:id:)``).
    public static func replyPrefix(_ games: [GameInfo]) -> [UInt8] {
        var line = ServerMessage.games(games, id: nil).encodedLine()
        line.removeLast(2)
        return line
    }
}

extension GameOption {
    /// The option's `type` in a `games` reply: `integer`, `string` or `boolean`.
    public var typeName: String {
        switch values {
        case .integers, .integerChoices: "integer"
        case .strings: "string"
        case .boolean: "boolean"
        }
    }
}
