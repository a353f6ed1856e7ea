extension KlondikeGame {
    /// Makes the move a double tap makes with the top card of the waste or a tableau pile.
    ///
    /// In order of preference: onto a foundation (an ace to the first empty
    /// one, another card onto its suit); a king to the leftmost empty tableau
    /// pile, unless it already lies alone on its own pile; else onto the
    /// leftmost tableau pile whose top card is one rank higher and the other colour.
    /// - Parameter source: the waste or a tableau pile.
    /// - Returns: where the card went.
    /// - Throws: ``KlondikeError/noAutoMove(_:)`` when nothing fits;
    ///   ``KlondikeError/noAutoSource(_:)`` for a foundation;
    ///   ``KlondikeError/emptyPile(_:)``, ``KlondikeError/noSuchPile(_:)``,
    ///   ``KlondikeError/gameWon``.
    @discardableResult
    public mutating func auto(from source: KlondikePile) throws(KlondikeError) -> KlondikePile {
        guard !isWon else { throw .gameWon }
        guard source.exists else { throw .noSuchPile(source) }
        if case .foundation = source { throw .noAutoSource(source) }
        guard let card = position.topCard(of: source) else { throw .emptyPile(source) }
        guard let destination = autoDestination(of: card, from: source) else { throw .noAutoMove(card) }
        try move(from: source, to: destination)
        return destination
    }

    /// Where a double tap sends the top card of `source`, if anywhere.
    private func autoDestination(of card: PlayingCard, from source: KlondikePile) -> KlondikePile? {
        // An ace fits only an empty foundation and any other card only its
        // suit's, so the first fitting foundation is the one the rule names.
        if let index = position.foundations.firstIndex(where: card.fitsFoundation) {
            return .foundation(index)
        }
        let others = position.tableau.indices.filter { KlondikePile.tableau($0) != source }
        if card.rank == PlayingCard.king, !isAloneOnItsPile(source),
            let index = others.first(where: { position.tableau[$0].isEmpty })
        {
            return .tableau(index)
        }
        if let index = others.first(where: { position.tableau[$0].top.map(card.fitsTableau) ?? false }) {
            return .tableau(index)
        }
        return nil
    }

    /// Whether `source` is a tableau pile holding a single card, which moving
    /// to another empty pile would not change.
    private func isAloneOnItsPile(_ source: KlondikePile) -> Bool {
        guard case .tableau(let index) = source else { return false }
        let pile = position.tableau[index]
        return pile.downCount == 0 && pile.up.count == 1
    }
}
