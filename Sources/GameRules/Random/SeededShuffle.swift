// The standard library leaves the algorithms behind `shuffle(using:)` and
// `random(in:using:)` unspecified, so the same generator may give another
// order after a Swift update. Deals must replay exactly from their seed, so
// the draw and the shuffle are written out here.

extension RandomNumberGenerator {
    /// Returns a uniformly distributed number in `0..<upperBound`, the same one
    /// for the same generator state on every platform and Swift version.
    ///
    /// Lemire's multiply-and-reject method ("Fast Random Integer Generation in
    /// an Interval", 2019): the high half of `next() * upperBound`, drawing
    /// again in the rare case the low half falls in the biased zone.
    /// - Parameter upperBound: the exclusive bound, at least 1.
    public mutating func seededRandom(below upperBound: Int) -> Int {
        precondition(upperBound > 0, "the bound of a random draw must be positive")
        let bound = UInt64(upperBound)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            // 2^64 mod bound: the low halves below it would favour small results.
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return Int(product.high)
    }
}

extension Array {
    /// Shuffles the elements in place, the same way for the same generator
    /// state on every platform and Swift version.
    ///
    /// Fisher–Yates from the back: for `i` from `count - 1` down to 1, swaps
    /// element `i` with element `generator.seededRandom(below: i + 1)`.
    /// - Parameter generator: the source of randomness, e.g. a ``SplitMix64``.
    public mutating func seededShuffle(using generator: inout some RandomNumberGenerator) {
        guard count > 1 else { return }
        for i in stride(from: count - 1, to: 0, by: -1) {
            swapAt(i, generator.seededRandom(below: i + 1))
        }
    }
}
