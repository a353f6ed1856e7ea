// Rooms: the listing (`rooms`), making and entering one (`create`, `join`, `watch`, the
// `joined` and `watching` replies), leaving it, chat, the other members' comings and
// goings, and `ok` for a command with no reply of its own.

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
    /// Whether the room's games are to be rated: each is, when every seat is a signed-in
    /// account and the game has two or more players (``RoomState/rated``).
    public var rated: Bool

    /// Creates a `create` request.
    public init(game: String, seats: Int? = nil, isPrivate: Bool = false, options: JSONObject = JSONObject(), rated: Bool = false) {
        self.game = game
        self.seats = seats
        self.isPrivate = isPrivate
        self.options = options
        self.rated = rated
    }
}

/// One page of the `rooms` listing: the rooms, how many match in all, and how to ask for the rest.
public struct RoomsPage: Equatable, Sendable {
    /// At most a page of rooms, oldest first.
    public let rooms: [RoomSummary]
    /// How many listed rooms match the query's game, on every page.
    public let total: Int
    /// The `rooms` message that asks for the next page; nil on the last page.
    public let next: RoomsQuery?
    /// Creates a page.
    public init(rooms: [RoomSummary], total: Int, next: RoomsQuery?) {
        self.rooms = rooms
        self.total = total
        self.next = next
    }
}

/// One line of the `rooms` listing.
public struct RoomSummary: Equatable, Sendable {
    /// The room's code, which `join` and `watch` take.
    public let room: String
    /// The game's wire name.
    public let game: String
    /// The options the room was created with that differ from the game's defaults, in the
    /// order the game declares them (absent from the line when none); never `seed` or `daily`,
    /// which name the deal.
    public let options: JSONObject
    /// The seated players' names, in seat order.
    public let players: [String]
    /// How many seats the room has.
    public let seats: Int
    /// Where the room's game stands.
    public let phase: Phase
    /// How many watch without a seat.
    public let spectators: Int
    /// The seated players signed in to bots' accounts (absent from the line when none).
    public let bots: [String]
    /// In a room created rated: each seated player's rating for the room's game, in the order
    /// of `players` (nil for a guest); nil (absent, with `rated`) in a casual room.
    public let ratings: [ShownRating?]?
    /// Creates a listing line.
    public init(
        room: String, game: String, options: JSONObject = JSONObject(), players: [String], seats: Int, phase: Phase, spectators: Int,
        bots: [String] = [], ratings: [ShownRating?]? = nil
    ) {
        self.room = room
        self.game = game
        self.options = options
        self.players = players
        self.seats = seats
        self.phase = phase
        self.spectators = spectators
        self.bots = bots
        self.ratings = ratings
    }
}

/// A room membership change, as seen by the other members.
public enum MemberEvent: Sendable {
    /// `player_joined`: someone sat down or started watching.
    case joined
    /// `player_left`: someone left, or did not come back within the grace period.
    case left
    /// `player_away`: someone's connection dropped; they may resume.
    case away
    /// `player_back`: someone who was away resumed.
    case back

    var wireType: StaticString {
        switch self {
        case .joined: "player_joined"
        case .left: "player_left"
        case .away: "player_away"
        case .back: "player_back"
        }
    }
}

/// Whether a member sits at the table or watches.
public enum MemberRole: String, Sendable {
    /// Sits at the table.
    case player
    /// Watches.
    case spectator
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a rooms message after its `type`.
    func writeRoomFields(into writer: inout JSONWriter) {
        switch self {
        case .rooms(let page, _):
            RoomsPage.writeFields(summaries: page.rooms.lazy.map { $0.encoded() }, total: page.total, next: page.next, into: &writer)
        case .joined(let room, let game, let seat, _):
            writer.field("room", room)
            writer.field("game", game)
            writer.field("seat", seat)
        case .watching(let room, _), .left(let room, _):
            writer.field("room", room)
        case .chat(let room, let from, let text, _):
            writer.field("room", room)
            writer.field("from", from)
            writer.field("text", text)
        case .member(_, let room, let name, let role):
            writer.field("room", room)
            writer.field("name", name)
            writer.field("role", role.rawValue)
        case .notice(let room, let reason, let text):
            writer.field("room", room)
            writer.field("reason", reason)
            writer.field("text", text)
        case .ok:
            break
        default:
            preconditionFailure("not a rooms message")
        }
    }
}

