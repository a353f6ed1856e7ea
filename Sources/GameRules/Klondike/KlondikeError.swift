/// Why a draw, move or undo in Klondike was refused.
public enum KlondikeError: Error, Equatable, Sendable {
    /// All 52 cards are on the foundations: the game is over.
    case gameWon
    /// A draw found both the stock and the waste empty.
    case nothingToDraw
    /// No draw or move has been made since the deal (or all have been undone).
    case nothingToUndo
    /// A tableau pile or foundation index out of range, e.g. `.tableau(7)`.
    case noSuchPile(KlondikePile)
    /// A move named the same pile as source and destination.
    case samePile(KlondikePile)
    /// A move named the waste as its destination; only draws fill the waste.
    case wasteIsNotADestination
    /// A move asked for fewer than one card.
    case countBelowOne(Int)
    /// The source pile holds no card.
    case emptyPile(KlondikePile)
    /// A move asked for more than one card from the waste or a foundation.
    case oneCardAtATime(from: KlondikePile)
    /// A move named a foundation as the destination of a foundation's card.
    case foundationCardOnlyToTableau(KlondikePile)
    /// A move asked for more cards than the tableau pile shows face up.
    case notEnoughFaceUp(KlondikePile, available: Int)
    /// A move of several cards named a foundation as its destination.
    case foundationTakesOneCard
    /// The card does not continue its suit on that foundation.
    case foundationMismatch(PlayingCard)
    /// A card other than a king was moved to an empty tableau pile.
    case onlyKingToEmptyTableau
    /// The card is not one rank lower and the other colour than the tableau card it was put on.
    case tableauMismatch(PlayingCard, onto: PlayingCard)
    /// A double tap named a foundation; only the waste and the tableau have automatic moves.
    case noAutoSource(KlondikePile)
    /// A double tap found no place for the card.
    case noAutoMove(PlayingCard)
    /// In a race, an undo would have taken back a draw or move that showed a face-down card.
    case undoWouldHideShownCard
    /// `finish` before every card is face up, or when drawing alone would not bring every
    /// card in the stock and the waste home (see ``KlondikeGame/canFinish``).
    case notReadyToFinish
    /// A draw on an empty stock when the waste may not be turned over again.
    case noPassesLeft(Int)

    /// The reason in words a player understands.
    public var reason: String {
        switch self {
        case .gameWon:
            "the game is won"
        case .nothingToDraw:
            "the stock and the waste are both empty"
        case .nothingToUndo:
            "nothing to undo: no move has been made since the deal (or since the last undo took them all back)"
        case .noSuchPile(let pile):
            "there is no pile \(pile.name)"
        case .samePile(let pile):
            "the cards are already on \(pile.name)"
        case .wasteIsNotADestination:
            "cards cannot be put on the waste: it only takes cards from the stock"
        case .countBelowOne(let count):
            "a move takes at least one card, not \(count)"
        case .emptyPile(.waste):
            "the waste is empty: draw from the stock first"
        case .emptyPile(let pile):
            "\(pile.name) is empty"
        case .oneCardAtATime(from: .waste):
            "only one card at a time can be taken from the waste"
        case .oneCardAtATime(from: let pile):
            "only one card at a time can be taken from \(pile.name)"
        case .foundationCardOnlyToTableau(let pile):
            "a card on \(pile.name) can only go back to the tableau"
        case .notEnoughFaceUp(let pile, available: 1):
            "\(pile.name) has only 1 face-up card: move 1 card from it"
        case .notEnoughFaceUp(let pile, let available):
            "\(pile.name) has only \(available) face-up cards: move at most \(available) from it"
        case .foundationTakesOneCard:
            "a foundation takes one card at a time"
        case .foundationMismatch(let card) where card.rank == PlayingCard.ace:
            "the foundations build up by suit from the ace: \(card.name) needs an empty foundation"
        case .foundationMismatch(let card):
            "the foundations build up by suit from the ace: \(card.name) needs "
                + "\(PlayingCard(rank: card.rank - 1, suit: card.suit).name) there"
        case .onlyKingToEmptyTableau:
            "only a king can go to an empty tableau pile"
        case .tableauMismatch(let card, let onto):
            "\(card.name) cannot go on \(onto.name): the tableau builds down in alternating colours"
        case .noAutoSource(let pile):
            "a double tap plays from the waste or the tableau, not from \(pile.name)"
        case .noAutoMove(let card):
            "no automatic move for \(card.name): it fits no foundation and no tableau pile; move another card, or draw"
        case .undoWouldHideShownCard:
            "in a race, undo cannot take back a draw or a move that turned a card face up: everyone has the same deal"
        case .noPassesLeft(let passes):
            "the stock is empty and the waste was turned over \(passes) \(passes == 1 ? "time" : "times"), as often as this game allows"
        case .notReadyToFinish:
            "the cards go home by themselves only once every card is face up and drawing alone can bring the stock and the waste home"
        }
    }
}
