@testable import GameRules
import KlondikeTestSupport
import Testing

/// Auto-finish: once every card is face up and drawing alone brings the stock and the waste
/// home, `finish` plays every card home, lowest first, one move or draw each.
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

    /// Drawing one: 10♥ and K♣ lie under Q♥ after the first pass, and J♥ on the tableau waits
    /// for 10♥, so the finish turns the waste over once. Cards home first: 9♥, 10♥, J♥, Q♣ (t1),
    /// K♣, Q♥, K♥.
    static func drawOneNeedingATurnOver(passes: Int? = nil, scoring: KlondikeScoring = .none) -> KlondikeGame {
        .position(
            stock: "Q♥ 9♥ K♣ 10♥",
            foundations: [.foundation(through: "K♠"), .foundation(through: "8♥"), .foundation(through: "K♦"), .foundation(through: "J♣")],
            tableau: [.pile("K♥ Q♣ J♥")], passes: passes, scoring: scoring)
    }

    @Test func cardsLeftInTheStockAreDrawnHomeTurningTheWasteOver() throws {
        var game = Self.drawOneNeedingATurnOver()
        #expect(game.canFinish)
        // 7 cards home, 7 draws and the waste turned over once.
        #expect(try game.finish() == 15)
        #expect(game.isWon)
        #expect(game.moveCount == 15)
        #expect(game.stockCount == 0)
        #expect(game.wasteCount == 0)
        #expect(game.passesLeft == nil)
    }

    /// The finish's moves score as the same moves by hand: standard, 7 cards home at +10 and
    /// the turn-over's −100 drawing one, floored at 0 (10 − 100, then 6 × 10); Vegas, −52 and 7 × 5.
    @Test(arguments: [(KlondikeScoring.standard, 60), (.vegas, -17)])
    func theFinishScoresAsTheSameMovesByHand(scoring: KlondikeScoring, score: Int) throws {
        var finished = Self.drawOneNeedingATurnOver(scoring: scoring)
        try finished.finish()
        var byHand = Self.drawOneNeedingATurnOver(scoring: scoring)
        for _ in 0..<3 { try byHand.draw() }
        try byHand.move(from: .waste, to: .foundation(1))
        try byHand.draw()
        try byHand.draw()  // the turn-over
        try byHand.draw()
        try byHand.move(from: .waste, to: .foundation(1))
        try byHand.move(from: .tableau(0), to: .foundation(1))
        try byHand.move(from: .tableau(0), to: .foundation(3))
        try byHand.draw()
        try byHand.move(from: .waste, to: .foundation(3))
        try byHand.draw()
        try byHand.move(from: .waste, to: .foundation(1))
        try byHand.move(from: .tableau(0), to: .foundation(1))
        #expect(byHand.isWon)
        #expect(finished.score == score)
        #expect(byHand.score == score)
        #expect(finished.moveCount == byHand.moveCount)
    }

    @Test func withNoTurnOverLeftTheStockThatNeedsOneIsNotFinished() {
        var game = Self.drawOneNeedingATurnOver(passes: 0)
        #expect(!game.canFinish)
        #expect(throws: KlondikeError.notReadyToFinish) { try game.finish() }
        #expect(game == Self.drawOneNeedingATurnOver(passes: 0), "a refused finish changes nothing")
        #expect(Self.drawOneNeedingATurnOver(passes: 1).canFinish)
    }

    /// Drawing three: the stock turns J♥ 10♥ J♣, then Q♣ 9♥ Q♥. Home only, each pass brings
    /// up one more card, so it takes two turn-overs: with one pass the greedy finish would stick
    /// with Q♥ on the waste (a player could put Q♥ on K♣ and win by hand, but the finish never
    /// plays to the tableau), so it is not offered.
    static func drawThree(passes: Int?) -> KlondikeGame {
        .position(
            draw: 3, stock: "Q♥ 9♥ Q♣ J♣ 10♥ J♥",
            foundations: [.foundation(through: "K♠"), .foundation(through: "8♥"), .foundation(through: "K♦"), .foundation(through: "10♣")],
            tableau: [.pile("K♥"), .pile("K♣")], passes: passes)
    }

    @Test func drawingThreeWithOnePassTheFinishThatWouldStickIsRefused() {
        var game = Self.drawThree(passes: 1)
        #expect(!game.canFinish)
        #expect(throws: KlondikeError.notReadyToFinish) { try game.finish() }
        #expect(game == Self.drawThree(passes: 1), "a refused finish changes nothing")
    }

    @Test(arguments: [nil, 2])
    func drawingThreeWithPassesEnoughTheFinishTurnsTheWasteOverTwice(passes: Int?) throws {
        var game = Self.drawThree(passes: passes)
        #expect(game.canFinish)
        // 8 cards home, 6 draws, 2 turn-overs.
        #expect(try game.finish() == 16)
        #expect(game.isWon)
        #expect(game.passesLeft == passes.map { $0 - 2 })
    }

    @Test(arguments: [
        ("a face-down card", KlondikeGame.position(tableau: [.pile("J♣", down: "2♠")])),
        ("a stock card that never fits", KlondikeGame.position(stock: "10♦", tableau: [.pile("J♣")])),
        ("a waste card that never fits", KlondikeGame.position(waste: "10♦", tableau: [.pile("J♣")])),
        ("drawing three, the same three cards each pass", KlondikeGame.position(
            draw: 3, stock: "Q♥ J♥ 10♥ 9♥",
            foundations: [.foundation(through: "K♠"), .foundation(through: "8♥"), .foundation(through: "K♦"), .foundation(through: "K♣")],
            tableau: [.pile("K♥")])),
    ])
    func notWhenSomethingIsHiddenOrOutOfReach(case name: String, game: KlondikeGame) {
        var game = game
        #expect(!game.canFinish, "\(name)")
        #expect(throws: KlondikeError.notReadyToFinish) { try game.finish() }
    }

    @Test func theRefusalSaysWhatTheFinishNeeds() {
        #expect(KlondikeError.notReadyToFinish.reason
            == "the cards go home by themselves only once every card is face up and drawing alone can bring the stock and the waste home")
    }
}
