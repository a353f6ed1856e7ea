import GameRules
import Synchronization

extension KlondikeSolver {
    /// Runs two pieces of work, at the same time when it can, and returns once both have
    /// returned. The solver starts no threads of its own: the caller says how work runs.
    public typealias Runner = (_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) -> Void

    /// Solves as ``solve(_:budget:clock:)`` does, but with two sides, each given the whole budget, so
    /// a machine with two cores decides more deals in the same time. The two sides search the
    /// same positions in different orders and share what they have finished
    /// (``SearchedPositions``), so a proof takes about half the time it takes one; whichever
    /// side wins or proves first stops the other.
    /// - Drawing three (or with passes limited), both first try to prove the deal dead with the
    ///   talon in any order (as ``proveDeadWithTalonInAnyOrder(_:nodeLimit:deadline:stop:)``
    ///   does alone), after two short runs of one side in shuffled orders; a win there only
    ///   ends that part.
    /// - Then the complete search over face-up cards (``KlondikeLayoutFreeSearch``): one side in
    ///   its own order, the other in shuffled orders, started again each time twice as long
    ///   (``searchInShuffledOrders(_:nodeLimit:deadline:stop:searched:firstRun:)``), which wins
    ///   deals the one order reaches late.
    ///
    /// The first focused search runs alone first: it wins most deals in a few thousand
    /// positions, and needs no second thread. With a node budget each side may visit that many.
    /// Which side's line is returned can depend on timing, so a server that must choose the
    /// same deal for a seed on any machine uses ``solve(_:budget:clock:)``.
    /// - Parameters:
    ///   - game: the game to solve; it is not changed.
    ///   - budget: how much work each side may take.
    ///   - clock: where the time of ``Budget/time`` is read, by both sides.
    ///   - runner: runs the two sides; one after the other is allowed (then the second gets
    ///     only what is left of the time).
    public static func solveSideBySide(
        _ game: KlondikeGame, budget: Budget, clock: some Clock<Duration> = ContinuousClock(), runner: Runner
    ) -> Outcome {
        if let decided = decidedWithoutSearch(game) { return decided }
        let deadline = budget.time.map { Deadline(after: $0, on: clock) }
        var focused = FocusedSearches()
        if let found = focused.run(game, nodeLimit: budget.nodes, deadline: deadline, attempts: 1) {
            return winnable(found, from: game, nodes: focused.nodes)
        }
        // The focused moves searched to the end: neither the beam nor another order can win.
        if focused.exhausted { return searchCompletely(game, after: focused, budget: budget, deadline: deadline) }

        let shared = SideBySide()
        runner(
            { shared.run(side: 0, game: game, nodeLimit: budget.nodes, deadline: deadline) },
            { shared.run(side: 1, game: game, nodeLimit: budget.nodes, deadline: deadline) })
        return shared.outcome(from: game, nodesBefore: focused.nodes)
    }

