import GameRules

/// The complete search over positions that say which cards are face up on the tableau, but
/// not how they lie: a far smaller space than ``KlondikeSearch``'s, where a dead deal's proof
/// enumerates arrangements of the same face-up cards by the tens of thousands.
///
/// Why the arrangement does not matter. A face-up card that is not at the bottom of its pile
/// lies on one of the two cards it fits (one rank higher, the other colour), and only it or
/// its same-colour twin can lie there. Take the two cards of one rank and colour, and the two
/// that may hold them: if fewer of the lower pair need a holder than there are holders face
/// up, one holder is bare, and a lower card can move across to it (with everything on it).
/// So any holder of the pair can be made the top of its pile, and any card that fits the pair
/// can be put on one, without a move that changes anything else; if every holder is taken,
/// none can be in any arrangement. Which cards can be uncovered and which can be placed is
/// then a function of the face-up cards alone, and so is everything the game can do next: two
/// positions with the same face-up cards, the same cards home, face down and in the talon are
/// won or lost together. (The same observation drives Lonelybot, vuonghy2442/lonelybot, which
/// decides thoughtful Klondike deals in milliseconds.)
///
/// What is left as a move: a card home (uncovered first), a pile's bottom face-up card onto
/// a holder or a king to an empty pile (which turns a card up or empties the pile), a talon
/// card home or onto the tableau, a card back from a foundation. The pile's bottom face-up
/// card cannot move across for free: it lies on face-down cards, and moving it turns one up.
///
/// A winning line is turned back into real moves by ``concreteLine(from:)``, which makes
/// each rearrangement the argument above relies on; the solver then plays the line on the
/// real game, so a win is checked move by move.
struct KlondikeLayoutFreeSearch {
    /// One move of the search.
    struct Step {
        enum Kind: UInt8 {
            case tableauToFoundation, reveal, talonToFoundation, talonToTableau, foundationToTableau
        }
        var kind: Kind
        var card: SolverCard
        /// For talon moves: the talon index of the card.
        var talonIndex: Int8 = 0
        /// For talon moves: whether the waste had to be turned over to reach it.
        var usedRedeal = false
        /// What the next move must do (see ``Owed``).
        var owes = Owed.none
        // Undo.
        var previousWasteCount: Int8 = 0
        var playedSlot: UInt8 = 0
        /// For a card home from the tableau: whether it was its pile's bottom face-up card.
        var wasBottom = false
    }

    let drawCount: Int
    /// Per pile, the cards that stay where they were dealt until the card above is moved:
    /// the face-down cards, bottom to top, then the face-up card lying on them.
    let columns: [[SolverCard]]
    /// How many of each pile's ``columns`` cards are still there, three bits a pile (read with
    /// ``layerCount(_:)``); the last of them is face up. Bits rather than an array: the search
    /// reads and writes them at every move, and they serve the key as they are.
    private var layerBits: UInt64 = 0
    /// The cards still face down.
    private var faceDown = 0
    /// ``columns`` as bits (``mask(_:)``), seven a pile.
    private let columnMasks: [UInt64]
    /// The pile each card of ``columns`` belongs to, by card code; -1 for the others.
    let pileOfCard: [Int8]
    /// ``bit(_:)`` by card code: a load in place of a division and a dozen more steps.
    private let bitByCode: [UInt8] = (0..<52).map { UInt8(KlondikeLayoutFreeSearch.bit(SolverCard(suit: $0 / 13, rank: $0 % 13 + 1))) }
    /// Face-up tableau cards, one bit each (``bit(_:)``).
    var visible: UInt64 = 0
    /// The face-up cards that lie on their pile's face-down cards (or alone, where dealt).
    var locked: UInt64 = 0
    /// How many cards of each suit are home, four bits a suit (read with ``homeCount(_:)``).
    private var homeBits: UInt64 = 0
    /// The card of each suit to go home next, one bit each (none for a suit all home): most
    /// positions have none of them in reach, which one test of bits tells.
    private var nextHome: UInt64 = 0
    var homeTotal: Int
    let cardCount: Int
    /// The waste then the stock.
    var talon: SolverTalon
    /// The talon's cards, one bit each (``bit(_:)``).
    var inTalon: UInt64 = 0
    /// Drawing one with no limit on passes, every talon card can come up from any boundary.
    let boundaryIsFree: Bool

