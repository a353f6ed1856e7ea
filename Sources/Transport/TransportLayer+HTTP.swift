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
            }
            guard case .http = connection.state else { return }
            pauseIfBackedUp(connection)
        }
    }

    /// The routes: `/healthz`, `/metrics`, `/ws` (the upgrade), and the web client's files.
    private func route(_ request: HTTPRequest, from connection: TransportConnection, _ session: HTTPSession) {
        switch request.path {
        case "/healthz":
            // Answered by the loop, after the data directory was read: both hold.
            respond(.text(200, "ok"), to: connection, session, request: request)
        case "/metrics":
            let text = service.metricsText(metrics.figures(bytes: host.transferredBytes))
            respond(HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(text.utf8)), to: connection, session, request: request)
        case "/ws":
            upgrade(request, from: connection, session)
        default:
            guard let file = WebFiles.file(at: request.path) else {
                return respond(.text(404, "no such page"), to: connection, session, request: request)
            }
            var response = HTTPResponse(status: 200, contentType: file.contentType, body: file.body)
            response.cacheControl = "no-cache"
            respond(response, to: connection, session, request: request)
        }
    }

    /// Sends a reply; the connection closes after it when asked, when the client wants, or at
    /// the last request a connection may make. Otherwise the next head's deadline starts.
    func respond(_ response: HTTPResponse, to connection: TransportConnection, _ session: HTTPSession, request: HTTPRequest?, closing: Bool = false) {
        var response = response
        session.served += 1
        let maxRequests = config.web?.maxRequestsPerConnection ?? 1
        response.closesConnection = closing || !(request?.wantsKeepAlive ?? false) || session.served >= maxRequests
        metrics.answered(status: response.status)
        host.sendBytes(response.encoded(headOnly: request?.method == "HEAD", host: request?.value("host")), to: connection.id)
        if response.closesConnection {
            close(connection)
        } else if let web = config.web {
            armHeaderDeadline(connection, session, web: web)
        }
    }
}
