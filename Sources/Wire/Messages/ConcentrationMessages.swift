// concentration: `flip` a card, `flipped` to every member, and the room's `state` fields.

/// `state` fields of a concentration room.
public struct ConcentrationFields: Equatable, Sendable {
    /// The emoji set the faces are drawn from.
    public let theme: String
    /// How many pairs the board has.
    public let pairs: Int
    /// The player to flip; nil when the game is over.
    public let turn: String?
    /// Flips so far, by everyone.
    public let flips: Int
    /// The time per turn, in seconds.
    public let turnSeconds: Int
    /// Milliseconds left in this turn; nil when no turn is running.
    public let timeLeftMs: Int?
    /// Every card: its face only while face up or matched.
    public let cards: [CardView]
    /// With the time bonus on: milliseconds on the bonus clock when the state was sent (a match
    /// earns 10 minus the whole seconds on it, down to 0); nil when the room has no time bonus.
    public let bonusClockMs: Int?
    /// One card as a viewer sees it.
    public struct CardView: Equatable, Sendable {
        /// The face; nil while the card is face down.
        public let face: String?
        /// Whether the card has been matched (it stays face up).
        public let matched: Bool
        /// Creates a card view.
        public init(face: String?, matched: Bool) {
            self.face = face
            self.matched = matched
        }
    }
    /// Creates concentration state fields.
    public init(
        theme: String, pairs: Int, turn: String?, flips: Int, turnSeconds: Int, timeLeftMs: Int?, cards: [CardView],
        bonusClockMs: Int? = nil
    ) {
        self.bonusClockMs = bonusClockMs
        self.theme = theme
        self.pairs = pairs
        self.turn = turn
        self.flips = flips
        self.turnSeconds = turnSeconds
        self.timeLeftMs = timeLeftMs
        self.cards = cards
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a concentration message after its `type`.
    func writeConcentrationFields(into writer: inout JSONWriter) {
        guard case .flipped(let room, let player, let card, let face, let result, let points, let bonus) = self else {
            preconditionFailure("not a concentration message")
        }
        writer.field("room", room)
        writer.field("player", player)
        writer.field("card", card)
        writer.field("face", face)
        writer.field("result", result)
        writer.field("points", points)
        if let bonus { writer.field("bonus", bonus) }
    }
}

extension ConcentrationFields {
    func write(into writer: inout JSONWriter) {
        writer.field("theme", theme)
        writer.field("pairs", pairs)
        writer.field("turn", turn)
        writer.field("flips", flips)
        writer.field("turn_seconds", turnSeconds)
        writer.field("time_left_ms", timeLeftMs)
        writer.field("cards", array: cards.enumerated()) { writer, entry in
            writer.openObject()
            writer.field("index", entry.offset)
            writer.field("face", entry.element.face)
            writer.field("matched", entry.element.matched)
            writer.closeObject()
        }
        if let bonusClockMs {
            writer.field("time_bonus", true)
            writer.field("bonus_clock_ms", bonusClockMs)
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let concentrationReaders: [(String, MessageReader)] = [
        ("flipped", { fields throws(ServerDecodeFailure) in
            .flipped(
                room: try fields.string("room"), player: try fields.string("player"), card: try fields.int("card"),
                face: try fields.string("face"), result: try fields.string("result"), points: try fields.int("points"),
                bonus: try fields.optionalInt("bonus"))
        }),
    ]
}

extension ConcentrationFields {
    init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let cards = try fields.objects("cards").map { card throws(ServerDecodeFailure) in
            CardView(face: try card.optionalString("face"), matched: try card.bool("matched"))
        }
        self.init(
            theme: try fields.string("theme"), pairs: try fields.int("pairs"), turn: try fields.optionalString("turn"),
            flips: try fields.int("flips"), turnSeconds: try fields.int("turn_seconds"),
            timeLeftMs: try fields.optionalInt("time_left_ms"), cards: cards, bonusClockMs: try fields.optionalInt("bonus_clock_ms"))
    }
}
