@testable import GameRules
import KlondikeTestSupport
import Testing

/// Undo keeps a bounded record of small steps, and in a race it never hides a card again.
struct KlondikeUndoTests {
    typealias Game = KlondikeGame

    @Test func undoOfATurnedUpCardPutsItBackFaceDownUnderTheMovedCards() throws {
        var game = Game.position(tableau: [.pile("9♠", down: "3♦ 6♦"), .pile("10♥")])
        let before = game
        try game.move(from: .tableau(0), to: .tableau(1))
        #expect(game.tableau[0] == .pile("6♦", down: "3♦"))
        #expect(game.history == [.move(from: .tableau(0), to: .tableau(1), count: 1, turnedUp: true)])
        try game.undo()
        #expect(game == before)
    }

    @Test func aRedealAndItsUndoKeepTheStockOrder() throws {
        var game = Game.position(draw: 3, stock: "2♣ 8♥ 4♠ 5♦", tableau: [.pile("K♠")])
        try game.draw()
        try game.draw()
        let beforeRedeal = game
        try game.draw()
        #expect(game.stockCount == 4)
        #expect(game.history.last == .redeal)
        try game.undo()
        #expect(game == beforeRedeal)
    }

    @Test func inARaceUndoRefusesToTakeBackADrawOrATurnUpButTakesBackOtherMoves() throws {
        var game = Game.position(stock: "2♣", waste: "9♥", tableau: [.pile("9♠", down: "6♦"), .pile("10♥"), .pile("10♣")])
        try game.move(from: .tableau(0), to: .tableau(1))
        #expect(throws: KlondikeError.undoWouldHideShownCard) { try game.undo(keepingShownCards: true) }
        try game.move(from: .waste, to: .tableau(2))
        let afterDraw: Game
        do {
            // A move that showed nothing new is taken back.
            try game.undo(keepingShownCards: true)
            #expect(game.wasteCount == 1)
            try game.draw()
            afterDraw = game
        }
        #expect(throws: KlondikeError.undoWouldHideShownCard) { try game.undo(keepingShownCards: true) }
        #expect(game == afterDraw)
        #expect(KlondikeError.undoWouldHideShownCard.reason
            == "in a race, undo cannot take back a draw or a move that turned a card face up: everyone has the same deal")
        // Alone, the same undo is allowed.
        try game.undo()
        #expect(game.stockCount == 1)
    }

    @Test func theHistoryKeepsTheLast200StepsAndTenThousandDrawsCostNoMore() throws {
        var game = KlondikeGame(seed: 7, drawCount: 1)
        for _ in 0..<10_000 {
            try game.draw()
        }
        #expect(game.moveCount == 10_000)
        #expect(game.history.count == Game.maxUndoDepth)
        #expect(Game.maxUndoDepth == 200)
        for _ in 0..<200 {
            try game.undo()
        }
        #expect(game.moveCount == 9_800)
        #expect(throws: KlondikeError.nothingToUndo) { try game.undo() }
        // 9,800 draws of one card from a 24-card stock, 25 draws a cycle (24 + the redeal): 392 whole cycles.
        var replayed = KlondikeGame(seed: 7, drawCount: 1)
        for _ in 0..<9_800 { try replayed.draw() }
        #expect(game.piles == replayed.piles)
    }

}
