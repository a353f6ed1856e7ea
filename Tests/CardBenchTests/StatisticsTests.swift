import Testing
@testable import cardbench

/// Percentiles by nearest rank, and the number formatting of the figures.
struct StatisticsTests {
    @Test(arguments: [
        (50.0, 10, 5), (99.0, 10, 10), (99.9, 10, 10), (0.0, 10, 1), (100.0, 10, 10),
        (50.0, 1, 1), (99.0, 1_000, 990), (99.9, 1_000, 999), (99.9, 10_000, 9_990), (50.0, 5, 3),
        (25.0, 4, 1), (25.1, 4, 2),
    ])
    func nearestRankIsTheCeilingOfTheShare(percent: Double, count: Int, rank: Int) {
        #expect(nearestRank(percent: percent, of: count) == rank)
    }

    @Test func percentilesOfOneToAHundredAreThemselves() {
        let timings = Timings((1...100).reversed().map(Double.init))
        #expect(timings.percentile(50) == 50)
        #expect(timings.percentile(99) == 99)
        #expect(timings.percentile(99.9) == 100)
        #expect(timings.percentile(0) == 1)
        #expect(timings.percentile(100) == 100)
        #expect(timings.mean == 50.5)
    }

    @Test func percentilesPickMeasuredValuesNeverInterpolate() {
        let timings = Timings([40, 10, 30, 20])
        #expect(timings.percentile(50) == 20)
        #expect(timings.percentile(51) == 30)
        #expect(timings.percentile(75) == 30)
        #expect(timings.percentile(76) == 40)
    }

    @Test func oneSlowRequestInAThousandIsTheP999() {
        let timings = Timings(Array(repeating: 100, count: 999) + [9_000])
        #expect(timings.percentile(99) == 100)
        #expect(timings.percentile(99.9) == 100)
        #expect(timings.percentile(100) == 9_000)
        let tail = Timings(Array(repeating: 100, count: 998) + [9_000, 9_000])
        #expect(tail.percentile(99.9) == 9_000)
    }

    @Test func nanosecondsAreKeptInMicroseconds() {
        let timings = Timings(nanoseconds: [1_500, 250_000, 2_000])
        #expect(timings.sorted == [1.5, 2, 250])
    }

    @Test func percentileLinesNameEachPercentileInWholeMicroseconds() {
        let lines = percentileLines("latency", Timings((1...1_000).map { Double($0) + 0.4 }))
        #expect(lines == ["latency p50: 500 µs", "latency p99: 990 µs", "latency p999: 999 µs"])
    }

    @Test(arguments: [
        (1.0, 2, "1.00"), (0.005, 2, "0.01"), (-1.25, 1, "-1.3"), (1234.5, 0, "1235"), (-0.001, 2, "0.00"),
        (0.05, 3, "0.050"),
    ])
    func fixedShowsExactlyTheDigitsAskedFor(value: Double, digits: Int, text: String) {
        #expect(fixed(value, digits: digits) == text)
    }
}