    /// What the next move must do, set by the move before.
    private var owed = Owed.none
    /// Moves from the start to the position now; a win leaves the winning line here.
    private(set) var path: [Step] = []
    /// Positions searched to the end without a win, perhaps shared with other searches of the
    /// same game running at the same time.
    private let searched: SearchedPositions
    /// Keys this search added to ``searched`` since its last checkpoint.
    private var added = 0
    /// Positions entered and not yet in ``searched``, by the order they were entered in: those
    /// on the current line, and those finished that wait for one of them (``waiting``).
    private var entered = EnteredPositions()
    /// How many positions have been entered: the next one's number.
    private var entries = 0
    /// Positions finished that still wait for a position on the line, last finished last.
    /// Moves can come back to where they were (a card home and back), so a position can reach
    /// one still being searched; it is finished only when that one is, and so is every
    /// position between them: the strongly connected parts of Tarjan's algorithm.
    private var waiting: [UInt64] = []
    /// The lowest number (``entries``) of an unfinished position that what was searched since
    /// the last position was entered reached.
    private var reachesBack = Int.max
    /// The moves of every position on the current line, each position's after its parent's:
    /// one buffer, so that listing moves allocates nothing.
    private var stepBuffer: [Step] = []
    private var reachable: [(index: Int, usedRedeal: Bool)] = []
    /// The talon ``reachable`` was listed for: most moves leave the talon as it was.
    private var reachableFor = UInt64.max
    private var allowance: SearchAllowance
    /// Positions visited so far.
    var nodes: Int { allowance.nodes }
    /// Whether the search stopped for want of allowance: then its end proves nothing.
    var ranOut: Bool { allowance.ranOut }
    /// Shuffles the moves of each position, so that a restart tries them in another order; nil keeps the order.
    var orderShuffle: SplitMix64?

    /// The search from the game's position, or nil when the position cannot be put so: a
    /// face-up run that breaks the rules, or a pile deeper than a deal makes (positions built
    /// by hand in tests), or a talon of more than 32 cards.
    /// - Parameter talonInAnyOrder: play the talon's cards in any order, as drawing one with no
    ///   limit on passes, whatever the game's draw and passes: a game with more moves than the
    ///   real one, so that what it proves dead is dead (and what it wins proves nothing).
    init?(
        game: KlondikeGame, nodeLimit: Int, deadline: Deadline?, stop: KlondikeSolver.StopSignal? = nil,
        talonInAnyOrder: Bool = false, searched: SearchedPositions? = nil
    ) {
        let position = game.position
        var columns: [[SolverCard]] = []
        var layer: [Int] = []
        var pileOfCard = [Int8](repeating: -1, count: 52)
        var visible: UInt64 = 0
        var locked: UInt64 = 0
        for (pile, cards) in position.tableau.enumerated() {
            let up = cards.up.map(SolverCard.init)
            guard let bottom = up.first else {
                guard cards.down.isEmpty else { return nil }
                columns.append([])
                layer.append(0)
                continue
            }
            for index in up.indices.dropFirst() where !up[index].fitsTableau(onto: up[index - 1]) { return nil }
            for card in up { visible |= Self.mask(card) }
            if cards.down.isEmpty && bottom.rank == 13 {
                // A king on an empty pile: moving it anywhere changes nothing.
                columns.append([])
                layer.append(0)
                continue
            }
            let column = cards.down.map(SolverCard.init) + [bottom]
            guard column.count <= 7 else { return nil }
            for card in column { pileOfCard[Int(card.code)] = Int8(pile) }
            locked |= Self.mask(bottom)
            columns.append(column)
            layer.append(column.count)
        }
        guard columns.count == 7 else { return nil }
        guard position.waste.count + position.stock.count <= 32 else { return nil }
        self.columns = columns
        var columnMasks = [UInt64](repeating: 0, count: 49)
        for (pile, column) in columns.enumerated() {
            for (index, card) in column.enumerated() { columnMasks[pile * 7 + index] = Self.mask(card) }
            layerBits |= UInt64(layer[pile]) << UInt64(3 * pile)
            faceDown += max(0, layer[pile] - 1)
        }
        self.columnMasks = columnMasks
        self.pileOfCard = pileOfCard
        self.visible = visible
        self.locked = locked
        drawCount = talonInAnyOrder ? 1 : game.drawCount
        var home = Array(repeating: 0, count: 4)
        for pile in position.foundations {
            if let top = pile.last { home[SolverCard(top).suit] = pile.count }
        }
        homeTotal = home.reduce(0, +)
        for suit in 0..<4 {
            homeBits |= UInt64(home[suit]) << UInt64(4 * suit)
            nextHome |= Self.nextHomeMask(suit: suit, home: home[suit])
        }
        cardCount = game.allCards.count
        talon = SolverTalon(
            waste: position.waste, stock: position.stock, drawCount: drawCount,
            redealsLeft: talonInAnyOrder ? Int.max : game.passes.map { max(0, $0 - position.redeals) } ?? Int.max)
        inTalon = talon.cards.reduce(0) { $0 | Self.mask($1) }
        boundaryIsFree = drawCount == 1 && talon.redealsLeft == Int.max
        allowance = SearchAllowance(nodeLimit: nodeLimit, deadline: deadline, stop: stop)
        self.searched = searched ?? SearchedPositions()
        path.reserveCapacity(256)
    }