extension RoomsPage {
    /// A `rooms` reply up to, not including, its `id` and closing `}`: the part a
    /// server can keep and send to everyone who asks for the same page.
    /// - Parameters:
    ///   - summaries: each room's ``RoomSummary/encoded()`` text, in listing order.
    ///   - total: how many listed rooms match the query.
    ///   - next: the query for the next page; nil on the last page.
    public static func replyPrefix(summaries: some Sequence<[UInt8]>, total: Int, next: RoomsQuery?) -> [UInt8] {
        var line = JSONWriter.line(type: "rooms", capacity: 4096) { writer in
            writeFields(summaries: summaries, total: total, next: next, into: &writer)
        }
        line.removeLast(2)
        return line
    }

    /// Finishes a ``replyPrefix(summaries:total:next:)`` into the whole line, with the
    /// asker's `id`: the same bytes as `ServerMessage.rooms(page, id:).encodedLine()`.
    public static func replyLine(prefix: [UInt8], id: RequestID?) -> [UInt8] {
        var line = prefix
        if let id {
            line += JSONWriter.bytes(capacity: 64) { writer in
                writer.append(UInt8(ascii: ","))
                writer.field(id: id)
            }
        }
        line.append(UInt8(ascii: "}"))
        line.append(UInt8(ascii: "\n"))
        return line
    }

    fileprivate static func writeFields(summaries: some Sequence<[UInt8]>, total: Int, next: RoomsQuery?, into writer: inout JSONWriter) {
        writer.field("rooms", array: summaries) { writer, summary in writer.raw(summary) }
        writer.field("total", total)
        writer.field("next", objectOrNull: next) { writer, query in ClientCommand.rooms(query).write(into: &writer) }
    }
}

extension RoomSummary {
    /// The summary as one JSON object, for a listing that keeps each room's text.
    public func encoded() -> [UInt8] {
        JSONWriter.bytes(capacity: 256) { writer in
            writer.openObject()
            writer.field("room", room)
            writer.field("game", game)
            if !options.isEmpty {
                writer.key("options")
                writer.value(.object(options))
            }
            writer.field("players", strings: players)
            writer.field("seats", seats)
            writer.field("phase", phase.rawValue)
            writer.field("spectators", spectators)
            if !bots.isEmpty { writer.field("bots", strings: bots) }
            if let ratings {
                writer.field("rated", true)
                writer.field("ratings", array: ratings) { writer, rating in
                    guard let rating else { return writer.null() }
                    writer.openObject()
                    writer.field("rating", number: rating.rating)
                    writer.field("provisional", rating.provisional)
                    writer.closeObject()
                }
            }
            writer.closeObject()
        }
    }
}

extension RoomsQuery {
    func write(into writer: inout JSONWriter) {
        if let game { writer.field("game", game) }
        if let after { writer.field("after", after) }
    }
}

