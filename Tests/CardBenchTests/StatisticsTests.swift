import Testing
@testable import cardbench

/// Percentiles by nearest rank, and the number formatting of the figures.
struct StatisticsTests {
    @Test(arguments: [
        (50.0, 10, 5), (99.0, 10, 10), (99.9, 10, 10), (0.0, 10, 1), (100.0, 10, 10),
        (50.0, 1, 1), (99.0, 1_000, 990), (99.9, 1_000, 999), (99.9, 10_000, 9_990), (50.0, 5, 3),
    ])
    func nearestRankIsTheCeilingOfTheShare(percent: Double, count: Int, rank: Int) {
        #expect(nearestRank(percent: percent, of: count) == rank)
    }
}