    /// Searches from the position given; true when `path` now wins. Check ``ranOut`` on false.
    /// Other searches may share ``searched`` meanwhile, each in its own order: each skips what
    /// the others have finished, and any of them that ends without a win proves the deal dead.
    mutating func run() -> Bool {
        searched.join()
        defer {
            checkIn()
            searched.leave()
        }
        return search()
    }

    private mutating func search() -> Bool {
        guard allowance.visit() else { return false }
        if allowance.nodes & 1023 == 0 { checkIn() }

        let pathLength = path.count
        let owedOnArrival = owed
        // A card sent home on its own now was let out by the move before: that used it.
        if sendSafeCardsHome() { owed = .none }
        if isWonOrFinishes { return true }
        // Owing something, the position has some of the moves it has owing nothing: searched
        // so already, it has nothing new.
        let key = positionKey(owing: owed)
        guard !isSearched(key), owed == .none || !isSearched(positionKey(owing: .none)) else {
            takeBack(to: pathLength)
            owed = owedOnArrival
            return false
        }
        let here = owed
        let number = entries
        entries += 1
        entered.set(key, to: number)
        let waitingBefore = waiting.count
        let outerReachesBack = reachesBack
        reachesBack = Int.max
        let first = stepBuffer.count
        listSteps()
        let end = stepBuffer.count
        for index in first..<end where here.allows(stepBuffer[index]) {
            var step = stepBuffer[index]
            make(&step)
            path.append(step)
            owed = step.owes
            if search() { return true }
            if ranOut { return false }
            path.removeLast()
            unmake(step)
            owed = here
        }
        stepBuffer.removeSubrange(first...)
        if reachesBack >= number {
            // Nothing entered before it is needed: it and every position waiting since it was
            // entered are finished for good, for every search.
            finish(key)
            for waiter in waiting[waitingBefore...] { finish(waiter) }
            waiting.removeSubrange(waitingBefore...)
        } else {
            waiting.append(key)
        }
        reachesBack = min(outerReachesBack, reachesBack)
        takeBack(to: pathLength)
        owed = owedOnArrival
        return false
    }

    /// Whether the position needs no search: some search finished it, or this one has entered
    /// it (then what reached it is finished only when it is, ``reachesBack``).
    @inline(__always)
    private mutating func isSearched(_ key: UInt64) -> Bool {
        if let number = entered.value(of: key) {
            reachesBack = min(reachesBack, number)
            return true
        }
        return searched.contains(key)
    }

    private mutating func finish(_ key: UInt64) {
        if searched.insert(key) {
            added += 1
            // A position can let many waiting ones finish at once: check in before the
            // table could fill up (``SearchedPositions``).
            if added == 1_024 { checkIn() }
        }
        entered.remove(key)
    }

    /// Tells ``searched`` what this search added, and lets it grow.
    private mutating func checkIn() {
        searched.checkpoint(added: added)
        added = 0
    }

    private mutating func takeBack(to length: Int) {
        while path.count > length {
            unmake(path.removeLast())
        }
    }

    /// All home, or the rest plays itself: nothing face down, and the talon empty or free
    /// (see ``KlondikeSearch``'s endgame).
    private var isWonOrFinishes: Bool {
        if homeTotal == cardCount { return true }
        guard faceDown == 0 else { return false }
        return talon.isEmpty || boundaryIsFree
    }

