import Glibc

/// Step 5 of Glicko-2: the new volatility σ′, found with the Illinois algorithm.
///
/// Solves f(x) = 0 for x = ln(σ′²), where
/// f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ² and a = ln(σ²),
/// exactly as Glickman's 2012 procedure does, stopping once the bracket is
/// narrower than ``GlickoSettings/convergenceTolerance``.
///
/// Two loops are capped by ``GlickoSettings/maxIterations`` so that no input
/// can hang a server. The first is the search for the second end of the
/// bracket, B = a − kτ: there the first term of f is above −1/2 and the second
/// is k/τ, so it stops by k = ⌈τ/2⌉ (at k = 1 for any τ below 2). The second is
/// the Illinois iteration itself, which converges in a handful of steps. At
/// the cap the current estimate is used.
/// - Parameters:
///   - volatility: σ, the volatility before the period; positive.
///   - deviation: φ, the deviation before the period, on the Glicko-2 scale.
///   - variance: v from step 3.
///   - improvement: Δ from step 4.
///   - settings: Supplies τ, ε and the iteration cap.
/// - Returns: σ′; σ unchanged if floating point fails to produce a positive, finite value.
func newVolatility(
    volatility sigma: Double,
    deviation phi: Double,
    variance v: Double,
    improvement delta: Double,
    settings: GlickoSettings
) -> Double {
    let a = log(sigma * sigma)
    let tau = settings.tau
    let deltaSquared = delta * delta
    let phiSquared = phi * phi

    func f(_ x: Double) -> Double {
        let ex = exp(x)
        let spread = phiSquared + v + ex
        return ex * (deltaSquared - phiSquared - v - ex) / (2 * spread * spread)
            - (x - a) / (tau * tau)
    }

    // (2) The initial bracket between A and B (B may lie on either side of A).
    var pointA = a
    var pointB: Double
    if deltaSquared > phiSquared + v {
        pointB = log(deltaSquared - phiSquared - v)
    } else {
        var k = 1
        while f(a - Double(k) * tau) < 0, k < settings.maxIterations {
            k += 1
        }
        pointB = a - Double(k) * tau
    }

    // (3), (4) Regula falsi with the Illinois halving, which keeps the stale
    // end of the bracket from stalling convergence.
    var fA = f(pointA)
    var fB = f(pointB)
    var iterations = 0
    while abs(pointB - pointA) > settings.convergenceTolerance, iterations < settings.maxIterations {
        let pointC = pointA + (pointA - pointB) * fA / (fB - fA)
        let fC = f(pointC)
        // "≤" rather than "<": with f(C) exactly 0 the bracket then collapses
        // onto the root instead of stalling.
        if fC * fB <= 0 {
            pointA = pointB
            fA = fB
        } else {
            fA /= 2
        }
        pointB = pointC
        fB = fC
        iterations += 1
    }

    // (5)
    let result = exp(pointA / 2)
    return result.isFinite && result > 0 ? result : sigma
}
