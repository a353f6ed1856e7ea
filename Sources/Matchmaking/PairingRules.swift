/// The rule a quick-pairing pool pairs by, after lichess's pools (`modules/pool`): two
/// waiting players cost the difference of their ratings less a bonus for each wave each of
/// them has waited through unpaired, and a pair whose cost is over ``maxCost`` is not made.
/// So the gap a player accepts widens as they wait: two players 100 apart are paired at the
/// first wave, two 500 apart once their bonuses have grown by 200 between them.
public struct PairingRules: Equatable, Sendable {
    /// The most a pair may cost (rating points).
    public var maxCost: Double
    /// What each missed wave takes off a player's pairs (lichess: 12).
    public var bonusPerMissedWave: Double
    /// The most the bonus grows to (lichess: 460): a player who has waited very long is
    /// still not paired with anyone at all.
    public var maxBonus: Double

    /// The server's rules: pairs up to 300 apart at once, 12 more a missed wave each, at
    /// most 460 each (so never more than 1,220 apart).
    public static let standard = PairingRules(maxCost: 300, bonusPerMissedWave: 12, maxBonus: 460)

    public init(maxCost: Double, bonusPerMissedWave: Double, maxBonus: Double) {
        self.maxCost = maxCost
        self.bonusPerMissedWave = bonusPerMissedWave
        self.maxBonus = maxBonus
    }

    /// The bonus of a player who has missed `waves` waves.
    public func bonus(missedWaves waves: Int) -> Double {
        min(maxBonus, Double(max(0, waves)) * bonusPerMissedWave)
    }

    /// What pairing `a` with `b` costs; nil when it is over ``maxCost`` (the pair is not made).
    public func cost(_ a: Seeker, _ b: Seeker) -> Double? {
        let cost = abs(a.rating - b.rating) - bonus(missedWaves: a.missedWaves) - bonus(missedWaves: b.missedWaves)
        return cost <= maxCost ? cost : nil
    }
}

/// One player waiting in a pool, as the matching sees them: a rating (a guest's is the
/// starting 1500) and the waves they have missed so far.
public struct Seeker: Equatable, Sendable {
    public var rating: Double
    public var missedWaves: Int

    public init(rating: Double, missedWaves: Int = 0) {
        self.rating = rating
        self.missedWaves = missedWaves
    }
}
