import GameRules
@testable import KlondikeSolver
import Testing

/// The beam search: it wins deals that depth-first restarts take far longer over, and its
/// lines play to all 52 home on the game's own rules.
struct KlondikeBeamTests {
    @Test(arguments: [145, 147] as [UInt64])
    func theBeamWinsADealTheDepthFirstSearchMissesWithinItsBudget(seed: UInt64) throws {
        let game = KlondikeGame(seed: seed, drawCount: 1)
        // Without the beam (a node budget runs none), 200,000 positions decide nothing.
        #expect(KlondikeSolver.solve(game, budget: .init(nodes: 200_000)).verdict == .unknown)

        let beam = KlondikeBeam.search(game, width: KlondikeBeam.defaultWidth, nodeLimit: 200_000, deadline: nil)
        let moves = try #require(beam.moves, "deal \(seed): no win in \(beam.nodes) positions")
        let actions = try #require(KlondikeSolver.actions(for: moves, from: game))
        var played = game
        for action in actions { try played.play(action) }
        #expect(played.isWon)
        #expect(beam.nodes < 200_000)
    }

    @Test func theSameGameGivesTheSameBeam() {
        let game = KlondikeGame(seed: 145, drawCount: 1)
        let first = KlondikeBeam.search(game, width: 200, nodeLimit: 20_000, deadline: nil)
        let second = KlondikeBeam.search(game, width: 200, nodeLimit: 20_000, deadline: nil)
        #expect(first.nodes == second.nodes)
        #expect(first.moves.map { $0.map(\.card) } == second.moves.map { $0.map(\.card) })
    }

    @Test func aDeadDealIsNeverWonByTheBeam() {
        // Deal 26 drawing one is proved dead by the complete search (KlondikeObligationTests).
        let beam = KlondikeBeam.search(KlondikeGame(seed: 26, drawCount: 1), width: 100, nodeLimit: 50_000, deadline: nil)
        #expect(beam.moves == nil)
    }
}
