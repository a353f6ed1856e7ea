import Foundation
import GameRules
import KlondikeSolver
import Wire

/// `cardbench klondike-solver`: how many random deals the solver decides, how many of
/// those are winnable, and how long it takes; or one deal's winning moves as protocol lines.
struct KlondikeSolverOptions: Equatable {
    static let defaultDeals = 1_000
    static let defaultBudgetMilliseconds = 1_000

    var draw = 1
    var deals = defaultDeals
    var budgetMilliseconds = defaultBudgetMilliseconds
    /// Print this deal's solution instead of measuring.
    var solutionSeed: UInt64?
    var json = false
    /// Threads a deal is solved on: 2 runs the search for a win and the one that proves a
    /// deal dead side by side (``KlondikeSolver/solveSideBySide(_:budget:clock:runner:)``).
    var threads = defaultThreads
    /// 2 on a machine with two cores or more: on one, the two sides would run one after the
    /// other and the proof would get no time.
    static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount >= 2 ? 2 : 1 }

    /// The seeds a room's `seed` option takes.
    static let seedRange: ClosedRange<UInt64> = 0...(1 << 53) - 1
}

extension KlondikeSolverOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        draw = try values.number("--draw", in: 1...3, default: 1)
        guard draw == 1 || draw == 3 else { throw Options.ParseError(message: "--draw must be 1 or 3, not '\(draw)'") }
        deals = try values.number("--deals", in: 1...10_000_000, default: Self.defaultDeals)
        budgetMilliseconds = try values.number("--budget-ms", in: 1...3_600_000, default: Self.defaultBudgetMilliseconds)
        if let text = values.given["--solution"] {
            let seeds = Self.seedRange
            guard let seed = UInt64(text), seeds.contains(seed) else {
                throw Options.ParseError(message: "--solution must be a deal's seed, 0 to \(seeds.upperBound), not '\(text)'")
            }
            solutionSeed = seed
        }
        json = values.flags.contains("--json")
        threads = try values.number("--threads", in: 1...2, default: Self.defaultThreads)
    }
}

