import Testing
@testable import Ratings

private let strong = Rating(rating: 3000, deviation: 30, volatility: 0.06)
private let weak = Rating(rating: 500, deviation: 350, volatility: 0.06)

private func isSane(_ rating: Rating) -> Bool {
    rating.rating.isFinite && rating.deviation > 0 && rating.deviation <= 350
        && rating.volatility.isFinite && rating.volatility > 0
}

@Test(arguments: [
    (strong, weak), (weak, strong),
    (Rating(rating: 3000, deviation: 350, volatility: 0.06), Rating(rating: 500, deviation: 30, volatility: 0.06)),
    (Rating(rating: 500, deviation: 30, volatility: 0.06), Rating(rating: 3000, deviation: 350, volatility: 0.06)),
], Outcome.allCases)
func lopsidedPairingsGiveFiniteRatings(pair: (Rating, Rating), outcome: Outcome) {
    let (player, opponent) = pair
    let new = updatedRating(player, results: [(opponent, outcome)])
    #expect(isSane(new))
    switch outcome {
    case .win: #expect(new.rating >= player.rating)
    case .loss: #expect(new.rating <= player.rating)
    case .draw: break
    }
}

@Test func upsetAgainstTheFavouriteMovesTheUnderdogFar() {
    // 500 / 350 beats 3000 / 30: independent computation gives 1202.6127, RD capped at 350.
    let new = updatedRating(weak, results: [(strong, .win)])
    #expect(abs(new.rating - 1202.61273) < 0.0001)
    #expect(new.deviation == 350)
}

@Test func ratingsTooFarApartForDoubleAreAnIdlePeriod() {
    // A gap of 2,000,000 points makes exp overflow: E is exactly 1 and 1 − E
    // exactly 0, so the game carries no information a Double can hold.
    let player = Rating(rating: 1_000_000, deviation: 30, volatility: 0.06)
    let opponent = Rating(rating: -1_000_000, deviation: 30, volatility: 0.06)
    for outcome in Outcome.allCases {
        #expect(updatedRating(player, results: [(opponent, outcome)]) == updatedRating(player, results: []))
    }
}

@Test func volatilitySearchStopsAtItsIterationCap() {
    let settings = GlickoSettings(tau: 1000, maxIterations: 3)
    let new = updatedRating(weak, results: [(strong, .win)], settings: settings)
    #expect(isSane(new))
}

@Test(arguments: [0.2, 0.5, 1.2, 5])
func volatilityConvergesForAnyTau(tau: Double) {
    let settings = GlickoSettings(tau: tau)
    for (player, opponent) in [(strong, weak), (weak, strong)] {
        for outcome in Outcome.allCases {
            #expect(isSane(updatedRating(player, results: [(opponent, outcome)], settings: settings)))
        }
    }
}

@Test func bracketSearchStopsAtItsIterationCap() {
    // With Δ = 0 and τ = 1000 the search for B would need k = 500 steps; the
    // cap of 3 cuts it short and the result must still be a usable volatility.
    let settings = GlickoSettings(tau: 1000, maxIterations: 3)
    let sigma = newVolatility(volatility: 0.06, deviation: 1, variance: 2, improvement: 0, settings: settings)
    #expect(sigma.isFinite)
    #expect(sigma > 0)
}
