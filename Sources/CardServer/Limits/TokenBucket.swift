/// A token bucket: allows a burst, then a steady rate (IRC-style flood control).
///
/// Pure: time comes in as a value (monotonic nanoseconds).
struct TokenBucket: Equatable {
    /// Tokens the bucket holds when full: the burst allowed at once.
    let capacity: Double
    /// Tokens added per second.
    let ratePerSecond: Double
    private(set) var tokens: Double
    private var lastRefill: UInt64

    init(capacity: Int, ratePerSecond: Double, now: UInt64) {
        self.capacity = Double(capacity)
        self.ratePerSecond = ratePerSecond
        self.tokens = Double(capacity)
        self.lastRefill = now
    }

    /// Takes one token if there is one.
    /// - Returns: nil when allowed; else the milliseconds until a token will be there.
    mutating func take(now: UInt64) -> Int? {
        if now > lastRefill {
            tokens = min(capacity, tokens + Double(now - lastRefill) / 1e9 * ratePerSecond)
            lastRefill = now
        }
        if tokens >= 1 {
            tokens -= 1
            return nil
        }
        return Int(((1 - tokens) / ratePerSecond * 1000).rounded(.up))
    }
}
