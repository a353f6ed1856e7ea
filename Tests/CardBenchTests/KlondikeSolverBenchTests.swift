@testable import cardbench
import Testing

/// The published winnable fractions and the intervals `cardbench klondike-solver` judges by.
struct KlondikeSolverBenchTests {
    @Test(arguments: [(1, "90.48", "88.66", "92.30"), (3, "81.95", "79.57", "84.33")])
    func theIntervalForAThousandDealsIsTheOneTheREADMEGives(draw: Int, published: String, low: String, high: String) {
        let fraction = KlondikeSolverBench.publishedWinnable(draw: draw)
        let interval = KlondikeSolverBench.interval(around: fraction, deals: 1_000)
        #expect(fixed(fraction * 100) == published)
        #expect(fixed(interval.low * 100) == low)
        #expect(fixed(interval.high * 100) == high)
    }
}
