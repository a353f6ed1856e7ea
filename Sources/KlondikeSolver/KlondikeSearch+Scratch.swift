extension KlondikeSearch {
    /// The lists ``candidateMoves()`` fills for one position, kept between positions so that
    /// their storage is reused: a search visits about a million positions a second, and
    /// allocating eight arrays for each was a tenth of its time.
    struct Scratch {
        var home: [Move] = []
        var revealing: [Move] = []
        var fromTalon: [Move] = []
        var rearranging: [Move] = []
        /// What leadsToProgress says of a card from outside the tableau, by rank, colour and
        /// depth (-1: not asked yet): all it depends on in one position.
        var holderMemo: [Int8] = []
        /// What isWanted says of a card, by rank and colour (-1: not asked yet).
        var wantedMemo: [Int8] = []
        var reachable: [(index: Int, usedRedeal: Bool)] = []

        /// Empties the lists and forgets the answers, keeping the storage.
        mutating func clear() {
            home.removeAll(keepingCapacity: true)
            revealing.removeAll(keepingCapacity: true)
            fromTalon.removeAll(keepingCapacity: true)
            rearranging.removeAll(keepingCapacity: true)
            reachable.removeAll(keepingCapacity: true)
            Self.forget(&holderMemo, count: 28 * (KlondikeSearch.progressDepth + 1))
            Self.forget(&wantedMemo, count: 28)
        }

        private static func forget(_ memo: inout [Int8], count: Int) {
            if memo.count == count {
                memo.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            } else {
                memo = [Int8](repeating: -1, count: count)
            }
        }

        /// The moves in the order to try them: home, turning a card up, from the talon, the rest
        /// (or turning a card up first).
        func joined(revealingFirst: Bool) -> [Move] {
            var moves: [Move] = []
            moves.reserveCapacity(home.count + revealing.count + fromTalon.count + rearranging.count)
            if revealingFirst {
                moves += revealing
                moves += home
            } else {
                moves += home
                moves += revealing
            }
            moves += fromTalon
            moves += rearranging
            return moves
        }
    }
}
