import GameRules
@testable import KlondikeSolver
import Testing

/// The finish on real deals: along the solver's winning lines, `finish` is offered from the
/// first position where every card is face up, with cards often still to draw, unless drawing
/// alone would stick; and every finish offered on the way plays all 52 home.
struct KlondikeFinishOnWinningLinesTests {
    /// Deals 1...20 drawing one and 1...12 drawing three (the lines of
    /// `winningLinesPlayToTheEndOnTheGamesOwnRules`): how many lines, on how many of them the
    /// finish came with cards still in the stock or the waste, and on how many it was held
    /// back past the first position with every card face up.
    @Test(arguments: [(1, 20, 16, 13, 0), (3, 12, 10, 7, 3)])
    func everyFinishOfferedOnAWinningLineWins(draw: Int, deals: Int, lines: Int, withCardsToDraw: Int, heldBack: Int) throws {
        var played = 0, drawnHome = 0, waited = 0
        for seed in 1...UInt64(deals) {
            let deal = KlondikeGame(seed: seed, drawCount: draw)
            guard case .winnable(let actions) = KlondikeSolver.solve(deal, budget: KlondikeSolverTests.budget).verdict else { continue }
            played += 1
            var game = deal
            var firstFaceUp: Int?, firstOffer: (move: Int, cardsToDraw: Int)?
            for action in actions {
                if firstFaceUp == nil, game.tableau.allSatisfy({ $0.downCount == 0 }) { firstFaceUp = game.moveCount }
                if game.canFinish {
                    if firstOffer == nil { firstOffer = (game.moveCount, game.stockCount + game.wasteCount) }
                    var finished = game
                    try finished.finish()
                    #expect(finished.isWon, "deal \(seed), draw \(draw), move \(game.moveCount)")
                }
                try game.play(action)
            }
            let offer = try #require(firstOffer, "deal \(seed), draw \(draw): no finish offered")
            if offer.cardsToDraw > 0 { drawnHome += 1 }
            if offer.move > firstFaceUp ?? 0 { waited += 1 }
        }
        #expect(played == lines)
        #expect(drawnHome == withCardsToDraw)
        #expect(waited == heldBack)
    }
}
