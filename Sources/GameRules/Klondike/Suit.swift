/// One of the four suits of a standard 52-card deck.
public enum Suit: String, CaseIterable, Sendable {
    /// ♠, black.
    case spades
    /// ♥, red.
    case hearts
    /// ♦, red.
    case diamonds
    /// ♣, black.
    case clubs

    /// Whether the suit is red (hearts, diamonds) rather than black (spades, clubs).
    public var isRed: Bool {
        switch self {
        case .hearts, .diamonds: true
        case .spades, .clubs: false
        }
    }

    /// The suit's symbol: ♠ ♥ ♦ ♣.
    public var symbol: String {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        }
    }
}
