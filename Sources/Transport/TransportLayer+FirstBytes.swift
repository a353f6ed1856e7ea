import WebTransport

// One port, three kinds of peer: protocol 1 over NDJSON (as before), HTTP, and protocol 1 over
// WebSocket. A connection is pending until its first bytes show whether it starts an HTTP
// request, or until the greeting delay passes in silence: then it is a protocol 1 client, greeted.
extension TransportLayer {
    /// Every method an HTTP request may start with, and its space: a connection whose first bytes
    /// start one is HTTP (and gets 405 for all but GET and HEAD).
    static let httpMethods = ["GET ", "POST ", "HEAD ", "PUT ", "DELETE ", "OPTIONS ", "CONNECT ", "PATCH ", "TRACE "].map { Array($0.utf8) }

    /// Whether a line starts like an HTTP request: on a server without web transports, or
    /// one that came after the greeting, it gets the protocol 1 error that says so.
    static func looksLikeHTTP(_ line: UnsafeRawBufferPointer) -> Bool {
        httpMethods.contains { line.starts(with: $0) }
    }

    /// What a connection's first bytes say it is; nil while they are a method's start and could still be.
    static func sniff(_ bytes: [UInt8]) -> ConnectionKind? {
        if httpMethods.contains(where: { bytes.starts(with: $0) }) { return .http }
        if httpMethods.contains(where: { $0.starts(with: bytes) }) { return nil }
        return .tcp
    }

    // MARK: - Pending

    /// How soon a connection whose greeting delay ran out with its first bytes unread is looked at again.
    static let unreadInputRecheck: Duration = .milliseconds(1)

    /// Makes a new connection wait for its first bytes, for at most the greeting delay.
    func awaitFirstBytes(_ connection: TransportConnection, _ pending: PendingConnection, web: WebConfig) {
        let id = connection.id
        // A refused connection is not given a browser's longer delay: it is refused either way.
        let browser = pending.refusal == nil && browserAddresses.isBrowser(service.address(of: connection.owner), at: host.monotonicNanoseconds)
        pending.greetingTimer = host.scheduleTimer(after: browser ? web.browserGreetingDelay : web.greetingDelay) { [weak self] in
            self?.greetingDelayPassed(id, extended: browser)
        }
    }

    private func greetingDelayPassed(_ id: ConnectionNumber, extended: Bool) {
        guard let connection = connections[id], !connection.isClosing, case .pending(let pending) = connection.state else { return }
        // Its first bytes came while this turn ran (a loaded server's turn can outlast the
        // delay): the next turn reads them, and they say what it is.
        if host.hasUnreadInput(of: id) {
            pending.greetingTimer = host.scheduleTimer(after: Self.unreadInputRecheck) { [weak self] in
                self?.greetingDelayPassed(id, extended: extended)
            }
            return
        }
        if let reason = pending.refusal {
            pending.greetingTimer = nil
            return turnAway(connection, reason: reason, http: false)
        }
        // A page requested from this address since the connection came: it is likely a
        // browser's spare connection, opened with the page's first one. Wait the rest.
        if !extended, let web = config.web, browserAddresses.isBrowser(service.address(of: connection.owner), at: host.monotonicNanoseconds) {
            pending.greetingTimer = host.scheduleTimer(after: web.browserGreetingDelay - web.greetingDelay) { [weak self] in
                self?.greetingDelayPassed(id, extended: true)
            }
            return
        }
        pending.greetingTimer = nil
        becomeLineConnection(connection, sent: pending.bytes)
    }

    /// The connection speaks protocol 1 over NDJSON: greeted, then what it sent so far is read.
    private func becomeLineConnection(_ connection: TransportConnection, sent: [UInt8]) {
        setState(.tcp, of: connection)
        service.connectionSpeaksLines(connection.id, overWebSocket: false)
        if !sent.isEmpty, !connection.isClosing {
            sent.withUnsafeBytes { takeLines(connection, $0) }
        }
    }

    /// Bytes from a connection that is not a plain protocol 1 one past its first line.
    func receivedOther(_ connection: TransportConnection, bytes: UnsafeRawBufferPointer) {
        switch connection.state {
        case .tcp:
            takeLines(connection, bytes)
        case .pending(let pending):
            pending.bytes.append(contentsOf: bytes)
            guard let kind = Self.sniff(pending.bytes) else { return }
            if let timer = pending.greetingTimer { host.cancelTimer(timer) }
            if let reason = pending.refusal {
                return turnAway(connection, reason: reason, http: kind == .http)
            }
            if kind == .http, let web = config.web {
                let session = HTTPSession()
                setState(.http(session), of: connection)
                armHeaderDeadline(connection, session, web: web)
                session.reader.append(pending.bytes)
                serveHTTP(connection, session)
            } else {
                becomeLineConnection(connection, sent: pending.bytes)
            }
        case .http(let session):
            session.reader.append(bytes)
            serveHTTP(connection, session)
        case .webSocket(let session):
            session.heard = true
            session.pinged = false
            session.reader.append(bytes)
            readFrames(connection, session)
        }
    }
}