enum KlondikeSolverBench {
    /// Solves deals 1...N (each shuffled from its seed, as the server deals them) and prints the figures.
    static func run(_ options: KlondikeSolverOptions) throws(BenchError) {
        if let seed = options.solutionSeed { return try printSolution(seed: seed, options) }
        let budget = KlondikeSolver.Budget(nodes: Int.max, time: .milliseconds(options.budgetMilliseconds))
        let clock = ContinuousClock()
        var winnable = 0, notWinnable = 0, unknown = 0
        var times: [Double] = []
        var nodes: [Double] = []
        times.reserveCapacity(options.deals)
        for seed in 1...UInt64(options.deals) {
            let game = KlondikeGame(seed: seed, drawCount: options.draw)
            let start = clock.now
            let outcome = solve(game, budget: budget, threads: options.threads)
            times.append((clock.now - start).microseconds / 1_000)
            nodes.append(Double(outcome.nodes))
            switch outcome.verdict {
            case .winnable: winnable += 1
            case .notWinnable: notWinnable += 1
            case .unknown: unknown += 1
            }
        }
        // Timings keeps whatever unit it is given; these are milliseconds.
        let timings = Timings(times)
        let (p50, p99, maximum) = (timings.percentile(50), timings.percentile(99), timings.sorted.last ?? 0)
        if options.json {
            print(
                #"{"draw":\#(options.draw),"budget_ms":\#(options.budgetMilliseconds),"threads":\#(options.threads),"deals":\#(options.deals),"#
                    + #""winnable":\#(winnable),"not_winnable":\#(notWinnable),"unknown":\#(unknown),"#
                    + #""ms_p50":\#(fixed(p50, digits: 3)),"ms_p99":\#(fixed(p99, digits: 3)),"ms_max":\#(fixed(maximum, digits: 3))}"#)
            return
        }
        let deals = Double(options.deals)
        let decided = winnable + notWinnable
        print("klondike solver, draw \(options.draw), \(options.deals) deals (seeds 1-\(options.deals)), budget \(options.budgetMilliseconds) ms a deal, \(options.threads) thread\(options.threads == 1 ? "" : "s")")
        print("  winnable      \(winnable) (\(percent(winnable, of: deals)))")
        print("  not winnable  \(notWinnable) (\(percent(notWinnable, of: deals)))")
        print("  unknown       \(unknown) (\(percent(unknown, of: deals)))")
        print("  decided       \(decided) (\(percent(decided, of: deals))); winnable among decided \(percent(winnable, of: Double(max(decided, 1))))")
        let nodeCounts = Timings(nodes)
        let seconds = times.reduce(0, +) / 1_000
        print("  positions     p50 \(Int(nodeCounts.percentile(50))), p99 \(Int(nodeCounts.percentile(99))), \(Int(nodes.reduce(0, +) / max(seconds, 1e-9))) a second")
        print("  time a deal   p50 \(fixed(p50, digits: 2)) ms, p99 \(fixed(p99, digits: 2)) ms, max \(fixed(maximum, digits: 2)) ms")
        // What a race's start costs the server's worker: a winnable deal found from a seed.
        var dealTimes: [Double] = []
        for seed in 1...UInt64(min(options.deals, 200)) {
            let start = clock.now
            _ = KlondikeSolver.winnableSeed(from: seed, drawCount: options.draw, passes: nil)
            dealTimes.append((clock.now - start).microseconds / 1_000)
        }
        let deal = Timings(dealTimes)
        print("  winnable deal as the server finds it (\(dealTimes.count) seeds): p50 \(fixed(deal.percentile(50), digits: 2)) ms, "
            + "p99 \(fixed(deal.percentile(99), digits: 2)) ms, max \(fixed(deal.sorted.last ?? 0, digits: 2)) ms")
        let published = publishedWinnable(draw: options.draw)
        let (low, high) = interval(around: published, deals: options.deals)
        let proved = Double(winnable) / deals
        print("  published     \(fixed(published * 100, digits: 2))% winnable (Blake & Gent); 95% interval for \(options.deals) deals "
            + "\(fixed(low * 100, digits: 2))-\(fixed(high * 100, digits: 2))%: the winnable proved is \(proved < low ? "below" : proved > high ? "above" : "inside") it")
    }

    /// One deal solved on one thread, or on two side by side.
    static func solve(_ game: KlondikeGame, budget: KlondikeSolver.Budget, threads: Int) -> KlondikeSolver.Outcome {
        threads == 1 ? KlondikeSolver.solve(game, budget: budget) : KlondikeSolver.solveSideBySide(game, budget: budget, runner: runOnTwoThreads)
    }

    /// Runs `first` and `second` at once, one on each core, and returns when both have.
    static func runOnTwoThreads(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        DispatchQueue.concurrentPerform(iterations: 2) { $0 == 0 ? first() : second() }
    }

    /// Prints one deal's winning moves, one protocol command a line.
    private static func printSolution(seed: UInt64, _ options: KlondikeSolverOptions) throws(BenchError) {
        for line in try solutionLines(seed: seed, draw: options.draw, budgetMilliseconds: options.budgetMilliseconds, threads: options.threads) {
            print(line)
        }
    }

    /// One deal's winning moves as protocol lines (without their newlines), to send in a
    /// one-seat room created with that seed and draw. On two threads as the bench solves
    /// (deal 339 drawing three is won so in milliseconds, and not within a second on one).
    /// - Throws: ``BenchError`` when the deal cannot be won or was not decided in time.
    static func solutionLines(seed: UInt64, draw: Int, budgetMilliseconds: Int, threads: Int = 1) throws(BenchError) -> [String] {
        let game = KlondikeGame(seed: seed, drawCount: draw)
        let budget = KlondikeSolver.Budget(nodes: Int.max, time: .milliseconds(budgetMilliseconds))
        switch solve(game, budget: budget, threads: threads).verdict {
        case .winnable(let actions):
            return actions.map { action in
                String(decoding: ClientRequest(command: ClientCommand(action)).encodedLine().dropLast(), as: UTF8.self)
            }
        case .notWinnable:
            throw BenchError("deal \(seed) (draw \(draw)) cannot be won")
        case .unknown:
            throw BenchError("deal \(seed) (draw \(draw)) was not decided within \(budgetMilliseconds) ms; try a larger --budget-ms")
        }
    }

    /// The winnable fraction of thoughtful Klondike with unlimited passes, Blake & Gent
    /// (arXiv:1906.12314): 90.48% drawing one, 81.95% drawing three.
    static func publishedWinnable(draw: Int) -> Double {
        draw == 1 ? 0.9048 : 0.8195
    }

    /// The 95% interval of the fraction a sample of `deals` shows when the true one is `fraction`:
    /// ± 1.96 standard errors.
    static func interval(around fraction: Double, deals: Int) -> (low: Double, high: Double) {
        let error = 1.96 * (fraction * (1 - fraction) / Double(deals)).squareRoot()
        return (fraction - error, fraction + error)
    }

    private static func percent(_ count: Int, of total: Double) -> String {
        fixed(Double(count) / total * 100, digits: 2) + "%"
    }
}
