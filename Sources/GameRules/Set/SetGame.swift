/// One game of Set, solo or for several seats (numbered `0..<seats`) racing
/// for the same board.
///
/// The deck is shuffled once from a seed, so the same seed and the same moves
/// replay the same game. The board never stays without a Set while the deck
/// has cards: three more are dealt until one appears. The deck's order is
/// private; only its size is shown.
public struct SetGame: Sendable, Equatable {
    /// Cards a new game deals, and the size at which a claimed Set is replaced
    /// from the deck rather than just removed.
    public static let startingBoardSize = 12
    /// The most cards the board may hold.
    public static let maxBoardSize = 24
    /// Points for claiming a Set.
    public static let setPoints = 3
    /// Points for claiming three cards that are not a Set.
    public static let mismatchPoints = -5

    /// How many seats play.
    public let seats: Int
    /// Which Set is played: the deck, what a claim is, and what the hint and the dealer look for.
    public let variant: SetVariant
    /// In ``SetVariant/chain``, the last Set found, which the next one must use one card of;
    /// empty before the first Set and in the other variants.
    public private(set) var chain: [SetCard] = []
    /// The face-up cards in position order, at most ``maxBoardSize``.
    public private(set) var board: [SetCard] = []
    /// Cards won by valid claims, in the order they were taken.
    public private(set) var cardsTaken: [SetCard] = []
    /// Each seat's score; it may go negative.
    public private(set) var scores: [Int]
    /// How many Sets each seat has claimed.
    public private(set) var setsFound: [Int]
    /// The cards of one Set on the board shown by hints so far; any change of
    /// the board clears it.
    public private(set) var hint: [SetCard] = []
    /// How many cards hints have shown in this game.
    public private(set) var hintsUsed = 0

    private var deck: [SetCard]

    /// How many cards are left to deal.
    public var deckCount: Int { deck.count }

    /// Whether the game has ended: the deck is empty and the board holds no claim the variant accepts.
    public var isOver: Bool { deck.isEmpty && !hasClaim }

    /// Whether the board (with the chain) holds a claim the variant accepts.
    private var hasClaim: Bool { SetSolver.firstClaim(on: board, variant: variant, chain: chain) != nil }

    /// Shuffles the variant's cards (81, or Junior's 27) with ``SplitMix64`` and
    /// ``Swift/Array/seededShuffle(using:)``, deals ``startingBoardSize`` of them, and then
    /// three more while the board holds no claim the variant accepts.
    /// - Parameters:
    ///   - seats: how many seats play, at least 1.
    ///   - seed: fixes the order of the deck.
    ///   - variant: which Set is played.
    public init(seats: Int, seed: UInt64, variant: SetVariant = .classic) {
        precondition(seats >= 1, "a game of Set has at least one seat")
        var generator = SplitMix64(seed: seed)
        var cards = variant.deck
        cards.seededShuffle(using: &generator)
        self.seats = seats
        self.variant = variant
        deck = cards
        scores = Array(repeating: 0, count: seats)
        setsFound = Array(repeating: 0, count: seats)
        board = draw(Self.startingBoardSize)
        dealWhileNoSet()
    }

