@testable import GameRules
import KlondikeTestSupport
import Testing

/// Klondike's `passes` and `scoring` options: each step of the tables with exact values, the
/// standard score's floor, Vegas' stake, and undo giving back exactly what a step scored.
struct KlondikeScoringTests {
    static func game(_ scoring: KlondikeScoring, draw: Int = 1, passes: Int? = nil, stock: String = "", waste: String = "",
                     foundations: [[PlayingCard]] = [], tableau: [TableauPile] = []) -> KlondikeGame {
        KlondikeGame(
            drawCount: draw, stock: .cards(stock), waste: .cards(waste),
            foundations: foundations + Array(repeating: [], count: 4 - foundations.count),
            tableau: tableau + Array(repeating: .empty, count: 7 - tableau.count), passes: passes, scoring: scoring)
    }

    @Test func theStandardTable() throws {
        var game = Self.game(.standard, waste: "A♠ 9♥", foundations: [.foundation(through: "A♥")],
                             tableau: [.pile("10♠"), .pile("2♥", down: "K♣")])
        #expect(game.score == 0)
        try game.move(from: .waste, to: .tableau(0))
        #expect(game.score == 5, "waste → tableau")
        try game.move(from: .waste, to: .foundation(1))
        #expect(game.score == 15, "waste → foundation")
        try game.move(from: .tableau(1), to: .foundation(0))
        #expect(game.score == 30, "tableau → foundation, and the card turned up")
        #expect(throws: KlondikeError.tableauMismatch(PlayingCard("2♥"), onto: PlayingCard("9♥"))) {
            try game.move(from: .foundation(0), to: .tableau(0))
        }
        #expect(game.score == 30, "a refused move scores nothing")
    }

    @Test func aFoundationCardBackCostsFifteenAndTheScoreStopsAtZero() throws {
        var game = Self.game(.standard, foundations: [.foundation(through: "2♥")], tableau: [.pile("3♠")])
        try game.move(from: .foundation(0), to: .tableau(0))
        #expect(game.score == 0, "−15 from 0 stops at 0")
        try game.undo()
        #expect(game.score == 0)
        var redeal = Self.game(.standard, draw: 3, waste: "5♦", tableau: [.pile("K♠")])
        try redeal.draw()
        #expect(redeal.score == 0, "−20 from 0 stops at 0")
    }

    @Test func vegasStartsAtMinusFiftyTwoAndPaysFivePerCardHome() throws {
        var game = Self.game(.vegas, waste: "A♠", tableau: [.pile("A♥")])
        #expect(game.score == -52)
        try game.move(from: .waste, to: .foundation(0))
        try game.move(from: .tableau(0), to: .foundation(1))
        #expect(game.score == -42)
        try game.undo()
        #expect(game.score == -47, "undo gives back exactly what the step scored")
    }

    @Test func passesLimitTheTurnsOfTheWaste() throws {
        var game = Self.game(.none, passes: 1, stock: "2♠ 3♠")
        try game.draw()
        try game.draw()
        #expect(game.passesLeft == 1)
        try game.draw()
        #expect(game.passesLeft == 0)
        try game.draw()
        try game.draw()
        #expect(throws: KlondikeError.noPassesLeft(1)) { try game.draw() }
        #expect(KlondikeError.noPassesLeft(1).reason == "the stock is empty and the waste was turned over 1 time, as often as this game allows")
        try game.undo()
        try game.undo()
        try game.undo()
        #expect(game.passesLeft == 1, "undoing the turn-over gives the pass back")
        #expect(Self.game(.none).passesLeft == nil)
    }
}
