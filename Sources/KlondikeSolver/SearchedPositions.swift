import Synchronization

/// The positions a complete search has searched to the end without a win, shared by every
/// search of one game that runs at the same time (one per core), so that none of them
/// searches again what another has finished.
///
/// A set of 64-bit keys, open addressing with linear probing, each slot an atomic word: a
/// search adds a key with one compare-and-swap and reads with a plain load, so two searches
/// never wait for each other on a key. The table doubles when half full, at a checkpoint: the
/// searches that use it stop there one after the other (``checkpoint(added:)``), and the last
/// to stop copies the keys while the others wait; a search only starts (``join()``) or ends
/// (``leave()``) between copies. A member checks in at least every 1,024 positions and every
/// 1,024 keys it adds, so with up to three members the table, at least 8,192 slots, is never
/// more than seven eighths full.
///
/// What a key here means is up to the searches: ``KlondikeLayoutFreeSearch`` adds a position
/// only once everything it depends on is finished too, so a key stays true whatever becomes
/// of the search that added it.
final class SearchedPositions: @unchecked Sendable {
    /// Replaced only while every member is stopped at a checkpoint (or none is in), and read
    /// after the stop (the epoch's acquire) or the joining (the lock): no member reads it
    /// while it changes.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Atomic<UInt64>>
    @exclusivity(unchecked) private var mask: Int
    private let count = Atomic<Int>(0)
    private let growWanted = Atomic<Bool>(false)
    private let epoch = Atomic<Int>(0)
    private let members = LockedValue(Members())

    private struct Members {
        var active = 0
        var stopped = 0
    }

    /// - Parameter capacity: slots to start with, rounded up to a power of two, 8,192 at least.
    init(capacity: Int = 1 << 14) {
        let size = KeyTable.slotCount(for: capacity, atLeast: 1 << 13)
        slots = Self.allocate(size)
        mask = size - 1
    }

    deinit {
        slots.deallocate()
    }

    /// Keys in the table (as of the last checkpoints).
    var keyCount: Int { count.load(ordering: .relaxed) }

    /// Whether `key` is in the table.
    @inline(__always)
    func contains(_ key: UInt64) -> Bool {
        let key = key == 0 ? 1 : key
        return probe(key, from: Int(truncatingIfNeeded: key) & mask).found
    }

    /// Adds `key`; false when it was there already (perhaps added by another search just now).
    /// The caller counts what it added and reports it at a ``checkpoint(added:)`` before it
    /// has added 1,024 more.
    @inline(__always)
    func insert(_ key: UInt64) -> Bool {
        let key = key == 0 ? 1 : key
        var index = Int(truncatingIfNeeded: key) & mask
        while true {
            let (slot, found) = probe(key, from: index)
            if found { return false }
            let (exchanged, original) = slots[slot].compareExchange(expected: 0, desired: key, ordering: .relaxed)
            if exchanged { return true }
            // Another search took the free slot just now: with this key, or on to the next.
            if original == key { return false }
            index = (slot + 1) & mask
        }
    }

    /// From `index` on, the slot holding `key` (found) or the first free one.
    @inline(__always)
    private func probe(_ key: UInt64, from index: Int) -> (slot: Int, found: Bool) {
        var index = index
        while true {
            let slot = slots[index].load(ordering: .relaxed)
            if slot == key { return (index, true) }
            if slot == 0 { return (index, false) }
            index = (index + 1) & mask
        }
    }

    /// Makes the caller a member: from now on it must call ``checkpoint(added:)`` every so
    /// often, and ``leave()`` when it stops using the table.
    func join() {
        members.withLock { $0.active += 1 }
    }

    /// Ends the caller's membership; if every other member is stopped for a copy, makes it.
    func leave() {
        members.withLock { members in
            members.active -= 1
            if members.stopped > 0 && members.stopped == members.active { growLocked(&members) }
        }
    }

    /// Reports the keys the caller added since its last checkpoint; when the table is more
    /// than half full, stops the caller until the table has doubled.
    func checkpoint(added: Int) {
        if added > 0, count.add(added, ordering: .relaxed).newValue * 2 > mask + 1 {
            growWanted.store(true, ordering: .relaxed)
        }
        guard growWanted.load(ordering: .relaxed) else { return }
        let waitFor: Int? = members.withLock { members in
            // Another member may have made the copy since the flag was read.
            guard growWanted.load(ordering: .relaxed) else { return nil }
            members.stopped += 1
            if members.stopped == members.active {
                growLocked(&members)
                return nil
            }
            return epoch.load(ordering: .relaxed)
        }
        guard let waitFor else { return }
        // A copy takes milliseconds; the wait is at most the other members' next checkpoint
        // plus the copy, so it spins rather than sleeping.
        while epoch.load(ordering: .acquiring) == waitFor {}
    }

    /// Doubles the table; called under the lock with every other member stopped.
    private func growLocked(_ members: inout Members) {
        let oldSlots = slots, oldSize = mask + 1
        let size = oldSize * 2
        let newSlots = Self.allocate(size)
        let newMask = size - 1
        for index in 0..<oldSize {
            let key = oldSlots[index].load(ordering: .relaxed)
            guard key != 0 else { continue }
            var slot = Int(truncatingIfNeeded: key) & newMask
            while newSlots[slot].load(ordering: .relaxed) != 0 { slot = (slot + 1) & newMask }
            newSlots[slot].store(key, ordering: .relaxed)
        }
        slots = newSlots
        mask = newMask
        oldSlots.deallocate()
        members.stopped = 0
        growWanted.store(false, ordering: .relaxed)
        epoch.add(1, ordering: .releasing)
    }

    /// Zeroed slots: written as plain words (one fill, not one atomic store a slot), then
    /// bound as atomics, which hold a word and nothing else.
    private static func allocate(_ size: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size * MemoryLayout<UInt64>.stride, alignment: MemoryLayout<UInt64>.alignment)
        raw.initializeMemory(as: UInt64.self, repeating: 0, count: size)
        return raw.bindMemory(to: Atomic<UInt64>.self, capacity: size)
    }
}
