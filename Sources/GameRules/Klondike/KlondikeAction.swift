/// One thing a Klondike player does: what a hint suggests and what a solution is made of.
public enum KlondikeAction: Sendable, Equatable {
    /// Cards moved between piles, as ``KlondikeGame/move(from:to:count:)`` takes them.
    case move(from: KlondikePile, to: KlondikePile, count: Int)
    /// A draw from the stock, or the waste turned back over, as ``KlondikeGame/draw()`` does.
    case draw
}

extension KlondikeGame {
    /// Plays one action.
    /// - Throws: the ``KlondikeError`` of ``draw()`` or ``move(from:to:count:)``.
    public mutating func play(_ action: KlondikeAction) throws(KlondikeError) {
        switch action {
        case .draw: try draw()
        case .move(let from, let to, let count): try move(from: from, to: to, count: count)
        }
    }
}
