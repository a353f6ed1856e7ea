import WebTransport
import Wire

// One port, three kinds of peer: protocol 1 over NDJSON (as before), HTTP, and protocol 1 over
// WebSocket. A connection is pending until its first bytes show whether it starts an HTTP
// request, or until the greeting delay passes in silence: then it is a protocol 1 client, greeted.
extension GameServer {
    /// Every method an HTTP request may start with, and its space: a connection whose first bytes
    /// start one is HTTP (and gets 405 for all but GET and HEAD).
    static let httpMethods = ["GET ", "POST ", "HEAD ", "PUT ", "DELETE ", "OPTIONS ", "CONNECT ", "PATCH ", "TRACE "].map { Array($0.utf8) }

    /// Whether a line starts like an HTTP request: on a server without web transports, or
    /// one that came after the greeting, it gets the protocol 1 error that says so.
    static func looksLikeHTTP(_ line: UnsafeRawBufferPointer) -> Bool {
        httpMethods.contains { line.starts(with: $0) }
    }

    /// What a connection's first bytes say it is; nil while they are a method's start and could still be.
    static func sniff(_ bytes: [UInt8]) -> ServerMetrics.Kind? {
        if httpMethods.contains(where: { bytes.starts(with: $0) }) { return .http }
        if httpMethods.contains(where: { $0.starts(with: bytes) }) { return nil }
        return .tcp
    }

    // MARK: - Pending

    /// Makes a new connection wait for its first bytes, for at most the greeting delay.
    func awaitFirstBytes(_ client: Client, web: WebConfig) {
        let pending = PendingConnection()
        setTransport(.pending(pending), of: client)
        let id = client.id
        let browser = browserAddresses.isBrowser(client.address, at: host.nowNanoseconds)
        pending.greetingTimer = host.schedule(after: browser ? web.browserGreetingDelay : web.greetingDelay) { [weak self] in
            self?.greetingDelayPassed(id, extended: browser)
        }
    }

    private func greetingDelayPassed(_ id: ClientID, extended: Bool) {
        guard let client = clients[id], !client.isClosing, case .pending(let pending) = client.transport else { return }
        // A page requested from this address since the connection came: it is likely a
        // browser's spare connection, opened with the page's first one. Wait the rest.
        if !extended, let web = config.web, browserAddresses.isBrowser(client.address, at: host.nowNanoseconds) {
            pending.greetingTimer = host.schedule(after: web.browserGreetingDelay - web.greetingDelay) { [weak self] in
                self?.greetingDelayPassed(id, extended: true)
            }
            return
        }
        pending.greetingTimer = nil
        becomeProtocolClient(client, sent: pending.bytes)
    }

    /// The connection speaks protocol 1 over NDJSON: greet it, then read what it sent so far.
    private func becomeProtocolClient(_ client: Client, sent: [UInt8]) {
        setTransport(.tcp, of: client)
        greet(client)
        if !sent.isEmpty {
            sent.withUnsafeBytes { clientSent(client.id, bytes: $0) }
        }
    }

    /// Bytes from a connection that is not a plain protocol 1 one.
    func webSent(_ client: Client, bytes: UnsafeRawBufferPointer) {
        switch client.transport {
        case .tcp:
            break
        case .pending(let pending):
            pending.bytes.append(contentsOf: bytes)
            guard let kind = Self.sniff(pending.bytes) else { return }
            if let timer = pending.greetingTimer { host.cancel(timer) }
            if kind == .http, let web = config.web {
                browserAddresses.sawRequest(from: client.address, at: host.nowNanoseconds)
                let session = HTTPSession()
                setTransport(.http(session), of: client)
                armHeaderDeadline(client, session, web: web)
                session.reader.append(pending.bytes)
                serveHTTP(client, session)
            } else {
                becomeProtocolClient(client, sent: pending.bytes)
            }
        case .http(let session):
            session.reader.append(bytes)
            serveHTTP(client, session)
        case .webSocket(let session):
            session.heard = true
            session.pinged = false
            session.reader.append(bytes)
            readFrames(client, session)
        }
    }

