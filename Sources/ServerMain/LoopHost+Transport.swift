import CardServer
import Network
import Transport
import Wire

// The transport between the loop and the server: the loop's delegate below, the server's
// lines above. Each read goes loop -> transport -> server with no hop between, as the
// pipelined ping measures (Scripts/ping-instructions.sh).

extension LoopHost: TransportHost {
    func sendBytes(_ bytes: [UInt8], to connection: ConnectionNumber) {
        loop.sendUnframed(bytes, to: ConnectionID(rawValue: connection.rawValue))
    }

    func frameLines(of connection: ConnectionNumber, with framing: @escaping (ArraySlice<UInt8>) -> [UInt8]) {
        loop.frameLines(of: ConnectionID(rawValue: connection.rawValue), with: framing)
    }

    func closeAfterFlush(_ connection: ConnectionNumber) {
        loop.close(ConnectionID(rawValue: connection.rawValue), flushFirst: true)
    }

    func unsentBytes(of connection: ConnectionNumber) -> Int? {
        loop.unsentBytes(ConnectionID(rawValue: connection.rawValue))
    }

    func hasUnreadInput(of connection: ConnectionNumber) -> Bool {
        loop.hasUnreadInput(ConnectionID(rawValue: connection.rawValue))
    }

    func readSocket(of connection: ConnectionNumber, _ reading: Bool) {
        loop.setReading(ConnectionID(rawValue: connection.rawValue), reading)
    }

    func notifyWhenDrained(_ connection: ConnectionNumber, atMost bytes: Int) {
        loop.notifyWhenDrained(ConnectionID(rawValue: connection.rawValue), atMost: bytes)
    }

    func scheduleTimer(after delay: Duration, _ action: @escaping () -> Void) -> TransportTimer {
        TransportTimer(rawValue: schedule(after: delay, action).rawValue)
    }

    func cancelTimer(_ timer: TransportTimer) {
        cancel(TimerToken(rawValue: timer.rawValue))
    }

    var monotonicNanoseconds: UInt64 { EventLoop.now() }

    func logLine(_ message: String) {
        turnLog.append(message)
    }

    var transferredBytes: (received: UInt64, sent: UInt64) { (loop.bytesReceived, loop.bytesSent) }
}

extension TransportLayer: EventLoopDelegate {
    /// The loop accepted a connection: the transport takes it.
    public func connectionOpened(_ id: ConnectionID, peer: String) {
        opened(ConnectionNumber(rawValue: id.rawValue), peer: peer)
    }

    /// The loop read bytes: the transport makes them lines, requests or frames.
    public func connectionReceived(_ id: ConnectionID, bytes: UnsafeRawBufferPointer) {
        received(ConnectionNumber(rawValue: id.rawValue), bytes: bytes)
    }

    /// The loop closed a connection: the transport, then the server, forget it.
    public func connectionClosed(_ id: ConnectionID, reason: CloseReason) {
        closed(ConnectionNumber(rawValue: id.rawValue), reason: LoopHost.describe(reason))
    }

    /// A connection's output came down to its mark: whoever held its input back reads on.
    public func connectionDrained(_ id: ConnectionID) {
        drained(ConnectionNumber(rawValue: id.rawValue))
    }
}

extension GameServer: LineService {
    /// The transport took a connection: the server counts it, and may refuse it.
    public func connectionOpened(_ connection: ConnectionNumber, peer: String) -> AnyObject {
        clientConnected(ClientID(rawValue: connection.rawValue), peer: peer)
    }

    /// The client's address, as the server's per-address caps count it.
    public func address(of owner: AnyObject) -> String {
        unsafeDowncast(owner, to: Client.self).address
    }

    /// The connection speaks protocol 1: the server greets it.
    public func connectionSpeaksLines(_ connection: ConnectionNumber, overWebSocket: Bool) {
        clientSpeaksLines(ClientID(rawValue: connection.rawValue), overWebSocket: overWebSocket)
    }

    /// Lines for the client the server made for the connection.
    public func takeLines(of owner: AnyObject, _ scan: (_ judge: (LineFramer.FrameView) -> LineFramer.Verdict) -> Void) {
        // The owner is the client this server made for the connection (`connectionOpened`).
        takeLines(of: unsafeDowncast(owner, to: Client.self), scan)
    }

    /// A protocol 1 connection began with an HTTP request: the server refuses it.
    public func firstLineWasHTTP(_ connection: ConnectionNumber) {
        firstLineWasHTTP(ClientID(rawValue: connection.rawValue))
    }

    /// The connection's output came down to the server's mark.
    public func connectionDrained(_ connection: ConnectionNumber) {
        clientDrained(ClientID(rawValue: connection.rawValue))
    }

    /// The connection closed: the server lets its client go.
    public func connectionClosed(_ connection: ConnectionNumber, reason: String) {
        clientDisconnected(ClientID(rawValue: connection.rawValue), reason: reason)
    }

    /// An HTTP request was answered: it counts against the connection's and the address's rates.
    public func requestServed(by owner: AnyObject) -> UInt64? {
        requestServed(by: unsafeDowncast(owner, to: Client.self))
    }

    /// `/metrics`: the server's figures with the transport's.
    public func metricsText(_ figures: TransportFigures) -> String {
        metricsText(connections: figures.connections, httpResponses: figures.httpResponses, bytes: figures.bytes)
    }
}
