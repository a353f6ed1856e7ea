/// Identifies one accepted connection; never reused within a process.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    /// The number behind the identifier (connections are numbered from 1).
    public let rawValue: UInt64

    /// Wraps a raw number.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `#<number>`, e.g. `#42`.
    public var description: String { "#\(rawValue)" }
}

/// Why a connection closed.
public enum CloseReason: Equatable, Sendable {
    /// The peer went away: EOF on read, or ECONNRESET / EPIPE.
    case peerClosed
    /// Another read error; the message names the call and the errno text.
    case readFailed(String)
    /// A write error; the message names the call and the errno text.
    case writeFailed(String)
    /// Unsent output would have passed `NetworkLimits.maxPendingOutputBytes`;
    /// `pendingBytes` is what it would have become.
    case outputOverflow(pendingBytes: Int)
    /// The memory the unsent output of all connections held passed
    /// `NetworkLimits.maxTotalOutputBytes`, and this connection was among those that had read
    /// nothing for longest: its `pendingBytes` unsent bytes were dropped, while all of them held `totalBytes`.
    case totalOutputOverflow(pendingBytes: Int, totalBytes: Int)
    /// `EventLoop.close(_:flushFirst:)` was asked for.
    case closedByServer
}

/// The limits of an `EventLoop`: per connection, and the output of all of them together.
public struct NetworkLimits: Sendable {
    /// Unsent bytes per connection before it is cut off with `.outputOverflow`.
    public var maxPendingOutputBytes: Int = 1 << 20
    /// Memory the unsent output of all connections together may hold (its buffers'
    /// capacity, at least the bytes): past it, the connections that read nothing for longest
    /// are cut off with `.totalOutputOverflow` until the total is an eighth under it.
    public var maxTotalOutputBytes: Int = 256 << 20
    /// Fairness: at most this many bytes are read from one connection per loop turn.
    public var maxReadBytesPerTurn: Int = 64 * 1024
    /// Fairness: at most this many bytes are written to one connection per loop turn.
    public var maxWriteBytesPerTurn: Int = 256 * 1024
    /// How long `close(_:flushFirst: true)` waits for queued output to drain.
    public var closeFlushTimeout: Duration = .seconds(5)

    /// The defaults: 1 MiB of pending output a connection and 256 MiB in all, 64 KiB read and
    /// 256 KiB written per turn, 5 s flush timeout.
    public init() {}
}

/// Receives what happens on connections. All calls come on the loop thread.
public protocol EventLoopDelegate: AnyObject {
    /// A connection was accepted. `peer` is like `127.0.0.1:51234` or `[::1]:51234`
    /// (IPv4 clients of a dual-stack listener appear in IPv4 form).
    func connectionOpened(_ id: ConnectionID, peer: String)
    /// Bytes arrived. The buffer is only valid during the call: copy what you keep.
    func connectionReceived(_ id: ConnectionID, bytes: UnsafeRawBufferPointer)
    /// The connection is gone (its descriptor is closed); called exactly once per connection.
    func connectionClosed(_ id: ConnectionID, reason: CloseReason)
    /// The connection's unsent output fell to the mark given to
    /// `EventLoop.notifyWhenDrained(_:atMost:)`; called once per request.
    func connectionDrained(_ id: ConnectionID)
}

extension EventLoopDelegate {
    /// Ignores drains: a delegate that never asks hears of none.
    public func connectionDrained(_ id: ConnectionID) {}
}

/// Identifies a timer made by `EventLoop.schedule(after:_:)`, for `EventLoop.cancel(_:)`.
public struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}

extension Duration {
    /// Whole nanoseconds, clamped to 0 ... UInt64.max / 2 (negative means now).
    var clampedNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let limit = UInt64.max / 2
        let (scaled, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow || scaled > limit { return limit }
        return min(limit, scaled + UInt64(attoseconds / 1_000_000_000))
    }
}
