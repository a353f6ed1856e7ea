/// One of the seven tableau piles: face-down cards with a run of face-up cards on top.
///
/// The face-down cards are kept inside this package (the solver reads them); only how many there are is shown.
public struct TableauPile: Sendable, Equatable {
    /// The face-down cards, bottom to top.
    package internal(set) var down: [PlayingCard]
    /// The face-up cards, bottom to top; the last one is the pile's top card.
    public private(set) var up: [PlayingCard]

    /// How many cards lie face down under ``up``.
    public var downCount: Int { down.count }

    /// Whether the pile holds no cards at all.
    public var isEmpty: Bool { down.isEmpty && up.isEmpty }

    /// The card on top, which the next card must fit; `nil` when the pile is empty.
    public var top: PlayingCard? { up.last }

    /// Creates a pile from its face-down and face-up cards, both bottom to top.
    package init(down: [PlayingCard], up: [PlayingCard]) {
        self.down = down
        self.up = up
    }

    /// Puts cards face up on top, in order.
    mutating func put(_ cards: [PlayingCard]) {
        up += cards
    }

    /// Removes the top `count` face-up cards without turning anything up, for an
    /// undo; returns them bottom to top.
    mutating func takeFaceUp(_ count: Int) -> [PlayingCard] {
        defer { up.removeLast(count) }
        return Array(up.suffix(count))
    }

    /// Turns the single face-up card back face down, for the undo of the move that turned it up.
    mutating func turnTopFaceDown() {
        precondition(up.count == 1, "only a card that was just turned up goes back down")
        down.append(up.removeLast())
    }

    /// Removes the top `count` face-up cards and turns the top face-down card
    /// up when no face-up card is left.
    /// - Parameter count: 1...`up.count`.
    mutating func removeTop(_ count: Int) {
        up.removeLast(count)
        if up.isEmpty, let turned = down.popLast() {
            up = [turned]
        }
    }
}

extension TableauPile: CustomReflectable {
    // The default mirror would show the face-down cards in `print`, `dump` and
    // string interpolation, e.g. in a server log.
    /// The pile as a player sees it: how many cards are face down, and the face-up run.
    public var customMirror: Mirror {
        Mirror(self, children: ["downCount": downCount, "up": up], displayStyle: .struct)
    }
}
