/// Timings of one benchmark, in microseconds.
struct Timings {
    /// Every measurement, ascending.
    let sorted: [Double]

    init(_ microseconds: [Double]) {
        precondition(!microseconds.isEmpty, "a benchmark measures at least once")
        sorted = microseconds.sorted()
    }

    var mean: Double { sorted.reduce(0, +) / Double(sorted.count) }

    /// The nearest-rank percentile: the smallest measurement at or above `p` percent of them.
    func percentile(_ p: Double) -> Double {
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
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
