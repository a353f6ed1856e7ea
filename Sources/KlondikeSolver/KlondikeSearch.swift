import GameRules

/// The solver's depth-first search: one mutable position, moves made and taken
/// back in place, and a table of the positions already searched.
///
/// The stock and the waste are one row, the "talon": the waste bottom to top, then
/// the stock in the order it turns. `wasteCount` cards of it are on the waste. A draw
/// only moves that boundary and a turn of the waste back over resets it to 0, so
/// rather than drawing, a move names the talon card it plays; the cards a run of
/// draws can bring up are listed by ``reachableTalon()``.
struct KlondikeSearch {
    /// One compound move; the undo fields are filled in when it is made.
    struct Move {
        enum Kind: UInt8 {
            case tableauToFoundation, tableauToTableau, talonToFoundation, talonToTableau, foundationToTableau
        }
        var kind: Kind
        /// The card played (the bottom card of a run).
        var card: SolverCard
        /// Tableau pile index for moves from the tableau.
        var from: Int8 = 0
        /// Tableau pile index for moves to the tableau.
        var to: Int8 = 0
        /// Cards in a tableau-to-tableau run.
        var count: Int8 = 1
        /// For talon moves: the talon index of the card.
        var talonIndex: Int8 = 0
        /// For talon moves: whether the waste had to be turned over to reach it.
        var usedRedeal = false
        /// What the next move must do, when this one only rearranges (complete search only).
        var owes = Obligation.none
        // Undo.
        var turnedUp = false
        var previousWasteCount: Int8 = 0
        var playedSlot: UInt8 = 0
    }

    let drawCount: Int
    /// Face-down cards per pile, bottom to top; only `downCount` of them are still down.
    let down: [[SolverCard]]
    var downCount: [Int]
    /// Face-up cards, pile by pile in slots of ``runCapacity``, bottom to top: one flat array,
    /// so reading a pile copies and retains nothing (``upCount`` says how many each holds).
    var upCards: [SolverCard]
    /// Face-up cards per pile.
    var upCount: [Int]
    /// A face-up run goes from a king down to an ace at most.
    static let runCapacity = 13
    /// The waste then the stock.
    var talon: SolverTalon
    /// Cards home per suit.
    var home: [Int]
    var homeTotal: Int
    /// The cards in the game: 52, except in a position built by hand with some left out.
    let cardCount: Int

    /// What the next move must do: set by a move that only rearranges.
    var obligation = Obligation.none
    /// The storage ``candidateMoves()`` fills, reused from position to position.
    var scratch = Scratch()
    /// Moves from the start to the position now; a win leaves the winning line here.
    var path: [Move] = []
    private var seen = KeyTable()
    private var allowance: SearchAllowance
    /// Positions visited so far.
    var nodes: Int { allowance.nodes }
    /// Whether the search stopped for want of allowance: then its end proves nothing.
    var ranOut: Bool { allowance.ranOut }
    /// Whether the waste boundary can be ignored when comparing positions: drawing one at a
    /// time with no limit on passes, every talon card can be brought up from any boundary.
    let boundaryIsFree: Bool
    /// Leave out moves that rarely matter (see ``candidateMoves()``): finds most wins far
    /// sooner, but a search that ends without one proves nothing.
    let focused: Bool
    /// Whether a move that only rearranges must be used by the very next move (see
    /// ``Obligation``): on in the complete search, where it shrinks the proof that a deal is
    /// dead, by half at the median of deals 1-300 drawing one and up to 24 times (deal 131:
    /// 370,260 positions instead of 970,779).
    let obligations: Bool
    /// Shuffles the moves of each kind, so that a restart tries them in another order; nil keeps the order.
    var orderShuffle: SplitMix64?

