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
        refill(now: now)
        if tokens >= 1 {
            tokens -= 1
            return nil
        }
        return Int(((1 - tokens) / ratePerSecond * 1000).rounded(.up))
    }

    /// Takes one token even if there is none, going into debt (the next wait is longer):
    /// for a command already read, which is served rather than refused.
    mutating func spend(now: UInt64) {
        refill(now: now)
        tokens -= 1
    }

    /// Nanoseconds until a whole token is there, or nil if one is there now.
    mutating func wait(now: UInt64) -> UInt64? {
        refill(now: now)
        guard tokens < 1 else { return nil }
        return UInt64(((1 - tokens) / ratePerSecond * 1e9).rounded(.up))
    }

    private mutating func refill(now: UInt64) {
        if now > lastRefill {
            tokens = min(capacity, tokens + Double(now - lastRefill) / 1e9 * ratePerSecond)
            lastRefill = now
        }
    }
}
