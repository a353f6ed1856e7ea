import GameRules

/// Times `SetSolver.sets(on:)` against a naive triple loop on the same seeded boards.
enum SolverBench {
    static let boardSizes = [12, 21]

    /// Runs the benchmark and prints a line per board size.
    /// - Returns: false if the solver and the triple loop ever disagree.
    static func run(rounds: Int) -> Bool {
        for size in boardSizes {
            let boards = randomBoards(count: rounds, size: size, seed: UInt64(size))
            // A first pass over a slice brings code and tables into the caches.
            _ = measure(Array(boards.prefix(1_000)), SetSolver.sets(on:))
            let (solver, solverSets) = measure(boards, SetSolver.sets(on:))
            let (naive, naiveSets) = measure(boards, naiveSets(on:))
            guard solverSets == naiveSets else {
                print("Error: on \(size)-card boards the solver found \(solverSets) Sets, the triple loop \(naiveSets)")
                return false
            }
            print(
                "solver \(size) cards: \(rounds) boards, mean \(fixed(solver.mean)) µs, "
                    + "p50 \(fixed(solver.percentile(50))) µs, p99 \(fixed(solver.percentile(99))) µs; "
                    + "naive triple loop \(fixed(naive.mean)) µs (\(fixed(naive.mean / solver.mean, digits: 1))x)")
        }
        return true
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
    /// - Returns: the time per board, and the Sets found in all (which also keeps
    ///   the optimizer from dropping the work).
    static func measure(_ boards: [[SetCard]], _ solve: ([SetCard]) -> [[Int]]) -> (Timings, Int) {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(boards.count)
        var found = 0
        for board in boards {
            var sets: [[Int]] = []
            let elapsed = clock.measure { sets = solve(board) }
            found += sets.count
            times.append(elapsed.microseconds)
        }
        return (Timings(times), found)
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