extension CreateRequest {
    func write(into writer: inout JSONWriter) {
        writer.field("game", game)
        if let seats { writer.field("seats", seats) }
        if isPrivate { writer.field("private", true) }
        if rated { writer.field("rated", true) }
        if !options.isEmpty {
            writer.key("options")
            writer.value(.object(options))
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let roomReaders: [(String, MessageReader)] = [
        ("rooms", { fields throws(ServerDecodeFailure) in .rooms(try RoomsPage(fields), id: try fields.id()) }),
        ("joined", { fields throws(ServerDecodeFailure) in
            .joined(room: try fields.string("room"), game: try fields.string("game"), seat: try fields.int("seat"), id: try fields.id())
        }),
        ("watching", { fields throws(ServerDecodeFailure) in .watching(room: try fields.string("room"), id: try fields.id()) }),
        ("left", { fields throws(ServerDecodeFailure) in .left(room: try fields.string("room"), id: try fields.id()) }),
        ("chat", { fields throws(ServerDecodeFailure) in
            .chat(room: try fields.string("room"), from: try fields.string("from"), text: try fields.string("text"), id: try fields.id())
        }),
        ("player_joined", { fields throws(ServerDecodeFailure) in try .readMember(.joined, fields) }),
        ("player_left", { fields throws(ServerDecodeFailure) in try .readMember(.left, fields) }),
        ("player_away", { fields throws(ServerDecodeFailure) in try .readMember(.away, fields) }),
        ("player_back", { fields throws(ServerDecodeFailure) in try .readMember(.back, fields) }),
        ("notice", { fields throws(ServerDecodeFailure) in
            .notice(room: try fields.string("room"), reason: try fields.string("reason"), text: try fields.string("text"))
        }),
        ("ok", { fields throws(ServerDecodeFailure) in .ok(id: try fields.id()) }),
    ]
}

extension ServerMessage {
    fileprivate static func readMember(_ event: MemberEvent, _ fields: ServerFields) throws(ServerDecodeFailure) -> ServerMessage {
        let roleName = try fields.string("role")
        guard let role = MemberRole(rawValue: roleName) else {
            throw fields.failure("field 'role' must be \"player\" or \"spectator\", not \"\(roleName)\"")
        }
        return .member(event, room: try fields.string("room"), name: try fields.string("name"), role: role)
    }
}

extension RoomsPage {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let summaries = try fields.objects("rooms").map { room throws(ServerDecodeFailure) in try RoomSummary(room) }
        let next = try fields.optionalObject("next").map { next throws(ServerDecodeFailure) in
            RoomsQuery(game: try next.optionalString("game"), after: try next.optionalInt("after"))
        }
        self.init(rooms: summaries, total: try fields.int("total"), next: next)
    }
}

extension RoomSummary {
    /// Reads one room's line: of a `rooms` page, a `lobby` snapshot or a lobby event.
    init(_ room: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            room: try room.string("room"), game: try room.string("game"),
            options: try room.optionalJSONObject("options") ?? JSONObject(), players: try room.strings("players"),
            seats: try room.int("seats"), phase: try room.phase("phase"), spectators: try room.int("spectators"),
            bots: room.has("bots") ? try room.strings("bots") : [],
            ratings: try room.optionalArray("ratings").map { ratings throws(ServerDecodeFailure) in
                try ratings.enumerated().map { index, value throws(ServerDecodeFailure) -> ShownRating? in
                    guard !value.isNull else { return nil }
                    let rating = try room.nested(value, "ratings[\(index)]")
                    return ShownRating(rating: try rating.number("rating"), provisional: try rating.bool("provisional"))
                }
            })
    }
}

extension RoomsQuery {
    /// Reads a `rooms` command: `after` is a position, never below 0.
    init(_ fields: CommandFields) throws(DecodeFailure) {
        let after = try fields.optionalInt("after")
        if let after, after < 0 {
            throw fields.failure("field 'after' must be a position from a rooms reply's next, 0 or more, not \(after)")
        }
        self.init(game: try fields.optionalString("game"), after: after)
    }
}

extension CreateRequest {
    init(_ fields: CommandFields) throws(DecodeFailure) {
        self.init(
            game: try fields.string("game"), seats: try fields.optionalInt("seats"), isPrivate: try fields.optionalBool("private") ?? false,
            options: try fields.optionalJSONObject("options") ?? JSONObject(), rated: try fields.optionalBool("rated") ?? false)
    }
}
