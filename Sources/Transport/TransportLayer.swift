import WebTransport
import Wire

/// Every protocol on the game port, over a host that moves bytes: a connection's first bytes
/// say what it is (protocol 1 over NDJSON, HTTP/1.1, or a WebSocket after an upgrade), and
/// whatever carried them, the service sees protocol 1 lines in and sends lines out.
///
/// Like swift-nio's pipeline, a protocol's decoder, encoder and upgrader live here together,
/// over a host that knows no protocol, and under a service that knows no transport. Runs on
/// the host's one thread; its deadlines and pings are the host's timers, so a scripted host
/// drives them on virtual time.
public final class TransportLayer {
    let config: TransportConfig
    /// Not owned: whoever runs the transport owns the host and the service, and keeps them for
    /// as long as it runs (the host owns the transport), so the three make no cycle. Unchecked:
    /// a checked `unowned` costs two atomic operations a use, and every read uses the service.
    unowned(unsafe) let host: any TransportHost
    unowned(unsafe) let service: any LineService
    var connections: [ConnectionNumber: TransportConnection] = [:]
    /// Connections open by kind and HTTP replies by status, for `/metrics`.
    let metrics = TransportMetrics()
    /// Addresses that loaded a page lately: their silent connections wait longer to be greeted.
    lazy var browserAddresses = BrowserAddresses(memory: config.web?.browserMemory ?? .zero)
    /// The last `/metrics` text rendered, and when (host nanoseconds).
    var renderedMetrics: (at: UInt64, body: [UInt8])?
    /// How long a rendered `/metrics` is served: one second, well under any scrape interval.
    static let metricsLifetime: UInt64 = 1_000_000_000
    /// The connection being opened, while the service decides on it, and whether it refused it.
    private var opening: ConnectionNumber?
    private var refusedWhileOpening = false
    private var refusalWhileOpening: String?

    /// A transport over `host`, serving lines to `service`.
    public init(config: TransportConfig, host: any TransportHost, service: any LineService) {
        self.config = config
        self.host = host
        self.service = service
        if config.web != nil { WebFiles.load() }
    }

    /// Connections open by kind, as `/metrics` counts them.
    public var openConnections: [ConnectionKind: Int] { metrics.connections }

    // MARK: - From the host

    /// A connection was accepted: the service hears of it, then it waits for its first bytes
    /// (web peers taken) or is greeted as a protocol 1 client at once.
    public func opened(_ id: ConnectionNumber, peer: String) {
        opening = id
        refusedWhileOpening = false
        let owner = service.connectionOpened(id, peer: peer)
        opening = nil
        // A connection closed at once was sent a protocol 1 line: it counts as one. One refused
        // (``refuse(_:reason:)``) waits for its first bytes like any other, to be told in its protocol.
        let waits = config.web != nil && !refusedWhileOpening
        let pending = waits ? PendingConnection() : nil
        pending?.refusal = refusalWhileOpening
        refusalWhileOpening = nil
        let connection = TransportConnection(id: id, owner: owner, state: pending.map { .pending($0) } ?? .tcp)
        connection.isClosing = refusedWhileOpening
        connections[id] = connection
        metrics.opened(connection.state.kind)
        if refusedWhileOpening { return }
        if let pending, let web = config.web {
            awaitFirstBytes(connection, pending, web: web)
        } else {
            service.connectionSpeaksLines(id, overWebSocket: false)
        }
    }

    /// Bytes arrived from a connection.
    public func received(_ id: ConnectionNumber, bytes: UnsafeRawBufferPointer) {
        guard let connection = connections[id], !connection.isClosing else { return }
        // Plain protocol 1 past its first line, the commonest by far: one test of a tag, then
        // each line goes from the bytes read to the service's judge, without a copy.
        guard case .tcp = connection.state, connection.sawFirstLine else { return receivedOther(connection, bytes: bytes) }
        service.takeLines(of: connection.owner) { judge in connection.framer.append(bytes, verdict: judge) }
    }

    /// A connection whose reading was paused has had its unsent output written down to the mark.
    public func drained(_ id: ConnectionNumber) {
        if let connection = connections[id], connection.transportPaused {
            connection.transportPaused = false
            readOn(connection)
        }
        service.connectionDrained(id)
    }

    /// A connection closed, for whatever reason: its timers stop, and the service hears of it.
    public func closed(_ id: ConnectionNumber, reason: String) {
        if let connection = connections.removeValue(forKey: id) {
            metrics.closed(connection.state.kind)
            switch connection.state {
            case .pending(let pending): if let timer = pending.greetingTimer { host.cancelTimer(timer) }
            case .http(let session):
                if let timer = session.deadline { host.cancelTimer(timer) }
                if let timer = session.rateTimer { host.cancelTimer(timer) }
            case .webSocket(let session): if let timer = session.pingTimer { host.cancelTimer(timer) }
            case .tcp: break
            }
        }
        service.connectionClosed(id, reason: reason)
    }

    // MARK: - From the service

    /// Stops (`false`) or restarts (`true`) reading what a connection sends, for the service
    /// (backpressure). On restart, what was held back is handled first: the lines the framer
    /// kept, then the frames or requests already read; the socket is read again only if that
    /// did not hold it back again.
    public func setReading(_ id: ConnectionNumber, _ reading: Bool) {
        guard let connection = connections[id] else { return host.readSocket(of: id, reading) }
        connection.serviceReading = reading
        if reading {
            readOn(connection)
        } else {
            host.readSocket(of: id, false)
        }
    }

