/// One game of Klondike solitaire for one player: the stock, the waste, four
/// foundations and seven tableau piles.
///
/// The deck is shuffled once from a seed, so the same seed and the same moves
/// replay the same game. The order of the stock, the waste under its visible
/// cards and the face-down tableau cards stay inside GameRules; the public
/// views show only what a player at the table sees. Every draw and move can
/// be undone, back to the deal.
public struct KlondikeGame: Sendable, Equatable {
    /// Everything a draw or move changes, and so everything an undo restores.
    struct Position: Sendable, Equatable {
        /// Face-down cards, bottom to top: the last one is turned next.
        var stock: [PlayingCard]
        /// Face-up cards turned from the stock, bottom to top: the last one plays.
        var waste: [PlayingCard]
        /// Four piles, bottom to top.
        var foundations: [[PlayingCard]]
        /// Seven piles, left to right.
        var tableau: [TableauPile]
        /// Draws and moves that led here.
        var moveCount: Int
    }

    /// How many cards a draw turns from the stock: 1 or 3.
    public let drawCount: Int
    /// The cards where they lie now.
    private(set) var position: Position
    /// The positions before each draw and move still on the board, oldest first.
    private var history: [Position] = []

    /// Shuffles the 52 cards with ``SplitMix64`` and ``Swift/Array/seededShuffle(using:)``
    /// and deals them: tableau pile `i` (0...6) gets `i` cards face down and one
    /// face up on top; the other 24 form the stock.
    /// - Parameters:
    ///   - seed: fixes the order of the deck.
    ///   - drawCount: how many cards a draw turns, 1 or 3; anything else stops the program.
    public init(seed: UInt64, drawCount: Int) {
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
        self.init(drawCount: drawCount, stock: deck[dealt...].reversed(), tableau: tableau)
    }

    /// Sets up any position, for tests.
    /// - Parameters:
    ///   - drawCount: 1 or 3.
    ///   - stock: face-down cards, bottom to top: the last one is turned next.
    ///   - waste: bottom to top: the last one plays.
    ///   - foundations: four piles, bottom to top.
    ///   - tableau: seven piles, left to right.
    init(
        drawCount: Int,
        stock: [PlayingCard] = [],
        waste: [PlayingCard] = [],
        foundations: [[PlayingCard]] = Array(repeating: [], count: KlondikePile.foundationCount),
        tableau: [TableauPile] = Array(repeating: TableauPile(down: [], up: []), count: KlondikePile.tableauCount)
    ) {
        precondition(drawCount == 1 || drawCount == 3, "Klondike draws 1 or 3 cards, not \(drawCount)")
        precondition(foundations.count == KlondikePile.foundationCount, "Klondike has 4 foundations")
        precondition(tableau.count == KlondikePile.tableauCount, "Klondike has 7 tableau piles")
        self.drawCount = drawCount
        position = Position(stock: stock, waste: waste, foundations: foundations, tableau: tableau, moveCount: 0)
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

    /// Every card in the game, wherever it lies, for accounting in tests.
    var allCards: [PlayingCard] {
        position.stock + position.waste + position.foundations.joined()
            + position.tableau.flatMap { $0.down + $0.up }
    }

    /// Turns ``drawCount`` cards (or what is left) from the stock onto the waste,
    /// the last one turned on top; with an empty stock, turns the whole waste
    /// back over into the stock, so the next pass turns the cards in the same order.
    /// Redeals are unlimited.
    /// - Throws: ``KlondikeError/nothingToDraw`` when the stock and the waste
    ///   are both empty; ``KlondikeError/gameWon``.
    public mutating func draw() throws(KlondikeError) {
        guard !isWon else { throw .gameWon }
        guard !position.stock.isEmpty else {
            guard !position.waste.isEmpty else { throw .nothingToDraw }
            commit { position in
                position.stock = position.waste.reversed()
                position.waste = []
            }
            return
        }
        let turned = min(drawCount, position.stock.count)
        commit { position in
            for _ in 0..<turned {
                position.waste.append(position.stock.removeLast())
            }
        }
    }

    /// Takes back the last draw or move still on the board, including the
    /// turning up of a face-down card it caused; undo as often as there are moves.
    /// ``moveCount`` goes back by one.
    /// - Throws: ``KlondikeError/nothingToUndo`` right after the deal or once
    ///   everything is undone; ``KlondikeError/gameWon``, since a won game is over.
    public mutating func undo() throws(KlondikeError) {
        guard !isWon else { throw .gameWon }
        guard let previous = history.popLast() else { throw .nothingToUndo }
        position = previous
    }

    /// Records the position for undo, applies a checked change and counts it as a move.
    mutating func commit(_ change: (inout Position) -> Void) {
        history.append(position)
        change(&position)
        position.moveCount += 1
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
