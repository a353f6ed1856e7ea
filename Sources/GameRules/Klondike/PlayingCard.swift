/// A card of the standard 52-card deck: a rank from ace (1) to king (13) and a suit.
public struct PlayingCard: Hashable, Sendable {
    /// The lowest rank, the ace.
    public static let ace = 1
    /// The highest rank, the king.
    public static let king = 13

    /// The rank: 1 is the ace, 11 the jack, 12 the queen, 13 the king.
    public let rank: Int
    /// The suit.
    public let suit: Suit

    /// Creates a card.
    /// - Parameters:
    ///   - rank: 1...13; anything else stops the program.
    ///   - suit: the suit.
    public init(rank: Int, suit: Suit) {
        precondition((Self.ace...Self.king).contains(rank), "a card's rank is 1...13, not \(rank)")
        self.rank = rank
        self.suit = suit
    }

    /// The 52 cards, suit by suit in ``Suit/allCases`` order, each from ace to king.
    public static let fullDeck: [PlayingCard] = Suit.allCases.flatMap { suit in
        (ace...king).map { PlayingCard(rank: $0, suit: suit) }
    }

    /// Whether the card is red (hearts, diamonds).
    public var isRed: Bool { suit.isRed }

    /// The rank as players write it: A, 2…10, J, Q, K.
    public var rankName: String {
        switch rank {
        case 1: "A"
        case 11: "J"
        case 12: "Q"
        case 13: "K"
        default: String(rank)
        }
    }

    /// A short name such as "7♥", "K♠", "A♦" or "10♣".
    public var name: String { rankName + suit.symbol }
}

extension PlayingCard: CustomStringConvertible {
    /// The short ``name``, e.g. "7♥".
    public var description: String { name }
}
