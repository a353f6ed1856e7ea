import Wire

/// What the transport serves lines to: the referee, which sees a connection's protocol 1 lines
/// in and sends lines out, whatever carried them (TCP or WebSocket).
public protocol LineService: AnyObject {
    /// A connection was accepted. The service may refuse it at once (``TransportLayer/close(_:goingAway:)``).
    /// - Returns: the service's own object for the connection, handed back with its lines so that
    ///   they reach it without a lookup.
    func connectionOpened(_ connection: ConnectionNumber, peer: String) -> AnyObject
    /// The key `owner`'s address is counted by (browsers are remembered by it): asked for
    /// rarely (a connection's first bytes), so the transport keeps no copy per connection.
    func address(of owner: AnyObject) -> String
    /// The connection speaks protocol 1 from now on (TCP, or WebSocket after its upgrade, which
    /// `overWebSocket` says): greet it.
    func connectionSpeaksLines(_ connection: ConnectionNumber, overWebSocket: Bool)
    /// Lines arrived for `owner`: the service calls `scan` once with its judge of each frame,
    /// whose verdict says whether to go on, to hold the rest (backpressure) or to drop it.
    func takeLines(of owner: AnyObject, _ scan: (_ judge: (LineFramer.FrameView) -> LineFramer.Verdict) -> Void)
    /// The connection's first line was an HTTP request's, on a connection taken for protocol 1:
    /// answer it in protocol 1 and close. The line is not judged.
    func firstLineWasHTTP(_ connection: ConnectionNumber)
    /// The connection's unsent output came down to the mark the service asked for.
    func connectionDrained(_ connection: ConnectionNumber)
    /// The connection closed, for whatever reason.
    func connectionClosed(_ connection: ConnectionNumber, reason: String)
    /// The text `/metrics` answers, with the transport's own figures in it.
    func metricsText(_ figures: TransportFigures) -> String
    /// An HTTP request of `owner`'s connection was answered: it counts against the rates its
    /// lines count against (the connection's, its address's).
    /// - Returns: nil to read on; else the nanoseconds its next request must wait.
    func requestServed(by owner: AnyObject) -> UInt64?
}

extension LineService {
    /// Requests are not paced.
    public func requestServed(by owner: AnyObject) -> UInt64? { nil }
}
