/// Deadlines in a binary min-heap: what is due first comes out first.
struct DeadlineHeap {
    private var entries: [(deadline: UInt64, item: Int)] = []

    var isEmpty: Bool { entries.isEmpty }

    /// The earliest deadline, if any.
    var next: UInt64? { entries.first?.deadline }

    /// Adds `item`, due at `deadline` (nanoseconds of the monotonic clock).
    mutating func insert(_ item: Int, at deadline: UInt64) {
        entries.append((deadline, item))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes out the item due first, if it is due at or before `now`.
    mutating func popDue(_ now: UInt64) -> Int? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
                if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
                guard smallest != parent else { break }
                entries.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first.item
    }
}
