/// Durations counted into fixed buckets, as a Prometheus histogram shows them: an observation
/// costs the same however many there were, and the exposition is a few lines whatever the count.
struct LatencyHistogram {
    /// Upper bounds of the buckets, in nanoseconds: 50 µs to 2.5 s, the range from a write into
    /// the page cache to an fsync on a struggling disk. Above the last, only `+Inf` counts it.
    static let bounds: [(nanoseconds: UInt64, label: String)] = [
        (50_000, "5e-05"), (100_000, "0.0001"), (250_000, "0.00025"), (500_000, "0.0005"),
        (1_000_000, "0.001"), (2_500_000, "0.0025"), (5_000_000, "0.005"), (10_000_000, "0.01"),
        (25_000_000, "0.025"), (50_000_000, "0.05"), (100_000_000, "0.1"), (250_000_000, "0.25"),
        (500_000_000, "0.5"), (1_000_000_000, "1"), (2_500_000_000, "2.5"),
    ]

    /// Observations per bucket, not cumulative (the exposition adds them up).
    private(set) var counts = [UInt64](repeating: 0, count: Self.bounds.count + 1)
    private(set) var count: UInt64 = 0
    private(set) var sumNanoseconds: UInt64 = 0

    mutating func observe(nanoseconds: UInt64) {
        let bucket = Self.bounds.firstIndex { nanoseconds <= $0.nanoseconds } ?? Self.bounds.count
        counts[bucket] &+= 1
        count &+= 1
        sumNanoseconds &+= nanoseconds
    }

    /// The series of the family `name`: cumulative `_bucket`s, `_sum` in seconds and `_count`.
    func samples(_ name: String) -> [(name: String, labels: String, value: String)] {
        var samples: [(name: String, labels: String, value: String)] = []
        var cumulative: UInt64 = 0
        for (index, bound) in Self.bounds.enumerated() {
            cumulative += counts[index]
            samples.append((name + "_bucket", "le=\"\(bound.label)\"", String(cumulative)))
        }
        samples.append((name + "_bucket", "le=\"+Inf\"", String(count)))
        samples.append((name + "_sum", "", Self.seconds(sumNanoseconds)))
        samples.append((name + "_count", "", String(count)))
        return samples
    }

    /// Nanoseconds as seconds with every digit kept (`0.000123456`), no exponent.
    static func seconds(_ nanoseconds: UInt64) -> String {
        let whole = nanoseconds / 1_000_000_000
        let fraction = nanoseconds % 1_000_000_000
        guard fraction > 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
