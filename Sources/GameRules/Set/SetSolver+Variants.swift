extension SetSolver {
    /// One claim that the variant accepts on this board, as its cards in the order a claim
    /// names them; nil when there is none. The same board and chain give the same answer.
    ///
    /// - classic and junior (and chain's first Set): ``firstSet(on:)``.
    /// - chain: the card of `chain` that completes a pair of board cards, then the pair.
    /// - ultra: two pairs of board cards completed by the same third card.
    /// - Parameters:
    ///   - board: distinct cards in position order.
    ///   - chain: the last Set, in chain once one was found; empty otherwise.
    public static func firstClaim(on board: [SetCard], variant: SetVariant, chain: [SetCard] = []) -> [SetCard]? {
        switch variant {
        case .classic, .junior:
            return firstSet(on: board).map { $0.map { board[$0] } }
        case .chain:
            guard !chain.isEmpty else { return firstSet(on: board).map { $0.map { board[$0] } } }
            for first in board.indices {
                for second in (first + 1)..<board.count {
                    let third = SetCard.third(completing: board[first], board[second])
                    if chain.contains(third) { return [third, board[first], board[second]] }
                }
            }
            return nil
        case .ultra:
            // The first pair seen for each completing card; a second pair with the same one
            // is disjoint from it (two pairs sharing a card and a third card are one pair).
            var pairs = [Int](repeating: -1, count: 81 * 2)
            for first in board.indices {
                for second in (first + 1)..<board.count {
                    let third = SetCard.third(completing: board[first], board[second]).id
                    if pairs[2 * third] >= 0 {
                        return [board[pairs[2 * third]], board[pairs[2 * third + 1]], board[first], board[second]]
                    }
                    pairs[2 * third] = first
                    pairs[2 * third + 1] = second
                }
            }
            return nil
        }
    }

    /// Whether four cards form an UltraSet: some split into two pairs completed by the same card.
    public static func isUltraSet(_ a: SetCard, _ b: SetCard, _ c: SetCard, _ d: SetCard) -> Bool {
        SetCard.third(completing: a, b) == SetCard.third(completing: c, d)
            || SetCard.third(completing: a, c) == SetCard.third(completing: b, d)
            || SetCard.third(completing: a, d) == SetCard.third(completing: b, c)
    }
}
