@testable import GameRules
import KlondikeTestSupport
import Testing

/// The hint: a legal move that makes progress, in its order of preference, or none.
struct KlondikeHintTests {
    @Test(arguments: [
        ("a card home first", KlondikeGame.position(waste: "A♥", tableau: [.pile("5♠"), .pile("A♠")]),
         KlondikeAction.move(from: .tableau(1), to: .foundation(0), count: 1)),
        ("then a run that turns a card up", KlondikeGame.position(tableau: [.pile("6♥ 5♠", down: "2♦"), .pile("7♣")]),
         .move(from: .tableau(0), to: .tableau(1), count: 2)),
        ("then the waste onto the tableau", KlondikeGame.position(waste: "4♦", tableau: [.pile("5♠")]),
         .move(from: .waste, to: .tableau(0), count: 1)),
        ("then a run that empties a pile for a king in the stock",
         KlondikeGame.position(stock: "K♦", tableau: [.pile("6♥ 5♠"), .pile("7♣")]),
         .move(from: .tableau(0), to: .tableau(1), count: 2)),
        ("then a draw that brings up a card that plays", KlondikeGame.position(stock: "4♦ 9♦", tableau: [.pile("5♠")]), .draw),
    ])
    func theFirstUsefulMove(case name: String, game: KlondikeGame, expected: KlondikeAction) {
        #expect(game.hint() == expected, "\(name)")
    }

    @Test func shufflingFaceUpCardsIsNoProgress() {
        // 5♠ could go onto 6♥ and back forever; nothing turns up, nothing goes home.
        let game = KlondikeGame.position(tableau: [.pile("5♠"), .pile("6♥")])
        #expect(game.hint() == nil)
    }

    @Test func emptyingAPileNobodyNeedsIsNoProgress() {
        // No king waits anywhere: an empty pile would only shuffle 6♥ 5♠ about.
        let game = KlondikeGame.position(tableau: [.pile("6♥ 5♠"), .pile("7♣")])
        #expect(game.hint() == nil)
        #expect(game.stuck == .nothingToPlay)
    }

    @Test func aStockThatOnlyCyclesIsNoMove() throws {
        var game = KlondikeGame.position(stock: "9♦ J♣", waste: "2♥", tableau: [.pile("5♠")])
        #expect(game.hint() == nil)
        #expect(game.stuck == .stockOnlyCycles)
        try game.draw()
        #expect(game.stuck == .stockOnlyCycles, "nor does it after a draw")
    }

    @Test func noDrawOnceThePassesAreUsedUp() throws {
        var game = KlondikeGame(drawCount: 1, waste: .cards("Q♥ 9♦"), tableau: [.pile("K♠")] + Array(repeating: .empty, count: 6), passes: 1)
        #expect(game.hint() == .draw, "turning the waste over is allowed once, and brings Q♥ up for K♠")
        try game.draw()
        try game.draw()
        try game.draw()
        #expect(game.visibleWaste == .cards("9♦"))
        #expect(game.hint() == nil)
        #expect(game.stuck == .nothingToPlay)
    }
}
