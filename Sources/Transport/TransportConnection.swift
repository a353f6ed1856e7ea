import WebTransport
import Wire

/// One connection as the transport sees it: what it turned out to be, its line framer, and
/// who holds its input back.
final class TransportConnection {
    let id: ConnectionNumber
    /// The service's object for it, handed back with its lines.
    let owner: AnyObject
    var state: State
    /// Protocol 1 lines, whatever carried them: TCP bytes, or one WebSocket message a line.
    var framer = LineFramer()
    /// Whether the first line was judged yet (one that starts like an HTTP request is refused).
    var sawFirstLine = false
    /// Whether the service reads it: false while the service holds its input back.
    var serviceReading = true
    /// Whether the transport itself holds its input back, for its own replies' backlog (HTTP
    /// replies, pongs): reading resumes when the host reports the connection drained.
    var transportPaused = false
    /// Whether its input was ever held back by the transport (logged the first time only).
    var wasPaused = false
    /// The transport asked the host to close it: nothing more is read or sent.
    var isClosing = false

    init(id: ConnectionNumber, owner: AnyObject, state: State) {
        self.id = id
        self.owner = owner
        self.state = state
    }

    /// Whether what it sent is read now: neither the service nor the transport holds it back.
    var isReading: Bool { serviceReading && !transportPaused && !ratePaused && !isClosing }
    /// Its HTTP requests came faster than the service's rates allow: reading resumes when the
    /// session's ``HTTPSession/rateTimer`` fires.
    var ratePaused = false

    /// What a connection turned out to be, with that protocol's own state.
    enum State {
        /// Accepted, and not yet known: its first bytes, or the greeting delay passing, will say.
        case pending(PendingConnection)
        /// Protocol 1 over NDJSON, as netcat and cardclient speak it.
        case tcp
        /// HTTP/1.1 requests.
        case http(HTTPSession)
        /// Protocol 1 over WebSocket, after an upgrade on `/ws`.
        case webSocket(WebSocketSession)

        /// Its kind, as `/metrics` counts connections.
        var kind: ConnectionKind {
            switch self {
            case .pending: .pending
            case .tcp: .tcp
            case .http: .http
            case .webSocket: .websocket
            }
        }
    }
}

/// A connection whose kind is not known yet.
final class PendingConnection {
    /// What it sent so far: at most the longest method and its space (`OPTIONS `), since
    /// that many bytes always decide.
    var bytes: [UInt8] = []
    /// Greets it as a protocol 1 client when it stays silent.
    var greetingTimer: TransportTimer?
    /// Set when the service turned it away as it opened, to what an HTTP or WebSocket client
    /// is told in a `503`: it is told so in its own protocol, once its first bytes (or its
    /// silence) say which.
    var refusal: String?
}

/// An HTTP connection's requests.
final class HTTPSession {
    var reader = HTTPRequestReader()
    /// Replies sent so far, counted against ``WebConfig/maxRequestsPerConnection``.
    var served = 0
    /// The deadline for the next request's head (slowloris).
    var deadline: TransportTimer?
    /// Resumes reading once the service's rates allow the next request.
    var rateTimer: TransportTimer?
}

/// A WebSocket's frames and liveness.
final class WebSocketSession {
    /// Messages are bounded by the line limit: a message is one protocol 1 line.
    var reader = WebSocketReader(maxMessageBytes: LineFramer.defaultMaxLineBytes)
    /// Whether a frame arrived since the last liveness check.
    var heard = false
    /// Whether the server pinged and is waiting for any frame in answer.
    var pinged = false
    /// The next liveness check.
    var pingTimer: TransportTimer?
    /// The server sent its close frame: nothing more goes out.
    var closeSent = false
}