    /// Claims cards as a Set (an UltraSet in ``SetVariant/ultra``) for a seat.
    ///
    /// A valid claim scores ``setPoints`` and its cards leave the board: on a board of more
    /// than ``startingBoardSize`` cards the rest keep their order; otherwise each is replaced
    /// in its position from the deck, or removed once the deck is empty. Then three more are
    /// dealt while the board holds no claim the variant accepts. An invalid one costs
    /// ``mismatchPoints`` and changes nothing else.
    ///
    /// In ``SetVariant/chain``, once a Set was found, a claim names one card of ``chain`` and
    /// two of the board; the three become the new chain.
    /// - Parameters:
    ///   - ids: the ids of the cards: ``SetVariant/claimSize`` of them.
    ///   - seat: the claiming seat.
    /// - Returns: the verdict, the points and the cards that came onto the board.
    /// - Throws: ``SetRuleError/notOnBoard`` when a card is not on the board (nor in the
    ///   chain), which a race between players makes ordinary; ``SetRuleError/needsOneCardOfTheLastSet``;
    ///   also when the seat does not play, the game is over, or the ids are not distinct cards
    ///   of the right number.
    public mutating func claim(_ ids: [Int], by seat: Int) throws(SetRuleError) -> SetClaimResult {
        guard scores.indices.contains(seat) else { throw .noSuchSeat(seat) }
        guard !isOver else { throw .gameOver }
        guard ids.count == variant.claimSize else { throw variant == .ultra ? .notFourDistinctCards : .notThreeDistinctCards }
        var cards: [SetCard] = []
        for id in ids {
            guard let card = SetCard(id: id) else { throw .noSuchCard(id) }
            guard !cards.contains(card) else { throw variant == .ultra ? .notFourDistinctCards : .notThreeDistinctCards }
            cards.append(card)
        }
        // Board cards leave the board; a chain card is already off it.
        let boardCards = cards.filter { !chain.contains($0) }
        var positions: [Int] = []
        for card in boardCards {
            guard let position = board.firstIndex(of: card) else { throw .notOnBoard }
            positions.append(position)
        }
        if !chain.isEmpty, boardCards.count != 2 { throw .needsOneCardOfTheLastSet }
        let valid = variant == .ultra
            ? SetSolver.isUltraSet(cards[0], cards[1], cards[2], cards[3])
            : SetCard.isSet(cards[0], cards[1], cards[2])
        guard valid else {
            scores[seat] += Self.mismatchPoints
            return SetClaimResult(cards: cards, valid: false, points: Self.mismatchPoints, dealt: [])
        }
        scores[seat] += Self.setPoints
        setsFound[seat] += 1
        cardsTaken += boardCards
        hint = []
        if variant == .chain { chain = cards }
        var dealt: [SetCard] = []
        if board.count <= Self.startingBoardSize {
            dealt = draw(boardCards.count)
            for (position, card) in zip(positions.sorted(), dealt) {
                board[position] = card
            }
        }
        board.removeAll { boardCards.contains($0) }
        dealt += dealWhileNoSet()
        return SetClaimResult(cards: cards, valid: true, points: Self.setPoints, dealt: dealt)
    }

    /// Deals three more cards onto the end of the board.
    /// - Throws: ``SetRuleError/gameOver``, ``SetRuleError/deckEmpty``, or
    ///   ``SetRuleError/boardFull`` when the board holds ``maxBoardSize`` cards.
    public mutating func dealThree() throws(SetRuleError) {
        try checkDealThree()
        hint = []
        board += draw(3)
        dealWhileNoSet()
    }

    /// Whether ``dealThree()`` would deal: the one rule for a deal, which a vote for one is checked
    /// against before it is counted.
    /// - Throws: what ``dealThree()`` would throw.
    public func checkDealThree() throws(SetRuleError) {
        guard !isOver else { throw .gameOver }
        guard !deck.isEmpty else { throw .deckEmpty }
        // Three more must fit: in the chain variant a board of 22 or 23 is full too.
        guard board.count + 3 <= Self.maxBoardSize else { throw .boardFull }
    }

    /// Shows one more card of a claim the variant accepts: the first that
    /// ``SetSolver/firstClaim(on:variant:chain:)`` finds, the same one until the board changes.
    /// - Returns: the card just shown, also appended to ``hint``.
    /// - Throws: ``SetRuleError/hintExhausted`` once all its cards are shown;
    ///   ``SetRuleError/gameOver``.
    public mutating func takeHint() throws(SetRuleError) -> SetCard {
        // The board has not changed since the hint began (a change clears it),
        // so the solver finds the same claim again: no need to store it.
        guard let claim = SetSolver.firstClaim(on: board, variant: variant, chain: chain) else { throw .gameOver }
        guard hint.count < claim.count else { throw .hintExhausted }
        let card = claim[hint.count]
        hint.append(card)
        hintsUsed += 1
        return card
    }

    /// Takes up to `count` cards from the top of the deck.
    private mutating func draw(_ count: Int) -> [SetCard] {
        let taken = Array(deck.prefix(count))
        deck.removeFirst(taken.count)
        return taken
    }

    /// Deals three more onto the end of the board while it holds no claim the variant accepts
    /// and the deck has cards.
    @discardableResult
    private mutating func dealWhileNoSet() -> [SetCard] {
        var dealt: [SetCard] = []
        while !deck.isEmpty, !hasClaim {
            let three = draw(3)
            board += three
            dealt += three
        }
        return dealt
    }
}

extension SetGame: CustomReflectable {
    // The default mirror would spell out the deck's order in `print`, `dump`
    // and string interpolation, e.g. in a server log; show its size only.
    /// The game's public state, without the order of the deck.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "seats": seats, "variant": variant, "chain": chain, "board": board, "deckCount": deckCount, "cardsTaken": cardsTaken,
                "scores": scores, "setsFound": setsFound, "hint": hint, "hintsUsed": hintsUsed,
            ],
            displayStyle: .struct)
    }
}
