import GameRules

extension KlondikeSearch {
    /// What the move after one that only rearranges must do, in the complete search.
    ///
    /// A move that makes no progress by itself (part of a run onto the other card it fits,
    /// leaving the card under it open; a whole run off a pile with nothing under it, leaving
    /// the pile empty; drawing one with no limit on passes, a talon card onto the tableau; a
    /// card back off a foundation) matters only to the move that first uses what it changed:
    /// a card put on the card it left open or on the card it put down, that card moved, or a
    /// king into the space. Until then it could wait, and waiting takes nothing away: the
    /// cards it would cover stay open, a talon card stays in reach, a card stays home. So
    /// every winning line can be reordered to make each such move right before its use, and
    /// the search tries only those lines. That is an argument, not a proof about this search's
    /// other shortcuts, so it was checked: over deals 1-1,000 drawing one and 1-200 drawing
    /// three (a million positions each), the search with obligations never called dead a deal
    /// that the search without them won (`KlondikeObligationTests` keeps a sample).
    ///
    /// A card sent home owes nothing. Its use may be the next card of its suit going home
    /// after a move that the search allows only once that card can go home (part of a run
    /// moved off it, say), so it cannot always wait: owing was tried, and called deal 159
    /// drawing one dead, which it is not.
    ///
    /// The obligation is part of the position's key: a position searched under one is not
    /// the same position searched freely.
    struct Obligation: Equatable {
        /// The next move must take a card from, or put one onto, this tableau pile (-1: no pile).
        var pile: Int8 = -1
        /// Or put a king into an empty pile.
        var king = false

        static let none = Obligation()

        /// One number for the position's key.
        var code: UInt64 { UInt64(UInt8(bitPattern: pile)) | (king ? 1 << 8 : 0) }

        /// Whether a card may be put from tableau pile `from` (nil: from the talon or a
        /// foundation) onto pile `to`, as far as the obligation goes.
        @inline(__always)
        func allows(from: Int?, to: Int, card: SolverCard) -> Bool {
            self == .none || Int(pile) == to || (from != nil && Int(pile) == from) || (king && card.rank == 13)
        }

        /// Whether a move home does what is owed: only one from the pile owed.
        func allowsHome(from pile: Int?) -> Bool {
            self == .none || (pile != nil && Int(self.pile) == pile)
        }
    }
}
