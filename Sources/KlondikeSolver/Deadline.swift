/// When a search must stop, on the clock the solver's caller gave: the solver reads no clock
/// of its own, so a test can run it on one that moves only as the test says.
struct Deadline: Sendable {
    /// The time since the deadline was set, read from the caller's clock.
    private let elapsed: @Sendable () -> Duration
    /// When to stop, in time since the deadline was set.
    private let end: Duration

    /// `time` from now on `clock`.
    init<C: Clock<Duration>>(after time: Duration, on clock: C) {
        let start = clock.now
        self.init(elapsed: { start.duration(to: clock.now) }, end: time)
    }

    private init(elapsed: @escaping @Sendable () -> Duration, end: Duration) {
        self.elapsed = elapsed
        self.end = end
    }

    /// Whether the time is up.
    var hasPassed: Bool { elapsed() >= end }

    /// A deadline on the same clock after `numerator`/`denominator` of the time left now.
    func portion(_ numerator: Int, of denominator: Int) -> Deadline {
        let now = elapsed()
        return Deadline(elapsed: elapsed, end: now + (end - now) / denominator * numerator)
    }

    /// This deadline, or `time` from now when that comes first.
    func atMost(_ time: Duration) -> Deadline {
        Deadline(elapsed: elapsed, end: min(end, elapsed() + time))
    }
}
