/// A set of 64-bit position keys for the solver's searches: open addressing with linear
/// probing over one flat array. The keys come already mixed, so their low bits serve as the
/// slot, with none of the standard `Set`'s per-key hashing (a fifth of the search's time).
struct KeyTable {
    /// 0 marks a free slot; a key of 0 is stored as 1.
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0

    /// - Parameter capacity: slots to start with, rounded up to a power of two.
    init(capacity: Int = 1 << 14) {
        let size = Self.slotCount(for: capacity)
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds `key`; false when it was there already.
    mutating func insert(_ key: UInt64) -> Bool {
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = slots[index]
            if slot == key { return false }
            if slot == 0 { break }
            index = (index + 1) & mask
        }
        slots[index] = key
        count += 1
        if count * 2 > slots.count { grow() }
        return true
    }

    /// Doubles the slots, keeping the table at most half full so that probes stay short.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for key in old where key != 0 {
            var index = Int(truncatingIfNeeded: key) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = key
        }
    }
}

extension KeyTable {
    /// The power of two at or above `capacity` (`least` at least): the solver's tables find
    /// a key's slot by masking its low bits.
    static func slotCount(for capacity: Int, atLeast least: Int = 16) -> Int {
        var size = least
        while size < capacity { size *= 2 }
        return size
    }

    /// SplitMix64's finaliser: spreads every input bit over the whole word, for position keys.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
