import GameRules

// set: `claim` three cards, `deal` three more, (solo) `hint`; `claimed` to every member,
// `hint` to the asker; the room's `state` fields and the cards.

/// `state` fields of a set room.
public struct SetFields: Equatable, Sendable {
    /// The cards on the table, in position order.
    public let board: [SetCard]
    /// Cards left in the deck (never which).
    public let deck: Int
    /// Players who asked for three more cards.
    public let dealVotes: [String]
    /// Hints used (solo).
    public let hintsUsed: Int
    /// Ids of the cards the current hint reveals (solo).
    public let hint: [Int]
    /// Which Set is played; `variant` is sent only when it is not classic.
    public let variant: SetVariant
    /// Set-chain: the last Set found, one card of which the next Set must use; sent only in chain.
    public let chain: [SetCard]
    /// The game's clock: milliseconds since the deal when the state was sent, standing still
    /// once the game is over; nil before the deal, or from a server that does not send it.
    public let clockMs: Int?
    /// Creates set state fields.
    public init(
        board: [SetCard], deck: Int, dealVotes: [String], hintsUsed: Int, hint: [Int], variant: SetVariant = .classic,
        chain: [SetCard] = [], clockMs: Int? = nil
    ) {
        self.clockMs = clockMs
        self.board = board
        self.deck = deck
        self.dealVotes = dealVotes
        self.hintsUsed = hintsUsed
        self.hint = hint
        self.variant = variant
        self.chain = chain
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a set message after its `type`.
    func writeSetFields(into writer: inout JSONWriter) {
        switch self {
        case .claimed(let room, let player, let cards, let valid, let points, _):
            writer.field("room", room)
            writer.field("player", player)
            writer.field("cards", array: cards) { writer, card in card.write(into: &writer) }
            writer.field("valid", valid)
            writer.field("points", points)
        case .hint(let cards, let hintsUsed, _):
            writer.field("cards", array: cards) { writer, card in card.write(into: &writer) }
            writer.field("hints_used", hintsUsed)
        default: preconditionFailure("not a set message")
        }
    }
}

extension SetFields {
    func write(into writer: inout JSONWriter) {
        writer.field("board", array: board) { writer, card in card.write(into: &writer) }
        writer.field("deck", deck)
        writer.field("deal_votes", strings: dealVotes)
        writer.field("hints_used", hintsUsed)
        writer.field("hint", array: hint) { writer, id in writer.int(id) }
        if let clockMs { writer.field("clock_ms", clockMs) }
        // Classic states stay as they were; the variants add their fields.
        if variant != .classic { writer.field("variant", variant.rawValue) }
        if variant == .chain { writer.field("chain", array: chain) { writer, card in card.write(into: &writer) } }
    }
}

extension SetCard {
    /// `{"id":…,"count":…,"shape":…,"color":…,"fill":…}`, from a table made once:
    /// a Set state holds up to 24 cards and goes to every player after every claim.
    fileprivate func write(into writer: inout JSONWriter) {
        writer.raw(SetCard.encodings[id])
    }

    private static let encodings: [[UInt8]] = SetCard.deck.map { card in
        JSONWriter.bytes(capacity: 80) { writer in
            writer.openObject()
            writer.field("id", card.id)
            writer.field("count", card.count)
            writer.field("shape", card.shape.rawValue)
            writer.field("color", card.color.rawValue)
            writer.field("fill", card.fill.rawValue)
            writer.closeObject()
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let setReaders: [(String, MessageReader)] = [
        ("claimed", { fields throws(ServerDecodeFailure) in
            .claimed(
                room: try fields.string("room"), player: try fields.string("player"), cards: try fields.setCards("cards"),
                valid: try fields.bool("valid"), points: try fields.int("points"), id: try fields.id())
        }),
        ("hint", { fields throws(ServerDecodeFailure) in
            .hint(cards: try fields.setCards("cards"), hintsUsed: try fields.int("hints_used"), id: try fields.id())
        }),
    ]
}

extension SetFields {
    init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            board: try fields.setCards("board"), deck: try fields.int("deck"), dealVotes: try fields.strings("deal_votes"),
            hintsUsed: try fields.int("hints_used"), hint: try fields.ints("hint"),
            // A variant this reader does not know is read as classic: its other fields still make sense.
            variant: try fields.optionalString("variant").flatMap(SetVariant.init(rawValue:)) ?? .classic,
            chain: fields.has("chain") ? try fields.setCards("chain") : [], clockMs: try fields.optionalInt("clock_ms"))
    }
}

extension FieldReader {
    /// Set cards the server wrote: the id names the card; the attributes written beside it must agree.
    func setCards(_ key: String) throws(Failure) -> [SetCard] {
        try objects(key).map { card throws(Failure) in
            let id = try card.int("id")
            guard let setCard = SetCard(id: id) else { throw card.failure("card id \(id) is not in 0...80") }
            let written = (
                try card.optionalInt("count"), try card.optionalString("shape"), try card.optionalString("color"),
                try card.optionalString("fill"))
            guard written.0 ?? setCard.count == setCard.count, written.1 ?? setCard.shape.rawValue == setCard.shape.rawValue,
                  written.2 ?? setCard.color.rawValue == setCard.color.rawValue, written.3 ?? setCard.fill.rawValue == setCard.fill.rawValue
            else {
                throw card.failure(
                    "card \(id) is \(setCard.count) \(setCard.shape.rawValue) \(setCard.color.rawValue) \(setCard.fill.rawValue), not what its fields say")
            }
            return setCard
        }
    }

    /// A claim's cards: three different card ids, or four (an UltraSet claim); the room's
    /// game says which it takes.
    func claimedCardIDs(_ key: String) throws(Failure) -> [Int] {
        // Built only on failure: a claim is the hottest command, and most are well formed.
        func expected() -> String { "field '\(key)' must be an array of three different card ids, like [4,17,60] (four in UltraSet)" }
        guard let value = value(key) else { throw missing(key, "an array of three different card ids") }
        guard case .array(let items) = value else { throw failure("\(expected()), not \(value.kindName)") }
        var ids: [Int] = []
        ids.reserveCapacity(4)
        for item in items {
            guard let id = context.integer(item) else { throw failure("\(expected()); \(item.jsonText) is not a card id") }
            ids.append(id)
        }
        guard ids.count == 3 || ids.count == 4, Set(ids).count == ids.count else { throw failure(expected()) }
        return ids
    }
}
