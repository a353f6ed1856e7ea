/// A player's Glicko-2 rating, on the familiar scale where a new player is 1500 ± 350.
///
/// Values are kept unrounded; round only for display, with ``roundedToTenth(_:)``,
/// so that repeated updates do not accumulate rounding error.
public struct Rating: Equatable, Sendable {
    /// The rating, r (1500 for a new player).
    public var rating: Double
    /// The rating deviation, RD: one standard deviation of the uncertainty in ``rating``.
    public var deviation: Double
    /// The volatility, σ: how erratically the player's true strength is expected to move.
    public var volatility: Double

    /// Creates a rating from its three components, on the familiar (Glicko-1) scale.
    /// - Parameters:
    ///   - rating: The rating, r.
    ///   - deviation: The rating deviation, RD.
    ///   - volatility: The volatility, σ.
    public init(rating: Double, deviation: Double, volatility: Double) {
        self.rating = rating
        self.deviation = deviation
        self.volatility = volatility
    }

    /// The rating of an unrated player, as Glickman recommends: 1500, RD 350, σ 0.06.
    public static let initial = Rating(rating: 1500, deviation: 350, volatility: 0.06)

    /// Whether the rating is still too uncertain to be shown as settled.
    ///
    /// Follows lichess, which marks a rating with "?" while its deviation is at
    /// least 110.
    /// - Parameter settings: Supplies the threshold, ``GlickoSettings/provisionalDeviation``.
    /// - Returns: `true` when ``deviation`` is at least the threshold.
    public func isProvisional(_ settings: GlickoSettings = .standard) -> Bool {
        deviation >= settings.provisionalDeviation
    }
}

/// Rounds a value to one decimal place for display, halves away from zero.
///
/// Stored ratings stay unrounded; this is only for what a player sees.
/// - Parameter value: A rating or deviation.
/// - Returns: `value` rounded to the nearest tenth, for example 1464.0507 → 1464.1.
public func roundedToTenth(_ value: Double) -> Double {
    (value * 10).rounded() / 10
}