    /// Goes on with what a paused HTTP or WebSocket connection left unread.
    func resumeTransport(_ client: Client) {
        switch client.transport {
        case .http(let session): serveHTTP(client, session)
        case .webSocket(let session): readFrames(client, session)
        case .pending, .tcp: break
        }
    }

    func setTransport(_ transport: Transport, of client: Client) {
        metrics.connection(from: client.transport.kind, to: transport.kind)
        client.transport = transport
    }

    /// Cancels a closed connection's transport timers.
    func transportClosed(_ client: Client) {
        metrics.connectionClosed(client.transport.kind)
        switch client.transport {
        case .pending(let pending): if let timer = pending.greetingTimer { host.cancel(timer) }
        case .http(let session): if let timer = session.deadline { host.cancel(timer) }
        case .webSocket(let session): if let timer = session.pingTimer { host.cancel(timer) }
        case .tcp: break
        }
    }

    // MARK: - HTTP

    private func armHeaderDeadline(_ client: Client, _ session: HTTPSession, web: WebConfig) {
        if let timer = session.deadline { host.cancel(timer) }
        let id = client.id
        session.deadline = host.schedule(after: web.headerTimeout) { [weak self] in
            self?.headerDeadlinePassed(id)
        }
    }

    private func headerDeadlinePassed(_ id: ClientID) {
        guard let client = clients[id], !client.isClosing, case .http(let session) = client.transport, let web = config.web else { return }
        session.deadline = nil
        if session.reader.hasPartialRequest {
            host.log("\(id) sent no whole request head within \(web.headerTimeout); closing")
            respond(.text(408, "a request head must arrive within \(web.headerTimeout.components.seconds) s"), to: client, session, request: nil, closing: true)
        } else {
            // An idle keep-alive connection: closed without a word, as HTTP allows.
            close(client)
        }
    }

    /// Answers every whole request received, stopping while the client's replies pile up unread.
    private func serveHTTP(_ client: Client, _ session: HTTPSession) {
        while !client.isClosing, client.inputPause == nil, case .http = client.transport, let result = session.reader.next() {
            switch result {
            case .failure(let error):
                var response = HTTPResponse.text(error.status, error.message)
                if case .methodNotAllowed = error { response.headers = [("Allow", "GET, HEAD")] }
                respond(response, to: client, session, request: nil, closing: true)
            case .success(let request):
                route(request, from: client, session)
            }
            guard !client.isClosing, case .http = client.transport, let unsent = host.unsentBytes(for: client.id) else { return }
            if unsent > config.pauseInputAboveUnsentBytes {
                pauseInput(client, .outputBacklog)
            }
        }
    }

