// The catalog: `games` asks which games the server plays, and the reply says, for each,
// its seats and the options `create` takes.

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
    public static func replyPrefix(_ games: [GameInfo], pools: [PoolInfo] = []) -> [UInt8] {
        var line = ServerMessage.games(games, pools: pools, id: nil).encodedLine()
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

// MARK: Writing

extension GameInfo {
    /// Writes the fields of a `games` reply after its `type`.
    static func write(_ games: [GameInfo], into writer: inout JSONWriter) {
        writer.field("games", array: games) { writer, game in game.write(into: &writer) }
    }

    private func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("name", name)
        writer.field("title", title)
        writer.field("seats", object: { writer in
            writer.field("min", seats.lowerBound)
            writer.field("max", seats.upperBound)
            writer.field("default", defaultSeats)
        })
        writer.field("options", array: options) { writer, option in option.write(into: &writer) }
        writer.closeObject()
    }
}

extension GameOption {
    fileprivate func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("name", name)
        writer.field("type", typeName)
        switch values {
        case .integers(let range):
            writer.field("min", range.lowerBound)
            writer.field("max", range.upperBound)
        case .integerChoices(let choices):
            writer.field("values", array: choices) { writer, choice in writer.int(choice) }
        case .strings(let choices):
            writer.field("values", strings: choices)
        case .boolean:
            break
        }
        writer.key("default")
        writer.value(defaultValue ?? .null)
        // The rules a form follows (OptionRules.swift), each only where the option has one.
        if let seats {
            writer.field("seats", object: { writer in
                writer.field("min", seats.lowerBound)
                writer.field("max", seats.upperBound)
            })
        }
        if !excludes.isEmpty { writer.field("excludes", strings: excludes) }
        if let requiredForSeats {
            writer.field("required_for_seats", object: { writer in
                writer.field("min", requiredForSeats.lowerBound)
                writer.field("max", requiredForSeats.upperBound)
            })
        }
        writer.closeObject()
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let catalogReaders: [(String, MessageReader)] = [
        ("games", { fields throws(ServerDecodeFailure) in
            .games(
                try fields.objects("games").map { game throws(ServerDecodeFailure) in try GameInfo(game) }, pools: try PoolInfo.read(fields),
                id: try fields.id())
        }),
    ]
}

extension GameInfo {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let seats = try fields.object("seats")
        let (low, high) = (try seats.int("min"), try seats.int("max"))
        guard low <= high else { throw seats.failure("'min' \(low) is more than 'max' \(high)") }
        var options: [GameOption] = []
        for option in try fields.objects("options") {
            if let read = try GameOption(option) { options.append(read) }
        }
        self.init(
            name: try fields.string("name"), title: try fields.string("title"), seats: low...high, defaultSeats: try seats.int("default"),
            options: options)
    }
}

extension GameOption {
    /// Reads one option; nil for an option of a type this reader does not know (a newer
    /// server's), which a client cannot offer.
    fileprivate init?(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let values: Values
        switch try fields.string("type") {
        case "integer":
            if fields.has("values") {
                values = .integerChoices(try fields.ints("values"))
            } else {
                let (least, most) = (try fields.int("min"), try fields.int("max"))
                guard least <= most else { throw fields.failure("'min' \(least) is more than 'max' \(most)") }
                values = .integers(least...most)
            }
        case "string": values = .strings(try fields.strings("values"))
        case "boolean": values = .boolean
        default: return nil
        }
        func range(_ key: String) throws(ServerDecodeFailure) -> ClosedRange<Int>? {
            guard fields.has(key) else { return nil }
            let object = try fields.object(key)
            let (least, most) = (try object.int("min"), try object.int("max"))
            guard least <= most else { throw object.failure("'min' \(least) is more than 'max' \(most)") }
            return least...most
        }
        self.init(
            try fields.string("name"), values, default: fields.value("default"), seats: try range("seats"),
            excludes: fields.has("excludes") ? try fields.strings("excludes") : [], requiredForSeats: try range("required_for_seats"))
    }
}
