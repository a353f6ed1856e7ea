import CardServer
import Transport
import Wire

// The transport's two sides on the scripted host: bytes, closes and timers on its virtual
// clock below; the server above, as `LoopHost` wires them in production.
extension ScriptedHost: TransportHost, LineService {
    // MARK: TransportHost

    public func sendBytes(_ bytes: [UInt8], to connection: ConnectionNumber) {
        let client = ClientID(rawValue: connection.rawValue)
        bytesSent[client, default: 0] += bytes.count
        if slowReaders.contains(client) {
            pendingBytes[client, default: 0] += bytes.count
        }
        unframed[client, default: []] += bytes
    }

    public func frameLines(of connection: ConnectionNumber, with framing: @escaping (ArraySlice<UInt8>) -> [UInt8]) {
        webSockets.insert(ClientID(rawValue: connection.rawValue))
    }

    public func closeAfterFlush(_ connection: ConnectionNumber) {
        disconnected.insert(ClientID(rawValue: connection.rawValue))
    }

    public func unsentBytes(of connection: ConnectionNumber) -> Int? {
        unsentBytes(for: ClientID(rawValue: connection.rawValue))
    }

    public func hasUnreadInput(of connection: ConnectionNumber) -> Bool {
        !(arrivedUnread[ClientID(rawValue: connection.rawValue)]?.isEmpty ?? true)
    }

    public func readSocket(of connection: ConnectionNumber, _ reading: Bool) {
        let client = ClientID(rawValue: connection.rawValue)
        if reading {
            notRead.remove(client)
        } else {
            notRead.insert(client)
        }
    }

    public func notifyWhenDrained(_ connection: ConnectionNumber, atMost bytes: Int) {
        notifyWhenDrained(ClientID(rawValue: connection.rawValue), atMost: bytes)
    }

    public func scheduleTimer(after delay: Duration, _ action: @escaping () -> Void) -> TransportTimer {
        TransportTimer(rawValue: schedule(after: delay, action).rawValue)
    }

    public func cancelTimer(_ timer: TransportTimer) {
        cancel(TimerToken(rawValue: timer.rawValue))
    }

    public var monotonicNanoseconds: UInt64 { nowNanoseconds }

    public func logLine(_ message: String) {
        log(message)
    }

    /// A scripted host moves no bytes over a wire.
    public var transferredBytes: (received: UInt64, sent: UInt64) { (0, 0) }

    // MARK: LineService

    public func connectionOpened(_ connection: ConnectionNumber, peer: String) -> AnyObject {
        server.clientConnected(ClientID(rawValue: connection.rawValue), peer: peer)
    }

    public func address(of owner: AnyObject) -> String {
        unsafeDowncast(owner, to: Client.self).address
    }

    public func connectionSpeaksLines(_ connection: ConnectionNumber, overWebSocket: Bool) {
        server.clientSpeaksLines(ClientID(rawValue: connection.rawValue), overWebSocket: overWebSocket)
    }

    public func takeLines(of owner: AnyObject, _ scan: (_ judge: (LineFramer.FrameView) -> LineFramer.Verdict) -> Void) {
        // The owner is the client the server made for the connection (`connectionOpened`).
        server.takeLines(of: unsafeDowncast(owner, to: Client.self), scan)
    }

    public func firstLineWasHTTP(_ connection: ConnectionNumber) {
        server.firstLineWasHTTP(ClientID(rawValue: connection.rawValue))
    }

    public func connectionDrained(_ connection: ConnectionNumber) {
        server.clientDrained(ClientID(rawValue: connection.rawValue))
    }

    public func connectionClosed(_ connection: ConnectionNumber, reason: String) {
        server.clientDisconnected(ClientID(rawValue: connection.rawValue), reason: reason)
    }

    public func requestServed(by owner: AnyObject) -> UInt64? {
        server.requestServed(by: unsafeDowncast(owner, to: Client.self))
    }

    public func metricsText(_ figures: TransportFigures) -> String {
        server.metricsText(connections: figures.connections, httpResponses: figures.httpResponses, bytes: figures.bytes)
    }
}