    /// - Parameters:
    ///   - game: the position to search from.
    ///   - focused: leave out the moves that rarely matter.
    ///   - orderSeed: shuffle the moves of each kind with this seed; nil for the natural order.
    ///   - nodeLimit: positions to visit at most.
    ///   - deadline: when to stop, if ever.
    ///   - obligations: whether a move that only rearranges must be used next; nil for the
    ///     complete search only (the tests compare the complete search with and without).
    ///   - stop: ends the search when raised, as running out of budget does.
    init(
        game: KlondikeGame, focused: Bool, orderSeed: UInt64?, nodeLimit: Int, deadline: Deadline?,
        obligations: Bool? = nil, stop: KlondikeSolver.StopSignal? = nil
    ) {
        let position = game.position
        drawCount = game.drawCount
        down = position.tableau.map { $0.down.map(SolverCard.init) }
        downCount = position.tableau.map(\.downCount)
        upCards = Array(repeating: SolverCard(suit: 0, rank: 1), count: 7 * Self.runCapacity)
        upCount = Array(repeating: 0, count: 7)
        for (pile, cards) in position.tableau.enumerated() {
            // A run built by hand in a test may break the rules; it keeps its last cards.
            for card in cards.up.suffix(Self.runCapacity) { upCards[pile * Self.runCapacity + upCount[pile]] = SolverCard(card); upCount[pile] += 1 }
        }
        home = Array(repeating: 0, count: 4)
        for pile in position.foundations {
            if let top = pile.last { home[SolverCard(top).suit] = pile.count }
        }
        homeTotal = home.reduce(0, +)
        cardCount = game.allCards.count
        talon = SolverTalon(
            waste: position.waste, stock: position.stock, drawCount: drawCount,
            redealsLeft: game.passes.map { max(0, $0 - position.redeals) } ?? Int.max)
        self.focused = focused
        self.obligations = obligations ?? !focused
        orderShuffle = orderSeed.map(SplitMix64.init(seed:))
        allowance = SearchAllowance(nodeLimit: nodeLimit, deadline: deadline, stop: stop)
        boundaryIsFree = drawCount == 1 && talon.redealsLeft == Int.max
        path.reserveCapacity(256)
    }

    /// Searches from the position given; true when `path` now wins. Check ``ranOut`` on false.
    mutating func run() -> Bool {
        search()
    }

    private mutating func search() -> Bool {
        guard allowance.visit() else { return false }

        let pathLength = path.count
        let owed = obligation
        if sendSafeCardsHomeAndFinish() { return true }
        guard seen.insert(positionHash()) else {
            takeBack(to: pathLength)
            obligation = owed
            return false
        }
        let here = obligation
        for var move in candidateMoves() {
            make(&move)
            path.append(move)
            obligation = move.owes
            if search() { return true }
            if ranOut { return false }
            path.removeLast()
            unmake(move)
            obligation = here
        }
        takeBack(to: pathLength)
        obligation = owed
        return false
    }

    /// Sends the safe cards home; true when the game is then won, or the rest plays itself
    /// (then played to the end on `path`). Every position any search reaches begins so.
    mutating func sendSafeCardsHomeAndFinish() -> Bool {
        sendSafeCardsHome()
        if homeTotal == cardCount { return true }
        guard finishesByItself() else { return false }
        finish()
        return true
    }

    /// Undoes the moves on `path` past `length`, newest first.
    private mutating func takeBack(to length: Int) {
        while path.count > length {
            unmake(path.removeLast())
        }
    }

    // MARK: Safe moves home

    /// Whether a card can go home now and never be wanted back: nothing still out could lie on
    /// it (the other colour's next lower cards are home), and nothing that could come back to
    /// lie on it would be wanted either (its own colour's card below that is home too).
    private func isSafeHome(_ card: SolverCard) -> Bool {
        let home = home
        return Self.isSafeHome(card) { home[$0] }
    }

