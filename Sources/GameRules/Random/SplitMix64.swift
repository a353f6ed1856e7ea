/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, seedable generator.
///
/// The same seed yields the same stream on every platform and Swift version,
/// which makes every shuffle and deal built on it reproducible. It is not
/// cryptographically secure.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// Creates a generator whose stream is fixed by `seed`.
    /// - Parameter seed: any value; 0 is as good as any other.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 random bits and advances the stream.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
