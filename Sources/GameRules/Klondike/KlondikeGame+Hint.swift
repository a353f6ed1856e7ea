extension KlondikeGame {
    /// A legal move that makes progress, in this order of preference; nil when there is none.
    ///
    /// 1. a top card onto its foundation (from the tableau first, then the waste);
    /// 2. a tableau pile's whole face-up run onto another pile, when that turns a face-down card up;
    /// 3. the waste's top card onto the tableau;
    /// 4. a draw, while the stock (or a turn of the waste that `passes` allows) has cards.
    ///
    /// Moves that only shuffle face-up cards about are not progress, so they are never suggested.
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
        for destination in tableau where allows(from: .waste, to: destination, count: 1) {
            return .move(from: .waste, to: destination, count: 1)
        }
        var drawn = self
        if (try? drawn.draw()) != nil { return .draw }
        return nil
    }

    /// Whether the move is legal here, tried on a copy.
    private func allows(from source: KlondikePile, to destination: KlondikePile, count: Int) -> Bool {
        var trial = self
        return (try? trial.move(from: source, to: destination, count: count)) != nil
    }
}
