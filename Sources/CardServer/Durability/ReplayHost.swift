/// The host the server talks to while it replays the room log at start: it sends nothing,
/// runs no timer and tells the time each record was written at, so the rules see the clock
/// they saw the first time.
final class ReplayHost: ServerHost {
    var nowNanoseconds: UInt64 = 0
    var wallMilliseconds: Int64 = 0
    private var nextTimer: UInt64 = 0

    func send(_ line: [UInt8], to client: ClientID) {}
    func disconnect(_ client: ClientID, goingAway: Bool) {}
    func refuse(_ client: ClientID, reason: String) {}
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerToken {
        // Timers are set again, for real, once the replay is done.
        nextTimer += 1
        return TimerToken(rawValue: nextTimer)
    }
    func cancel(_ timer: TimerToken) {}
    func nextTurn(_ action: @escaping () -> Void) {}
    func log(_ message: String) {}
    func runOffLoop(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void) {}
    func unsentBytes(for client: ClientID) -> Int? { nil }
    func setReading(_ client: ClientID, _ reading: Bool) {}
    func holdsInput(of client: ClientID) -> Bool { false }
    func notifyWhenDrained(_ client: ClientID, atMost bytes: Int) {}
}