    // MARK: Cards as bits

    /// A card's bit: four bits a rank, aces lowest. Within a rank the two cards of one colour
    /// are a pair, and the pairs alternate by rank, so that the two cards a card may lie on
    /// are the same pair four bits higher.
    @inline(__always)
    static func bit(_ card: SolverCard) -> Int {
        let red = card.isRed ? 1 : 0
        let twin = card.suit == 0 || card.suit == 1 ? 0 : 1
        return (card.rank - 1) * 4 + (red ^ (card.rank & 1)) * 2 + twin
    }

    @inline(__always)
    static func mask(_ card: SolverCard) -> UInt64 { 1 << UInt64(bit(card)) }

    @inline(__always)
    private func bitOf(_ card: SolverCard) -> Int { Int(bitByCode[Int(card.code)]) }

    @inline(__always)
    private func maskOf(_ card: SolverCard) -> UInt64 { 1 << UInt64(bitOf(card)) }

    /// The low bit of every pair.
    private static let pairLows: UInt64 = 0x000F_FFFF_FFFF_FFFF & 0x5555_5555_5555_5555
    private static let kings: UInt64 = 0xF << 48

    /// Pairs (by their low bit) of which a card can be made the top of its pile: more of them
    /// are face up than there are cards of the pair below needing a holder.
    @inline(__always)
    private func openPairs() -> UInt64 {
        let up = visible
        let needing = (visible & ~locked & ~Self.kings) << 4
        let anyUp = (up | up >> 1) & Self.pairLows, bothUp = up & up >> 1 & Self.pairLows
        let anyNeeding = (needing | needing >> 1) & Self.pairLows, bothNeeding = needing & needing >> 1 & Self.pairLows
        return (anyUp & ~anyNeeding) | (bothUp & ~bothNeeding)
    }

    /// Whether a pile is empty: every pile holds one locked card or one king at its bottom, or nothing.
    @inline(__always)
    private var hasEmptyPile: Bool { (visible & (locked | Self.kings)).nonzeroBitCount < 7 }

    /// Whether `card` can be put on the tableau, given ``openPairs()``.
    @inline(__always)
    private func hasPlace(_ card: SolverCard, open: UInt64, emptyPile: Bool) -> Bool {
        if card.rank == 13 { return emptyPile }
        return (open >> 4) & (1 << UInt64(bitOf(card) & ~1)) != 0
    }

    // MARK: Moves

    /// Sends home, repeatedly, every card that can be uncovered and is never wanted back
    /// (``KlondikeSearch/isSafeHome(_:home:)``), recording the moves on `path`.
    @discardableResult
    private mutating func sendSafeCardsHome() -> Bool {
        var any = false
        var moved = true
        while moved {
            moved = false
            if visible & nextHome != 0 {
                let open = openPairs()
                let uncoverable = (open | open << 1) & visible
                for suit in 0..<4 where homeCount(suit) < 13 {
                    let card = SolverCard(suit: suit, rank: homeCount(suit) + 1)
                    guard uncoverable & maskOf(card) != 0, isSafeHome(card) else { continue }
                    var step = Step(kind: .tableauToFoundation, card: card)
                    make(&step)
                    path.append(step)
                    moved = true
                    break
                }
            }
            if !moved, boundaryIsFree, inTalon & nextHome != 0 {
                for index in talon.indices where isSafeHome(talon[index]) {
                    var step = Step(kind: .talonToFoundation, card: talon[index], talonIndex: Int8(index), usedRedeal: index < talon.wasteCount - 1)
                    make(&step)
                    path.append(step)
                    moved = true
                    break
                }
            }
            any = any || moved
        }
        return any
    }

