// The lobby stream: `subscribe` with `"lobby":true` sends the lobby once (`lobby`), then only
// what changes: rooms opened, changed and closed, seeks added and removed, pool counts and
// how many are online. `unsubscribe` stops it.

/// How many wait in one pool (its people and its bots together).
public struct PoolCount: Equatable, Sendable {
    public let pool: String
    public let waiting: Int

    /// Creates a count.
    public init(pool: String, waiting: Int) {
        self.pool = pool
        self.waiting = waiting
    }
}

/// `lobby`: the lobby as it is, once, on `subscribe` (and again when a subscriber that fell
/// behind on reading has caught up): the public rooms, the seeks the subscriber may take, each
/// pool's count and how many players are online.
public struct LobbySnapshot: Equatable, Sendable {
    /// The listed public rooms, oldest first (at most ``LobbySnapshot/maxRooms``: the newest).
    public let rooms: [RoomSummary]
    /// Whether rooms were left out (more than ``LobbySnapshot/maxRooms``).
    public let more: Bool
    public let seeks: [SeekInfo]
    public let pools: [PoolCount]
    /// Players with a session.
    public let online: Int

    /// The most rooms a snapshot lists: within the output a client may leave unread.
    public static let maxRooms = 1_000

    /// Creates a snapshot.
    public init(rooms: [RoomSummary], more: Bool, seeks: [SeekInfo], pools: [PoolCount], online: Int) {
        self.rooms = rooms
        self.more = more
        self.seeks = seeks
        self.pools = pools
        self.online = online
    }
}

extension ServerMessage {
    func writeLobbyFields(into writer: inout JSONWriter) {
        switch self {
        case .lobby(let snapshot, _):
            writer.field("rooms", array: snapshot.rooms) { writer, room in writer.raw(room.encoded()) }
            if snapshot.more { writer.field("more", true) }
            writer.field("seeks", array: snapshot.seeks) { writer, seek in seek.write(into: &writer) }
            Self.write(snapshot.pools, into: &writer)
            writer.field("online", snapshot.online)
        case .roomOpened(let room), .roomChanged(let room):
            writer.key("room")
            writer.raw(room.encoded())
        case .roomClosed(let room):
            writer.field("room", room)
        case .seekAdded(let seek):
            writer.key("seek")
            seek.write(into: &writer)
        case .seekRemoved(let seek):
            writer.field("seek", seek)
        case .poolCounts(let pools):
            Self.write(pools, into: &writer)
        case .online(let players):
            writer.field("online", players)
        default:
            preconditionFailure("not a lobby message")
        }
    }

    private static func write(_ pools: [PoolCount], into writer: inout JSONWriter) {
        writer.field("pools", array: pools) { writer, pool in
            writer.openObject()
            writer.field("pool", pool.pool)
            writer.field("waiting", pool.waiting)
            writer.closeObject()
        }
    }
}

