/// Names one connection for the transport; the host maps it to a socket.
public struct ConnectionNumber: Hashable, Sendable, CustomStringConvertible {
    /// The host's number for the connection; never reused within a process.
    public let rawValue: UInt64
    /// Wraps a host connection number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "conn \(rawValue)" }
}

/// Names a timer the host runs for the transport.
public struct TransportTimer: Hashable, Sendable {
    /// The host's number for the timer.
    public let rawValue: UInt64
    /// Wraps a host timer number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// What the transport needs from below: bytes out, closes, backpressure, timers, a clock, a log.
///
/// The transport never touches a socket itself, so it runs the same over the event loop and
/// on a scripted host, whose manual clock drives its deadlines and pings in a test.
public protocol TransportHost: AnyObject {
    /// Queues bytes as they are: HTTP replies, a WebSocket's control frames.
    func sendBytes(_ bytes: [UInt8], to connection: ConnectionNumber)
    /// From now on each line the service sends to `connection` goes out as `framing` makes it
    /// (a WebSocket text frame): `framing` gets the line without its newline.
    func frameLines(of connection: ConnectionNumber, with framing: @escaping (ArraySlice<UInt8>) -> [UInt8])
    /// Closes a connection once what was queued for it has been written.
    func closeAfterFlush(_ connection: ConnectionNumber)
    /// Bytes queued for a connection and not yet written; nil once it is closing or gone.
    func unsentBytes(of connection: ConnectionNumber) -> Int?
    /// Whether bytes have reached the connection that were not handed over yet (they came
    /// during the turn now running): a greeting delay that ran out then waits for them.
    func hasUnreadInput(of connection: ConnectionNumber) -> Bool
    /// Stops (`false`) or restarts (`true`) reading the connection's socket.
    func readSocket(of connection: ConnectionNumber, _ reading: Bool)
    /// Asks for one ``TransportLayer/drained(_:)`` once the connection's unsent bytes are at most `bytes`.
    func notifyWhenDrained(_ connection: ConnectionNumber, atMost bytes: Int)
    /// Runs `action` once after `delay`, on the transport's thread.
    func scheduleTimer(after delay: Duration, _ action: @escaping () -> Void) -> TransportTimer
    /// Cancels a timer that has not run yet.
    func cancelTimer(_ timer: TransportTimer)
    /// A monotonic clock in nanoseconds.
    var monotonicNanoseconds: UInt64 { get }
    /// Writes one line to the server's log.
    func logLine(_ message: String)
    /// Bytes read from and written to every connection so far, for `/metrics`.
    var transferredBytes: (received: UInt64, sent: UInt64) { get }
}
