import WebTransport

// Protocol 1 over WebSocket after an upgrade on `/ws`: text messages in as lines, lines out as
// text frames (framed by the host, as the upgrade asks), control frames answered, liveness pings.
extension TransportLayer {
    func upgrade(_ request: HTTPRequest, from connection: TransportConnection, _ session: HTTPSession) {
        guard let web = config.web else { return }
        let response: HTTPResponse
        do {
            response = try WebSocketHandshake.accept(request, origins: web.origins, hosts: web.hosts)
        } catch {
            host.logLine("\(connection.id) WebSocket upgrade refused: \(error.response.status)")
            return respond(error.response, to: connection, session, request: request, closing: true)
        }
        if let timer = session.deadline { host.cancelTimer(timer) }
        metrics.answered(status: 101)
        host.sendBytes(response.encoded(host: request.value("host")), to: connection.id)
        let socket = WebSocketSession()
        setState(.webSocket(socket), of: connection)
        // Each line the service sends goes as one text frame, without its newline.
        host.frameLines(of: connection.id) { line in WebSocketFrame.header(.text, payloadCount: line.count) + line }
        host.logLine("\(connection.id) is a WebSocket\(request.value("origin").map { " from \($0.prefix(200))" } ?? "")")
        scheduleLivenessCheck(connection, socket, web: web)
        service.connectionSpeaksLines(connection.id, overWebSocket: true)
        // Frames sent right behind the request, before its answer.
        let early = session.reader.takeBuffered()
        if !early.isEmpty {
            early.withUnsafeBytes { socket.reader.append($0) }
            readFrames(connection, socket)
        }
    }

    /// Handles the frames received, while nothing holds the connection back: each text message
    /// is one protocol 1 line (its newlines, whitespace to JSON, made spaces so it stays one).
    func readFrames(_ connection: TransportConnection, _ session: WebSocketSession) {
        while connection.isReading, let result = session.reader.next() {
            switch result {
            case .failure(let failure):
                host.logLine("\(connection.id) broke a WebSocket rule (\(failure.code.rawValue)): \(failure.reason)")
                close(connection, code: failure.code.rawValue, reason: failure.reason)
            case .success(.text(var message)):
                for index in message.indices where message[index] == 0x0A || message[index] == 0x0D {
                    message[index] = 0x20
                }
                message.append(0x0A)
                message.withUnsafeBytes { takeLines(connection, $0) }
            case .success(.ping(let payload)):
                host.sendBytes(WebSocketFrame.frame(.pong, payload), to: connection.id)
                pauseIfBackedUp(connection)
            case .success(.pong):
                break
            case .success(.close(let code, _)):
                // The closing handshake: the same code back (RFC 6455, 5.5.1), then the TCP close.
                close(connection, code: code ?? WebSocketCloseCode.normal.rawValue)
            }
        }
    }

    private func scheduleLivenessCheck(_ connection: TransportConnection, _ session: WebSocketSession, web: WebConfig) {
        let id = connection.id
        session.pingTimer = host.scheduleTimer(after: web.pingInterval) { [weak self] in
            self?.checkLiveness(id)
        }
    }

    /// A WebSocket silent for a whole interval is pinged; silent for the next one too, it is
    /// closed. One held back for its own backlog or rate is not judged: it is not being read.
    private func checkLiveness(_ id: ConnectionNumber) {
        guard let connection = connections[id], !connection.isClosing, case .webSocket(let session) = connection.state, let web = config.web else { return }
        session.pingTimer = nil
        if session.heard || !connection.isReading {
            session.heard = false
            session.pinged = false
        } else if !session.pinged {
            session.pinged = true
            host.sendBytes(WebSocketFrame.frame(.ping, Array("cardserver".utf8)), to: id)
        } else {
            host.logLine("\(id) answered no ping within \(web.pingInterval); closing")
            return close(connection, code: WebSocketCloseCode.policyViolation.rawValue, reason: "no answer to a ping")
        }
        scheduleLivenessCheck(connection, session, web: web)
    }
}
