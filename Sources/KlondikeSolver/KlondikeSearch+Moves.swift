import GameRules

extension KlondikeSearch {
    /// The moves worth trying here, most promising first: cards home; runs that turn a
    /// face-down card up (from the pile with most face-down cards first); talon cards onto
    /// the tableau; then the moves that only rearrange. A restart shuffles each kind (and,
    /// drawing one, now and then tries turning a card up before sending one home).
    ///
    /// Every search leaves out what cannot help: a king alone on its pile moving to another
    /// empty one; every empty pile but the first as a destination (they are all alike); a
    /// pile emptied when no king could move in; and a move that only rearranges (part of a
    /// run onto another pile, a talon card onto the tableau drawing one with no limit, a card
    /// back off a foundation) when no chain of moves from it reaches progress
    /// (``leadsToProgress(onto:besides:reachable:kings:depth:memo:)``). The complete search
    /// also lets such a move be followed only by its use (``Obligation``), and each move made
    /// carries what it owes.
    ///
    /// A focused search leaves out more, moves that rarely matter: part of a run unless the
    /// card it uncovers goes home or takes a talon card or a run that turns a card up; a talon
    /// card that no chain of such holders wants; a card off a foundation on the same terms.
    mutating func candidateMoves() -> [Move] {
        // The lists are the scratch's, taken out so that each is filled in place, with no allocation.
        var scratch = self.scratch
        self.scratch = Scratch()
        defer { self.scratch = scratch }
        scratch.clear()
        reachableTalon(into: &scratch.reachable)
        let reachable = scratch.reachable
        let firstEmpty = (0..<7).first { upCount[$0] == 0 }
        let kings = waitingKings(reachable: reachable)
        let owed = obligation
        return candidateMoves(reachable: reachable, firstEmpty: firstEmpty, kings: kings, owed: owed, into: &scratch)
    }

    private mutating func candidateMoves(
        reachable: [(index: Int, usedRedeal: Bool)], firstEmpty: Int?, kings: UInt8, owed: Obligation, into scratch: inout Scratch
    ) -> [Move] {
        for pile in 0..<7 {
            if let top = top(of: pile), goesHome(top) {
                scratch.home.append(Move(kind: .tableauToFoundation, card: top, from: Int8(pile)))
            }
        }
        for (index, usedRedeal) in reachable where goesHome(talon[index]) {
            scratch.home.append(Move(kind: .talonToFoundation, card: talon[index], talonIndex: Int8(index), usedRedeal: usedRedeal))
        }

        for from in 0..<7 {
            let runCount = upCount[from]
            for start in 0..<runCount {
                let lead = card(pile: from, at: start)
                // Most runs fit nowhere: find that out before asking anything costlier.
                var fitsSomewhere = false
                for to in 0..<7 where to != from && owed.allows(from: from, to: to, card: lead) && fits(lead, onto: to, firstEmpty: firstEmpty) {
                    fitsSomewhere = true
                    break
                }
                guard fitsSomewhere else { continue }
                let reveals = start == 0 && downCount[from] > 0
                if start == 0, !reveals {
                    // The pile would be left empty: of use only to a king waiting for the space.
                    if lead.rank == 13 || !Self.kingIsWaiting(besides: from, kings: kings) { continue }
                } else if start > 0 {
                    let uncovered = card(pile: from, at: start - 1)
                    if focused {
                        guard goesHome(uncovered) || isInReach(cardOnto: uncovered, besides: from) else { continue }
                    } else {
                        guard goesHome(uncovered) || leadsToProgress(onto: uncovered, besides: from, reachable: reachable, kings: kings, depth: Self.progressDepth, memo: &scratch.holderMemo) else { continue }
                    }
                }
                for to in 0..<7 where to != from && owed.allows(from: from, to: to, card: lead) && fits(lead, onto: to, firstEmpty: firstEmpty) {
                    var move = Move(kind: .tableauToTableau, card: lead, from: Int8(from), to: Int8(to), count: Int8(runCount - start))
                    if obligations && !reveals { move.owes = start > 0 ? Obligation(pile: Int8(from)) : Obligation(king: true) }
                    if reveals { scratch.revealing.append(move) } else { scratch.rearranging.append(move) }
                }
            }
        }
        // Sorted with a copy of the counts: a closure that read `self` would copy the whole search.
        let downCounts = downCount
        scratch.revealing.sort { downCounts[Int($0.from)] > downCounts[Int($1.from)] }

        for (index, usedRedeal) in reachable {
            let card = talon[index]
            guard owed == .none || hasOwedPlace(for: card, owed: owed, firstEmpty: firstEmpty) else { continue }
            if focused && boundaryIsFree {
                if !isWanted(asHolder: card, reachable: reachable, memo: &scratch.wantedMemo) { continue }
            }
            if !focused && boundaryIsFree && !leadsToProgress(onto: card, besides: nil, reachable: reachable, kings: kings, depth: Self.progressDepth, memo: &scratch.holderMemo) { continue }
            for to in 0..<7 where owed.allows(from: nil, to: to, card: card) && fits(card, onto: to, firstEmpty: firstEmpty) {
                var move = Move(kind: .talonToTableau, card: card, to: Int8(to), talonIndex: Int8(index), usedRedeal: usedRedeal)
                if obligations && boundaryIsFree { move.owes = Obligation(pile: Int8(to)) }
                scratch.fromTalon.append(move)
            }
        }

        for suit in 0..<4 where self.home[suit] >= 3 {
            let card = SolverCard(suit: suit, rank: self.home[suit])
            guard card.rank < 13, owed == .none || hasOwedPlace(for: card, owed: owed, firstEmpty: firstEmpty) else { continue }
            guard focused
                ? isInReach(cardOnto: card, besides: nil, reachable: reachable)
                : leadsToProgress(onto: card, besides: nil, reachable: reachable, kings: kings, depth: Self.progressDepth, memo: &scratch.holderMemo)
            else { continue }
            for to in 0..<7 where owed.allows(from: nil, to: to, card: card) && fits(card, onto: to, firstEmpty: firstEmpty) {
                scratch.rearranging.append(Move(kind: .foundationToTableau, card: card, to: Int8(to), owes: obligations ? Obligation(pile: Int8(to)) : .none))
            }
        }
        if owed != .none { scratch.home.removeAll { !owed.allowsHome(from: $0.kind == .tableauToFoundation ? Int($0.from) : nil) } }
        if var generator = orderShuffle {
            scratch.home.seededShuffle(using: &generator)
            scratch.revealing.seededShuffle(using: &generator)
            scratch.fromTalon.seededShuffle(using: &generator)
            scratch.rearranging.seededShuffle(using: &generator)
            // Drawing one, now and then turning a card up comes before sending one home: an
            // early card home is what most often loses a winnable deal. Drawing three, a card
            // home from the waste also changes which cards the draws bring up, so it stays first
            // (1,000 deals: 8 more wins drawing one, 3 fewer drawing three when done for both).
            let revealFirst = boundaryIsFree && generator.next() & 3 == 0
            orderShuffle = generator
            if revealFirst { return scratch.joined(revealingFirst: true) }
        }
        return scratch.joined(revealingFirst: false)
    }

