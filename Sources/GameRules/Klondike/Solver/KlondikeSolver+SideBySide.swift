import Synchronization

extension KlondikeSolver {
    /// Runs two pieces of work, at the same time when it can, and returns once both have
    /// returned. GameRules starts no threads of its own: the caller says how work runs.
    public typealias Runner = (_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) -> Void

    /// Solves as ``solve(_:budget:)`` does, but with two sides, each given the whole budget, so
    /// a machine with two cores decides more deals in the same time. Whichever decides first
    /// stops the other.
    /// - One side: drawing three (or with passes limited), the proof with the talon in any
    ///   order (``proveDeadWithTalonInAnyOrder(_:nodeLimit:deadline:stop:)``); then the search
    ///   over face-up cards in shuffled orders (``searchInShuffledOrders(_:nodeLimit:deadline:stop:)``),
    ///   for a win.
    /// - The other: the complete search (``KlondikeLayoutFreeSearch``), which wins or proves dead.
    ///
    /// The first focused search runs alone first: it wins most deals in a few thousand
    /// positions, and needs no second thread. With a node budget each side may visit that many.
    /// Which side's line is returned can depend on timing, so a server that must choose the
    /// same deal for a seed on any machine uses ``solve(_:budget:)``.
    /// - Parameters:
    ///   - game: the game to solve; it is not changed.
    ///   - budget: how much work each side may take.
    ///   - runner: runs the two sides; one after the other is allowed (then the second gets
    ///     only what is left of the time).
    public static func solveSideBySide(_ game: KlondikeGame, budget: Budget, runner: Runner) -> Outcome {
        if let decided = decidedWithoutSearch(game) { return decided }
        let start = ContinuousClock().now
        let deadline = budget.time.map { start.advanced(by: $0) }
        var focused = FocusedSearches()
        if let found = focused.run(game, nodeLimit: budget.nodes, deadline: deadline, attempts: 1) {
            return winnable(found, from: game, nodes: focused.nodes)
        }
        // The focused moves searched to the end: neither the beam nor another order can win.
        if focused.exhausted { return searchCompletely(game, after: focused, budget: budget, deadline: deadline) }

        let shared = SideBySide()
        let firstNodes = focused.nodes
        runner(
            {
                // Drawing three, first the proof with the talon in any order, for as long as it
                // takes: it ends soon with a win in most deals (which proves nothing), and the
                // proofs it makes take up to a second (deals 1-1000 left undecided before it).
                var relaxedNodes = 0
                if let relaxed = proveDeadWithTalonInAnyOrder(game, nodeLimit: budget.nodes, deadline: deadline, stop: shared.stop) {
                    relaxedNodes = relaxed.nodes
                    if relaxed.provedDead {
                        shared.finish(CompleteResult(moves: nil, ranOut: false, nodes: relaxedNodes))
                        return
                    }
                }
                // Then the search over face-up cards again and again, in other orders, each
                // twice as long as the last: it wins deals the complete search, in its one
                // order, reaches late (deals 1-1000 drawing three: 316, 478 and 738 in 0.1-0.6 s
                // against 1.5-5.7 s).
                var shuffled = searchInShuffledOrders(game, nodeLimit: budget.nodes - relaxedNodes, deadline: deadline, stop: shared.stop)
                shuffled.nodes += relaxedNodes
                shared.finish(shuffled)
            },
            {
                shared.finish(searchCompletely(game, nodeLimit: budget.nodes, deadline: deadline, stop: shared.stop, relaxedShare: nil))
            })
        return shared.outcome(from: game, nodesBefore: firstNodes)
    }

    /// The search over face-up cards (``KlondikeLayoutFreeSearch``) from 20,000 positions,
    /// each time twice as many with the moves in another order, until one wins, one runs to its
    /// end without a win (a proof, as the search in its own order would give), or the budget is
    /// spent; a line that cannot be made real (a fault of the search) proves nothing.
    static func searchInShuffledOrders(
        _ game: KlondikeGame, nodeLimit: Int, deadline: ContinuousClock.Instant?, stop: StopSignal?
    ) -> CompleteResult {
        let clock = ContinuousClock()
        var nodes = 0, limit = firstFocusedLimit, attempt: UInt64 = 1
        while nodes < nodeLimit, deadline.map({ clock.now < $0 }) ?? true, stop?.isRaised != true {
            guard var search = KlondikeLayoutFreeSearch(game: game, nodeLimit: min(limit, nodeLimit - nodes), deadline: deadline, stop: stop)
            else { break }
            search.orderShuffle = SplitMix64(seed: attempt)
            let won = search.run()
            nodes += search.nodes
            if won {
                let moves = search.concreteLine(from: game)
                return CompleteResult(moves: moves, ranOut: moves == nil, nodes: nodes)
            }
            if !search.ranOut { return CompleteResult(moves: nil, ranOut: false, nodes: nodes) }
            attempt += 1
            limit = limit > Int.max / 2 ? Int.max : limit * 2
        }
        return CompleteResult(moves: nil, ranOut: true, nodes: nodes)
    }

    /// Raised by one search to end others running at the same time.
    final class StopSignal: Sendable {
        private let raised = Atomic<Bool>(false)

        func raise() { raised.store(true, ordering: .relaxed) }

        var isRaised: Bool { raised.load(ordering: .relaxed) }
    }

    /// What the two sides of ``solveSideBySide(_:budget:runner:)`` share.
    private final class SideBySide: Sendable {
        let stop = StopSignal()
        private let results = Mutex<[CompleteResult]>([])

        /// Records what a side found; a win or a proof leaves the other side nothing to do.
        func finish(_ result: CompleteResult) {
            if !result.ranOut { stop.raise() }
            results.withLock { $0.append(result) }
        }

        /// The verdict once both sides have finished, counting the positions searched before them.
        func outcome(from game: KlondikeGame, nodesBefore: Int) -> Outcome {
            let results = results.withLock { $0 }
            return KlondikeSolver.outcome(of: results, nodes: nodesBefore + results.reduce(0) { $0 + $1.nodes }, from: game)
        }
    }
}
