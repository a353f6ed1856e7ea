import Testing
@testable import Ratings

/// Glickman's worked example from "Example of the Glicko-2 system": a 1500 / 200 / 0.06
/// player, τ = 0.5, beats a 1400 / 30, loses to a 1550 / 100 and to a 1700 / 300.
private let examplePlayer = Rating(rating: 1500, deviation: 200, volatility: 0.06)
private let exampleResults: [(opponent: Rating, outcome: Outcome)] = [
    (Rating(rating: 1400, deviation: 30, volatility: 0.06), .win),
    (Rating(rating: 1550, deviation: 100, volatility: 0.06), .loss),
    (Rating(rating: 1700, deviation: 300, volatility: 0.06), .loss),
]

@Test func glickmansExampleGivesHisNewRating() {
    let new = updatedRating(examplePlayer, results: exampleResults)
    #expect(abs(new.rating - 1464.06) < 0.01)
    #expect(abs(new.deviation - 151.52) < 0.01)
    #expect(abs(new.volatility - 0.05999) < 0.00001)
}

@Test func glickmansExampleGivesHisIntermediateValues() throws {
    let steps = try #require(ratingPeriodSteps(examplePlayer, results: exampleResults, settings: .standard))
    // Glickman prints values computed from g and E already rounded to 4 and 3
    // decimals (g = 0.9955, 0.9531, 0.7242; E = 0.639, 0.432, 0.303), so his
    // v and Δ are off by about 0.0005 from the unrounded ones; hence 0.001 here.
    #expect(abs(steps.variance - 1.7785) < 0.001)
    #expect(abs(steps.improvement - -0.4834) < 0.001)
    #expect(abs(steps.volatility - 0.05999) < 0.00001)
    #expect(abs(steps.preRatingDeviation - 1.152862) < 0.00001)
    #expect(abs(steps.deviation - 0.8722) < 0.0001)
    #expect(abs(steps.rating - -0.2069) < 0.0001)
}

@Test func glickmansExampleUnroundedIntermediateValues() throws {
    let steps = try #require(ratingPeriodSteps(examplePlayer, results: exampleResults, settings: .standard))
    // Full-precision values, from an independent re-implementation of the
    // paper's formulas in Python, carrying no rounding between steps.
    #expect(abs(steps.variance - 1.778977090) < 1e-8)
    #expect(abs(steps.improvement - -0.483933261) < 1e-8)
    #expect(abs(steps.volatility - 0.059995984) < 1e-8)
    #expect(abs(steps.preRatingDeviation - 1.152854690) < 1e-8)
    #expect(abs(steps.deviation - 0.872199188) < 1e-8)
    #expect(abs(steps.rating - -0.206940967) < 1e-8)
}

@Test func orderOfResultsDoesNotMatter() {
    let forward = updatedRating(examplePlayer, results: exampleResults)
    let backward = updatedRating(examplePlayer, results: exampleResults.reversed())
    #expect(abs(forward.rating - backward.rating) < 1e-9)
    #expect(abs(forward.deviation - backward.deviation) < 1e-9)
    #expect(abs(forward.volatility - backward.volatility) < 1e-12)
}

@Test func noGamesGrowsOnlyTheDeviationByStepSix() {
    let new = updatedRating(examplePlayer, results: [])
    // φ = 200 / 173.7178 = 1.1512924; φ* = √(1.1512924² + 0.06²) = √1.3290369
    // = 1.1528386; × 173.7178 = 200.27142.
    #expect(abs(new.deviation - 200.27142) < 0.00001)
    #expect(new.rating == 1500)
    #expect(new.volatility == 0.06)
}

@Test func noGamesNeverPushesTheDeviationPastTheMaximum() {
    #expect(updatedRating(.initial, results: []) == .initial)
}

@Test(arguments: [(Outcome.win, 1.0), (.draw, 0.5), (.loss, 0.0)])
func outcomeScores(outcome: Outcome, score: Double) {
    #expect(outcome.score == score)
    #expect(outcome.reversed.score == 1 - score)
}

@Test(arguments: [(350.0, true), (110, true), (109.99, false), (45, false)])
func provisionalFromDeviation110(deviation: Double, provisional: Bool) {
    let rating = Rating(rating: 1500, deviation: deviation, volatility: 0.06)
    #expect(rating.isProvisional() == provisional)
}

@Test(arguments: [(1464.0506705, 1464.1), (151.5165241, 151.5), (1500, 1500), (1464.04, 1464.0), (-0.05, -0.1)])
func roundedToTenthShowsOneDecimal(value: Double, shown: Double) {
    #expect(roundedToTenth(value) == shown)
}

@Test func initialRatingIsGlickmansDefault() {
    #expect(Rating.initial == Rating(rating: 1500, deviation: 350, volatility: 0.06))
}
