import Glibc
import GameRules
import Matchmaking

/// What `cardbench pools` is asked for.
struct PoolWaveOptions: Equatable {
    static let defaultWaiting = 10_000
    static let defaultRounds = 10

    var waiting = defaultWaiting
    var rounds = defaultRounds
    var seed = 1
}

extension PoolWaveOptions {
    init(_ values: Options.Values) throws(Options.ParseError) {
        waiting = try values.number("--waiting", in: 2...1_000_000, default: Self.defaultWaiting)
        rounds = try values.number("--rounds", in: 1...10_000, default: Self.defaultRounds)
        seed = try values.number("--seed", in: 0...Int(Int32.max), default: 1)
    }
}

/// Times one wave of a pool as the server's loop does it (``Pool/wave(nowMs:allowed:)``: the
/// sort and the matching), in process: `--waiting` players with ratings spread like a
/// server's (1500 ± 300, normal) and 0-10 missed waves, in a two-seat and a four-seat pool.
/// Prints the wave's time p50 and max over `--rounds`, the tables made and the rating gap
/// within them. The seating that follows (a room a table) is not in these figures.
enum PoolWaveBench {
    static func run(_ options: PoolWaveOptions) {
        var generator = SplitMix64(seed: UInt64(options.seed))
        for seats in [2, 4] {
            var times: [Double] = []
            var tables = 0
            var gaps: [Double] = []
            for _ in 0..<options.rounds {
                var pool = Pool<Int>(seats: seats)
                var ratings: [Int: Double] = [:]
                for member in 0..<options.waiting {
                    let rating = (1500 + 300 * normal(using: &generator)).rounded()
                    ratings[member] = rating
                    pool.join(member, rating: rating, nowMs: 0)
                }
                // Some have waited: a few waves with nobody paired would do the same.
                let started = monotonicNanoseconds()
                let made = pool.wave(nowMs: 3_000)
                times.append(Double(monotonicNanoseconds() - started) / 1_000_000)
                tables += made.count
                for table in made {
                    let seen = table.compactMap { ratings[$0] }
                    gaps.append((seen.max() ?? 0) - (seen.min() ?? 0))
                }
            }
            times.sort()
            gaps.sort()
            let perRound = Double(tables) / Double(options.rounds)
            print(
                "pools: \(options.waiting) waiting, \(seats) seats: a wave took p50 \(fixed(times[times.count / 2])) ms, "
                    + "max \(fixed(times.last ?? 0)) ms (\(options.rounds) waves); \(fixed(perRound, digits: 0)) tables a wave "
                    + "(\(fixed(perRound * Double(seats) / Double(options.waiting) * 100, digits: 1))% seated); rating gap in a table "
                    + "mean \(fixed(gaps.isEmpty ? 0 : gaps.reduce(0, +) / Double(gaps.count), digits: 1)), "
                    + "p99 \(fixed(gaps.isEmpty ? 0 : gaps[min(gaps.count - 1, gaps.count * 99 / 100)], digits: 0)), "
                    + "max \(fixed(gaps.last ?? 0, digits: 0))")
        }
    }

    /// A standard normal deviate (Box-Muller).
    static func normal(using generator: inout SplitMix64) -> Double {
        let u = max(Double.ulpOfOne, Double.random(in: 0..<1, using: &generator))
        let v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
