import GameRules

// klondike: `draw`, `move`, `auto`, `undo`, `finish` and (solo) `hint`, answered by
// `suggestion`; `solved` when a player finishes; the room's `state` fields and the cards.

/// One player's progress in a klondike room: public, even in a race.
public struct KlondikeProgress: Equatable, Sendable {
    /// The player's name.
    public let name: String
    /// Cards on the player's foundations, 0...52.
    public let cardsHome: Int
    /// The player's moves so far.
    public let moves: Int
    /// Creates a progress entry.
    public init(name: String, cardsHome: Int, moves: Int) {
        self.name = name
        self.cardsHome = cardsHome
        self.moves = moves
    }
}

/// `state` fields of a klondike room: one player's own game, and the others' progress.
public struct KlondikeFields: Equatable, Sendable {
    /// Whose game this is: the viewer's own; a spectator of a one-seat room sees the
    /// player's, a spectator of a race sees none until it is over (nil, no cards).
    public let player: String?
    /// Cards turned per draw: 1 or 3.
    public let draw: Int
    /// Cards left in the stock.
    public let stock: Int
    /// Cards on the waste, shown or not.
    public let wasteCount: Int
    /// The top of the waste, playable card first, at most `draw` cards.
    public let waste: [PlayingCard]
    /// Four piles, bottom to top.
    public let foundations: [[PlayingCard]]
    /// Seven piles: face-down count and face-up cards bottom to top.
    public let tableau: [(down: Int, up: [PlayingCard])]
    /// The player's moves so far.
    public let moves: Int
    /// Every other player still in the game: their foundation count, in seat order.
    public let rivals: [NamedScore]
    /// Every player still in the game, in seat order: cards home and moves.
    public let progress: [KlondikeProgress]
    /// With the `scoring` option: this game's score by its table; nil without.
    public let score: Int?
    /// With the `passes` option: how many more times the waste may be turned over; nil for no limit.
    public let passesLeft: Int?
    /// Whether `finish` would be taken now: the server's ``GameRules/KlondikeGame/canFinish``,
    /// which only it can judge (it knows the order of the stock). False from a server before it.
    public let canFinish: Bool
    /// Creates klondike state fields.
    public init(player: String?, draw: Int, stock: Int, wasteCount: Int, waste: [PlayingCard], foundations: [[PlayingCard]], tableau: [(down: Int, up: [PlayingCard])], moves: Int, rivals: [NamedScore], progress: [KlondikeProgress] = [], score: Int? = nil, passesLeft: Int? = nil, canFinish: Bool = false) {
        self.canFinish = canFinish
        self.progress = progress
        self.score = score
        self.passesLeft = passesLeft
        self.player = player
        self.draw = draw
        self.stock = stock
        self.wasteCount = wasteCount
        self.waste = waste
        self.foundations = foundations
        self.tableau = tableau
        self.moves = moves
        self.rivals = rivals
    }

    /// Equal when every field is: the tableau pile for pile.
    public static func == (lhs: KlondikeFields, rhs: KlondikeFields) -> Bool {
        lhs.player == rhs.player && lhs.draw == rhs.draw && lhs.stock == rhs.stock && lhs.wasteCount == rhs.wasteCount
            && lhs.waste == rhs.waste && lhs.foundations == rhs.foundations && lhs.moves == rhs.moves && lhs.rivals == rhs.rivals
            && lhs.progress == rhs.progress && lhs.score == rhs.score && lhs.passesLeft == rhs.passesLeft && lhs.canFinish == rhs.canFinish
            && lhs.tableau.map(\.down) == rhs.tableau.map(\.down) && lhs.tableau.map(\.up) == rhs.tableau.map(\.up)
    }
}

