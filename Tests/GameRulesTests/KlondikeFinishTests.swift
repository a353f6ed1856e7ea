@testable import GameRules
import KlondikeTestSupport
import Testing

/// Auto-finish: once the stock and waste are empty and every card is face up, `finish` plays
/// every card home, lowest first, one move each.
struct KlondikeFinishTests {
    static func ready() -> KlondikeGame {
        .position(
            foundations: [.foundation(through: "9♠"), .foundation(through: "9♥"), .foundation(through: "9♦"), .foundation(through: "9♣")],
            tableau: [.pile("K♠ Q♥ J♣ 10♦"), .pile("K♥ Q♣ J♦ 10♠"), .pile("K♣ Q♦ J♠ 10♥"), .pile("K♦ Q♠ J♥ 10♣")])
    }

    @Test func everyCardGoesHomeOneMoveEach() throws {
        var game = Self.ready()
        #expect(game.canFinish)
        let before = game.moveCount
        #expect(try game.finish() == 16)
        #expect(game.isWon)
        #expect(game.moveCount == before + 16)
        #expect(game.foundations.map { $0.last?.rank } == [13, 13, 13, 13])
        #expect(throws: KlondikeError.gameWon) { try game.finish() }
    }

    @Test(arguments: [
        ("a card in the stock", KlondikeGame.position(stock: "10♦", tableau: [.pile("J♣")])),
        ("a card in the waste", KlondikeGame.position(waste: "10♦", tableau: [.pile("J♣")])),
        ("a face-down card", KlondikeGame.position(tableau: [.pile("J♣", down: "2♠")])),
    ])
    func notBeforeEverythingIsFaceUp(case name: String, game: KlondikeGame) {
        var game = game
        #expect(!game.canFinish, "\(name)")
        #expect(throws: KlondikeError.notReadyToFinish) { try game.finish() }
    }
}