    /// ``isSafeHome(_:)`` with the cards home per suit read by `home`.
    @inline(__always)
    static func isSafeHome(_ card: SolverCard, home: (_ suit: Int) -> Int) -> Bool {
        guard home(card.suit) == card.rank - 1 else { return false }
        if card.rank <= 2 { return true }
        let (a, b) = SolverCard.otherColourSuits(of: card.suit)
        return home(a) >= card.rank - 2 && home(b) >= card.rank - 2
            && home(SolverCard.partnerSuit(of: card.suit)) >= card.rank - 3
    }

    /// Plays every safe tableau top home, repeatedly, recording the moves on `path`.
    private mutating func sendSafeCardsHome() {
        var moved = true
        while moved {
            moved = false
            for pile in 0..<7 {
                guard let top = top(of: pile), isSafeHome(top) else { continue }
                var move = Move(kind: .tableauToFoundation, card: top, from: Int8(pile))
                make(&move)
                path.append(move)
                // Sent home on its own, the card on the pile owed was used.
                if obligation.allowsHome(from: pile) { obligation = .none }
                moved = true
            }
            if boundaryIsFree {
                for index in talon.indices where isSafeHome(talon[index]) {
                    var move = Move(kind: .talonToFoundation, card: talon[index], talonIndex: Int8(index), usedRedeal: index < talon.wasteCount - 1)
                    make(&move)
                    path.append(move)
                    moved = true
                    break
                }
            }
        }
    }

    // MARK: Endgame

    /// Whether the rest plays itself: no face-down cards, and the talon is empty or (drawing
    /// one, with no limit on passes) every talon card can be brought up whenever it is wanted.
    private func finishesByItself() -> Bool {
        guard downCount.allSatisfy({ $0 == 0 }) else { return false }
        return talon.isEmpty || boundaryIsFree
    }

    /// Plays the lowest card left home until all are: with every tableau card face up it is on
    /// top of its pile (each pile runs down in rank), or it is in the talon, which is free.
    private mutating func finish() {
        while homeTotal < cardCount {
            var move: Move?
            for pile in 0..<7 {
                if let top = top(of: pile), home[top.suit] == top.rank - 1 {
                    move = Move(kind: .tableauToFoundation, card: top, from: Int8(pile))
                    break
                }
            }
            if move == nil {
                for (index, usedRedeal) in reachableTalon() where home[talon[index].suit] == talon[index].rank - 1 {
                    move = Move(kind: .talonToFoundation, card: talon[index], talonIndex: Int8(index), usedRedeal: usedRedeal)
                    break
                }
            }
            guard var found = move else { preconditionFailure("an open endgame always has a card to play home") }
            make(&found)
            path.append(found)
        }
    }

    // MARK: The talon

    /// The talon indices a run of draws can bring to the top of the waste (the current top
    /// first), and whether each needs the waste turned back over.
    func reachableTalon() -> [(index: Int, usedRedeal: Bool)] {
        var reachable: [(index: Int, usedRedeal: Bool)] = []
        reachableTalon(into: &reachable)
        return reachable
    }

    /// ``reachableTalon()`` appended to `reachable`.
    func reachableTalon(into reachable: inout [(index: Int, usedRedeal: Bool)]) {
        talon.reachable(into: &reachable)
    }

    // MARK: Making and unmaking moves

    mutating func make(_ move: inout Move) {
        switch move.kind {
        case .tableauToFoundation:
            let pile = Int(move.from)
            upCount[pile] -= 1
            goHome(move.card)
            move.turnedUp = turnUp(pile)
        case .tableauToTableau:
            let from = Int(move.from), to = Int(move.to), count = Int(move.count)
            let start = upCount[from] - count
            for index in start..<upCount[from] { push(card(pile: from, at: index), onto: to) }
            upCount[from] -= count
            move.turnedUp = turnUp(from)
        case .talonToFoundation, .talonToTableau:
            let index = Int(move.talonIndex)
            (move.playedSlot, move.previousWasteCount) = talon.take(at: index, usedRedeal: move.usedRedeal)
            if move.kind == .talonToFoundation { goHome(move.card) } else { push(move.card, onto: Int(move.to)) }
        case .foundationToTableau:
            home[move.card.suit] -= 1
            homeTotal -= 1
            push(move.card, onto: Int(move.to))
        }
    }

