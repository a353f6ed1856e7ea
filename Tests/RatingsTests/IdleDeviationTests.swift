import Testing
import Ratings

@Test func aYearIdleGrowsDeviation50To205() {
    let rating = Rating(rating: 1800, deviation: 50, volatility: 0.06)
    // φ = 50 / 173.7178 = 0.28782312; φ² = 0.08284215
    // σ²·t = 0.0036 × 365 = 1.314
    // φ′ = √(0.08284215 + 1.314) = √1.39684215 = 1.18188077
    // RD′ = 1.18188077 × 173.7178 = 205.31373
    #expect(abs(deviationAfterIdle(rating, days: 365) - 205.31373) < 0.00001)
}

@Test func idleGrowthIsCappedAtTheMaximumDeviation() {
    let rating = Rating(rating: 1500, deviation: 300, volatility: 0.06)
    // Uncapped: √((300/173.7178)² + 0.0036 × 1000) × 173.7178 = 454.6.
    #expect(deviationAfterIdle(rating, days: 1000) == 350)
    #expect(deviationAfterIdle(.initial, days: 1) == 350)
    #expect(deviationAfterIdle(rating, days: .infinity) == 350)
}

@Test func idleGrowthIsCappedAtAConfiguredMaximum() {
    let rating = Rating(rating: 1500, deviation: 50, volatility: 0.06)
    #expect(deviationAfterIdle(rating, days: 365, settings: GlickoSettings(maxDeviation: 200)) == 200)
}

@Test(arguments: [0.0, -3, .nan])
func noTimePassedLeavesDeviationUnchanged(days: Double) {
    let rating = Rating(rating: 1500, deviation: 50, volatility: 0.06)
    #expect(deviationAfterIdle(rating, days: days) == 50)
}

@Test func oneIdleDayIsOneRatingPeriodOfGrowth() {
    let rating = Rating(rating: 1500, deviation: 200, volatility: 0.06)
    let stepSix = updatedRating(rating, results: [])
    #expect(abs(deviationAfterIdle(rating, days: 1) - stepSix.deviation) < 1e-9)
}
