import GameRules
import Wire

/// What a Klondike player is doing at the table, beside the cards the server sends: where
/// the cursor is, the cards picked up, a pile key waiting for its pile, the mouse button held
/// down, and whether the last hint said no useful move is left.
///
/// A value: keys, clicks and server messages change it, ``KlondikeView`` draws it. Picking is
/// the same whichever way it is done: a pile (by the cursor and Enter, a pile key or a click),
/// then where it goes; the same pile twice sends its top card where it fits best.
public struct KlondikePlay: Equatable, Sendable {
    /// A place the cursor can be: the stock, or a pile cards lie on.
    public enum Place: Hashable, Sendable {
        case stock
        case pile(KlondikePile)
    }

    /// An arrow key (or `h` `j` `k` `l`).
    public enum Direction: Sendable {
        case left, right, up, down
    }

    /// Cards picked up: the pile, and how many; nil takes, from one column to another, the
    /// shortest run that fits where it goes.
    public struct Pick: Equatable, Sendable {
        /// The pile they come from.
        public var from: KlondikePile
        /// How many cards; nil for the run that fits.
        public var count: Int?

        /// Makes a pick.
        public init(from: KlondikePile, count: Int?) {
            self.from = from
            self.count = count
        }
    }

    /// Where the mouse button went down: the place, and the cards under it (nil on a pile's
    /// label, below its cards or on its top card: the run that fits).
    public struct Press: Equatable, Sendable {
        /// The place pressed.
        public var place: Place
        /// The cards from the one pressed to the top of its column, when it is not the top one.
        public var count: Int?

        /// Makes a press.
        public init(place: Place, count: Int?) {
            self.place = place
            self.count = count
        }
    }

    /// A key that waits for a pile: `a` (its card where it fits best) or `f` (a foundation's digit).
    public enum Waiting: Equatable, Sendable {
        case auto, foundation
    }

    /// What a key, a click or a release leads to.
    public enum Outcome: Equatable, Sendable {
        /// Only the cursor or the picked cards changed.
        case changed
        /// Send this command (the cards picked up, if any, are put down).
        case send(ClientCommand)
        /// Nothing happened, and why in words.
        case refused(String)
    }

    /// The top row from left to right: stock, waste, the four foundations.
    static let topRow: [Place] = [.stock, .pile(.waste)] + (0..<4).map { .pile(.foundation($0)) }

    /// Where the cursor is; a new game starts on the stock.
    public var place: Place = .stock
    /// On a column: how many of its face-up cards the cursor takes, from the top (1 the top card).
    public var depth = 1
    /// The cards picked up, waiting for where they go.
    public var picked: Pick?
    /// A pile key waiting for its pile.
    public var waiting: Waiting?
    /// The mouse button is down here.
    public var pressed: Press?
    /// The last hint said no useful move is left; cleared by the next move, draw or undo.
    public var noUsefulMove = false

    /// A table with the cursor on the stock and nothing picked.
    public init() {}

    /// Moves the cursor one step. Left and right go along a row; down from the top row goes to
    /// the column below, up from a column to the pile above it. In a column, up takes one more
    /// face-up card and down one fewer, until the whole run is taken: up then leaves the column
    /// (with cards picked up, up leaves at once: they go where the cursor is).
    public mutating func move(_ direction: Direction, in game: KlondikeFields) {
        switch (place, direction) {
        case (.pile(.tableau(let index)), .left), (.pile(.tableau(let index)), .right):
            let next = min(KlondikePile.tableauCount - 1, max(0, index + (direction == .left ? -1 : 1)))
            place = .pile(.tableau(next))
            depth = 1
        case (.pile(.tableau(let index)), .up):
            if picked == nil, depth < Self.faceUp(.tableau(index), in: game) {
                depth += 1
            } else {
                place = Self.above(index)
                depth = 1
            }
        case (.pile(.tableau), .down):
            depth = max(1, run(in: game) - 1)
        case (_, .left), (_, .right):
            let index = Self.topRow.firstIndex(of: place) ?? 0
            place = Self.topRow[min(Self.topRow.count - 1, max(0, index + (direction == .left ? -1 : 1)))]
        case (_, .down):
            place = .pile(.tableau(Self.below(place)))
            depth = 1
        case (_, .up):
            break
        }
    }

    /// How many cards the cursor takes where it is: on a column, its depth (at most the face-up
    /// cards, at least one); elsewhere the top card.
    public func run(in game: KlondikeFields) -> Int {
        guard case .pile(.tableau(let index)) = place else { return 1 }
        return max(1, min(depth, Self.faceUp(.tableau(index), in: game)))
    }

    /// Enter or Space: on the stock, draw; with nothing picked, pick up the cards the cursor
    /// takes; with cards picked, put them down here (on the pile they came from: send its top
    /// card where it fits best).
    public mutating func activate(in game: KlondikeFields) -> Outcome {
        guard case .pile(let pile) = place else {
            if picked != nil { return .refused("cards cannot go on the stock: move the cursor where they go, or Esc") }
            waiting = nil
            return .send(.draw)
        }
        if picked != nil || waiting != nil { return choose(pile, count: nil, in: game) }
        guard Self.faceUp(pile, in: game) > 0 else {
            return .refused(pile == .waste ? "the waste is empty: Enter on the stock draws" : "no card to pick up on \(pile.name)")
        }
        picked = Pick(from: pile, count: run(in: game))
        return .changed
    }

