import GameRules
import KlondikeSolver
import Testing

/// The solver reads the time of a time budget on the clock its caller gives, and on no other.
struct KlondikeSolverClockTests {
    /// Runs the two sides one after the other, so that the answer depends on nothing but the game and the clock.
    static func oneAfterTheOther(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        first()
        second()
    }

    /// A time budget on a clock that never moves is no limit at all.
    @Test(arguments: [(UInt64(98), 1), (UInt64(134), 3)])
    func aClockThatStandsStillLeavesTheAnswerTheNodesGive(seed: UInt64, draw: Int) {
        let game = KlondikeGame(seed: seed, drawCount: draw)
        let timed = KlondikeSolver.Budget(nodes: 30_000, time: .milliseconds(1), beam: false)
        let still = KlondikeSolver.solve(game, budget: timed, clock: SteppingClock(step: .zero))
        #expect(still == KlondikeSolver.solve(game, budget: KlondikeSolver.Budget(nodes: 30_000)))
    }

    /// Every search looks at the clock before it starts or at its 1,024th position, and stops
    /// there. Drawing three, the proof with the talon in any order comes first (1,024 more);
    /// side by side, side 1 makes it in another order, in which that game is won at once
    /// (112 positions), which proves nothing.
    @Test(arguments: [(UInt64(98), 1, 1_024, 1_024), (UInt64(134), 3, 2_048, 2_160)])
    func aClockPastTheDeadlineStopsTheSearchAtItsFirstLook(
        seed: UInt64, draw: Int, alone aloneNodes: Int, sideBySide sideBySideNodes: Int
    ) {
        let game = KlondikeGame(seed: seed, drawCount: draw)
        let timed = KlondikeSolver.Budget(nodes: .max, time: .seconds(1))
        let alone = KlondikeSolver.solve(game, budget: timed, clock: SteppingClock(step: .seconds(3_600)))
        let sideBySide = KlondikeSolver.solveSideBySide(
            game, budget: timed, clock: SteppingClock(step: .seconds(3_600)), runner: Self.oneAfterTheOther)
        #expect(alone.verdict == .unknown)
        #expect(alone.nodes == aloneNodes)
        #expect(sideBySide.verdict == .unknown)
        #expect(sideBySide.nodes == sideBySideNodes)
    }
}
