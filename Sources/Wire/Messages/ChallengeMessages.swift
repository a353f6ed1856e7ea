// Challenges: one player asks another, by name, to a game of two (`challenge`); the other
// accepts, declines with a reason, or lets it expire; `block` stops them between two accounts.

/// `challenge`: who is asked, to which game, with which options, rated or not.
public struct ChallengeRequest: Equatable, Sendable {
    /// The name of the online player (or bot) asked.
    public var name: String
    /// The game's wire name; the room has two seats.
    public var game: String
    /// The game's options, as `create` takes them.
    public var options: JSONObject
    /// Whether the game is to be rated (both must be signed-in accounts).
    public var rated: Bool

    /// Creates a challenge.
    public init(name: String, game: String, options: JSONObject = JSONObject(), rated: Bool = false) {
        self.name = name
        self.game = game
        self.options = options
        self.rated = rated
    }
}

/// Why a challenge was declined (`challenge_decline`'s `reason`), as lichess words them.
public enum DeclineReason: String, Equatable, Sendable, CaseIterable {
    /// Not now.
    case later
    /// The game's pace is too fast.
    case tooFast = "too_fast"
    /// Only a casual game, please.
    case casual
    /// Only a rated game, please.
    case rated
    /// No games against bots.
    case noBots = "no_bots"
    /// No reason given.
    case generic
}

/// `challenge`, to the player asked: who asks, to what, and for how long the offer stands.
public struct ChallengeOffer: Equatable, Sendable {
    /// What `challenge_accept` and `challenge_decline` name.
    public let challenge: String
    /// Who asks.
    public let from: String
    /// The challenger's rating for the game (nil for a guest), and whether it is provisional.
    public let rating: ShownRating?
    /// Whether the challenger is a bot's account.
    public let bot: Bool
    public let game: String
    public let options: JSONObject
    public let rated: Bool
    /// Milliseconds until the offer expires.
    public let expiresMs: Int

    /// Creates an offer.
    public init(challenge: String, from: String, rating: ShownRating?, bot: Bool, game: String, options: JSONObject, rated: Bool, expiresMs: Int) {
        self.challenge = challenge
        self.from = from
        self.rating = rating
        self.bot = bot
        self.game = game
        self.options = options
        self.rated = rated
        self.expiresMs = expiresMs
    }
}

/// Why a challenge ended without a game, as `challenge_closed` says it.
public enum ChallengeEnd: String, Equatable, Sendable, CaseIterable {
    /// Its challenger took it back.
    case canceled
    /// Nobody answered it within its time.
    case expired
    /// One of the two left the server.
    case gone
    /// The challenger sat down elsewhere before it was accepted.
    case busy
    /// Another session of the same account answered it.
    case answered
}

extension ServerMessage {
    func writeChallengeFields(into writer: inout JSONWriter) {
        switch self {
        case .challengeSent(let challenge, let to, let expiresMs, _):
            writer.field("challenge", challenge)
            writer.field("to", to)
            writer.field("expires_ms", expiresMs)
        case .challengeOffer(let offer):
            writer.field("challenge", offer.challenge)
            writer.field("from", offer.from)
            if let rating = offer.rating {
                writer.field("rating", number: rating.rating)
                writer.field("provisional", rating.provisional)
            }
            if offer.bot { writer.field("bot", true) }
            writer.field("game", offer.game)
            writer.key("options")
            writer.value(.object(offer.options))
            writer.field("rated", offer.rated)
            writer.field("expires_ms", offer.expiresMs)
        case .challengeDeclined(let challenge, let by, let reason):
            writer.field("challenge", challenge)
            writer.field("by", by)
            writer.field("reason", reason.rawValue)
        case .challengeClosed(let challenge, let reason):
            writer.field("challenge", challenge)
            writer.field("reason", reason.rawValue)
        default:
            preconditionFailure("not a challenge message")
        }
    }
}

extension ClientCommand {
    /// `challenge`: `name` and `game`; `options` and `rated` optional.
    static func readChallenge(_ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        .challenge(ChallengeRequest(
            name: try fields.string("name"), game: try fields.string("game"), options: try fields.optionalJSONObject("options") ?? JSONObject(),
            rated: try fields.optionalBool("rated") ?? false))
    }

    /// `challenge_decline`: the challenge, and a reason (`generic` when left out).
    static func readDecline(_ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        let challenge = try fields.string("challenge")
        guard let text = try fields.optionalString("reason") else { return .challengeDecline(challenge: challenge, reason: .generic) }
        guard let reason = DeclineReason(rawValue: text) else {
            throw fields.failure("field 'reason' must be one of \(DeclineReason.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return .challengeDecline(challenge: challenge, reason: reason)
    }

    func writeChallengeFields(into writer: inout JSONWriter) {
        switch self {
        case .challenge(let request):
            writer.field("name", request.name)
            writer.field("game", request.game)
            if !request.options.isEmpty {
                writer.key("options")
                writer.value(.object(request.options))
            }
            if request.rated { writer.field("rated", true) }
        case .challengeAccept(let challenge), .challengeCancel(let challenge):
            writer.field("challenge", challenge)
        case .challengeDecline(let challenge, let reason):
            writer.field("challenge", challenge)
            writer.field("reason", reason.rawValue)
        case .block(let name), .unblock(let name):
            writer.field("name", name)
        default:
            preconditionFailure("not a challenge command")
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let challengeReaders: [(String, MessageReader)] = [
        ("challenge_sent", { fields throws(ServerDecodeFailure) in
            .challengeSent(challenge: try fields.string("challenge"), to: try fields.string("to"), expiresMs: try fields.int("expires_ms"), id: try fields.id())
        }),
        ("challenge", { fields throws(ServerDecodeFailure) in
            .challengeOffer(ChallengeOffer(
                challenge: try fields.string("challenge"), from: try fields.string("from"),
                rating: try fields.optionalNumber("rating").map { rating throws(ServerDecodeFailure) in
                    ShownRating(rating: rating, provisional: try fields.optionalBool("provisional") ?? false)
                },
                bot: try fields.optionalBool("bot") ?? false, game: try fields.string("game"),
                options: try fields.optionalJSONObject("options") ?? JSONObject(), rated: try fields.optionalBool("rated") ?? false,
                expiresMs: try fields.int("expires_ms")))
        }),
        ("challenge_declined", { fields throws(ServerDecodeFailure) in
            .challengeDeclined(
                challenge: try fields.string("challenge"), by: try fields.string("by"),
                reason: DeclineReason(rawValue: try fields.string("reason")) ?? .generic)
        }),
        ("challenge_closed", { fields throws(ServerDecodeFailure) in
            .challengeClosed(challenge: try fields.string("challenge"), reason: ChallengeEnd(rawValue: try fields.string("reason")) ?? .gone)
        }),
    ]
}
