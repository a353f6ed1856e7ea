import Synchronization

/// A clock for tests that moves only when read: each reading is `step` later than the one
/// before (a `step` of zero stands still), so a time budget runs out at the same position on
/// every machine.
final class SteppingClock: Clock {
    struct Instant: InstantProtocol {
        /// Time since the clock's first reading.
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        func duration(to other: Instant) -> Duration { other.offset - offset }

        static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private let step: Duration
    private let readings = Atomic<Int>(0)

    init(step: Duration) {
        self.step = step
    }

    var now: Instant { Instant(offset: step * readings.add(1, ordering: .relaxed).oldValue) }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
