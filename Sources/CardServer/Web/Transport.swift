import Wire
import WebTransport

/// What a connection turned out to be, with that transport's own state.
enum Transport {
    /// Accepted, and not yet known: its first bytes, or the greeting delay passing, will say.
    case pending(PendingConnection)
    /// Protocol 1 over NDJSON, as netcat and cardclient speak it.
    case tcp
    /// HTTP/1.1 requests.
    case http(HTTPSession)
    /// Protocol 1 over WebSocket, after an upgrade on `/ws`.
    case webSocket(WebSocketSession)

    /// Its kind, as `/metrics` counts connections.
    var kind: ServerMetrics.Kind {
        switch self {
        case .pending: .pending
        case .tcp: .tcp
        case .http: .http
        case .webSocket: .websocket
        }
    }
}

/// A connection whose kind is not known yet.
final class PendingConnection {
    /// What it sent so far: at most the longest method and its space (`OPTIONS `), since
    /// that many bytes always decide.
    var bytes: [UInt8] = []
    /// Greets it as a protocol 1 client when it stays silent.
    var greetingTimer: TimerToken?
}

/// An HTTP connection's requests.
final class HTTPSession {
    var reader = HTTPRequestReader()
    /// Replies sent so far, counted against ``WebConfig/maxRequestsPerConnection``.
    var served = 0
    /// The deadline for the next request's head (slowloris).
    var deadline: TimerToken?
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
    var pingTimer: TimerToken?
    /// The server sent its close frame: nothing more goes out.
    var closeSent = false
}
