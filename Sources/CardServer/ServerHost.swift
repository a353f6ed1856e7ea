/// Names one client connection for the server; the host maps it to a socket.
public struct ClientID: Hashable, Sendable, CustomStringConvertible {
    /// The host's number for the connection; never reused within a process.
    public let rawValue: UInt64
    /// Wraps a host connection number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "conn \(rawValue)" }
}

/// Names a timer the host runs for the server.
public struct TimerToken: Hashable, Sendable {
    /// The host's number for the timer.
    public let rawValue: UInt64
    /// Wraps a host timer number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// What the game server needs from the outside world: lines out, timers, a clock and a log.
///
/// The server never touches a socket itself, so it runs the same over a real
/// event loop and in a test that scripts the host.
public protocol ServerHost: AnyObject {
    /// Queues one encoded line for a client.
    func send(_ line: [UInt8], to client: ClientID)
    /// Closes a client's connection once what was queued for it has been written;
    /// `goingAway` when the server shuts down (a WebSocket's close frame says so).
    func disconnect(_ client: ClientID, goingAway: Bool)
    /// Turns a connection away as it opens (called from ``GameServer/clientConnected(_:peer:)``):
    /// an HTTP or WebSocket client is sent `503 Service Unavailable` with `reason` and closed;
    /// a protocol 1 client comes back to ``GameServer/clientSpeaksLines(_:)`` as usual, to be
    /// told in protocol 1.
    func refuse(_ client: ClientID, reason: String)
    /// Runs `action` once after `delay`, on the server's thread.
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerToken
    /// Cancels a timer that has not run yet.
    func cancel(_ timer: TimerToken)
    /// Runs `action` once on the server's thread in the next turn of the loop, after the
    /// input that turn brings, in the order asked: a client's lines beyond its share of this
    /// turn wait there, so one busy connection never holds a turn for everyone else.
    func nextTurn(_ action: @escaping () -> Void)
    /// A monotonic clock in nanoseconds.
    var nowNanoseconds: UInt64 { get }
    /// The clock a search off the loop reads its time budget on (a Klondike hint's): the
    /// monotonic clock on a real host; a scripted host's own, so that there a search's answer
    /// depends on the game alone, never on how loaded the machine is.
    var searchClock: any Clock<Duration> { get }
    /// The wall clock, in milliseconds since 1970 (UTC): what names the day of a daily deal.
    var wallMilliseconds: Int64 { get }
    /// Writes one line to the server's log.
    func log(_ message: String)
    /// Runs `work` off the server's thread, then `completion` with its result on the server's
    /// thread: for pure work too slow for a turn of the loop, such as proving a deal winnable.
    func runOffLoop(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void)
    /// Runs a password's hashing (and the account records that follow it) off the server's
    /// thread, on a worker of its own, then `completion` on the server's thread: a sign-in
    /// never waits behind a deal's proof, nor a deal or a hint behind a flood of sign-ins.
    /// By default, as ``runOffLoop(_:then:)``.
    func runPasswordWork(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void)

    // Backpressure: a client that sends faster than it reads is slowed, not evicted.

    /// Bytes queued for a client and not yet written to it; nil once its connection
    /// is closing or gone (nothing more sent to it will arrive).
    func unsentBytes(for client: ClientID) -> Int?
    /// Stops (`false`) or restarts (`true`) reading what a client sends. On restart the host
    /// first hands over, through ``GameServer/takeLines(of:_:)``, the lines it held back.
    func setReading(_ client: ClientID, _ reading: Bool)
    /// Whether the host holds lines of the client's that it has not handed over yet (read from
    /// the socket, held back by ``setReading(_:_:)``): a client put off with nothing more
    /// held sent one line, and is taken before those with a backlog.
    func holdsInput(of client: ClientID) -> Bool
    /// Asks for one `GameServer.clientDrained(_:)` once the client's unsent bytes are
    /// at most `bytes` (soon, if they already are).
    func notifyWhenDrained(_ client: ClientID, atMost bytes: Int)
}

extension ServerHost {
    public func runPasswordWork(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void) {
        runOffLoop(work, then: completion)
    }

    /// The monotonic clock; a scripted host has its own.
    public var searchClock: any Clock<Duration> { ContinuousClock() }

    /// Runs `work`, which answers nothing (a file synced, a replay read into its job), off the
    /// server's thread, then `completion` on it.
    func runOffLoop(_ work: @escaping @Sendable () -> Void, then completion: @escaping () -> Void) {
        runOffLoop({
            work()
            return 0
        }, then: { _ in completion() })
    }
}
