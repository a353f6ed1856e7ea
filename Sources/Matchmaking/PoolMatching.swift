/// Who plays whom at a pool's wave: pure, values in and values out.
///
/// Two-seat pools take a **minimum-cost matching**: as many pairs as the rules allow, and of
/// those the one whose costs add up least (``PairingRules/cost(_:_:)``). It is found by
/// dynamic programming over the players in rating order, each pair spanning at most a
/// window of places in that order: with ``exactLimit`` players or fewer the window is the
/// whole pool, so the result is the exact optimum; in a larger pool a pair skips at most
/// ``window`` - 1 players between its two, which every sensible pairing does (pairing
/// across many others only costs more), and the work is O(n · 2^window · window).
///
/// Four-seat (and larger) pools group neighbours in rating order: each run of `size`
/// players in a row whose every pair the rules allow is a table, from the lowest rating up.
public enum PoolMatching {
    /// Pools of at most this many are matched exactly (every matching considered).
    public static let exactLimit = 14
    /// The places in rating order a pair may span in a larger pool.
    public static let window = 6

    /// The pairs of a two-seat pool's wave, as indices into `seekers`, each pair lower rating
    /// first, in rating order.
    /// - Parameter allowed: whether two players may meet at all (a block between them); asked
    ///   only of pairs the rules allow.
    public static func pairs(
        _ seekers: [Seeker], rules: PairingRules, allowed: (Int, Int) -> Bool = { _, _ in true }
    ) -> [(Int, Int)] {
        let order = ratingOrder(seekers)
        let count = order.count
        guard count >= 2 else { return [] }
        let span = count <= exactLimit ? count - 1 : window
        let states = 1 << (span + 1)
        // best[mask]: the best (pairs, cost) over the players before `place`, where bit k of
        // mask says that the player at place + k is already taken by a pair with an earlier one.
        var best = [Score](repeating: .none, count: states)
        var next = best
        best[0] = Score(pairs: 0, cost: 0)
        // How each state at each place was reached: the state before it, and the partner
        // the player before took (0: none, or already taken).
        var cameFrom = [UInt16](repeating: 0, count: (count + 1) * states)
        var partner = [UInt8](repeating: 0, count: (count + 1) * states)
        // What pairing this place's player with each of the next `span` costs (nil: not
        // allowed), worked out once a place rather than once a state.
        var costs = [Double?](repeating: nil, count: span + 1)
        for place in 0..<count {
            for index in next.indices { next[index] = .none }
            let player = order[place]
            for offset in 1...span {
                costs[offset] = nil
                guard place + offset < count else { continue }
                let other = order[place + offset]
                if let cost = rules.cost(seekers[player], seekers[other]), allowed(player, other) { costs[offset] = cost }
            }
            for mask in 0..<states where best[mask].isReachable {
                let score = best[mask]
                improve(&next, (mask >> 1), score, from: mask, partner: 0, at: place + 1, states, &cameFrom, &partner)
                // Taken by an earlier player's pair: this player pairs with nobody more.
                if mask & 1 == 1 { continue }
                for offset in 1...span where mask & (1 << offset) == 0 {
                    guard let cost = costs[offset] else { continue }
                    let paired = Score(pairs: score.pairs + 1, cost: score.cost + cost)
                    improve(&next, (mask | 1 << offset) >> 1, paired, from: mask, partner: UInt8(offset), at: place + 1, states, &cameFrom, &partner)
                }
            }
            swap(&best, &next)
        }
        // Every pair ends inside the pool, so the last state has nothing taken beyond it.
        var pairs: [(Int, Int)] = []
        var mask = 0
        for place in stride(from: count, to: 0, by: -1) {
            let offset = Int(partner[place * states + mask])
            let before = Int(cameFrom[place * states + mask])
            if offset > 0 { pairs.append((order[place - 1], order[place - 1 + offset])) }
            mask = before
        }
        return pairs.reversed()
    }

    /// The tables of a pool of `size` seats: runs of `size` neighbours in rating order, each of
    /// whose pairs the rules (and `allowed`) allow, lowest ratings first.
    public static func groups(
        _ seekers: [Seeker], size: Int, rules: PairingRules, allowed: (Int, Int) -> Bool = { _, _ in true }
    ) -> [[Int]] {
        precondition(size >= 2, "a table has two seats or more")
        let order = ratingOrder(seekers)
        var groups: [[Int]] = []
        var place = 0
        while place + size <= order.count {
            var fits = true
            check: for first in place..<place + size {
                for second in (first + 1)..<place + size {
                    guard rules.cost(seekers[order[first]], seekers[order[second]]) != nil, allowed(order[first], order[second]) else {
                        fits = false
                        break check
                    }
                }
            }
            if fits {
                groups.append(Array(order[place..<place + size]))
                place += size
            } else {
                // The lowest of the run fits with none of the next ones: they wait for the next wave.
                place += 1
            }
        }
        return groups
    }

    /// The total cost of `pairs` of `seekers` (nil if one of them is not allowed).
    public static func cost(of pairs: [(Int, Int)], _ seekers: [Seeker], rules: PairingRules) -> Double? {
        var total = 0.0
        for (a, b) in pairs {
            guard let cost = rules.cost(seekers[a], seekers[b]) else { return nil }
            total += cost
        }
        return total
    }

    /// Indices of `seekers` by rating, then by index (so equal ratings pair the same way every time).
    static func ratingOrder(_ seekers: [Seeker]) -> [Int] {
        seekers.indices.sorted { a, b in
            seekers[a].rating != seekers[b].rating ? seekers[a].rating < seekers[b].rating : a < b
        }
    }

    /// A matching's worth so far: more pairs first, then the lower cost.
    struct Score {
        var pairs: Int
        var cost: Double

        static let none = Score(pairs: -1, cost: 0)
        var isReachable: Bool { pairs >= 0 }

        func isBetter(than other: Score) -> Bool {
            pairs != other.pairs ? pairs > other.pairs : cost < other.cost
        }
    }

    private static func improve(
        _ states: inout [Score], _ mask: Int, _ score: Score, from previous: Int, partner offset: UInt8, at place: Int,
        _ count: Int, _ cameFrom: inout [UInt16], _ partner: inout [UInt8]
    ) {
        guard !states[mask].isReachable || score.isBetter(than: states[mask]) else { return }
        states[mask] = score
        cameFrom[place * count + mask] = UInt16(previous)
        partner[place * count + mask] = offset
    }
}
