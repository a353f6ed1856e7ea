import Glibc

// Glicko-2 as Mark Glickman specifies it in "Example of the Glicko-2 system"
// (glicko.net/glicko/glicko2.pdf); step numbers below are his.
//
// How this module uses rating periods: every rated game is its own rating
// period, so ratings change the moment a game ends (instant updates, as on
// lichess), and the growth of the deviation while a player is idle between
// games is measured in days, i.e. one day counts as one rating period for
// that growth (see `deviationAfterIdle`).

/// Glickman's factor between the familiar scale and the Glicko-2 scale (400 / ln 10).
let glicko2ScaleFactor = 173.7178

/// The familiar-scale rating that sits at 0 on the Glicko-2 scale.
let glicko2ScaleCenter = 1500.0

/// The quantities one rating period computes on the Glicko-2 scale, kept apart
/// so the tests can check each against Glickman's worked example.
struct RatingPeriodSteps: Equatable {
    /// Step 3: v, the estimated variance of the rating from the game outcomes alone.
    var variance: Double
    /// Step 4: Δ, the estimated improvement over the pre-period rating.
    var improvement: Double
    /// Step 5: σ′, the new volatility.
    var volatility: Double
    /// Step 6: φ*, the pre-period deviation grown by one period of volatility.
    var preRatingDeviation: Double
    /// Step 7: φ′, the new deviation.
    var deviation: Double
    /// Step 7: μ′, the new rating.
    var rating: Double
}

/// Updates one player's rating for one rating period of games.
///
/// Every opponent is taken at their rating from before the period. With no
/// games only step 6 applies: the deviation grows to φ* = √(φ² + σ²) and the
/// rating and volatility stay. In every case the new deviation is capped at
/// ``GlickoSettings/maxDeviation``, so that no one is ever less certain than an
/// unrated player (Glickman's steps leave this cap to the administrator).
/// - Parameters:
///   - player: The player's rating at the start of the period.
///   - results: Each game of the period: the opponent's pre-period rating and
///     the outcome from the player's side. Order does not matter.
///   - settings: The system constants.
/// - Returns: The player's rating at the end of the period.
public func updatedRating(
    _ player: Rating,
    results: [(opponent: Rating, outcome: Outcome)],
    settings: GlickoSettings = .standard
) -> Rating {
    guard let steps = ratingPeriodSteps(player, results: results, settings: settings) else {
        return ratingWithoutGames(player, settings: settings)
    }
    return Rating(
        rating: glicko2ScaleCenter + steps.rating * glicko2ScaleFactor,
        deviation: min(steps.deviation * glicko2ScaleFactor, settings.maxDeviation),
        volatility: steps.volatility
    )
}

/// The deviation of a player after an idle stretch, in days, since their last rated game.
///
/// Computes RD′ = min(maxDeviation, √(RD² + σ²·t)) on the Glicko-2 scale:
/// φ′ = √(φ² + σ²·t) with φ = RD / 173.7178, t in days. Since each game is its
/// own rating period, the clock between games supplies the passage of time
/// that Glickman's step 6 adds once per period: one day counts as one period.
/// With σ = 0.06 this takes RD 50 to about 205 in a year.
/// - Parameters:
///   - rating: The rating as of the player's last rated game.
///   - days: The days since that game; zero, negative or NaN means no time passed.
///   - settings: Supplies the cap, ``GlickoSettings/maxDeviation``.
/// - Returns: The grown deviation, on the familiar scale, at most `maxDeviation`.
public func deviationAfterIdle(
    _ rating: Rating,
    days: Double,
    settings: GlickoSettings = .standard
) -> Double {
    // No time passed: hand the deviation back untouched rather than through a
    // scale round trip that could move it by a unit in the last place.
    guard days > 0 else { return min(rating.deviation, settings.maxDeviation) }
    let phi = rating.deviation / glicko2ScaleFactor
    let sigma = rating.volatility
    let grown = (phi * phi + sigma * sigma * days).squareRoot() * glicko2ScaleFactor
    return min(grown, settings.maxDeviation)
}

/// Step 6 alone: the rating of a player with no games in the period.
func ratingWithoutGames(_ player: Rating, settings: GlickoSettings) -> Rating {
    let phi = player.deviation / glicko2ScaleFactor
    let sigma = player.volatility
    let grown = (phi * phi + sigma * sigma).squareRoot() * glicko2ScaleFactor
    return Rating(
        rating: player.rating,
        deviation: min(grown, settings.maxDeviation),
        volatility: sigma
    )
}

/// Steps 2 to 8 for one player and one rating period, on the Glicko-2 scale.
/// - Returns: The intermediate and final values, or `nil` when the games carry
///   no information that a `Double` can hold (no games, or opponents so far
///   apart that every expected score rounds to exactly 0 or 1), in which case
///   the caller applies step 6 alone.
func ratingPeriodSteps(
    _ player: Rating,
    results: [(opponent: Rating, outcome: Outcome)],
    settings: GlickoSettings
) -> RatingPeriodSteps? {
    // Step 2: to the Glicko-2 scale.
    let mu = (player.rating - glicko2ScaleCenter) / glicko2ScaleFactor
    let phi = player.deviation / glicko2ScaleFactor

    // Steps 3 and 4 accumulate the same two sums: Σ g²·E·(1 − E), which is 1/v,
    // and Σ g·(s − E), which is Δ/v.
    var information = 0.0
    var weightedSurprise = 0.0
    for (opponent, outcome) in results {
        let opponentMu = (opponent.rating - glicko2ScaleCenter) / glicko2ScaleFactor
        let opponentPhi = opponent.deviation / glicko2ScaleFactor
        let g = reductionFactor(opponentPhi)
        let exponent = g * (mu - opponentMu)
        // E and 1 − E each come from their own exponential: subtracting E from 1
        // would give exactly 0 for a lopsided pairing and make v infinite.
        let expected = 1 / (1 + exp(-exponent))
        let complement = 1 / (1 + exp(exponent))
        let score = outcome.score
        information += g * g * expected * complement
        // s − E, written as s·(1 − E) − (1 − s)·E for the same reason.
        weightedSurprise += g * (score * complement - (1 - score) * expected)
    }
    guard information > 0, information.isFinite, weightedSurprise.isFinite else { return nil }
    let variance = 1 / information
    guard variance.isFinite else { return nil }
    let improvement = variance * weightedSurprise

    // Step 5.
    let sigma = newVolatility(
        volatility: player.volatility,
        deviation: phi,
        variance: variance,
        improvement: improvement,
        settings: settings
    )

    // Step 6.
    let phiStar = (phi * phi + sigma * sigma).squareRoot()

    // Step 7.
    let newPhi = 1 / (1 / (phiStar * phiStar) + information).squareRoot()
    let newMu = mu + newPhi * newPhi * weightedSurprise

    return RatingPeriodSteps(
        variance: variance,
        improvement: improvement,
        volatility: sigma,
        preRatingDeviation: phiStar,
        deviation: newPhi,
        rating: newMu
    )
}

/// Glickman's g(φ) = 1/√(1 + 3φ²/π²): how much an opponent's uncertainty
/// discounts what a game against them tells us.
func reductionFactor(_ phi: Double) -> Double {
    1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
}