    /// The search over face-up cards (``KlondikeLayoutFreeSearch``) from 20,000 positions,
    /// each time twice as many with the moves in another order, until one wins, one runs to its
    /// end without a win (a proof, as the search in its own order would give), or the budget is
    /// spent; a line that cannot be made real (a fault of the search) proves nothing.
    /// - Parameters:
    ///   - searched: positions finished by other searches running at the same time, which
    ///     every run here shares; nil for a table of each run's own.
    ///   - firstRun: the run to start from (1 for the first); the orders and lengths of the
    ///     runs before it are skipped, as when they have been made already.
    static func searchInShuffledOrders(
        _ game: KlondikeGame, nodeLimit: Int, deadline: Deadline?, stop: StopSignal?,
        searched: SearchedPositions? = nil, firstRun: Int = 1
    ) -> CompleteResult {
        var nodes = 0, limit = firstFocusedLimit << min(firstRun - 1, 40), attempt = UInt64(firstRun)
        while nodes < nodeLimit, deadline?.hasPassed != true, stop?.isRaised != true {
            guard var search = KlondikeLayoutFreeSearch(
                game: game, nodeLimit: min(limit, nodeLimit - nodes), deadline: deadline, stop: stop, searched: searched)
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
        private let parent: StopSignal?

        /// - Parameter parent: a signal that raises this one too.
        init(parent: StopSignal? = nil) {
            self.parent = parent
        }

        func raise() { raised.store(true, ordering: .relaxed) }

        var isRaised: Bool { raised.load(ordering: .relaxed) || parent?.isRaised == true }
    }

    /// What the two sides of ``solveSideBySide(_:budget:clock:runner:)`` share.
    private final class SideBySide: Sendable {
        let stop = StopSignal()
        /// Ends the proof with the talon in any order once a side wins it (or all is decided).
        private let relaxedStop: StopSignal
        /// Sized for a search of a second or so from the start (2 MiB and 8 MiB), so that the
        /// sides seldom stop for the table to grow.
        private let relaxed = SearchedPositions(capacity: 1 << 18)
        private let exact = SearchedPositions(capacity: 1 << 20)
        private let results = LockedValue<[CompleteResult]>([])

        init() {
            relaxedStop = StopSignal(parent: stop)
        }

        /// Runs in shuffled orders that side 1 makes before the proof with the talon in any order.
        private static let probeRuns = 2

        /// One side's work: side 0 searches in the natural order, side 1 in shuffled ones.
        /// - Drawing three (or with passes limited), side 1 first makes two short runs in
        ///   shuffled orders (``probeRuns``): some deals whose proof with the talon in any
        ///   order ends in a win only after seconds are won in the real game in a thousand
        ///   positions (drawing three, deal 836: 1,010).
        /// - Then both try the proof with the talon in any order, for as long as it takes or
        ///   three quarters of the positions: it ends soon with a win in most deals (which
        ///   proves nothing), and proves dead, in up to a second on two cores, deals the real
        ///   game takes far longer over (deals 17, 98, 180, 947 drawing three).
        /// - Then the complete search of the real game, side 1 going on with its shuffled runs.
        func run(side: Int, game: KlondikeGame, nodeLimit: Int, deadline: Deadline?) {
            var spent = 0
            let relaxes = KlondikeSolver.talonOrderMatters(in: game)
            if relaxes && side == 1 {
                let probe = KlondikeSolver.searchInShuffledOrders(
                    game, nodeLimit: min(nodeLimit, KlondikeSolver.firstFocusedLimit * ((1 << Self.probeRuns) - 1)), deadline: deadline,
                    stop: stop, searched: exact)
                if !probe.ranOut {
                    finish(probe)
                    return
                }
                spent = probe.nodes
            }
            if let proof = KlondikeSolver.proveDeadWithTalonInAnyOrder(
                game, nodeLimit: nodeLimit / 4 * 3, deadline: deadline, stop: relaxedStop, searched: relaxed,
                orderShuffle: side == 1 ? SplitMix64(seed: 1) : nil) {
                spent += proof.nodes
                if proof.provedDead {
                    finish(CompleteResult(moves: nil, ranOut: false, nodes: spent))
                    return
                }
                // A win with the talon in any order proves nothing: on to the real game.
                if proof.won { relaxedStop.raise() }
            }
            let limit = max(0, nodeLimit - spent)
            var result = side == 0
                ? KlondikeSolver.searchCompletely(game, nodeLimit: limit, deadline: deadline, stop: stop, relaxedShare: nil, searched: exact)
                : KlondikeSolver.searchInShuffledOrders(
                    game, nodeLimit: limit, deadline: deadline, stop: stop, searched: exact, firstRun: relaxes ? Self.probeRuns + 1 : 1)
            result.nodes += spent
            finish(result)
        }

        /// Records what a side found; a win or a proof leaves the other side nothing to do.
        private func finish(_ result: CompleteResult) {
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
