// Quick pairing: the pools the `games` catalog declares, `pool_join` and `pool_leave` from
// the client; `pool_status` while a player waits and `paired` when a wave seats them
// (`paired_elsewhere` to the account's other connections).

/// One quick-pairing pool of the `games` reply: a game with fixed options and seats, which a
/// player joins with `pool_join` to be seated at the next wave with players of a like rating.
public struct PoolInfo: Equatable, Sendable {
    /// The pool's name for `pool_join` ("rps-3").
    public let id: String
    /// The game its rooms play (`create`'s `game`).
    public let game: String
    /// What people read ("rps, best of 3").
    public let title: String
    /// The seats of each room it makes.
    public let seats: Int
    /// The `create` options its rooms have.
    public let options: JSONObject

    public init(id: String, game: String, title: String, seats: Int, options: JSONObject) {
        self.id = id
        self.game = game
        self.title = title
        self.seats = seats
        self.options = options
    }
}

/// `pool_status`: the pool a player waits in, how many wait there (them included) and how
/// long this player has waited, in milliseconds.
public struct PoolStatus: Equatable, Sendable {
    public let pool: String
    public let waiting: Int
    public let waitedMs: Int
    /// When the pool's next wave fires, in milliseconds from now.
    public let nextWaveMs: Int?

    public init(pool: String, waiting: Int, waitedMs: Int, nextWaveMs: Int?) {
        self.pool = pool
        self.waiting = waiting
        self.waitedMs = waitedMs
        self.nextWaveMs = nextWaveMs
    }
}

// MARK: Writing

extension PoolInfo {
    /// Writes a `games` reply's `pools` array (nothing for a server without pools).
    static func write(_ pools: [PoolInfo], into writer: inout JSONWriter) {
        guard !pools.isEmpty else { return }
        writer.field("pools", array: pools) { writer, pool in
            writer.openObject()
            writer.field("id", pool.id)
            writer.field("game", pool.game)
            writer.field("title", pool.title)
            writer.field("seats", pool.seats)
            writer.key("options")
            writer.value(.object(pool.options))
            writer.closeObject()
        }
    }
}

extension ServerMessage {
    func writePoolFields(into writer: inout JSONWriter) {
        switch self {
        case .poolStatus(let status):
            writer.field("pool", status.pool)
            writer.field("waiting", status.waiting)
            writer.field("waited_ms", status.waitedMs)
            writer.field("next_wave_ms", status.nextWaveMs)
        case .paired(let room, let pool, let game, let seat, let challenge, let seek),
             .pairedElsewhere(let room, let pool, let game, let seat, let challenge, let seek):
            writer.field("room", room)
            // A pool's pairing names its pool; a challenge's, its challenge.
            if let pool { writer.field("pool", pool) }
            writer.field("game", game)
            writer.field("seat", seat)
            if let challenge { writer.field("challenge", challenge) }
            if let seek { writer.field("seek", seek) }
        default:
            preconditionFailure("not a pool message")
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let poolReaders: [(String, MessageReader)] = [
        ("pool_status", { fields throws(ServerDecodeFailure) in
            .poolStatus(PoolStatus(
                pool: try fields.string("pool"), waiting: try fields.int("waiting"), waitedMs: try fields.int("waited_ms"),
                nextWaveMs: try fields.optionalInt("next_wave_ms")))
        }),
        ("paired", { fields throws(ServerDecodeFailure) in
            .paired(
                room: try fields.string("room"), pool: try fields.optionalString("pool"), game: try fields.string("game"), seat: try fields.int("seat"),
                challenge: try fields.optionalString("challenge"), seek: try fields.optionalString("seek"))
        }),
        ("paired_elsewhere", { fields throws(ServerDecodeFailure) in
            .pairedElsewhere(
                room: try fields.string("room"), pool: try fields.optionalString("pool"), game: try fields.string("game"), seat: try fields.int("seat"),
                challenge: try fields.optionalString("challenge"), seek: try fields.optionalString("seek"))
        }),
    ]
}

extension PoolInfo {
    /// Reads a `games` reply's `pools` (none from a server without them).
    static func read(_ fields: ServerFields) throws(ServerDecodeFailure) -> [PoolInfo] {
        guard fields.has("pools") else { return [] }
        return try fields.objects("pools").map { pool throws(ServerDecodeFailure) in
            PoolInfo(
                id: try pool.string("id"), game: try pool.string("game"), title: try pool.string("title"), seats: try pool.int("seats"),
                options: try pool.optionalJSONObject("options") ?? JSONObject())
        }
    }
}
