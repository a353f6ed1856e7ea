extension KlondikeGame {
    /// Why no move helps: what a hint says instead of one.
    public enum Stuck: Sendable, Equatable {
        /// The stock and waste have cards, but turning them only cycles: none of them plays.
        case stockOnlyCycles
        /// Nothing can be drawn (the stock and waste are empty, or the passes used up), and no move makes progress.
        case nothingToPlay
        /// The game is won.
        case won
    }

    /// A legal move that makes progress, in this order of preference; nil when there is none.
    ///
    /// 1. a top card onto its foundation (from the tableau first, then the waste);
    /// 2. a tableau pile's whole face-up run onto another pile, when that turns a face-down card up;
    /// 3. a pile's whole run onto another pile, when that empties it for a king waiting
    ///    elsewhere (on face-down cards, or in the stock or waste);
    /// 4. the waste's top card onto the tableau;
    /// 5. a draw, when turning the stock (within `passes`) brings up a card that plays now.
    ///
    /// Moves that only shuffle face-up cards about are not progress, and neither is a draw
    /// that can only cycle the stock, so they are never suggested.
    public func hint() -> KlondikeAction? {
        guard !isWon else { return nil }
        let tableau = (0..<KlondikePile.tableauCount).map(KlondikePile.tableau)
        let foundations = (0..<KlondikePile.foundationCount).map(KlondikePile.foundation)
        for source in tableau + [.waste] {
            for destination in foundations where allows(from: source, to: destination, count: 1) {
                return .move(from: source, to: destination, count: 1)
            }
        }
        for (index, pile) in position.tableau.enumerated() where pile.downCount > 0 && !pile.up.isEmpty {
            for destination in tableau where destination != .tableau(index) && allows(from: .tableau(index), to: destination, count: pile.up.count) {
                return .move(from: .tableau(index), to: destination, count: pile.up.count)
            }
        }
        if kingWaitsForAnEmptyPile {
            for (index, pile) in position.tableau.enumerated() where pile.downCount == 0 && pile.up.first.map({ $0.rank != PlayingCard.king }) == true {
                for destination in tableau where allows(from: .tableau(index), to: destination, count: pile.up.count) {
                    return .move(from: .tableau(index), to: destination, count: pile.up.count)
                }
            }
        }
        for destination in tableau where allows(from: .waste, to: destination, count: 1) {
            return .move(from: .waste, to: destination, count: 1)
        }
        return drawBringsUpAPlayableCard ? .draw : nil
    }

    /// Why ``hint()`` has no move: nil when it has one.
    public var stuck: Stuck? {
        if isWon { return .won }
        guard hint() == nil else { return nil }
        var drawing = self
        return (try? drawing.draw()) == nil ? .nothingToPlay : .stockOnlyCycles
    }

    /// Whether a king that an empty pile would take lies on face-down cards or in the stock or waste.
    private var kingWaitsForAnEmptyPile: Bool {
        let talon = position.stock + position.waste
        return talon.contains { $0.rank == PlayingCard.king }
            || position.tableau.contains { $0.downCount > 0 && $0.up.first?.rank == PlayingCard.king }
    }

    /// Whether some draw, within one turn of the stock and waste, shows a waste card that can
    /// go home or onto the tableau as the piles lie now.
    private var drawBringsUpAPlayableCard: Bool {
        var turning = self
        let piles = (0..<KlondikePile.tableauCount).map(KlondikePile.tableau) + (0..<KlondikePile.foundationCount).map(KlondikePile.foundation)
        // A whole turn, and the redeal that starts it again, shows every card that can come up.
        for _ in 0...(position.stock.count + position.waste.count + 1) {
            guard (try? turning.draw()) != nil else { return false }
            if turning.position.waste.last != nil, piles.contains(where: { turning.allows(from: .waste, to: $0, count: 1) }) {
                return true
            }
        }
        return false
    }

    /// Whether the move is legal here, tried on a copy.
    private func allows(from source: KlondikePile, to destination: KlondikePile, count: Int) -> Bool {
        var trial = self
        return (try? trial.move(from: source, to: destination, count: count)) != nil
    }
}