    /// Whether the connection holds input back that the service has not been handed yet:
    /// lines the framer kept at a ``LineFramer/Verdict/hold``, or WebSocket frames not yet read.
    /// (Not the socket's unread bytes, which the kernel keeps.)
    public func holdsInput(_ id: ConnectionNumber) -> Bool {
        guard let connection = connections[id] else { return false }
        if connection.framer.isHolding { return true }
        guard case .webSocket(let session) = connection.state else { return false }
        return session.reader.hasUnreadBytes
    }

    /// Closes a connection once what was queued for it is written. A WebSocket is sent its
    /// close frame first: 1000, or 1001 when the server is `goingAway`.
    public func close(_ id: ConnectionNumber, goingAway: Bool = false) {
        guard let connection = connections[id] else {
            if id == opening { refusedWhileOpening = true }
            return host.closeAfterFlush(id)
        }
        if goingAway {
            close(connection, code: WebSocketCloseCode.goingAway.rawValue, reason: "the server is shutting down")
        } else {
            close(connection)
        }
    }

    /// Turns away the connection being opened (the server, or its address's share of it, is
    /// full): an HTTP or WebSocket client is sent `503 Service Unavailable` saying `reason` and
    /// closed; a protocol 1 client (its first bytes say which, and silence, for the plain
    /// greeting delay, is protocol 1) is handed to the service as usual
    /// (``LineService/connectionSpeaksLines(_:)``), which tells it why in protocol 1 and closes it. Called by the service from
    /// ``LineService/connectionOpened(_:peer:)``; at any other time the connection is closed.
    public func refuse(_ id: ConnectionNumber, reason: String) {
        guard id == opening else { return close(id) }
        refusalWhileOpening = reason
    }

    /// Tells a refused connection why, in its protocol: a `503` here, or protocol 1 by the service.
    func turnAway(_ connection: TransportConnection, reason: String, http: Bool) {
        guard http else {
            setState(.tcp, of: connection)
            return service.connectionSpeaksLines(connection.id, overWebSocket: false)
        }
        var response = HTTPResponse.text(503, reason)
        response.headers = [("Retry-After", "10")]
        response.closesConnection = true
        metrics.answered(status: 503)
        host.sendBytes(response.encoded(), to: connection.id)
        close(connection)
    }

    // MARK: - Lines

    /// Hands protocol 1 bytes to the service, line by line; a connection's first line is
    /// looked at first: one that starts like an HTTP request is refused, not judged.
    func takeLines(_ connection: TransportConnection, _ bytes: UnsafeRawBufferPointer) {
        guard !connection.sawFirstLine else {
            return service.takeLines(of: connection.owner) { judge in connection.framer.append(bytes, verdict: judge) }
        }
        service.takeLines(of: connection.owner) { judge in
            connection.framer.append(bytes) { frame in
                guard !connection.sawFirstLine else { return judge(frame) }
                connection.sawFirstLine = true
                guard case .line(let line) = frame, Self.looksLikeHTTP(line) else { return judge(frame) }
                // A browser's connection greeted before its request came (opened ahead and left
                // idle): its page fails this once, and the address's next connections wait for it.
                if config.web != nil { browserAddresses.sawRequest(from: service.address(of: connection.owner), at: host.monotonicNanoseconds) }
                service.firstLineWasHTTP(connection.id)
                return .stop
            }
        }
    }

    /// Goes on with what a connection held back left unread, while nothing holds it back.
    func readOn(_ connection: TransportConnection) {
        guard connection.isReading else { return }
        if connection.framer.isHolding {
            service.takeLines(of: connection.owner) { judge in connection.framer.resume(onFrame: judge) }
        }
        guard connection.isReading else { return }
        switch connection.state {
        case .http(let session): serveHTTP(connection, session)
        case .webSocket(let session): readFrames(connection, session)
        case .pending, .tcp: break
        }
        if connection.isReading {
            host.readSocket(of: connection.id, true)
        }
    }

    /// Holds a connection's input back while the transport's own replies to it (HTTP replies,
    /// pongs) pile up unread, as the service does for its lines.
    func pauseIfBackedUp(_ connection: TransportConnection) {
        guard !connection.isClosing, let unsent = host.unsentBytes(of: connection.id), unsent > config.pauseInputAboveUnsentBytes else { return }
        if !connection.wasPaused {
            connection.wasPaused = true
            host.logLine("\(connection.id) is read more slowly: its replies are piling up unread")
        }
        connection.transportPaused = true
        host.readSocket(of: connection.id, false)
        host.notifyWhenDrained(connection.id, atMost: config.resumeInputAtUnsentBytes)
    }

    func setState(_ state: TransportConnection.State, of connection: TransportConnection) {
        metrics.closed(connection.state.kind)
        metrics.opened(state.kind)
        connection.state = state
    }

    /// Closes a connection once what was queued for it is written; a WebSocket is sent a
    /// close frame with `code` and `reason` first.
    func close(_ connection: TransportConnection, code: UInt16 = WebSocketCloseCode.normal.rawValue, reason: String = "") {
        connection.isClosing = true
        if case .webSocket(let session) = connection.state, !session.closeSent {
            session.closeSent = true
            host.sendBytes(WebSocketFrame.close(code, reason: reason), to: connection.id)
        }
        host.closeAfterFlush(connection.id)
    }
}