extension ClientCommand {
    /// `subscribe` or `unsubscribe`: what to (`"lobby":true`, the one stream there is).
    static func readStream(_ fields: CommandFields, subscribing: Bool) throws(DecodeFailure) -> ClientCommand {
        guard try fields.optionalBool("lobby") == true else {
            throw fields.failure(#"say what to \#(subscribing ? "subscribe to" : "unsubscribe from"): {"type":"\#(subscribing ? "subscribe" : "unsubscribe")","lobby":true}"#)
        }
        return subscribing ? .subscribeLobby : .unsubscribeLobby
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let lobbyReaders: [(String, MessageReader)] = [
        ("lobby", { fields throws(ServerDecodeFailure) in
            .lobby(LobbySnapshot(
                rooms: try fields.objects("rooms").map { room throws(ServerDecodeFailure) in try RoomSummary(room) },
                more: try fields.optionalBool("more") ?? false,
                seeks: try fields.objects("seeks").map { seek throws(ServerDecodeFailure) in try SeekInfo(seek) },
                pools: try poolCounts(fields), online: try fields.int("online")), id: try fields.id())
        }),
        ("room_opened", { fields throws(ServerDecodeFailure) in .roomOpened(try RoomSummary(try fields.object("room"))) }),
        ("room_changed", { fields throws(ServerDecodeFailure) in .roomChanged(try RoomSummary(try fields.object("room"))) }),
        ("room_closed", { fields throws(ServerDecodeFailure) in .roomClosed(room: try fields.string("room")) }),
        ("seek_added", { fields throws(ServerDecodeFailure) in .seekAdded(try SeekInfo(try fields.object("seek"))) }),
        ("seek_removed", { fields throws(ServerDecodeFailure) in .seekRemoved(seek: try fields.string("seek")) }),
        ("pools", { fields throws(ServerDecodeFailure) in .poolCounts(try poolCounts(fields)) }),
        ("online", { fields throws(ServerDecodeFailure) in .online(players: try fields.int("online")) }),
    ]

    private static func poolCounts(_ fields: ServerFields) throws(ServerDecodeFailure) -> [PoolCount] {
        try fields.objects("pools").map { pool throws(ServerDecodeFailure) in
            PoolCount(pool: try pool.string("pool"), waiting: try pool.int("waiting"))
        }
    }
}

/// One player online, as `players` lists them: who, whether signed in (and to a bot's
/// account), whether seated in a game, and an account's ratings by game.
public struct OnlinePlayer: Equatable, Sendable {
    public let name: String
    public let account: Bool
    public let bot: Bool
    /// Seated in a room (a game under way or not).
    public let seated: Bool
    /// The account's rating in each game it has played rated, in `hello.games` order.
    public let ratings: [(game: String, rating: ShownRating)]

    /// Creates a line of `players`.
    public init(name: String, account: Bool, bot: Bool, seated: Bool, ratings: [(game: String, rating: ShownRating)] = []) {
        self.name = name
        self.account = account
        self.bot = bot
        self.seated = seated
        self.ratings = ratings
    }

    public static func == (a: OnlinePlayer, b: OnlinePlayer) -> Bool {
        a.name == b.name && a.account == b.account && a.bot == b.bot && a.seated == b.seated
            && a.ratings.map(\.game) == b.ratings.map(\.game) && a.ratings.map(\.rating) == b.ratings.map(\.rating)
    }

    func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("name", name)
        if account { writer.field("account", true) }
        if bot { writer.field("bot", true) }
        writer.field("seated", seated)
        if !ratings.isEmpty {
            writer.field("ratings") { writer in
                for (game, rating) in ratings {
                    writer.key(escaping: game)
                    writer.openObject()
                    writer.field("rating", number: rating.rating)
                    writer.field("provisional", rating.provisional)
                    writer.closeObject()
                }
            }
        }
        writer.closeObject()
    }

    init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        var ratings: [(game: String, rating: ShownRating)] = []
        if let byGame = try fields.optionalObject("ratings") {
            for (game, _) in byGame.object.pairs {
                let rating = try byGame.object(game)
                ratings.append((game, ShownRating(rating: try rating.number("rating"), provisional: try rating.bool("provisional"))))
            }
        }
        self.init(
            name: try fields.string("name"), account: try fields.optionalBool("account") ?? false, bot: try fields.optionalBool("bot") ?? false,
            seated: try fields.bool("seated"), ratings: ratings)
    }
}

extension ServerMessage {
    func writePlayersFields(into writer: inout JSONWriter) {
        guard case .players(let players, let total, _) = self else { preconditionFailure("not a players message") }
        writer.field("players", array: players) { writer, player in player.write(into: &writer) }
        writer.field("total", total)
    }
}

extension ServerMessageDecoder {
    static let playersReaders: [(String, MessageReader)] = [
        ("players", { fields throws(ServerDecodeFailure) in
            .players(
                try fields.objects("players").map { player throws(ServerDecodeFailure) in try OnlinePlayer(player) },
                total: try fields.int("total"), id: try fields.id())
        }),
    ]
}
