import GameRules

/// Times `SetSolver.sets(on:)` against a naive triple loop on the same seeded boards.
enum SolverBench {
    static let boardSizes = [12, 21]

    /// The solver and the triple loop found different Sets.
    struct Disagreement: Error {
        let message: String
    }

    /// Runs the benchmark and prints a line per board size.
    /// - Throws: ``Disagreement`` if the solver and the triple loop found different numbers of Sets.
    static func run(rounds: Int) throws(Disagreement) {
        let clock = ContinuousClock()
        let overhead = clockOverhead(clock)
        print("clock reading: \(fixed(overhead, digits: 3)) µs, subtracted from each timing")
        for size in boardSizes {
            let boards = randomBoards(count: rounds, size: size, seed: UInt64(size))
            // A first pass over a slice brings code and tables into the caches.
            _ = measure(Array(boards.prefix(1_000)), on: clock, less: overhead, SetSolver.sets(on:))
            let (solver, solverSets) = measure(boards, on: clock, less: overhead, SetSolver.sets(on:))
            let (naive, naiveSets) = measure(boards, on: clock, less: overhead, naiveSets(on:))
            guard solverSets == naiveSets else {
                throw Disagreement(
                    message: "on \(size)-card boards the solver found \(solverSets) Sets, the triple loop \(naiveSets)")
            }
            print(
                "solver \(size) cards: \(rounds) boards, mean \(fixed(solver.mean)) µs, "
                    + "p50 \(fixed(solver.percentile(50))) µs, p99 \(fixed(solver.percentile(99))) µs; "
                    + "naive triple loop \(fixed(naive.mean)) µs (\(fixed(naive.mean / solver.mean, digits: 1))x)")
        }
    }

    /// `count` boards of `size` distinct cards, each the top of a freshly shuffled deck.
    static func randomBoards(count: Int, size: Int, seed: UInt64) -> [[SetCard]] {
        var generator = SplitMix64(seed: seed)
        var deck = SetCard.deck
        return (0..<count).map { _ in
            deck.seededShuffle(using: &generator)
            return Array(deck.prefix(size))
        }
    }

    /// Times `solve` on each board.
    /// - Parameter overhead: the cost of reading the clock, subtracted from each timing.
    /// - Returns: the time per board, and the Sets found in all (which also keeps
    ///   the optimizer from dropping the work).
    static func measure(
        _ boards: [[SetCard]], on clock: ContinuousClock, less overhead: Double, _ solve: ([SetCard]) -> [[Int]]
    ) -> (Timings, Int) {
        var times: [Double] = []
        times.reserveCapacity(boards.count)
        var found = 0
        for board in boards {
            let start = clock.now
            let sets = solve(board)
            let elapsed = clock.now - start
            found += sets.count
            times.append(max(0, elapsed.microseconds - overhead))
        }
        return (Timings(times), found)
    }

    /// The median time between two readings of the clock with nothing between, in microseconds.
    ///
    /// A reading costs tens of nanoseconds, a sizeable part of a 12-card solve.
    /// (`Clock.measure` costs several times more: it is generic over the clock.)
    static func clockOverhead(_ clock: ContinuousClock) -> Double {
        let readings = (0..<10_000).map { _ in
            let start = clock.now
            return (clock.now - start).microseconds
        }
        return Timings(readings).percentile(50)
    }

    /// The reference: every triple of positions, O(n³).
    static func naiveSets(on board: [SetCard]) -> [[Int]] {
        var found: [[Int]] = []
        for i in board.indices {
            for j in (i + 1)..<board.count {
                for k in (j + 1)..<board.count where SetCard.isSet(board[i], board[j], board[k]) {
                    found.append([i, j, k])
                }
            }
        }
        return found
    }
}
