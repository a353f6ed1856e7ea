import Testing
import Ratings

private func newPlayer(_ id: String, score: Int) -> GamePlayer {
    GamePlayer(id: id, rating: .initial, score: score, daysIdle: 0)
}

@Test func twoNewPlayersWinnerGainsWhatLoserLoses() {
    let updates = ratingsAfterGame([newPlayer("ann", score: 1), newPlayer("bob", score: 0)])
    let winner = updates[0].rating
    let loser = updates[1].rating
    // From an independent computation of the paper's formulas: ±162.3109,
    // RD 350 → 290.3190.
    #expect(abs(winner.rating - 1662.31089) < 0.00001)
    #expect(abs((winner.rating - 1500) - (1500 - loser.rating)) < 1e-9)
    #expect(winner.deviation == loser.deviation)
    #expect(abs(winner.deviation - 290.31896) < 0.00001)
    #expect(winner.volatility == loser.volatility)
}

@Test func drawBetweenEqualRatingsChangesNoRating() {
    let updates = ratingsAfterGame([newPlayer("ann", score: 3), newPlayer("bob", score: 3)])
    for update in updates {
        #expect(update.rating.rating == 1500)
        #expect(update.rating.deviation < 350)
    }
}

@Test func threePlayersAreRatedOnTheirPairwiseResults() {
    let updates = ratingsAfterGame([
        newPlayer("ann", score: 10), newPlayer("bob", score: 5), newPlayer("cid", score: 5),
    ])
    #expect(updates.map(\.id) == ["ann", "bob", "cid"])
    let start = Rating.initial
    let twoWins = updatedRating(start, results: [(start, .win), (start, .win)])
    let lossAndDraw = updatedRating(start, results: [(start, .loss), (start, .draw)])
    #expect(updates[0].rating == twoWins)
    #expect(updates[1].rating == lossAndDraw)
    #expect(updates[2].rating == lossAndDraw)
    #expect(updates[0].rating.rating > 1500)
    #expect(updates[1].rating.rating < 1500)
    #expect(updates[1].rating == updates[2].rating)
    // Independent computation: 1747.3181 and 1376.3410.
    #expect(abs(updates[0].rating.rating - 1747.31807) < 0.00001)
    #expect(abs(updates[1].rating.rating - 1376.34097) < 0.00001)
}

@Test func idleDaysGrowEveryonesDeviationBeforeTheGame() {
    let veteran = Rating(rating: 1700, deviation: 60, volatility: 0.06)
    let rookie = Rating(rating: 1500, deviation: 200, volatility: 0.06)
    let updates = ratingsAfterGame([
        GamePlayer(id: "vet", rating: veteran, score: 0, daysIdle: 30),
        GamePlayer(id: "new", rating: rookie, score: 1, daysIdle: 2),
    ])
    var grownVeteran = veteran
    grownVeteran.deviation = deviationAfterIdle(veteran, days: 30)
    var grownRookie = rookie
    grownRookie.deviation = deviationAfterIdle(rookie, days: 2)
    // Each side plays the other as grown by the other's idle days.
    #expect(updates[0].rating == updatedRating(grownVeteran, results: [(grownRookie, .loss)]))
    #expect(updates[1].rating == updatedRating(grownRookie, results: [(grownVeteran, .win)]))
}

@Test func abandonerLosesToEveryoneAndOthersOnlyBeatTheAbandoner() {
    let players = [newPlayer("ann", score: 0), newPlayer("bob", score: 9), newPlayer("cid", score: 4)]
    let updates = ratingsAfterAbandonedGame(players, abandonerIndex: 1)
    let start = Rating.initial
    #expect(updates.map(\.id) == ["ann", "bob", "cid"])
    #expect(updates[1].rating == updatedRating(start, results: [(start, .loss), (start, .loss)]))
    #expect(updates[0].rating == updatedRating(start, results: [(start, .win)]))
    #expect(updates[2].rating == updatedRating(start, results: [(start, .win)]))
}

@Test func aGameOfOneIsAnIdlePeriod() {
    let rating = Rating(rating: 1600, deviation: 80, volatility: 0.06)
    let updates = ratingsAfterGame([GamePlayer(id: "solo", rating: rating, score: 1, daysIdle: 0)])
    #expect(updates == [RatingUpdate(id: "solo", rating: updatedRating(rating, results: []))])
}

@Test func noPlayersNoUpdates() {
    #expect(ratingsAfterGame([]).isEmpty)
}