    private func route(_ request: HTTPRequest, from client: Client, _ session: HTTPSession) {
        switch request.path {
        case "/healthz":
            // Answered by the loop, after the data directory was read: both hold.
            respond(.text(200, "ok"), to: client, session, request: request)
        case "/metrics":
            let text = metrics.exposition(commandTypes: ClientCommand.types, games: Self.gameNames, players: players.count, bytes: host.transferredBytes)
            respond(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(text.utf8)), to: client, session, request: request)
        case "/ws":
            upgrade(request, from: client, session)
        default:
            guard let file = WebFiles.file(at: request.path) else {
                return respond(.text(404, "no such page"), to: client, session, request: request)
            }
            var response = HTTPResponse(status: 200, contentType: file.contentType, body: file.body)
            response.cacheControl = "no-cache"
            respond(response, to: client, session, request: request)
        }
    }

    /// Sends a reply; the connection closes after it when asked, when the client wants, or at
    /// the last request a connection may make. Otherwise the next head's deadline starts.
    private func respond(_ response: HTTPResponse, to client: Client, _ session: HTTPSession, request: HTTPRequest?, closing: Bool = false) {
        var response = response
        session.served += 1
        let maxRequests = config.web?.maxRequestsPerConnection ?? 1
        response.closesConnection = closing || !(request?.wantsKeepAlive ?? false) || session.served >= maxRequests
        metrics.answered(status: response.status)
        host.sendUnframed(response.encoded(headOnly: request?.method == "HEAD", host: request?.value("host")), to: client.id)
        if response.closesConnection {
            close(client)
        } else if let web = config.web {
            armHeaderDeadline(client, session, web: web)
        }
    }

    // MARK: - WebSocket

    private func upgrade(_ request: HTTPRequest, from client: Client, _ session: HTTPSession) {
        guard let web = config.web else { return }
        let response: HTTPResponse
        do {
            response = try WebSocketHandshake.accept(request, origins: web.origins)
        } catch {
            host.log("\(client.id) WebSocket upgrade refused: \(error.response.status)")
            return respond(error.response, to: client, session, request: request, closing: true)
        }
        if let timer = session.deadline { host.cancel(timer) }
        metrics.answered(status: 101)
        host.sendUnframed(response.encoded(host: request.value("host")), to: client.id)
        let socket = WebSocketSession()
        setTransport(.webSocket(socket), of: client)
        host.frameLinesAsWebSocket(client.id)
        host.log("\(client.id) is a WebSocket\(request.value("origin").map { " from \($0.prefix(200))" } ?? "")")
        scheduleLivenessCheck(client, socket, web: web)
        greet(client)
        // Frames sent right behind the request, before its answer.
        let early = session.reader.takeBuffered()
        if !early.isEmpty {
            early.withUnsafeBytes { socket.reader.append($0) }
            readFrames(client, socket)
        }
    }

    /// Handles the frames received, while the client is not paused: each text message is one
    /// protocol 1 line (its newlines, whitespace to JSON, made spaces so it stays one).
    private func readFrames(_ client: Client, _ session: WebSocketSession) {
        let host = self.host
        while !client.isClosing, client.inputPause == nil, let result = session.reader.next() {
            switch result {
            case .failure(let failure):
                host.log("\(client.id) broke a WebSocket rule (\(failure.code.rawValue)): \(failure.reason)")
                close(client, code: failure.code.rawValue, reason: failure.reason)
            case .success(.text(var message)):
                for index in message.indices where message[index] == 0x0A || message[index] == 0x0D {
                    message[index] = 0x20
                }
                message.append(0x0A)
                message.withUnsafeBytes { line in
                    client.framer.append(line) { frame in take(frame, from: client, host: host) }
                }
            case .success(.ping(let payload)):
                host.sendUnframed(WebSocketFrame.frame(.pong, payload), to: client.id)
                if let unsent = host.unsentBytes(for: client.id), unsent > config.pauseInputAboveUnsentBytes {
                    pauseInput(client, .outputBacklog)
                }
            case .success(.pong):
                break
            case .success(.close(let code, _)):
                // The closing handshake: the same code back (RFC 6455, 5.5.1), then the TCP close.
                close(client, code: code ?? WebSocketCloseCode.normal.rawValue)
            }
        }
    }

    private func scheduleLivenessCheck(_ client: Client, _ session: WebSocketSession, web: WebConfig) {
        let id = client.id
        session.pingTimer = host.schedule(after: web.pingInterval) { [weak self] in
            self?.checkLiveness(id)
        }
    }

    /// A WebSocket silent for a whole interval is pinged; silent for the next one too, it is
    /// closed. One paused for its own backlog or rate is not judged: it is not being read.
    private func checkLiveness(_ id: ClientID) {
        guard let client = clients[id], !client.isClosing, case .webSocket(let session) = client.transport, let web = config.web else { return }
        session.pingTimer = nil
        if session.heard || client.inputPause != nil {
            session.heard = false
            session.pinged = false
        } else if !session.pinged {
            session.pinged = true
            host.sendUnframed(WebSocketFrame.frame(.ping, Array("cardserver".utf8)), to: id)
        } else {
            host.log("\(id) answered no ping within \(web.pingInterval); closing")
            return close(client, code: WebSocketCloseCode.policyViolation.rawValue, reason: "no answer to a ping")
        }
        scheduleLivenessCheck(client, session, web: web)
    }
}
