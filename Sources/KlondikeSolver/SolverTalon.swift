import GameRules

/// The stock and the waste as the solver's searches keep them: one row, the waste bottom to
/// top, then the stock in the order it turns, with ``wasteCount`` of it on the waste. A draw
/// only moves that boundary and a turn of the waste back over resets it to 0, so rather than
/// drawing, a search plays a talon card by its index; ``reachable(into:)`` lists the cards a
/// run of draws can bring up.
struct SolverTalon {
    let drawCount: Int
    /// The cards, waste first.
    private(set) var cards: [SolverCard]
    /// Each card's index in the talon as it was at the start, for position keys.
    private var slots: [UInt8]
    /// Bit i set when the card that started at index i was played.
    private(set) var playedSlots: UInt32 = 0
    private(set) var wasteCount: Int
    /// Turns of the waste back over still allowed; `Int.max` for no limit.
    private(set) var redealsLeft: Int

    /// - Parameters:
    ///   - waste: bottom to top.
    ///   - stock: bottom to top (the last card turns next).
    init(waste: [PlayingCard], stock: [PlayingCard], drawCount: Int, redealsLeft: Int) {
        self.drawCount = drawCount
        cards = (waste + stock.reversed()).map(SolverCard.init)
        slots = cards.indices.map(UInt8.init)
        wasteCount = waste.count
        self.redealsLeft = redealsLeft
    }

    var count: Int { cards.count }
    var isEmpty: Bool { cards.isEmpty }
    var indices: Range<Int> { cards.indices }
    @inline(__always) subscript(index: Int) -> SolverCard { cards[index] }

    /// Appends the indices a run of draws can bring to the top of the waste (the current top
    /// first), and whether each needs the waste turned back over.
    func reachable(into reachable: inout [(index: Int, usedRedeal: Bool)]) {
        let count = cards.count
        guard count > 0 else { return }
        if wasteCount > 0 { reachable.append((wasteCount - 1, false)) }
        var boundary = wasteCount
        while boundary < count {
            boundary = min(boundary + drawCount, count)
            reachable.append((boundary - 1, false))
        }
        guard redealsLeft > 0 else { return }
        // Turned over, the boundaries are the multiples of the draw (and the end): those past
        // the waste are on the way without the turn when the waste is a multiple too.
        let aligned = wasteCount % drawCount == 0
        boundary = 0
        while boundary < count {
            boundary = min(boundary + drawCount, count)
            // Already reachable without turning the waste over, and cheaper so.
            let onTheWay = boundary >= wasteCount && (aligned || boundary == count)
            if !onTheWay { reachable.append((boundary - 1, true)) }
        }
    }

    /// Plays the card at `index`: the waste then ends just before where it was. Returns what
    /// ``putBack(_:at:slot:wasteCount:usedRedeal:)`` needs.
    mutating func take(at index: Int, usedRedeal: Bool) -> (slot: UInt8, wasteCount: Int8) {
        let previous = Int8(wasteCount)
        cards.remove(at: index)
        let slot = slots.remove(at: index)
        playedSlots |= 1 << UInt32(slot)
        wasteCount = index
        if usedRedeal { redealsLeft -= 1 }
        return (slot, previous)
    }

    /// Undoes ``take(at:usedRedeal:)``.
    mutating func putBack(_ card: SolverCard, at index: Int, slot: UInt8, wasteCount previous: Int8, usedRedeal: Bool) {
        if usedRedeal { redealsLeft += 1 }
        wasteCount = Int(previous)
        cards.insert(card, at: index)
        slots.insert(slot, at: index)
        playedSlots &= ~(1 << UInt32(slot))
    }
}