    /// Whether a card could lie on `card` and so make progress: the bottom of a pile's face-up
    /// run whose move turns a card up, or a card in the talon's reach (which may itself be wanted).
    /// The answer depends only on the card's rank and colour here, so it is remembered by them
    /// for the node: the chain through the talon is followed once per rank, not once per path.
    private func isWanted(asHolder card: SolverCard, reachable: [(index: Int, usedRedeal: Bool)], memo: inout [Int8]) -> Bool {
        guard card.rank > 1 else { return false }
        let slot = card.rank * 2 + (card.isRed ? 1 : 0)
        if memo[slot] >= 0 { return memo[slot] == 1 }
        var wanted = false
        search: for pile in 0..<7 where upCount[pile] > 0 {
            if self.card(pile: pile, at: 0).fitsTableau(onto: card) && downCount[pile] > 0 {
                wanted = true
                break
            }
            // Part of a run, moved so the card it uncovers can go home.
            for start in 1..<max(1, upCount[pile])
            where self.card(pile: pile, at: start).fitsTableau(onto: card) && goesHome(self.card(pile: pile, at: start - 1)) {
                wanted = true
                break search
            }
        }
        if !wanted {
            for (index, _) in reachable where talon[index].fitsTableau(onto: card) {
                if isWanted(asHolder: talon[index], reachable: reachable, memo: &memo) {
                    wanted = true
                    break
                }
            }
        }
        memo[slot] = wanted ? 1 : 0
        return wanted
    }

    /// Whether a card from the talon or a foundation has a place on the tableau that the obligation allows.
    private func hasOwedPlace(for card: SolverCard, owed: Obligation, firstEmpty: Int?) -> Bool {
        for to in 0..<7 where owed.allows(from: nil, to: to, card: card) && fits(card, onto: to, firstEmpty: firstEmpty) {
            return true
        }
        return false
    }

    /// Whether the card is the next one its foundation takes.
    private func goesHome(_ card: SolverCard) -> Bool {
        home[card.suit] == card.rank - 1
    }

    /// Whether `card` may go onto tableau pile `to`; of the empty piles only the first counts.
    private func fits(_ card: SolverCard, onto to: Int, firstEmpty: Int?) -> Bool {
        if let top = top(of: to) { return card.fitsTableau(onto: top) }
        return card.rank == 13 && to == firstEmpty
    }

