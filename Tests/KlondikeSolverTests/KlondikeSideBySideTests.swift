import Foundation
import GameRules
@testable import KlondikeSolver
import Testing

/// The solver with the search for a win and the search for a proof side by side: the same
/// verdicts as one after the other, a proof or a win stops the other side, and the lines it
/// returns play to all 52 home.
struct KlondikeSideBySideTests {
    /// Runs the two sides at once, one on each core.
    private static func onTwoThreads(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        DispatchQueue.concurrentPerform(iterations: 2) { $0 == 0 ? first() : second() }
    }

    /// One after the other, the second side first: what the first side does after a proof shows.
    private static func proofFirst(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        second()
        first()
    }

    @Test func aDeadDealIsProvedDeadOnTwoThreads() {
        // Deal 78 drawing one: dead, proved by the complete search in 12,289 positions; the
        // first focused search runs out, so the two sides run.
        let outcome = KlondikeSolver.solveSideBySide(
            KlondikeGame(seed: 78, drawCount: 1), budget: .init(nodes: 1_000_000), runner: Self.onTwoThreads)
        #expect(outcome.verdict == .notWinnable)
    }

    @Test func aProofStopsTheSearchForAWin() {
        let game = KlondikeGame(seed: 78, drawCount: 1)
        var first = KlondikeSolver.FocusedSearches()
        #expect(first.run(game, nodeLimit: .max, deadline: nil, attempts: 1) == nil)
        #expect(!first.exhausted)
        // The position that found the limit reached counts too.
        #expect(first.nodes == KlondikeSolver.firstFocusedLimit + 1)
        let proof = KlondikeSolver.searchCompletely(game, nodeLimit: .max, deadline: nil)
        #expect(proof.moves == nil && !proof.ranOut)
        #expect(proof.nodes == 12_289)

        // Given a million positions a side, the other side would search on; the proof, made
        // first (here by the side in shuffled orders, in as many positions: the same space),
        // leaves it one position to look at, the start, which the proof finished.
        let outcome = KlondikeSolver.solveSideBySide(game, budget: .init(nodes: 1_000_000), runner: Self.proofFirst)
        #expect(outcome.verdict == .notWinnable)
        #expect(outcome.nodes == first.nodes + proof.nodes + 1)
    }

    @Test func whenTheFirstSearchRunsToItsEndOnlyTheProofRuns() {
        // Deal 77 drawing one: the first focused search ends, without a win, in 12,692
        // positions; the beam and other orders could not win either, so no second side starts.
        let game = KlondikeGame(seed: 77, drawCount: 1)
        let outcome = KlondikeSolver.solveSideBySide(game, budget: .init(nodes: 1_000_000)) { _, _ in
            Issue.record("the two sides were started")
        }
        #expect(outcome.verdict == .notWinnable)
        #expect(outcome.nodes == 12_692 + KlondikeSolver.searchCompletely(game, nodeLimit: .max, deadline: nil).nodes)
    }

    /// Deals the first focused search misses: the complete search wins deal 72 in 48 positions
    /// and deal 84 in 31,817; the other side, in shuffled orders, in 75 and 60,054.
    @Test(arguments: [72, 84] as [UInt64])
    func aDealTheFirstSearchMissesIsWonAndItsLinePlaysHome(seed: UInt64) throws {
        let game = KlondikeGame(seed: seed, drawCount: 1)
        var first = KlondikeSolver.FocusedSearches()
        #expect(first.run(game, nodeLimit: .max, deadline: nil, attempts: 1) == nil, "deal \(seed) is won by the first search alone")
        #expect(!first.exhausted)

        let outcome = KlondikeSolver.solveSideBySide(game, budget: .init(nodes: 200_000), runner: Self.onTwoThreads)
        guard case .winnable(let actions) = outcome.verdict else {
            Issue.record("deal \(seed): \(outcome.verdict)")
            return
        }
        var played = game
        for action in actions { try played.play(action) }
        #expect(played.isWon)
    }

    @Test func shuffledOrdersWinWhatTheOneOrderReachesLate() throws {
        // Deal 339 drawing three: the complete search, in its one order, wins after 2,746,818
        // positions; in shuffled orders, each twice as long as the last, 9,782 do.
        let game = KlondikeGame(seed: 339, drawCount: 3)
        let shuffled = KlondikeSolver.searchInShuffledOrders(game, nodeLimit: 1_000_000, deadline: nil, stop: nil)
        #expect(shuffled.nodes == 9_782 && !shuffled.provedDead)
        let moves = try #require(shuffled.moves)
        let actions = try #require(KlondikeSolver.actions(for: moves, from: game))
        var played = game
        for action in actions { try played.play(action) }
        #expect(played.isWon)
    }

    @Test func aShuffledSearchThatRunsToItsEndIsAProof() {
        // Deal 77 drawing three is dead: the first shuffled search, within its 20,000 positions,
        // runs out of moves, which proves it as the search in its own order would.
        let shuffled = KlondikeSolver.searchInShuffledOrders(KlondikeGame(seed: 77, drawCount: 3), nodeLimit: 1_000_000, deadline: nil, stop: nil)
        #expect(shuffled.moves == nil && shuffled.provedDead)
        #expect(shuffled.nodes < KlondikeSolver.firstFocusedLimit)
    }

    @Test(arguments: [(1, 18, 19), (3, 19, 19)])
    func oneAfterTheOtherGivesTheVerdictsOfTheSolver(draw: Int, decidedAlone: Int, decidedSideBySide: Int) {
        // With a node budget and no second thread, each side may visit as many positions as
        // the solver may in all, so it decides at least what the solver decides, the same way.
        let budget = KlondikeSolver.Budget(nodes: 40_000)
        var decided = (alone: 0, sideBySide: 0)
        for seed: UInt64 in 1...20 {
            let game = KlondikeGame(seed: seed, drawCount: draw)
            let alone = KlondikeSolver.solve(game, budget: budget).verdict
            let sideBySide = KlondikeSolver.solveSideBySide(game, budget: budget) { first, second in
                first()
                second()
            }.verdict
            if alone != .unknown { decided.alone += 1 }
            if sideBySide != .unknown { decided.sideBySide += 1 }
            switch (alone, sideBySide) {
            case (.winnable, .winnable), (.notWinnable, .notWinnable), (.unknown, _): break
            default: Issue.record("deal \(seed), draw \(draw): \(alone) alone, \(sideBySide) side by side")
            }
        }
        #expect(decided.alone == decidedAlone)
        #expect(decided.sideBySide == decidedSideBySide)
    }
}
