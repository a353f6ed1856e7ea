import Wire

/// One concentration card: its place in the grid, and its face while face up or matched.
public struct ConcentrationCard: Equatable, Sendable {
    /// The index `flip` names.
    public var index: Int
    /// The emoji, only while face up or matched.
    public var face: String?
    /// Whether its pair was found.
    public var matched: Bool

    /// Makes a card.
    public init(index: Int, face: String?, matched: Bool) {
        self.index = index
        self.face = face
        self.matched = matched
    }
}

/// concentration's part of `state`.
public struct ConcentrationState: Equatable, Sendable {
    /// The emoji set.
    public var theme: String
    /// Pairs of cards.
    public var pairs: Int
    /// The player to flip; nil when over.
    public var turn: String?
    /// Flips so far, by everyone.
    public var flips: Int
    /// Seconds per turn.
    public var turnSeconds: Int
    /// Milliseconds left in the turn when the state was sent.
    public var timeLeftMs: Int?
    /// The cards in index order.
    public var cards: [ConcentrationCard]

    /// Reads the concentration fields of a `state` message.
    public init(json: JSONObject) {
        theme = json.string("theme") ?? ""
        pairs = json.int("pairs") ?? 0
        turn = json.string("turn")
        flips = json.int("flips") ?? 0
        turnSeconds = json.int("turn_seconds") ?? 30
        timeLeftMs = json.int("time_left_ms")
        cards = json.objects("cards").enumerated().map { position, card in
            ConcentrationCard(index: card.int("index") ?? position, face: card.string("face"), matched: card.bool("matched") ?? false)
        }
    }
}