    /// A pile chosen by its key or a click: the cursor goes there; the first pile picks its
    /// cards up, the next puts them down there; the same pile twice, or after `a`, sends its top
    /// card where it fits best.
    /// - Parameter count: the cards to pick up from it (nil: the run that fits where they go).
    public mutating func choose(_ pile: KlondikePile, count: Int?, in game: KlondikeFields) -> Outcome {
        place = .pile(pile)
        depth = count ?? 1
        defer { waiting = nil }
        if waiting == .auto || picked?.from == pile {
            picked = nil
            return .send(.auto(from: pile))
        }
        guard let picked else {
            picked = Pick(from: pile, count: count)
            return .changed
        }
        self.picked = nil
        let cards = picked.count ?? Self.fittingRun(from: picked.from, to: pile, in: game)
        return .send(.move(from: picked.from, to: pile, count: cards))
    }

    /// The mouse button released at `place` (nil: on no pile), after it went down at
    /// ``pressed``: on the same place a click (the stock draws, a pile is chosen); on another
    /// pile a drag, which moves the cards pressed there. Nil when the button was not pressed here.
    public mutating func release(at place: Place?, in game: KlondikeFields) -> Outcome? {
        guard let press = pressed else { return nil }
        pressed = nil
        guard let place else { return .changed }
        if place == press.place {
            guard case .pile(let pile) = place else { return .send(.draw) }
            return choose(pile, count: press.count, in: game)
        }
        guard case .pile(let from) = press.place, case .pile(let to) = place else { return .changed }
        self.place = place
        depth = 1
        picked = nil
        waiting = nil
        return .send(.move(from: from, to: to, count: press.count ?? Self.fittingRun(from: from, to: to, in: game)))
    }

    /// Esc: the picked cards go back and a waiting key is forgotten; false when there was none.
    public mutating func cancel() -> Bool {
        guard picked != nil || waiting != nil else { return false }
        picked = nil
        waiting = nil
        return true
    }

    /// The cards a pile has face up (the waste and a foundation: their top card, or none).
    static func faceUp(_ pile: KlondikePile, in game: KlondikeFields) -> Int {
        switch pile {
        case .waste: game.waste.isEmpty ? 0 : 1
        case .foundation(let index): game.foundations.indices.contains(index) && !game.foundations[index].isEmpty ? 1 : 0
        case .tableau(let index): game.tableau.indices.contains(index) ? game.tableau[index].up.count : 0
        }
    }

    /// The top-row place above a column: stock over 1, waste over 2 and 3, the foundations over 4–7.
    static func above(_ column: Int) -> Place {
        switch column {
        case 0: .stock
        case 1, 2: .pile(.waste)
        default: .pile(.foundation(column - 3))
        }
    }

    /// The column below a top-row place: 1 under the stock, 2 under the waste, 4–7 under the foundations.
    static func below(_ place: Place) -> Int {
        switch place {
        case .stock: 0
        case .pile(.waste): 1
        case .pile(.foundation(let index)): index + 3
        case .pile(.tableau(let index)): index
        }
    }

    /// Cards a move takes when none were counted: from one column to another, the shortest run
    /// whose bottom card fits the destination (all face-up cards when none does); otherwise one.
    static func fittingRun(from source: KlondikePile, to destination: KlondikePile, in game: KlondikeFields) -> Int {
        guard case .tableau(let from) = source, case .tableau(let to) = destination,
              game.tableau.indices.contains(from), game.tableau.indices.contains(to) else { return 1 }
        let up = game.tableau[from].up
        let target = game.tableau[to]
        guard !up.isEmpty else { return 1 }
        for count in 1...up.count {
            let card = up[up.count - count]
            if let top = target.up.last {
                if top.rank == card.rank + 1, top.suit.isRed != card.suit.isRed { return count }
            } else if target.down == 0, card.rank == PlayingCard.king {
                return count
            }
        }
        return up.count
    }

    /// The next card that can go home safely, as a move: from a column (left to right), then
    /// from the waste. Safe by the standard rule: aces and twos always; another card when both
    /// suits of the other colour are home up to its rank less one, so no card of the tableau
    /// could still need it to build on.
    public static func safeMoveHome(in game: KlondikeFields) -> ClientCommand? {
        var home: [Suit: Int] = [:]
        for pile in game.foundations {
            if let top = pile.last { home[top.suit] = top.rank }
        }
        let sources = game.tableau.indices.map { (KlondikePile.tableau($0), game.tableau[$0].up.last) } + [(.waste, game.waste.first)]
        for (pile, card) in sources {
            guard let card, home[card.suit, default: 0] == card.rank - 1 else { continue }
            let others = Suit.allCases.filter { $0.isRed != card.suit.isRed }
            guard card.rank <= 2 || others.allSatisfy({ home[$0, default: 0] >= card.rank - 1 }) else { continue }
            let target = card.rank == PlayingCard.ace
                ? game.foundations.firstIndex(where: \.isEmpty)
                : game.foundations.firstIndex { $0.last?.suit == card.suit }
            guard let target else { continue }
            return .move(from: pile, to: .foundation(target), count: 1)
        }
        return nil
    }
}
