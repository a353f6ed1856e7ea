extension KlondikeGame {
    /// Moves cards from one pile to another.
    ///
    /// Sources: the waste's top card, a foundation's top card (back to the
    /// tableau only), or the top `count` face-up cards of a tableau pile. A
    /// foundation takes one card: an ace when empty, else the next rank of its
    /// suit. A tableau pile takes a card one rank lower and the other colour
    /// than its top card, or, when empty, a king. When a tableau pile loses its
    /// last face-up card, its top face-down card turns up.
    /// - Parameters:
    ///   - source: where the cards come from.
    ///   - destination: a tableau pile or a foundation.
    ///   - count: how many cards to take; more than one only from a tableau pile.
    /// - Throws: a ``KlondikeError`` saying why the move breaks the rules; the
    ///   game is then unchanged.
    public mutating func move(from source: KlondikePile, to destination: KlondikePile, count: Int = 1) throws(KlondikeError) {
        let cards = try cardsToMove(from: source, to: destination, count: count)
        try checkPlacement(of: cards, on: destination)
        let downBefore = position.downCount(of: source)
        position.remove(count, from: source)
        position.add(cards, to: destination)
        let turnedUp = position.downCount(of: source) < downBefore
        record(.move(from: source, to: destination, count: count, turnedUp: turnedUp))
    }

    /// The cards a move would take, bottom to top, after checking the piles and the count.
    private func cardsToMove(from source: KlondikePile, to destination: KlondikePile, count: Int) throws(KlondikeError) -> [PlayingCard] {
        guard !isWon else { throw .gameWon }
        guard source.exists else { throw .noSuchPile(source) }
        guard destination.exists else { throw .noSuchPile(destination) }
        guard source != destination else { throw .samePile(source) }
        guard count >= 1 else { throw .countBelowOne(count) }
        switch source {
        case .waste:
            guard let top = position.waste.last else { throw .emptyPile(source) }
            guard count == 1 else { throw .oneCardAtATime(from: source) }
            return [top]
        case .foundation(let index):
            guard let top = position.foundations[index].last else { throw .emptyPile(source) }
            guard count == 1 else { throw .oneCardAtATime(from: source) }
            // Only an ace could move between foundations, and that changes nothing.
            if case .foundation = destination { throw .foundationCardOnlyToTableau(source) }
            return [top]
        case .tableau(let index):
            let up = position.tableau[index].up
            guard !up.isEmpty else { throw .emptyPile(source) }
            guard count <= up.count else { throw .notEnoughFaceUp(source, available: up.count) }
            return Array(up.suffix(count))
        }
    }

    /// Checks that `cards` (bottom to top, at least one) may go on `destination`.
    private func checkPlacement(of cards: [PlayingCard], on destination: KlondikePile) throws(KlondikeError) {
        let lead = cards[0]
        switch destination {
        case .waste:
            throw .wasteIsNotADestination
        case .foundation(let index):
            guard cards.count == 1 else { throw .foundationTakesOneCard }
            guard lead.fitsFoundation(position.foundations[index]) else { throw .foundationMismatch(lead) }
        case .tableau(let index):
            if let top = position.tableau[index].top {
                guard lead.fitsTableau(onto: top) else { throw .tableauMismatch(lead, onto: top) }
            } else {
                guard lead.rank == PlayingCard.king else { throw .onlyKingToEmptyTableau }
            }
        }
    }
}

extension KlondikeGame.Position {
    /// The top card of the waste, a tableau pile or a foundation; `nil` when it is empty.
    func topCard(of pile: KlondikePile) -> PlayingCard? {
        switch pile {
        case .waste: waste.last
        case .tableau(let index): tableau[index].top
        case .foundation(let index): foundations[index].last
        }
    }

    /// How many face-down cards a tableau pile holds; 0 for the other piles.
    func downCount(of pile: KlondikePile) -> Int {
        if case .tableau(let index) = pile { return tableau[index].downCount }
        return 0
    }

    /// Takes `count` cards off the top of a pile for an undo, turning nothing up;
    /// returns them bottom to top.
    mutating func takeBack(_ count: Int, from pile: KlondikePile) -> [PlayingCard] {
        switch pile {
        case .waste:
            defer { waste.removeLast(count) }
            return Array(waste.suffix(count))
        case .tableau(let index):
            return tableau[index].takeFaceUp(count)
        case .foundation(let index):
            defer { foundations[index].removeLast(count) }
            return Array(foundations[index].suffix(count))
        }
    }

    /// Takes `count` checked cards off the top of a pile.
    mutating func remove(_ count: Int, from pile: KlondikePile) {
        switch pile {
        case .waste: waste.removeLast(count)
        case .tableau(let index): tableau[index].removeTop(count)
        case .foundation(let index): foundations[index].removeLast(count)
        }
    }

    /// Puts checked cards, bottom to top, on a tableau pile or a foundation.
    mutating func add(_ cards: [PlayingCard], to pile: KlondikePile) {
        switch pile {
        // Only an undo puts a card back on the waste (a draw turns them from the stock).
        case .waste: waste += cards
        case .tableau(let index): tableau[index].put(cards)
        case .foundation(let index): foundations[index] += cards
        }
    }
}
