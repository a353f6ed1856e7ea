import Wire

/// A playing card: rank 1 (ace) to 13 (king) and a suit.
public struct PlayingCard: Equatable, Sendable {
    /// A card suit.
    public enum Suit: String, Sendable {
        case spades, hearts, diamonds, clubs

        /// ♠ ♥ ♦ ♣.
        public var glyph: String {
            switch self {
            case .spades: "♠"
            case .hearts: "♥"
            case .diamonds: "♦"
            case .clubs: "♣"
            }
        }

        /// Hearts and diamonds are red.
        public var isRed: Bool { self == .hearts || self == .diamonds }
    }

    /// 1 is the ace, 11–13 jack, queen, king.
    public var rank: Int
    /// The suit.
    public var suit: Suit

    /// Makes a card.
    public init(rank: Int, suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// Reads `{"rank":1,"suit":"spades"}`; nil when a field is missing or unknown.
    public init?(json: JSONObject) {
        guard let rank = json.int("rank"), (1...13).contains(rank),
              let suit = json.string("suit").flatMap(Suit.init(rawValue:))
        else { return nil }
        self.init(rank: rank, suit: suit)
    }

    /// `A♠`, `10♥`, `K♣`.
    public var label: String {
        let rank = switch rank {
        case 1: "A"
        case 11: "J"
        case 12: "Q"
        case 13: "K"
        default: String(rank)
        }
        return rank + suit.glyph
    }
}

/// One tableau pile: how many cards are face down, and the face-up cards bottom to top.
public struct TableauPile: Equatable, Sendable {
    /// Face-down cards (never sent).
    public var down: Int
    /// Face-up cards, bottom to top.
    public var up: [PlayingCard]

    /// Makes a pile.
    public init(down: Int, up: [PlayingCard]) {
        self.down = down
        self.up = up
    }
}

/// klondike's part of `state`: the viewer's own game.
public struct KlondikeState: Equatable, Sendable {
    /// Whose game this is.
    public var player: String
    /// Cards turned per draw: 1 or 3.
    public var draw: Int
    /// Cards left in the stock.
    public var stock: Int
    /// Cards in the waste.
    public var wasteCount: Int
    /// The top of the waste, the playable card first.
    public var waste: [PlayingCard]
    /// Four foundations, bottom to top.
    public var foundations: [[PlayingCard]]
    /// Seven tableau piles.
    public var tableau: [TableauPile]
    /// Moves so far.
    public var moves: Int
    /// The other players' foundation counts, in the order the server listed them.
    public var rivals: [(name: String, count: Int)]
    /// Every player still in the game: cards home and moves (what a race's spectator sees).
    public var progress: [(name: String, cardsHome: Int, moves: Int)]

    /// Reads the klondike fields of a `state` message.
    public init(json: JSONObject) {
        player = json.string("player") ?? ""
        draw = json.int("draw") ?? 1
        stock = json.int("stock") ?? 0
        wasteCount = json.int("waste_count") ?? 0
        waste = json.objects("waste").compactMap(PlayingCard.init(json:))
        let piles = (json["foundations"]?.arrayValue ?? []).map { ($0.arrayValue ?? []).compactMap { $0.objectValue.flatMap(PlayingCard.init(json:)) } }
        foundations = (0..<4).map { piles.indices.contains($0) ? piles[$0] : [] }
        let tableau = json.objects("tableau").map { TableauPile(down: $0.int("down") ?? 0, up: $0.objects("up").compactMap(PlayingCard.init(json:))) }
        self.tableau = (0..<7).map { tableau.indices.contains($0) ? tableau[$0] : TableauPile(down: 0, up: []) }
        moves = json.int("moves") ?? 0
        rivals = (json.object("rivals")?.pairs ?? []).map { (name: $0.key, count: $0.value.intValue ?? 0) }
        progress = json.objects("progress").map { (name: $0.string("name") ?? "", cardsHome: $0.int("cards_home") ?? 0, moves: $0.int("moves") ?? 0) }
    }

    /// Equal when every field is, rivals in order.
    public static func == (lhs: KlondikeState, rhs: KlondikeState) -> Bool {
        lhs.player == rhs.player && lhs.draw == rhs.draw && lhs.stock == rhs.stock && lhs.wasteCount == rhs.wasteCount
            && lhs.waste == rhs.waste && lhs.foundations == rhs.foundations && lhs.tableau == rhs.tableau
            && lhs.moves == rhs.moves && lhs.rivals.map(\.name) == rhs.rivals.map(\.name)
            && lhs.rivals.map(\.count) == rhs.rivals.map(\.count)
            && lhs.progress.map(\.name) == rhs.progress.map(\.name) && lhs.progress.map(\.cardsHome) == rhs.progress.map(\.cardsHome)
            && lhs.progress.map(\.moves) == rhs.progress.map(\.moves)
    }
}