    /// Appends to ``stepBuffer`` every move from here: cards home, then turning cards up (from
    /// the pile with most face down first), talon cards onto the tableau, and cards back from
    /// the foundations; with ``orderShuffle`` set, all of them in a shuffled order.
    private mutating func listSteps() {
        var steps = stepBuffer
        stepBuffer = []
        defer { stepBuffer = steps }
        let start = steps.count
        let open = openPairs()
        let uncoverable = (open | open << 1) & visible
        let emptyPile = hasEmptyPile
        if uncoverable & nextHome != 0 {
            for suit in 0..<4 where homeCount(suit) < 13 {
                let card = SolverCard(suit: suit, rank: homeCount(suit) + 1)
                if uncoverable & maskOf(card) != 0 { steps.append(Step(kind: .tableauToFoundation, card: card)) }
            }
        }
        var reachable = self.reachable
        self.reachable = []
        defer { self.reachable = reachable }
        let talonNow = UInt64(talon.playedSlots) | UInt64(talon.wasteCount) << 32 | UInt64(min(talon.redealsLeft, 255)) << 40
        if talonNow != reachableFor {
            reachable.removeAll(keepingCapacity: true)
            talon.reachable(into: &reachable)
            reachableFor = talonNow
        }
        for (index, usedRedeal) in reachable where inTalon & nextHome != 0 && homeCount(talon[index].suit) == talon[index].rank - 1 {
            steps.append(Step(kind: .talonToFoundation, card: talon[index], talonIndex: Int8(index), usedRedeal: usedRedeal))
        }
        let revealsFrom = steps.count
        for pile in 0..<7 where layerCount(pile) > 0 {
            let bottom = columns[pile][layerCount(pile) - 1]
            // A king alone where it was dealt: moving it would only empty one pile to fill another.
            if layerCount(pile) == 1 && bottom.rank == 13 { continue }
            guard hasPlace(bottom, open: open, emptyPile: emptyPile) else { continue }
            // Emptying a pile is of use only to the king that fills it.
            steps.append(Step(kind: .reveal, card: bottom, owes: layerCount(pile) == 1 ? .king : .none))
        }
        // Most face-down cards first; a few at most, so an insertion sort.
        if steps.count - revealsFrom > 1 {
            for index in (revealsFrom + 1)..<steps.count {
                let step = steps[index]
                let depth = layerCount(Int(pileOfCard[Int(step.card.code)]))
                var slot = index
                while slot > revealsFrom, layerCount(Int(pileOfCard[Int(steps[slot - 1].card.code)])) < depth {
                    steps[slot] = steps[slot - 1]
                    slot -= 1
                }
                steps[slot] = step
            }
        }
        for (index, usedRedeal) in reachable where hasPlace(talon[index], open: open, emptyPile: emptyPile) {
            let card = talon[index]
            // With the talon's order free, a talon card waits for its use (``Owed/use(_:)``);
            // otherwise playing it changes which others come up, and it may be played for that
            // alone. (A rule that only moves unrelated tableau moves first, tried drawing three,
            // split positions by what they owed and cost a third more time: deals 134, 195, 486.)
            if boundaryIsFree {
                guard canBeUsed(card, reachable: reachable) else { continue }
                steps.append(Step(kind: .talonToTableau, card: card, talonIndex: Int8(index), usedRedeal: usedRedeal, owes: .use(card)))
            } else {
                steps.append(Step(kind: .talonToTableau, card: card, talonIndex: Int8(index), usedRedeal: usedRedeal))
            }
        }
        for suit in 0..<4 where homeCount(suit) > 1 {
            let card = SolverCard(suit: suit, rank: homeCount(suit))
            if hasPlace(card, open: open, emptyPile: emptyPile) && canBeUsed(card, reachable: reachable) {
                steps.append(Step(kind: .foundationToTableau, card: card, owes: .use(card)))
            }
        }
        if var shuffle = orderShuffle, steps.count - start > 1 {
            for index in stride(from: steps.count - 1, to: start, by: -1) {
                let other = start + Int(shuffle.next() % UInt64(index - start + 1))
                steps.swapAt(index, other)
            }
            orderShuffle = shuffle
        }
    }

    /// Whether a card put on the tableau could be used by the very next move, as ``Owed/use(_:)``
    /// asks: its twin could go home, or a card of the pair below could come onto it (a pile's
    /// bottom card, a talon card in reach, a foundation's top card). A quick test that leaves
    /// out the positions that would have no move at all.
    private func canBeUsed(_ card: SolverCard, reachable: [(index: Int, usedRedeal: Bool)]) -> Bool {
        let twin = SolverCard(suit: SolverCard.partnerSuit(of: card.suit), rank: card.rank)
        if visible & maskOf(twin) != 0 && homeCount(twin.suit) == twin.rank - 1 { return true }
        guard card.rank > 1 else { return false }
        let (first, second) = SolverCard.otherColourSuits(of: card.suit)
        let children = maskOf(SolverCard(suit: first, rank: card.rank - 1)) | maskOf(SolverCard(suit: second, rank: card.rank - 1))
        if locked & children != 0 { return true }
        if card.rank > 2 && (homeCount(first) == card.rank - 1 || homeCount(second) == card.rank - 1) { return true }
        // Drawing one with no limit every talon card is in reach; otherwise the talon is as it is now.
        if boundaryIsFree { return inTalon & children != 0 }
        guard inTalon & children != 0 else { return false }
        return reachable.contains { children & maskOf(talon[$0.index]) != 0 }
    }

