import Synchronization

extension KlondikeSolver {
    /// Runs two pieces of work, at the same time when it can, and returns once both have
    /// returned. GameRules starts no threads of its own: the caller says how work runs.
    public typealias Runner = (_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) -> Void

    /// Solves as ``solve(_:budget:)`` does, but with the searches for a win and the search
    /// that can prove a deal dead side by side, each given the whole budget, so a machine
    /// with two cores decides more deals in the same time (the complete search, which alone
    /// proves a deal dead, gets four times the time it gets one after the other). Whichever
    /// decides first stops the other.
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
        let firstSearches = focused
        runner(
            {
                var focused = firstSearches
                let found = focused.run(
                    game, nodeLimit: budget.nodes, deadline: deadline, beamTime: FocusedSearches.beamTime(within: budget), stop: shared.stop)
                if found != nil { shared.stop.raise() }
                shared.finishFocused(found, nodes: focused.nodes)
            },
            {
                let complete = searchCompletely(game, nodeLimit: budget.nodes, deadline: deadline, stop: shared.stop)
                // A proof, or a win: either way the other side has nothing left to do.
                if complete.moves != nil || !complete.ranOut { shared.stop.raise() }
                shared.finishComplete(complete)
            })
        return shared.outcome(from: game)
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
        private let results = Mutex<(focused: [KlondikeSearch.Move]?, focusedNodes: Int, complete: CompleteResult?)>((nil, 0, nil))

        func finishFocused(_ moves: [KlondikeSearch.Move]?, nodes: Int) {
            results.withLock { $0.focused = moves; $0.focusedNodes = nodes }
        }

        func finishComplete(_ result: CompleteResult) {
            results.withLock { $0.complete = result }
        }

        /// The verdict once both sides have finished.
        func outcome(from game: KlondikeGame) -> Outcome {
            let (focused, focusedNodes, complete) = results.withLock { $0 }
            return KlondikeSolver.outcome(focused: focused, complete: complete, nodes: focusedNodes + (complete?.nodes ?? 0), from: game)
        }
    }
}
