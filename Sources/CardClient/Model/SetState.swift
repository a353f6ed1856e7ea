import Wire

/// One Set card: how many shapes, which shape, colour and fill. The id names it for the whole game.
public struct SetCard: Equatable, Hashable, Sendable {
    /// The shape drawn on a card.
    public enum Shape: String, Sendable { case triangle, circle, square }
    /// The colour of the shapes.
    public enum Color: String, Sendable { case red, green, purple }
    /// How the shapes are filled.
    public enum Fill: String, Sendable { case solid, striped, open }

    /// 0–80, unique in the deck.
    public var id: Int
    /// 1–3 shapes.
    public var count: Int
    /// The shape.
    public var shape: Shape
    /// The colour.
    public var color: Color
    /// The fill.
    public var fill: Fill

    /// Makes a card.
    public init(id: Int, count: Int, shape: Shape, color: Color, fill: Fill) {
        self.id = id
        self.count = count
        self.shape = shape
        self.color = color
        self.fill = fill
    }

    /// Reads a card object; nil when a field is missing or unknown.
    public init?(json: JSONObject) {
        guard let id = json.int("id"), let count = json.int("count"), (1...3).contains(count),
              let shape = json.string("shape").flatMap(Shape.init(rawValue:)),
              let color = json.string("color").flatMap(Color.init(rawValue:)),
              let fill = json.string("fill").flatMap(Fill.init(rawValue:))
        else { return nil }
        self.init(id: id, count: count, shape: shape, color: color, fill: fill)
    }
}

/// Set's part of `state`.
public struct SetState: Equatable, Sendable {
    /// The cards on the table in position order (at most 24).
    public var board: [SetCard]
    /// Cards left in the deck.
    public var deck: Int
    /// Names of the players who asked for three more cards.
    public var dealVotes: [String]
    /// Hints used so far (solo).
    public var hintsUsed: Int
    /// Ids of the cards hints have revealed (solo).
    public var hint: [Int]

    /// Makes a Set state.
    public init(board: [SetCard], deck: Int, dealVotes: [String] = [], hintsUsed: Int = 0, hint: [Int] = []) {
        self.board = board
        self.deck = deck
        self.dealVotes = dealVotes
        self.hintsUsed = hintsUsed
        self.hint = hint
    }

    /// Reads the Set fields of a `state` message (missing fields read as empty).
    public init(json: JSONObject) {
        self.init(
            board: json.objects("board").compactMap(SetCard.init(json:)),
            deck: json.int("deck") ?? 0,
            dealVotes: json.strings("deal_votes"),
            hintsUsed: json.int("hints_used") ?? 0,
            hint: (json["hint"]?.arrayValue ?? []).compactMap { $0.intValue ?? $0.objectValue?.int("id") })
    }
}
