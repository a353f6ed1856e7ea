/// One game of Klondike solitaire for one player: the stock, the waste, four
/// foundations and seven tableau piles.
///
/// The deck is shuffled once from a seed, so the same seed and the same moves
/// replay the same game. The order of the stock, the waste under its visible
/// cards and the face-down tableau cards stay inside this package (the solver reads
/// them, playing with every card known); the public views show only what a player
/// at the table sees. The last
/// ``maxUndoDepth`` draws and moves can be undone.
public struct KlondikeGame: Sendable, Equatable {
    /// Everything a draw or move changes, and so everything an undo restores.
    package struct Position: Sendable, Equatable {
        /// Face-down cards, bottom to top: the last one is turned next.
        package var stock: [PlayingCard]
        /// Face-up cards turned from the stock, bottom to top: the last one plays.
        package var waste: [PlayingCard]
        /// Four piles, bottom to top.
        package var foundations: [[PlayingCard]]
        /// Seven piles, left to right.
        package var tableau: [TableauPile]
        /// Draws and moves that led here.
        package var moveCount: Int
        /// Times the waste was turned back over into the stock.
        package var redeals = 0
        /// The score by ``KlondikeGame/scoring``.
        package var score = 0
    }

    /// How many cards a draw turns from the stock: 1 or 3.
    public let drawCount: Int
    /// How many times the waste may be turned back over; nil for no limit.
    public let passes: Int?
    /// How the game is scored.
    public let scoring: KlondikeScoring
    /// What one draw or move changed, which is all an undo needs: a few bytes,
    /// not a copy of the position.
    enum Step: Sendable, Equatable {
        /// Cards turned from the stock onto the waste.
        case draw(turned: Int)
        /// The waste turned back over into the stock.
        case redeal
        /// Cards moved between piles; `turnedUp` when it left a face-down card on top, which turned.
        case move(from: KlondikePile, to: KlondikePile, count: Int, turnedUp: Bool)

        /// Whether the step showed a card that was face down: a draw, or a move that turned one up.
        var showedACard: Bool {
            switch self {
            case .draw(let turned): turned > 0
            case .redeal: false
            case .move(_, _, _, let turnedUp): turnedUp
            }
        }
    }

    /// How many draws and moves `undo` can take back, newest first; older ones are forgotten.
    public static let maxUndoDepth = 200

    /// The cards where they lie now, every one known; the extensions in other files (moves,
    /// finish) change it too, and the solver reads it.
    package internal(set) var position: Position
    /// Whether ``finish()`` may draw: true, as today's rules have it; false for a game begun
    /// before (a server's rules version 1), whose `finish` waited for the stock and the waste
    /// to be empty, so a game of then is judged as it was played.
    public var finishDraws = true
    /// The draws and moves that `undo` can still take back, oldest first; at most ``maxUndoDepth``.
    private(set) var history: [Step] = []
    /// What each step of ``history`` changed the score by, so undo gives it back exactly.
    private var scoreChanges: [Int] = []

    /// Shuffles the 52 cards with ``SplitMix64`` and ``Swift/Array/seededShuffle(using:)``
    /// and deals them: tableau pile `i` (0...6) gets `i` cards face down and one
    /// face up on top; the other 24 form the stock.
    /// - Parameters:
    ///   - seed: fixes the order of the deck.
    ///   - drawCount: how many cards a draw turns, 1 or 3; anything else stops the program.
    ///   - passes: how many times the waste may be turned back over; nil for no limit.
    ///   - scoring: how the game is scored.
    public init(seed: UInt64, drawCount: Int, passes: Int? = nil, scoring: KlondikeScoring = .none) {
        var generator = SplitMix64(seed: seed)
        var deck = PlayingCard.fullDeck
        deck.seededShuffle(using: &generator)
        var tableau: [TableauPile] = []
        var dealt = 0
        for pile in 0..<KlondikePile.tableauCount {
            let cards = Array(deck[dealt...(dealt + pile)])
            dealt += pile + 1
            tableau.append(TableauPile(down: Array(cards.dropLast()), up: [cards[pile]]))
        }
        // The stock is turned from its end, so the cards left after the deal
        // come off it in deck order.
        self.init(drawCount: drawCount, stock: deck[dealt...].reversed(), tableau: tableau, passes: passes, scoring: scoring)
    }

    /// Sets up any position, for tests.
    /// - Parameters:
    ///   - drawCount: 1 or 3.
    ///   - stock: face-down cards, bottom to top: the last one is turned next.
    ///   - waste: bottom to top: the last one plays.
    ///   - foundations: four piles, bottom to top.
    ///   - tableau: seven piles, left to right.
    package init(
        drawCount: Int,
        stock: [PlayingCard] = [],
        waste: [PlayingCard] = [],
        foundations: [[PlayingCard]] = Array(repeating: [], count: KlondikePile.foundationCount),
        tableau: [TableauPile] = Array(repeating: TableauPile(down: [], up: []), count: KlondikePile.tableauCount),
        passes: Int? = nil,
        scoring: KlondikeScoring = .none
    ) {
        self.passes = passes
        self.scoring = scoring
        precondition(drawCount == 1 || drawCount == 3, "Klondike draws 1 or 3 cards, not \(drawCount)")
        precondition(foundations.count == KlondikePile.foundationCount, "Klondike has 4 foundations")
        precondition(tableau.count == KlondikePile.tableauCount, "Klondike has 7 tableau piles")
        self.drawCount = drawCount
        position = Position(stock: stock, waste: waste, foundations: foundations, tableau: tableau, moveCount: 0)
        position.score = scoring.start
    }

    /// How many cards are left face down in the stock.
    public var stockCount: Int { position.stock.count }