    mutating func make(_ step: inout Step) {
        let bit = maskOf(step.card)
        switch step.kind {
        case .tableauToFoundation:
            visible &= ~bit
            step.wasBottom = locked & bit != 0
            if step.wasBottom {
                locked &= ~bit
                uncover(Int(pileOfCard[Int(step.card.code)]))
            }
            goHome(step.card.suit)
        case .reveal:
            locked &= ~bit
            uncover(Int(pileOfCard[Int(step.card.code)]))
        case .talonToFoundation, .talonToTableau:
            let index = Int(step.talonIndex)
            (step.playedSlot, step.previousWasteCount) = talon.take(at: index, usedRedeal: step.usedRedeal)
            inTalon &= ~bit
            if step.kind == .talonToFoundation {
                goHome(step.card.suit)
            } else {
                visible |= bit
            }
        case .foundationToTableau:
            leaveHome(step.card.suit)
            visible |= bit
        }
    }

    mutating func unmake(_ step: Step) {
        let bit = maskOf(step.card)
        switch step.kind {
        case .tableauToFoundation:
            leaveHome(step.card.suit)
            if step.wasBottom {
                cover(Int(pileOfCard[Int(step.card.code)]))
                locked |= bit
            }
            visible |= bit
        case .reveal:
            cover(Int(pileOfCard[Int(step.card.code)]))
            locked |= bit
        case .talonToFoundation, .talonToTableau:
            if step.kind == .talonToFoundation {
                leaveHome(step.card.suit)
            } else {
                visible &= ~bit
            }
            let index = Int(step.talonIndex)
            talon.putBack(step.card, at: index, slot: step.playedSlot, wasteCount: step.previousWasteCount, usedRedeal: step.usedRedeal)
            inTalon |= bit
        case .foundationToTableau:
            visible &= ~bit
            goHome(step.card.suit)
        }
    }

    /// How many of the pile's ``columns`` cards are still there.
    @inline(__always)
    func layerCount(_ pile: Int) -> Int { Int(truncatingIfNeeded: layerBits >> UInt64(3 * pile)) & 7 }

    /// How many cards of the suit are home.
    @inline(__always)
    func homeCount(_ suit: Int) -> Int { Int(truncatingIfNeeded: homeBits >> UInt64(4 * suit)) & 15 }

    /// ``KlondikeSearch/isSafeHome(_:home:)`` here. The closure reads a copy of the bits, not
    /// `self`: a method of `self` would copy the whole search, arrays and all, at each call.
    @inline(__always)
    private func isSafeHome(_ card: SolverCard) -> Bool {
        let homeBits = homeBits
        return KlondikeSearch.isSafeHome(card) { Int(truncatingIfNeeded: homeBits >> UInt64(4 * $0)) & 15 }
    }

    /// The bit of the card of `suit` to go home after `home` of them, or 0 after all 13.
    private static func nextHomeMask(suit: Int, home: Int) -> UInt64 {
        home < 13 ? mask(SolverCard(suit: suit, rank: home + 1)) : 0
    }

    @inline(__always)
    private mutating func goHome(_ suit: Int) {
        let home = homeCount(suit)
        nextHome = nextHome & ~Self.nextHomeMask(suit: suit, home: home) | Self.nextHomeMask(suit: suit, home: home + 1)
        homeBits &+= 1 << UInt64(4 * suit)
        homeTotal += 1
    }

    @inline(__always)
    private mutating func leaveHome(_ suit: Int) {
        let home = homeCount(suit)
        nextHome = nextHome & ~Self.nextHomeMask(suit: suit, home: home) | Self.nextHomeMask(suit: suit, home: home - 1)
        homeBits &-= 1 << UInt64(4 * suit)
        homeTotal -= 1
    }

