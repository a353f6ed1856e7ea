import GameRules
import Testing
@testable import Network

@Suite("TimerQueue")
struct TimerQueueTests {
    @Test("timers come out in deadline order, ties in scheduling order")
    func ordering() {
        var queue = TimerQueue<String>()
        _ = queue.schedule(at: 30, "c")
        _ = queue.schedule(at: 10, "a")
        _ = queue.schedule(at: 20, "b1")
        _ = queue.schedule(at: 20, "b2")
        _ = queue.schedule(at: 5, "first")
        let firstDeadline = queue.nextDeadline()
        #expect(firstDeadline == 5)
        var fired: [String] = []
        while let (_, name) = queue.popDue(now: 25) {
            fired.append(name)
        }
        #expect(fired == ["first", "a", "b1", "b2"])
        let nextDeadline = queue.nextDeadline()
        #expect(nextDeadline == 30)
        let tooEarly = queue.popDue(now: 29)
        #expect(tooEarly == nil)
        let last = queue.popDue(now: 30)
        #expect(last?.1 == "c")
        let noDeadline = queue.nextDeadline()
        #expect(noDeadline == nil)
        #expect(queue.count == 0)
    }

    @Test("cancelled timers never fire and do not hold up the next deadline")
    func cancellation() {
        var queue = TimerQueue<Int>()
        let early = queue.schedule(at: 1, 1)
        let middle = queue.schedule(at: 2, 2)
        _ = queue.schedule(at: 3, 3)
        let cancelledEarly = queue.cancel(early)
        let cancelledEarlyAgain = queue.cancel(early)
        #expect(cancelledEarly)
        #expect(!cancelledEarlyAgain)
        #expect(queue.nextDeadline() == 2)
        let cancelledMiddle = queue.cancel(middle)
        #expect(cancelledMiddle)
        #expect(queue.count == 1)
        #expect(queue.nextDeadline() == 3)
        let popped = queue.popDue(now: 100)
        #expect(popped?.1 == 3)
        if let (id, _) = popped {
            let cancelledFired = queue.cancel(id)
            #expect(!cancelledFired)
        }
        let none = queue.popDue(now: 100)
        #expect(none == nil)
    }

    @Test("timers scheduled past the identifier limit wait for the next turn")
    func identifierLimit() {
        var queue = TimerQueue<Int>()
        _ = queue.schedule(at: 1, 1)
        let limit = queue.nextIdentifier
        _ = queue.schedule(at: 0, 2)
        // The newer timer is due first, so nothing runs this turn: order is kept.
        let limited = queue.popDue(now: 10, identifierLimit: limit)
        #expect(limited == nil)
        let next = queue.popDue(now: 10)
        #expect(next?.1 == 2)
        let after = queue.popDue(now: 10)
        #expect(after?.1 == 1)
    }

    @Test("a heap of thousands with random cancellations stays sorted and compacts")
    func randomized() {
        var queue = TimerQueue<UInt64>()
        var generator = SplitMix64(seed: 7)
        var live: [TimerID: UInt64] = [:]
        for _ in 0 ..< 5000 {
            let deadline = generator.next() % 10_000
            live[queue.schedule(at: deadline, deadline)] = deadline
        }
        for id in Array(live.keys) where generator.next() % 4 != 0 {
            let cancelled = queue.cancel(id)
            #expect(cancelled)
            live[id] = nil
        }
        #expect(queue.count == live.count)
        #expect(queue.storedEntryCount <= 2 * live.count + 64)
        var last: UInt64 = 0
        var fired = 0
        while let (id, deadline) = queue.popDue(now: .max) {
            #expect(deadline >= last)
            #expect(live[id] == deadline)
            last = deadline
            fired += 1
        }
        #expect(fired == live.count)
        #expect(queue.count == 0)
    }
}