    /// How many cards lie on the waste, shown or not.
    public var wasteCount: Int { position.waste.count }

    /// The top ``drawCount`` cards of the waste (fewer when it holds fewer),
    /// the playable top card first.
    public var visibleWaste: [PlayingCard] { position.waste.suffix(drawCount).reversed() }

    /// The four foundations, left to right, each bottom to top.
    public var foundations: [[PlayingCard]] { position.foundations }

    /// The seven tableau piles, left to right.
    public var tableau: [TableauPile] { position.tableau }

    /// How many cards are on the foundations, 0...52.
    public var foundationCount: Int { position.foundations.reduce(0) { $0 + $1.count } }

    /// Whether all 52 cards are on the foundations, which ends the game.
    public var isWon: Bool { foundationCount == PlayingCard.fullDeck.count }

    /// How many draws and moves led to the cards as they lie now; an undo
    /// takes its move back off this count rather than adding one.
    public var moveCount: Int { position.moveCount }

    /// Every card in the game, wherever it lies, for accounting.
    package var allCards: [PlayingCard] {
        position.stock + position.waste + position.foundations.joined()
            + position.tableau.flatMap { $0.down + $0.up }
    }

    /// Turns ``drawCount`` cards (or what is left) from the stock onto the waste,
    /// the last one turned on top; with an empty stock, turns the whole waste
    /// back over into the stock, so the next pass turns the cards in the same order.
    /// Redeals are limited by ``passes``.
    /// - Throws: ``KlondikeError/nothingToDraw`` when the stock and the waste
    ///   are both empty; ``KlondikeError/noPassesLeft(_:)`` when the waste was turned
    ///   over as often as ``passes`` allows; ``KlondikeError/gameWon``.
    public mutating func draw() throws(KlondikeError) {
        guard !isWon else { throw .gameWon }
        guard !position.stock.isEmpty else {
            guard !position.waste.isEmpty else { throw .nothingToDraw }
            if let passes, position.redeals >= passes { throw .noPassesLeft(passes) }
            position.turnWasteOver()
            record(.redeal)
            return
        }
        record(.draw(turned: position.turn(drawCount)))
    }

    /// Takes back the last draw or move, including the turning up of a face-down
    /// card it caused; the last ``maxUndoDepth`` of them can be taken back, newest
    /// first. ``moveCount`` goes back by one.
    /// - Parameter keepingShownCards: refuse to take back a step that showed a face-down
    ///   card (a draw, or a move that turned a tableau card up): in a race, where every
    ///   player has the same deal, such an undo would be a free look at hidden cards.
    /// - Throws: ``KlondikeError/nothingToUndo`` right after the deal or once
    ///   everything that can be is undone; ``KlondikeError/undoWouldHideShownCard``;
    ///   ``KlondikeError/gameWon``, since a won game is over.
    public mutating func undo(keepingShownCards: Bool = false) throws(KlondikeError) {
        guard !isWon else { throw .gameWon }
        guard let step = history.last else { throw .nothingToUndo }
        if keepingShownCards, step.showedACard { throw .undoWouldHideShownCard }
        history.removeLast()
        position.score -= scoreChanges.removeLast()
        switch step {
        case .draw(let turned):
            for _ in 0..<turned {
                position.stock.append(position.waste.removeLast())
            }
        case .redeal:
            position.waste = position.stock.reversed()
            position.stock = []
            position.redeals -= 1
        case .move(let source, let destination, let count, let turnedUp):
            let cards = position.takeBack(count, from: destination)
            if turnedUp, case .tableau(let index) = source {
                position.tableau[index].turnTopFaceDown()
            }
            position.add(cards, to: source)
        }
        position.moveCount -= 1
    }

    /// Counts a draw or move that was just made, and keeps it for undo.
    mutating func record(_ step: Step) {
        position.moveCount += 1
        // The standard score stops at 0; the change kept is the one made, so undo is exact.
        let points = scoring.points(for: step, drawCount: drawCount)
        let scored = scoring == .standard ? max(0, position.score + points) : position.score + points
        scoreChanges.append(scored - position.score)
        position.score = scored
        if history.count == Self.maxUndoDepth {
            history.removeFirst()
            scoreChanges.removeFirst()
        }
        history.append(step)
    }

    /// The score by ``scoring`` (0 throughout with no scoring).
    public var score: Int { position.score }

    /// How many more times the waste may be turned back over; nil for no limit.
    public var passesLeft: Int? { passes.map { max(0, $0 - position.redeals) } }
}

extension KlondikeGame.Position {
    /// Turns `drawCount` cards (or what is left) from the stock onto the waste; returns how many.
    /// A draw and the finish's trial on a copy both turn cards this way.
    mutating func turn(_ drawCount: Int) -> Int {
        let turned = min(drawCount, stock.count)
        for _ in 0..<turned {
            waste.append(stock.removeLast())
        }
        return turned
    }

    /// Turns the whole waste back over into the stock, so the next pass turns the cards in the same order.
    mutating func turnWasteOver() {
        stock = waste.reversed()
        redeals += 1
        waste = []
    }
}

extension KlondikeGame: CustomReflectable {
    // The default mirror would spell out the stock, the hidden waste, the
    // face-down cards and the undo history in `print`, `dump` and string
    // interpolation, e.g. in a server log; show what a player sees.
    /// The game as a player sees it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "drawCount": drawCount,
                "stockCount": stockCount,
                "wasteCount": wasteCount,
                "visibleWaste": visibleWaste,
                "foundations": foundations,
                "tableau": tableau,
                "moveCount": moveCount,
            ],
            displayStyle: .struct
        )
    }
}
