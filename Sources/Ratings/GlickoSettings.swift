/// The constants of a Glicko-2 rating system.
public struct GlickoSettings: Equatable, Sendable {
    /// The system constant τ, which limits how fast volatility can change.
    ///
    /// Glickman suggests 0.3 to 1.2; smaller values damp the effect of very
    /// improbable results. 0.5 is the value of his worked example.
    public var tau: Double
    /// The largest deviation a rating can have: that of an unrated player (350).
    public var maxDeviation: Double
    /// The deviation at or above which a rating is provisional (110, as on lichess).
    public var provisionalDeviation: Double
    /// The convergence tolerance ε of the volatility iteration (0.000001, Glickman's value).
    public var convergenceTolerance: Double
    /// The most iterations the volatility search may take before it settles for its best estimate.
    ///
    /// The Illinois iteration converges superlinearly, in under ten steps for
    /// any realistic input; the cap only guarantees that a game server never
    /// spins on pathological floating-point input.
    public var maxIterations: Int

    /// Creates settings; every parameter defaults to the standard value.
    /// - Parameters:
    ///   - tau: The system constant τ; must be positive.
    ///   - maxDeviation: The cap on any deviation; must be positive.
    ///   - provisionalDeviation: The deviation from which a rating is provisional.
    ///   - convergenceTolerance: The tolerance ε of the volatility iteration; must be positive.
    ///   - maxIterations: The cap on volatility iterations; must be positive.
    public init(
        tau: Double = 0.5,
        maxDeviation: Double = 350,
        provisionalDeviation: Double = 110,
        convergenceTolerance: Double = 0.000001,
        maxIterations: Int = 100
    ) {
        precondition(tau > 0, "τ must be positive: the volatility equation divides by τ²")
        precondition(maxDeviation > 0, "maxDeviation must be positive")
        precondition(convergenceTolerance > 0, "convergenceTolerance must be positive")
        precondition(maxIterations > 0, "maxIterations must be positive")
        self.tau = tau
        self.maxDeviation = maxDeviation
        self.provisionalDeviation = provisionalDeviation
        self.convergenceTolerance = convergenceTolerance
        self.maxIterations = maxIterations
    }

    /// The standard settings: τ 0.5, maximum RD 350, provisional from RD 110, ε 0.000001, 100 iterations.
    public static let standard = GlickoSettings()
}
