import WebTransport

// HTTP/1.1 on the game port: requests answered in turn on a keep-alive connection, each head
// within its deadline, the routes (`/`, the site, `/healthz`, `/metrics`, `/ws`).
extension TransportLayer {
    func armHeaderDeadline(_ connection: TransportConnection, _ session: HTTPSession, web: WebConfig) {
        if let timer = session.deadline { host.cancelTimer(timer) }
        let id = connection.id
        session.deadline = host.scheduleTimer(after: web.headerTimeout) { [weak self] in
            self?.headerDeadlinePassed(id)
        }
    }

    private func headerDeadlinePassed(_ id: ConnectionNumber) {
        guard let connection = connections[id], !connection.isClosing, case .http(let session) = connection.state, let web = config.web else { return }
        session.deadline = nil
        if session.reader.hasPartialRequest {
            host.logLine("\(id) sent no whole request head within \(web.headerTimeout); closing")
            respond(.text(408, "a request head must arrive within \(web.headerTimeout.components.seconds) s"), to: connection, session, request: nil, closing: true)
        } else {
            // An idle keep-alive connection: closed without a word, as HTTP allows.
            close(connection)
        }
    }

    /// Answers every whole request received, stopping while the client's replies pile up unread.
    func serveHTTP(_ connection: TransportConnection, _ session: HTTPSession) {
        while connection.isReading, case .http = connection.state, let result = session.reader.next() {
            switch result {
            case .failure(let error):
                var response = HTTPResponse.text(error.status, error.message)
                if case .methodNotAllowed = error { response.headers = [("Allow", "GET, HEAD")] }
                respond(response, to: connection, session, request: nil, closing: true)
            case .success(let request):
                route(request, from: connection, session)
                guard case .http = connection.state else { return }
                pace(connection, session)
            }
            guard case .http = connection.state else { return }
            pauseIfBackedUp(connection)
        }
    }

    /// A request was answered: it counts against the service's rates, and a connection past
    /// them is read no further until they allow its next request.
    private func pace(_ connection: TransportConnection, _ session: HTTPSession) {
        guard !connection.isClosing, let wait = service.requestServed(by: connection.owner) else { return }
        host.readSocket(of: connection.id, false)
        connection.ratePaused = true
        let id = connection.id
        session.rateTimer = host.scheduleTimer(after: .nanoseconds(Int64(clamping: wait))) { [weak self] in
            guard let self, let connection = self.connections[id] else { return }
            session.rateTimer = nil
            connection.ratePaused = false
            self.readOn(connection)
        }
    }

    /// The routes: `/healthz`, `/metrics`, `/ws` (the upgrade), and the web client's files.
    private func route(_ request: HTTPRequest, from connection: TransportConnection, _ session: HTTPSession) {
        switch request.path {
        case "/healthz":
            // Answered by the loop, after the data directory was read: both hold.
            respond(.text(200, "ok"), to: connection, session, request: request)
        case "/metrics":
            respond(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: metricsBody()), to: connection, session, request: request)
        case "/ws":
            upgrade(request, from: connection, session)
        default:
            guard let file = WebFiles.file(at: request.path) else {
                // Any 4xx closes the connection, as Protocol.md says: a scanner probing paths
                // opens a connection for each.
                return respond(.text(404, "no such page"), to: connection, session, request: request, closing: true)
            }
            // Under a name nobody gave the server, the page is refused with the option that
            // trusts the name: a DNS rebinding page, or an operator who has yet to say it.
            if let web = config.web, !web.hosts.allows(host: request.value("host")) {
                return respond(.text(403, HostPolicy.refusal(request.value("host") ?? "")), to: connection, session, request: request, closing: true)
            }
            // A page or its files: a browser's, which may have opened spare connections for the
            // page's next files (see `BrowserAddresses`). Not `/ws`, `/healthz` or `/metrics`:
            // a bot over wss, a health check or a scraper opens none.
            browserAddresses.sawRequest(from: service.address(of: connection.owner), at: host.monotonicNanoseconds)
            var response = HTTPResponse(status: 200, contentType: file.contentType, body: file.body)
            response.cacheControl = "no-cache"
            // The gzip form was made at build time: nothing is compressed here. Every reply of
            // a file names the header it depends on, gzip or not (a file without a gzip form
            // too), so that no cache hands one client's form to another.
            if let gzip = file.gzipBody, AcceptEncoding.allowsGzip(request.values("accept-encoding")) {
                response.body = gzip
                response.headers.append(("Content-Encoding", "gzip"))
            }
            response.headers.append(("Vary", "Accept-Encoding"))
            respond(response, to: connection, session, request: request)
        }
    }

    /// The `/metrics` text, rendered at most once per ``TransportLayer/metricsLifetime`` and served
    /// from that copy meanwhile: rendering walks every game and histogram, and a flood of
    /// scrapes must not make the loop do it thousands of times a second.
    private func metricsBody() -> [UInt8] {
        let now = host.monotonicNanoseconds
        if let rendered = renderedMetrics, now &- rendered.at < Self.metricsLifetime { return rendered.body }
        let body = Array(service.metricsText(metrics.figures(bytes: host.transferredBytes)).utf8)
        renderedMetrics = (now, body)
        return body
    }

    /// Sends a reply; the connection closes after it when asked, when the client wants, or at
    /// the last request a connection may make. Otherwise the next head's deadline starts.
    func respond(_ response: HTTPResponse, to connection: TransportConnection, _ session: HTTPSession, request: HTTPRequest?, closing: Bool = false) {
        var response = response
        session.served += 1
        let maxRequests = config.web?.maxRequestsPerConnection ?? 1
        response.closesConnection = closing || !(request?.wantsKeepAlive ?? false) || session.served >= maxRequests
        metrics.answered(status: response.status)
        host.sendBytes(response.encodedHead(host: request?.value("host")), to: connection.id)
        // The body as it is: a file's bytes are shared with the table they are served from.
        if request?.method != "HEAD", !response.body.isEmpty {
            host.sendBytes(response.body, to: connection.id)
        }
        if response.closesConnection {
            close(connection)
        } else if let web = config.web {
            armHeaderDeadline(connection, session, web: web)
        }
    }
}