    /// The pile's bottom face-up card has left: the next card of its column turns up.
    private mutating func uncover(_ pile: Int) {
        let left = layerCount(pile) - 1
        layerBits &-= 1 << UInt64(3 * pile)
        if left > 0 {
            faceDown -= 1
            let bit = columnMasks[pile * 7 + left - 1]
            visible |= bit
            locked |= bit
        }
    }

    /// Undoes ``uncover(_:)``; the caller puts the card that left back.
    private mutating func cover(_ pile: Int) {
        let left = layerCount(pile)
        if left > 0 {
            faceDown += 1
            let bit = columnMasks[pile * 7 + left - 1]
            visible &= ~bit
            locked &= ~bit
        }
        layerBits &+= 1 << UInt64(3 * pile)
    }

    // MARK: Hashing

    /// A 64-bit key for the position: which talon cards were played, the cards home, how many
    /// cards each column still holds, and the waste boundary and passes where they count.
    /// Everything else (which cards are face up) follows from these.
    func positionKey(owing owed: Owed) -> UInt64 {
        let first = UInt64(talon.playedSlots) | homeBits << 32
        var second = layerBits
        if !boundaryIsFree { second |= UInt64(talon.wasteCount) << 24 | UInt64(min(talon.redealsLeft, 255)) << 32 }
        second |= UInt64(owed.code) << 48
        return KeyTable.mix(first) ^ KeyTable.mix(second ^ 0x9E37_79B9_7F4A_7C15)
    }

    // MARK: The real moves

    /// The winning line on `path` as ``KlondikeSearch`` moves from `game` (the game the search
    /// started from), with the rearrangements each step needs: a card to go home first has
    /// the card on it moved to its twin's bare holder; a card put on the tableau goes on a
    /// bare holder. Nil if a step finds no such place, which would be a fault of the search.
    func concreteLine(from game: KlondikeGame) -> [KlondikeSearch.Move]? {
        var board = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 0, deadline: nil)
        func play(_ move: KlondikeSearch.Move) {
            var move = move
            board.make(&move)
            board.path.append(move)
        }
        func locate(_ card: SolverCard) -> (pile: Int, index: Int)? {
            for pile in 0..<7 {
                for index in 0..<board.upCount[pile] where board.card(pile: pile, at: index) == card { return (pile, index) }
            }
            return nil
        }
        /// A pile `card` can go on: a bare holder, or an empty pile for a king.
        func place(for card: SolverCard, besides pile: Int) -> Int? {
            (0..<7).first { other in
                guard other != pile else { return false }
                if let top = board.top(of: other) { return card.fitsTableau(onto: top) }
                return card.rank == 13 && board.downCount[other] == 0
            }
        }
        for step in path {
            switch step.kind {
            case .tableauToFoundation:
                guard let (pile, index) = locate(step.card) else { return nil }
                let above = board.upCount[pile] - index - 1
                if above > 0 {
                    let child = board.card(pile: pile, at: index + 1)
                    guard let to = place(for: child, besides: pile) else { return nil }
                    play(KlondikeSearch.Move(kind: .tableauToTableau, card: child, from: Int8(pile), to: Int8(to), count: Int8(above)))
                }
                play(KlondikeSearch.Move(kind: .tableauToFoundation, card: step.card, from: Int8(pile)))
            case .reveal:
                guard let (pile, index) = locate(step.card), index == 0, let to = place(for: step.card, besides: pile) else { return nil }
                play(KlondikeSearch.Move(kind: .tableauToTableau, card: step.card, from: Int8(pile), to: Int8(to), count: Int8(board.upCount[pile])))
            case .talonToFoundation:
                play(KlondikeSearch.Move(kind: .talonToFoundation, card: step.card, talonIndex: step.talonIndex, usedRedeal: step.usedRedeal))
            case .talonToTableau:
                guard let to = place(for: step.card, besides: -1) else { return nil }
                play(KlondikeSearch.Move(kind: .talonToTableau, card: step.card, to: Int8(to), talonIndex: step.talonIndex, usedRedeal: step.usedRedeal))
            case .foundationToTableau:
                guard let to = place(for: step.card, besides: -1) else { return nil }
                play(KlondikeSearch.Move(kind: .foundationToTableau, card: step.card, to: Int8(to)))
            }
        }
        guard board.sendSafeCardsHomeAndFinish() else { return nil }
        return board.path
    }
}
