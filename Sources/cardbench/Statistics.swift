import Glibc

/// Timings of one benchmark, in microseconds.
struct Timings {
    /// Every measurement, ascending.
    let sorted: [Double]

    init(_ microseconds: [Double]) {
        precondition(!microseconds.isEmpty, "a benchmark measures at least once")
        sorted = microseconds.sorted()
    }

    /// Latencies measured in nanoseconds, kept in microseconds.
    init(nanoseconds: [UInt64]) {
        self.init(nanoseconds.map { Double($0) / 1_000 })
    }

    var mean: Double { sorted.reduce(0, +) / Double(sorted.count) }

    /// The nearest-rank percentile: the smallest measurement at or above `p` percent of them.
    func percentile(_ p: Double) -> Double {
        sorted[nearestRank(percent: p, of: sorted.count) - 1]
    }
}

/// The nearest rank of the `percent` percentile among `count` ordered values:
/// ⌈percent / 100 × count⌉, kept within 1...count (so p0 is the smallest, p100 the largest).
///
/// Computed in integers, with `percent` taken to three decimals: in binary
/// floating point 99.9 / 100 × 1000 is 999.0000000000001, whose ceiling
/// would make the p999 of a thousand values the largest, not the 999th.
/// - Returns: a rank counted from 1.
func nearestRank(percent: Double, of count: Int) -> Int {
    precondition(count > 0, "a percentile of nothing")
    let thousandths = Int((min(max(percent, 0), 100) * 1_000).rounded())
    let rank = (thousandths * count + 99_999) / 100_000
    return min(max(rank, 1), count)
}

extension Duration {
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}

/// `value` with exactly `digits` decimals (the standard library has no format strings).
func fixed(_ value: Double, digits: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale), fraction = String(scaled % Int(scale))
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// CLOCK_MONOTONIC in nanoseconds: what every latency here is measured with.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// The percentile lines every load mode prints, e.g. `latency p99: 812 µs`.
/// - Parameter label: what was timed, e.g. `latency` or `claim latency`.
func percentileLines(_ label: String, _ timings: Timings) -> [String] {
    [("p50", 50.0), ("p99", 99.0), ("p999", 99.9)].map { name, percent in
        "\(label) \(name): \(fixed(timings.percentile(percent), digits: 0)) µs"
    }
}