    mutating func unmake(_ move: Move) {
        switch move.kind {
        case .tableauToFoundation:
            let pile = Int(move.from)
            if move.turnedUp { turnDown(pile) }
            push(move.card, onto: pile)
            home[move.card.suit] -= 1
            homeTotal -= 1
        case .tableauToTableau:
            let from = Int(move.from), to = Int(move.to), count = Int(move.count)
            if move.turnedUp { turnDown(from) }
            let start = upCount[to] - count
            for index in start..<upCount[to] { push(card(pile: to, at: index), onto: from) }
            upCount[to] -= count
        case .talonToFoundation, .talonToTableau:
            if move.kind == .talonToFoundation {
                home[move.card.suit] -= 1
                homeTotal -= 1
            } else {
                upCount[Int(move.to)] -= 1
            }
            let index = Int(move.talonIndex)
            talon.putBack(move.card, at: index, slot: move.playedSlot, wasteCount: move.previousWasteCount, usedRedeal: move.usedRedeal)
        case .foundationToTableau:
            upCount[Int(move.to)] -= 1
            home[move.card.suit] += 1
            homeTotal += 1
        }
    }

    private mutating func goHome(_ card: SolverCard) {
        home[card.suit] += 1
        homeTotal += 1
    }

    /// Turns the top face-down card of a pile up when it has no face-up card left.
    private mutating func turnUp(_ pile: Int) -> Bool {
        guard upCount[pile] == 0, downCount[pile] > 0 else { return false }
        downCount[pile] -= 1
        push(down[pile][downCount[pile]], onto: pile)
        return true
    }

    private mutating func turnDown(_ pile: Int) {
        upCount[pile] -= 1
        downCount[pile] += 1
    }

    // MARK: The face-up runs

    /// Face-up card `index` (0 at the bottom) of a pile.
    @inline(__always)
    func card(pile: Int, at index: Int) -> SolverCard { upCards[pile * Self.runCapacity + index] }

    /// A pile's top card; nil when it is empty.
    @inline(__always)
    func top(of pile: Int) -> SolverCard? { upCount[pile] > 0 ? card(pile: pile, at: upCount[pile] - 1) : nil }

    @inline(__always)
    private mutating func push(_ card: SolverCard, onto pile: Int) {
        upCards[pile * Self.runCapacity + upCount[pile]] = card
        upCount[pile] += 1
    }

    // MARK: Hashing

    /// A 64-bit key for the position in which the order of the tableau piles does not
    /// matter (a sum of per-pile hashes) and the waste boundary counts only when it can.
    func positionHash() -> UInt64 {
        var hash: UInt64 = 0
        for pile in 0..<7 {
            // A pile's face-down cards are its own, so the pile and how many are left name them.
            var pileHash: UInt64 = downCount[pile] > 0 ? UInt64(pile + 1) << 8 | UInt64(downCount[pile]) : 0
            for index in 0..<upCount[pile] { pileHash = (pileHash &* 0x100_0000_01B3) ^ UInt64(card(pile: pile, at: index).code + 1) }
            hash &+= KeyTable.mix(pileHash ^ UInt64(upCount[pile]) << 40)
        }
        var rest = UInt64(talon.playedSlots)
        rest |= UInt64(home[0]) << 24 | UInt64(home[1]) << 28 | UInt64(home[2]) << 32 | UInt64(home[3]) << 36
        if !boundaryIsFree { rest |= UInt64(talon.wasteCount) << 40 | UInt64(min(talon.redealsLeft, 255)) << 48 }
        if obligation != .none { hash ^= KeyTable.mix(obligation.code << 32 ^ 0x5851_F42D_4C95_7F2D) }
        return hash ^ KeyTable.mix(rest ^ 0x9E37_79B9_7F4A_7C15)
    }
}

