import GameRules

extension KlondikeLayoutFreeSearch {
    /// What a move that changes nothing by itself asks of the very next move, so that the
    /// search tries such a move only right before the move it is for. Each rule holds because
    /// the move can wait: until its card is used, its being there helped nothing, and only
    /// took a holder another card might want.
    ///
    /// - ``use(_:)``: a card put back on the tableau from a foundation, or from the talon when
    ///   the talon's order does not matter (drawing one with no limit on passes), must be used
    ///   next: a card of the pair below put on it, or its twin sent home (which it lets out).
    ///   Played later instead, it gives the same position.
    /// - ``king``: a pile emptied (its last card moved onto a holder) must be filled by a king next.
    ///
    /// A card sent home on its own by the next position (``sendSafeCardsHome()``) was let out
    /// by the move, which ends what it owes.
    enum Owed: Equatable {
        case none
        case use(SolverCard)
        case king

        /// For the position key.
        var code: UInt16 {
            switch self {
            case .none: 0
            case .use(let card): 0x100 | UInt16(card.code)
            case .king: 0x200
            }
        }

        /// Whether `step` may come next.
        func allows(_ step: Step) -> Bool {
            switch self {
            case .none:
                return true
            case .use(let card):
                switch step.kind {
                case .reveal, .talonToTableau, .foundationToTableau: return step.card.fitsTableau(onto: card)
                case .tableauToFoundation: return step.card.rank == card.rank && step.card.isRed == card.isRed && step.card != card
                case .talonToFoundation: return false
                }
            case .king:
                return step.kind != .tableauToFoundation && step.kind != .talonToFoundation && step.card.rank == 13
            }
        }
    }
}
