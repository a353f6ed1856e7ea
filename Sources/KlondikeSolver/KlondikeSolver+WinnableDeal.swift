import GameRules

extension KlondikeSolver {
    /// What proving one deal winnable may cost a server: a node budget, not time, so the
    /// deal chosen for a seed is the same on every machine and under any load.
    public static let dealBudget = Budget(nodes: 30_000)

    /// Deals to try before giving up; with about three deals in four proved winnable within
    /// ``dealBudget``, the chance that none of them is proved is below 10^-38.
    public static let dealCandidates = 64

    /// The first of a seed's candidate deals that the solver proves winnable: the seed itself,
    /// then seeds derived from it, each a seed a room's `seed` option takes (0...2^53 − 1),
    /// so the deal can be dealt again by its seed.
    /// - Parameters:
    ///   - base: where the candidates start; the same base always gives the same deal.
    ///   - drawCount: 1 or 3.
    ///   - passes: how many times the waste may be turned over; nil for no limit.
    /// - Returns: nil if none of ``dealCandidates`` candidates was proved winnable.
    public static func winnableSeed(from base: UInt64, drawCount: Int, passes: Int?) -> UInt64? {
        var generator = SplitMix64(seed: base)
        var candidate = base & seedMask
        for _ in 0..<dealCandidates {
            let game = KlondikeGame(seed: candidate, drawCount: drawCount, passes: passes)
            if case .winnable = solve(game, budget: dealBudget).verdict { return candidate }
            candidate = generator.next() & seedMask
        }
        return nil
    }

    /// Seeds are kept to 53 bits: exact numbers in every client's JSON.
    private static let seedMask: UInt64 = (1 << 53) - 1
}