extension ClientCommand {
    /// The command that plays a Klondike action (a hint's move, a solution's step).
    public init(_ action: KlondikeAction) {
        switch action {
        case .draw: self = .draw
        case .move(let from, let to, let count): self = .move(from: from, to: to, count: count)
        }
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of a klondike message after its `type`.
    func writeKlondikeFields(into writer: inout JSONWriter) {
        switch self {
        case .solved(let room, let player, let moves, let message):
            writer.field("room", room)
            writer.field("player", player)
            writer.field("moves", moves)
            writer.field("message", message)
        case .suggestion(let move, let text, _):
            writer.field("move", objectOrNull: move) { writer, command in command.write(into: &writer) }
            writer.field("text", text)
        default: preconditionFailure("not a klondike message")
        }
    }
}

extension KlondikeFields {
    func write(into writer: inout JSONWriter) {
        writer.field("player", player)
        writer.field("draw", draw)
        writer.field("stock", stock)
        writer.field("waste_count", wasteCount)
        writer.field("waste", array: waste) { writer, card in card.write(into: &writer) }
        writer.field("foundations", array: foundations) { writer, pile in
            writer.openArray()
            for card in pile { card.write(into: &writer) }
            writer.closeArray()
        }
        writer.field("tableau", array: tableau) { writer, pile in
            writer.openObject()
            writer.field("down", pile.down)
            writer.field("up", array: pile.up) { writer, card in card.write(into: &writer) }
            writer.closeObject()
        }
        writer.field("moves", moves)
        writer.field("rivals", scores: rivals)
        writer.field("progress", array: progress) { writer, entry in
            writer.openObject()
            writer.field("name", entry.name)
            writer.field("cards_home", entry.cardsHome)
            writer.field("moves", entry.moves)
            writer.closeObject()
        }
        writer.field("can_finish", canFinish)
        if let score { writer.field("score", score) }
        if let passesLeft { writer.field("passes_left", passesLeft) }
    }
}

extension PlayingCard {
    /// `{"rank":1-13,"suit":"spades|hearts|diamonds|clubs"}`
    fileprivate func write(into writer: inout JSONWriter) {
        writer.openObject()
        writer.field("rank", rank)
        writer.field("suit", suit.rawValue)
        writer.closeObject()
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let klondikeReaders: [(String, MessageReader)] = [
        ("solved", { fields throws(ServerDecodeFailure) in
            .solved(
                room: try fields.string("room"), player: try fields.string("player"), moves: try fields.int("moves"),
                message: try fields.string("message"))
        }),
        ("suggestion", { fields throws(ServerDecodeFailure) in
            let move = try fields.optionalObject("move").map { move throws(ServerDecodeFailure) in
                let decoded = Result { () throws(DecodeFailure) in
                    try ClientMessageDecoder.decode(Array(JSONValue.object(move.object).jsonText.utf8))
                }
                switch decoded {
                case .success(let request): return request.command
                case .failure(let failure): throw move.failure("not a move: \(failure.message)")
                }
            }
            return .suggestion(move: move, text: try fields.string("text"), id: try fields.id())
        }),
    ]
}

extension KlondikeFields {
    init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        var foundations: [[PlayingCard]] = []
        for (position, pile) in try fields.array("foundations").enumerated() {
            guard let cards = pile.arrayValue else { throw fields.failure("each of 'foundations' must be an array of cards") }
            foundations.append(try cards.map { card throws(ServerDecodeFailure) in try fields.playingCard(card, "foundations[\(position)]") })
        }
        let tableau = try fields.objects("tableau").map { pile throws(ServerDecodeFailure) in
            (down: try pile.int("down"), up: try pile.playingCards("up"))
        }
        let rivals = try fields.optionalScores("rivals") ?? []
        let progress = try (fields.optionalArray("progress") ?? []).enumerated().map { position, entry throws(ServerDecodeFailure) in
            let line = try fields.nested(entry, "progress[\(position)]")
            return KlondikeProgress(name: try line.string("name"), cardsHome: try line.int("cards_home"), moves: try line.int("moves"))
        }
        self.init(
            player: try fields.optionalString("player"), draw: try fields.int("draw"), stock: try fields.int("stock"),
            wasteCount: try fields.int("waste_count"), waste: try fields.playingCards("waste"), foundations: foundations,
            tableau: tableau, moves: try fields.int("moves"), rivals: rivals, progress: progress,
            score: try fields.optionalInt("score"), passesLeft: try fields.optionalInt("passes_left"),
            canFinish: try fields.optionalBool("can_finish") ?? false)
    }
}

extension FieldReader {
    /// A card the server wrote at `path`.
    func playingCard(_ value: JSONValue, _ path: String) throws(Failure) -> PlayingCard {
        let card = try nested(value, path)
        let rank = try card.int("rank")
        let suitName = try card.string("suit")
        guard (PlayingCard.ace...PlayingCard.king).contains(rank), let suit = Suit(rawValue: suitName) else {
            throw card.failure("a card has a rank 1...13 and a suit spades, hearts, diamonds or clubs")
        }
        return PlayingCard(rank: rank, suit: suit)
    }

    func playingCards(_ key: String) throws(Failure) -> [PlayingCard] {
        try array(key).enumerated().map { position, item throws(Failure) in try playingCard(item, "\(key)[\(position)]") }
    }

    /// A command's pile: waste, t1 to t7 or f1 to f4.
    func pile(_ key: String) throws(Failure) -> KlondikePile {
        let name = try string(key, kind: "a pile: waste, t1 to t7 or f1 to f4")
        guard let pile = KlondikePile(name: name) else {
            throw failure("field '\(key)' must name a pile: waste, t1 to t7 or f1 to f4, not \"\(name)\"")
        }
        return pile
    }
}

extension ClientCommand {
    /// A `move`: `count` is 1 when left out, and never less.
    static func readMove(_ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        let count = try fields.optionalInt("count") ?? 1
        guard count >= 1 else { throw fields.failure("field 'count' must be at least 1, not \(count)") }
        return .move(from: try fields.pile("from"), to: try fields.pile("to"), count: count)
    }
}
