import GameRules

/// A playing card as the solver keeps it: one byte, `suit × 13 + rank − 1`, so
/// piles are byte arrays that copy and hash cheaply.
struct SolverCard: Hashable {
    let code: UInt8

    init(_ card: PlayingCard) {
        code = UInt8(Self.suitIndex(card.suit) * 13 + card.rank - 1)
    }

    init(suit: Int, rank: Int) {
        code = UInt8(suit * 13 + rank - 1)
    }

    /// 0...3 in ``Suit/allCases`` order: spades, hearts, diamonds, clubs.
    @inline(__always) var suit: Int { Int(code) / 13 }
    /// 1 (ace) ... 13 (king).
    @inline(__always) var rank: Int { Int(code) % 13 + 1 }
    /// Hearts and diamonds.
    var isRed: Bool { suit == 1 || suit == 2 }

    var playingCard: PlayingCard { PlayingCard(rank: rank, suit: Suit.allCases[suit]) }

    /// Whether this card may lie on `other` in the tableau: one rank lower, the other colour.
    @inline(__always)
    func fitsTableau(onto other: SolverCard) -> Bool {
        rank + 1 == other.rank && isRed != other.isRed
    }

    private static func suitIndex(_ suit: Suit) -> Int {
        switch suit {
        case .spades: 0
        case .hearts: 1
        case .diamonds: 2
        case .clubs: 3
        }
    }

    /// The suits of the other colour than `suit`.
    static func otherColourSuits(of suit: Int) -> (Int, Int) {
        suit == 1 || suit == 2 ? (0, 3) : (1, 2)
    }

    /// The other suit of the same colour.
    static func partnerSuit(of suit: Int) -> Int {
        switch suit {
        case 0: 3
        case 3: 0
        case 1: 2
        default: 1
        }
    }
}
