import WebTransport

/// How the server answers HTTP and WebSocket peers on its game port.
public struct WebConfig: Sendable {
    /// How long a new connection may stay silent before it is taken for a protocol 1 client
    /// and greeted with `hello`: a browser sends its request the moment it connects, while
    /// netcat and cardclient wait to be greeted. A peer that speaks first (a request, a command)
    /// is answered at once and waits for nothing.
    public var greetingDelay: Duration = .milliseconds(50)
    /// How long an HTTP request's head may take to arrive, from the connection's first byte or
    /// the end of the last reply: a slow-header (slowloris) peer is cut off then.
    public var headerTimeout: Duration = .seconds(10)
    /// Requests one HTTP connection may make; the last reply says `Connection: close`.
    public var maxRequestsPerConnection = 100
    /// Browser origins allowed to open a WebSocket besides the server's own (`--allow-origin`).
    public var origins = WebSocketHandshake.OriginPolicy()
    /// A WebSocket silent this long is pinged; silent as long again, it is closed with 1008.
    public var pingInterval: Duration = .seconds(30)

    /// The defaults: 50 ms greeting delay, 10 s header deadline, 100 requests a connection,
    /// only the server's own origin, pings after 30 s of silence.
    public init() {}
}
