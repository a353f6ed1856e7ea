extension KlondikeGame {
    /// Whether ``finish()`` would be taken: every tableau card is face up, and the finish,
    /// tried on a copy of the cards, plays all 52 home.
    ///
    /// With the stock and the waste empty it always does (see ``finish()``). With cards
    /// still to draw it may not: drawing three, a card can stay under others that never go
    /// home, and with ``passes`` the waste may not turn over often enough; the finish only
    /// ever plays cards home, never onto the tableau. Then this is false and the player
    /// plays on by hand, so an offered finish never gets stuck.
    ///
    /// Cheap before the last face-down card turns up (a look at seven piles); after, one
    /// trial without undo records: at most 52 cards home, with at most two passes through
    /// the stock between one and the next.
    public var canFinish: Bool {
        guard !isWon, position.tableau.allSatisfy({ $0.downCount == 0 }) else { return false }
        if position.stock.isEmpty, position.waste.isEmpty { return true }
        guard finishDraws else { return false }
        var trial = position
        var plan = FinishPlan()
        while let step = plan.next(in: trial, drawCount: drawCount, passes: passes) {
            switch step {
            case .home(let source, let foundation):
                let card = trial.topCard(of: source)!
                trial.remove(1, from: source)
                trial.add([card], to: .foundation(foundation))
            case .draw where trial.stock.isEmpty:
                trial.turnWasteOver()
            case .draw:
                _ = trial.turn(drawCount)
            }
        }
        return trial.foundations.reduce(0) { $0 + $1.count } == PlayingCard.fullDeck.count
    }

    /// Plays every card home once ``canFinish`` says it can: the lowest card that fits a
    /// foundation goes home, and when none does, a draw (turning the waste over when the
    /// stock is empty). Each is an ordinary move or draw, scored as by hand; undo takes them
    /// back one by one.
    ///
    /// With every card face up, each tableau pile runs down in rank to its top, so the lowest
    /// card left in the tableau is on top of its pile and, once the stock and the waste are
    /// empty, the card below it in its suit is already home: it always fits, and no draw is needed.
    /// - Returns: how many moves and draws it made, what ``moveCount`` grew by.
    /// - Throws: ``KlondikeError/notReadyToFinish``; ``KlondikeError/gameWon``.
    @discardableResult
    public mutating func finish() throws(KlondikeError) -> Int {
        guard !isWon else { throw .gameWon }
        guard canFinish else { throw .notReadyToFinish }
        let before = moveCount
        var plan = FinishPlan()
        while let step = plan.next(in: position, drawCount: drawCount, passes: passes) {
            switch step {
            case .home(let source, let foundation): try move(from: source, to: .foundation(foundation))
            case .draw: try draw()
            }
        }
        return moveCount - before
    }
}

/// The finish's procedure, a step at a time: ``KlondikeGame/canFinish`` follows it on a copy,
/// ``KlondikeGame/finish()`` on the game, so what one tries is what the other plays.
struct FinishPlan {
    enum Step: Equatable {
        /// The top card of the waste or a tableau pile to a foundation, by index.
        case home(KlondikePile, foundation: Int)
        /// A draw, or the waste turned over when the stock is empty.
        case draw
    }

    /// Whether the finish has turned the waste over.
    private var turnedOver = false
    /// Whether a card went home since the finish last turned the waste over.
    private var wentHomeSinceTurnOver = false

    /// The next step from `position`; nil once every card is home, or when the finish
    /// is stuck (the next pass would turn the same cards in the same order, or no pass is left).
    mutating func next(in position: KlondikeGame.Position, drawCount: Int, passes: Int?) -> Step? {
        if let home = Self.lowestCardHome(in: position) {
            wentHomeSinceTurnOver = true
            return home
        }
        if !position.stock.isEmpty { return .draw }
        guard !position.waste.isEmpty, passes.map({ position.redeals < $0 }) ?? true else { return nil }
        // A whole pass with no card home leaves the stock as the pass before found it.
        if turnedOver, !wentHomeSinceTurnOver { return nil }
        turnedOver = true
        wentHomeSinceTurnOver = false
        return .draw
    }

    /// The lowest card on top of a tableau pile or the waste that fits a foundation; on a tie
    /// the leftmost pile's, the waste's last. The stock and waste empty, that is the lowest
    /// tableau top, as the finish has always played.
    static func lowestCardHome(in position: KlondikeGame.Position) -> Step? {
        var best: (pile: KlondikePile, card: PlayingCard, foundation: Int)?
        let sources = position.tableau.indices.map(KlondikePile.tableau) + [.waste]
        for source in sources {
            guard let card = position.topCard(of: source), card.rank < best?.card.rank ?? .max,
                  let foundation = position.foundations.firstIndex(where: card.fitsFoundation)
            else { continue }
            best = (source, card, foundation)
        }
        return best.map { .home($0.pile, foundation: $0.foundation) }
    }
}