    /// The piles (bits 0-6) holding a king that could move into an emptied pile (one not
    /// already at the bottom of its own), and bit 7 when a king is in the talon's reach.
    private func waitingKings(reachable: [(index: Int, usedRedeal: Bool)]) -> UInt8 {
        var kings: UInt8 = 0
        for (index, _) in reachable where talon[index].rank == 13 {
            kings = 0x80
            break
        }
        for pile in 0..<7 {
            for position in 0..<upCount[pile] where card(pile: pile, at: position).rank == 13 && (position > 0 || downCount[pile] > 0) {
                kings |= 1 << UInt8(pile)
                break
            }
        }
        return kings
    }

    /// Whether a king could move into `pile` once it is emptied: one in the talon's reach, or
    /// one in another pile (from ``waitingKings(reachable:)``).
    private static func kingIsWaiting(besides pile: Int, kings: UInt8) -> Bool {
        kings & ~(1 << UInt8(pile)) != 0
    }

    /// Whether a card that could lie on `card` (one rank lower, the other colour) is in
    /// reach: in the talon's reach or face up in a tableau pile other than `pile`.
    private func isInReach(cardOnto card: SolverCard, besides pile: Int?, reachable: [(index: Int, usedRedeal: Bool)] = []) -> Bool {
        guard card.rank > 1 else { return false }
        for (index, _) in reachable where talon[index].fitsTableau(onto: card) { return true }
        for other in 0..<7 where other != pile {
            if upCount[other] > 0, downCount[other] > 0, self.card(pile: other, at: 0).fitsTableau(onto: card) { return true }
        }
        return false
    }

    /// How many moves ahead ``leadsToProgress(onto:besides:reachable:kings:depth:memo:)`` looks before it
    /// gives up and keeps the move (keeping a move is always safe; leaving one out must not be).
    static let progressDepth = 2

    /// Whether putting a card on `card` (about to lie open on top of a pile) can lead, move by
    /// move, to progress: a face-down card turned up, a card home, or a pile emptied for a king.
    ///
    /// A move that only rearranges (part of a run onto another pile, a talon card onto the
    /// tableau drawing one with no limit on passes, a card back off a foundation) changes
    /// nothing that matters until the card it leaves open is used: until then it could as well
    /// not have been made, and it can still be made then, since nothing can take the place it
    /// went to meanwhile. So such a move is needed only right before that use, and the use is
    /// one of these same moves or progress. Leaving out a move with no such chain loses no win;
    /// past `depth` the chain is assumed to exist.
    ///
    /// What it says of a card that comes from outside the tableau (`excluded` nil) depends
    /// only on the card's rank and colour and the depth, so it is remembered in `memo` for the node.
    func leadsToProgress(
        onto card: SolverCard, besides excluded: Int?, reachable: [(index: Int, usedRedeal: Bool)], kings: UInt8, depth: Int,
        memo: inout [Int8]
    ) -> Bool {
        guard card.rank > 1 else { return false }
        guard depth > 0 else { return true }
        guard excluded == nil else {
            return leadsToProgressUnremembered(onto: card, besides: excluded, reachable: reachable, kings: kings, depth: depth, memo: &memo)
        }
        let slot = (card.rank * 2 + (card.isRed ? 1 : 0)) * (Self.progressDepth + 1) + depth
        if memo[slot] < 0 {
            memo[slot] = leadsToProgressUnremembered(onto: card, besides: nil, reachable: reachable, kings: kings, depth: depth, memo: &memo) ? 1 : 0
        }
        return memo[slot] == 1
    }

    private func leadsToProgressUnremembered(
        onto card: SolverCard, besides excluded: Int?, reachable: [(index: Int, usedRedeal: Bool)], kings: UInt8, depth: Int,
        memo: inout [Int8]
    ) -> Bool {
        for pile in 0..<7 where pile != excluded {
            for position in 0..<upCount[pile] where self.card(pile: pile, at: position).fitsTableau(onto: card) {
                if position == 0 {
                    if downCount[pile] > 0 || Self.kingIsWaiting(besides: pile, kings: kings) { return true }
                } else {
                    let uncovered = self.card(pile: pile, at: position - 1)
                    if goesHome(uncovered) || leadsToProgress(onto: uncovered, besides: pile, reachable: reachable, kings: kings, depth: depth - 1, memo: &memo) {
                        return true
                    }
                }
            }
        }
        let (a, b) = SolverCard.otherColourSuits(of: card.suit)
        for suit in [a, b] where home[suit] == card.rank - 1 {
            // A card back off its foundation is only a place for another card.
            if leadsToProgress(onto: SolverCard(suit: suit, rank: card.rank - 1), besides: nil, reachable: reachable, kings: kings, depth: depth - 1, memo: &memo) {
                return true
            }
        }
        for (index, _) in reachable where talon[index].fitsTableau(onto: card) {
            // Drawing three (or with few passes) taking a card out of the talon changes which
            // cards come up: that alone may be the point.
            if !boundaryIsFree || leadsToProgress(onto: talon[index], besides: nil, reachable: reachable, kings: kings, depth: depth - 1, memo: &memo) { return true }
        }
        return false
    }

}

