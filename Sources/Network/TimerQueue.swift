/// Timers keyed by deadline (monotonic nanoseconds): a binary min-heap with
/// lazy cancellation. Cancelling only forgets the action; the heap entry is
/// skipped when it reaches the top (and the heap is compacted when most of it
/// is dead). Equal deadlines come out in the order they were scheduled.
struct TimerQueue<Action> {
    private struct Entry {
        var deadline: UInt64
        var sequence: UInt64

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var actions: [UInt64: Action] = [:]
    private var nextSequence: UInt64 = 1

    init() {}

    /// Live (scheduled, not yet run or cancelled) timers.
    var count: Int { actions.count }

    /// Heap entries, dead ones included (for tests).
    var storedEntryCount: Int { heap.count }

    /// The identifier the next `schedule` will return; timers with a smaller one exist already.
    var nextIdentifier: UInt64 { nextSequence }

    /// Adds a timer.
    mutating func schedule(at deadline: UInt64, _ action: Action) -> TimerID {
        let sequence = nextSequence
        nextSequence += 1
        actions[sequence] = action
        heap.append(Entry(deadline: deadline, sequence: sequence))
        siftUp(heap.count - 1)
        return TimerID(rawValue: sequence)
    }

    /// Forgets a timer; returns whether it was still live.
    @discardableResult
    mutating func cancel(_ id: TimerID) -> Bool {
        guard actions.removeValue(forKey: id.rawValue) != nil else { return false }
        if heap.count > 64, heap.count > 2 * actions.count {
            compact()
        }
        return true
    }

    /// The earliest live deadline, if any.
    mutating func nextDeadline() -> UInt64? {
        dropDeadTop()
        return heap.first?.deadline
    }

    /// Removes and returns the earliest live timer if its deadline is at or before
    /// `now` and it was scheduled before `identifierLimit` (so timers scheduled by
    /// running actions wait for the next turn).
    mutating func popDue(now: UInt64, identifierLimit: UInt64 = .max) -> (TimerID, Action)? {
        dropDeadTop()
        guard let top = heap.first, top.deadline <= now, top.sequence < identifierLimit else { return nil }
        removeTop()
        guard let action = actions.removeValue(forKey: top.sequence) else { return nil }
        return (TimerID(rawValue: top.sequence), action)
    }

    // MARK: - Heap

    private mutating func dropDeadTop() {
        while let top = heap.first, actions.index(forKey: top.sequence) == nil {
            removeTop()
        }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
    }

    private mutating func compact() {
        heap.removeAll { actions[$0.sequence] == nil }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            if left >= count { break }
            let right = left + 1
            let smaller = right < count && heap[right].precedes(heap[left]) ? right : left
            guard heap[smaller].precedes(entry) else { break }
            heap[parent] = heap[smaller]
            parent = smaller
        }
        heap[parent] = entry
    }
}
