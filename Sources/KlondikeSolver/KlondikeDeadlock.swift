import GameRules

/// A quick proof that a Klondike position cannot be won, from the face-down cards' order
/// alone, before any search: some card can never be reached, whatever is played.
///
/// It computes, as a least fixed point, an over-estimate of the cards that can ever be
/// reached and of the tableau cards that can ever leave their pile:
/// - the talon's cards, the foundations' and every face-up card can be reached;
/// - a face-down card can be reached once every card above it in its pile can leave it;
/// - a card leaves its pile only by going home (every lower card of its suit must have been
///   reached first), onto one of its two holders (one rank higher, the other colour: one
///   must have been reached), or, a king, into a pile that can be emptied. A face-up run
///   leaves with its bottom card.
///
/// Every step a real game could take is allowed here and more, so a card this never reaches
/// no game reaches: the position is dead. The converse does not hold (orders and times are
/// ignored), so "not dead" proves nothing.
enum KlondikeDeadlock {
    static func isDead(_ game: KlondikeGame) -> Bool {
        let position = game.position
        var reached = [Bool](repeating: false, count: 52)
        for card in position.stock + position.waste + position.foundations.joined() { reached[SolverCard(card).code.index] = true }
        for pile in position.tableau {
            for card in pile.up { reached[SolverCard(card).code.index] = true }
        }
        // For each pile, bottom to top: the face-down cards, then the run's bottom card,
        // which stands for the run (the rest of it leaves with it).
        let piles: [[SolverCard]] = position.tableau.map { pile in
            pile.down.map(SolverCard.init) + (pile.up.first.map { [SolverCard($0)] } ?? [])
        }
        var leaves = piles.map { [Bool](repeating: false, count: $0.count) }
        var changed = true
        while changed {
            changed = false
            for (index, pile) in piles.enumerated() {
                // Walk down from the top while the cards above can leave.
                for depth in stride(from: pile.count - 1, through: 0, by: -1) {
                    let card = pile[depth]
                    if !reached[card.code.index] {
                        reached[card.code.index] = true
                        changed = true
                    }
                    if !leaves[index][depth] {
                        guard canLeave(card, pileIndex: index, reached: reached, piles: piles, leaves: leaves) else { break }
                        leaves[index][depth] = true
                        changed = true
                    }
                }
            }
        }
        return reached.contains(false)
    }

    /// Whether a reached card could ever leave its pile: home, onto a holder, or (a king) into
    /// a pile that can be emptied.
    private static func canLeave(
        _ card: SolverCard, pileIndex: Int, reached: [Bool], piles: [[SolverCard]], leaves: [[Bool]]
    ) -> Bool {
        if (1..<card.rank).allSatisfy({ reached[SolverCard(suit: card.suit, rank: $0).code.index] }) { return true }
        if card.rank == 13 {
            // Another pile that is empty, or whose bottom card can leave (so all of it can).
            return piles.indices.contains { $0 != pileIndex && (piles[$0].isEmpty || leaves[$0][0]) }
        }
        let (a, b) = SolverCard.otherColourSuits(of: card.suit)
        return reached[SolverCard(suit: a, rank: card.rank + 1).code.index] || reached[SolverCard(suit: b, rank: card.rank + 1).code.index]
    }
}

extension UInt8 {
    /// A card code as an array index.
    fileprivate var index: Int { Int(self) }
}
