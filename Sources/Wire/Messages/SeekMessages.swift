// Seeks: an open game of two in the lobby (`seek`), listed by `seeks` until someone takes it
// (`seek_accept`), its creator takes it back (`seek_cancel`) or it has waited ten minutes.

/// `seek`: the game offered, for two, and who may take it.
public struct SeekRequest: Equatable, Sendable {
    public var game: String
    public var options: JSONObject
    /// Rated: only a signed-in account may take it.
    public var rated: Bool
    /// The ratings (for the game) a taker may have; nil for anyone.
    public var ratingRange: ClosedRange<Int>?
    /// Bots welcome: a bot's account may take it too.
    public var bots: Bool

    /// Creates a seek.
    public init(game: String, options: JSONObject = JSONObject(), rated: Bool = false, ratingRange: ClosedRange<Int>? = nil, bots: Bool = false) {
        self.game = game
        self.options = options
        self.rated = rated
        self.ratingRange = ratingRange
        self.bots = bots
    }
}

/// One open seek, as `seeks` lists it.
public struct SeekInfo: Equatable, Sendable {
    /// What `seek_accept` names.
    public let seek: String
    /// Who seeks, with their rating for the game (nil for a guest) and whether they are a bot.
    public let from: String
    public let rating: ShownRating?
    public let bot: Bool
    public let request: SeekRequest
    /// Milliseconds since it was opened.
    public let waitedMs: Int

    /// Creates a line of `seeks`.
    public init(seek: String, from: String, rating: ShownRating?, bot: Bool, request: SeekRequest, waitedMs: Int) {
        self.seek = seek
        self.from = from
        self.rating = rating
        self.bot = bot
        self.request = request
        self.waitedMs = waitedMs
    }
}

/// Why a seek ended without a game, as `seek_closed` tells its creator.
public enum SeekEnd: String, Equatable, Sendable, CaseIterable {
    /// Nobody took it within ten minutes.
    case expired
    /// Its creator sat down in a room or was paired.
    case busy
}

extension ServerMessage {
    func writeSeekFields(into writer: inout JSONWriter) {
        switch self {
        case .seekOpen(let seek, let expiresMs, _):
            writer.field("seek", seek)
            writer.field("expires_ms", expiresMs)
        case .seeks(let seeks, _):
            writer.field("seeks", array: seeks) { writer, seek in seek.write(into: &writer) }
        case .seekClosed(let seek, let reason):
            writer.field("seek", seek)
            writer.field("reason", reason.rawValue)
        default:
            preconditionFailure("not a seek message")
        }
    }
}

extension SeekInfo {
    /// The seek as one JSON object: of `seeks`, a `lobby` snapshot or `seek_added`.
    func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("seek", seek)
        writer.field("from", from)
        if let rating {
            writer.field("rating", number: rating.rating)
            writer.field("provisional", rating.provisional)
        }
        if bot { writer.field("bot", true) }
        request.write(into: &writer)
        writer.field("waited_ms", waitedMs)
        writer.closeObject()
    }

    /// Reads one seek's object.
    init(_ seek: ServerFields) throws(ServerDecodeFailure) {
        var range: ClosedRange<Int>?
        if let bounds = try seek.optionalArray("rating_range"), bounds.count == 2, let low = bounds[0].intValue, let high = bounds[1].intValue, low <= high {
            range = low...high
        }
        self.init(
            seek: try seek.string("seek"), from: try seek.string("from"),
            rating: try seek.optionalNumber("rating").map { rating throws(ServerDecodeFailure) in
                ShownRating(rating: rating, provisional: try seek.optionalBool("provisional") ?? false)
            },
            bot: try seek.optionalBool("bot") ?? false,
            request: SeekRequest(
                game: try seek.string("game"), options: try seek.optionalJSONObject("options") ?? JSONObject(),
                rated: try seek.optionalBool("rated") ?? false, ratingRange: range, bots: try seek.optionalBool("bots") ?? false),
            waitedMs: try seek.int("waited_ms"))
    }
}

extension SeekRequest {
    /// `game`, then `options`, `rated`, `rating_range` and `bots` where they say something.
    func write(into writer: inout JSONWriter) {
        writer.field("game", game)
        if !options.isEmpty {
            writer.key("options")
            writer.value(.object(options))
        }
        writer.field("rated", rated)
        if let ratingRange {
            writer.key("rating_range")
            writer.value(.array([.int(ratingRange.lowerBound), .int(ratingRange.upperBound)]))
        }
        if bots { writer.field("bots", true) }
    }

    /// Reads `seek`'s fields.
    init(_ fields: CommandFields) throws(DecodeFailure) {
        var range: ClosedRange<Int>?
        if let bounds = try fields.optionalArray("rating_range") {
            guard bounds.count == 2, let low = bounds[0].intValue, let high = bounds[1].intValue, low <= high else {
                throw fields.failure("field 'rating_range' must be two whole numbers, the lower first, like [1400, 1700]")
            }
            range = low...high
        }
        self.init(
            game: try fields.string("game"), options: try fields.optionalJSONObject("options") ?? JSONObject(),
            rated: try fields.optionalBool("rated") ?? false, ratingRange: range, bots: try fields.optionalBool("bots") ?? false)
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let seekReaders: [(String, MessageReader)] = [
        ("seek_open", { fields throws(ServerDecodeFailure) in
            .seekOpen(seek: try fields.string("seek"), expiresMs: try fields.int("expires_ms"), id: try fields.id())
        }),
        ("seeks", { fields throws(ServerDecodeFailure) in
            .seeks(try fields.objects("seeks").map { seek throws(ServerDecodeFailure) in try SeekInfo(seek) }, id: try fields.id())
        }),
        ("seek_closed", { fields throws(ServerDecodeFailure) in
            .seekClosed(seek: try fields.string("seek"), reason: SeekEnd(rawValue: try fields.string("reason")) ?? .expired)
        }),
    ]
}
