/// A small map from position keys to numbers, for the positions one search has entered and
/// not yet handed to ``SearchedPositions``: those on its current line (a few hundred at most)
/// and those finished that wait for one of them. Open addressing with linear probing and
/// removal by shifting back, so that it stays small enough for the cache.
struct EnteredPositions {
    /// 0 marks a free slot; a key of 0 is stored as 1.
    private var keys: [UInt64]
    private var values: [Int]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 10) {
        let size = KeyTable.slotCount(for: capacity)
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The number stored for `key`, if it is here.
    @inline(__always)
    func value(of key: UInt64) -> Int? {
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key) & mask
        while true {
            let slot = keys[index]
            if slot == key { return values[index] }
            if slot == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Stores `value` for `key`, replacing what was there.
    mutating func set(_ key: UInt64, to value: Int) {
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key) & mask
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        if keys[index] == 0 {
            keys[index] = key
            count += 1
        }
        values[index] = value
        if count * 4 > keys.count { grow() }
    }

    /// Removes `key` if it is here.
    mutating func remove(_ key: UInt64) {
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key) & mask
        while keys[index] != key {
            if keys[index] == 0 { return }
            index = (index + 1) & mask
        }
        // Shift back each later key of the run that may sit in the freed slot, so that every
        // key stays reachable from its home slot without tombstones.
        var hole = index
        var next = (hole + 1) & mask
        while keys[next] != 0 {
            let home = Int(truncatingIfNeeded: keys[next]) & mask
            // The key at `next` may move to `hole` unless its home lies cyclically in (hole, next].
            let stays = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !stays {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            var index = Int(truncatingIfNeeded: key) & mask
            while keys[index] != 0 { index = (index + 1) & mask }
            keys[index] = key
            values[index] = value
        }
    }
}
