import WebTransport

/// How the server answers HTTP and WebSocket peers on its game port.
public struct WebConfig: Sendable {
    /// How long a new connection may stay silent before it is taken for a protocol 1 client
    /// and greeted with `hello`: a browser sends its request the moment it connects, while
    /// netcat and cardclient wait to be greeted. A peer that speaks first (a request, a command)
    /// is answered at once and waits for nothing.
    public var greetingDelay: Duration = .milliseconds(50)
    /// How long a silent connection waits instead when its address was sent a file of the web
    /// client within `browserMemory`: a browser's spare connection (opened with the page's first one, used
    /// for a file the page asks for later in its load) must not be greeted before its request
    /// comes (see `BrowserAddresses`). A protocol 1 client from such an address that speaks
    /// first (a `login`) is greeted at once; netcat beside a page just loaded waits up to 10 s.
    /// As long as `browserMemory`: Chrome keeps a spare it has not used for up to 10 s, and a
    /// loaded machine can take seconds to ask for the page's next file.
    public var browserGreetingDelay: Duration = .seconds(10)
    /// How long an address counts as a browser's after its last HTTP request (Chrome drops a
    /// spare connection it did not use after 10 s).
    public var browserMemory: Duration = .seconds(10)
    /// How long an HTTP request's head may take to arrive, from the connection's first byte or
    /// the end of the last reply: a slow-header (slowloris) peer is cut off then.
    public var headerTimeout: Duration = .seconds(10)
    /// Requests one HTTP connection may make; the last reply says `Connection: close`.
    public var maxRequestsPerConnection = 100
    /// Browser origins allowed to open a WebSocket besides the server's own (`--allow-origin`).
    public var origins = WebSocketHandshake.OriginPolicy()
    /// `Host` names a browser may use for the web client and its WebSocket (`--allow-host`).
    public var hosts = HostPolicy()
    /// A WebSocket silent this long is pinged; silent as long again, it is closed with 1008.
    public var pingInterval: Duration = .seconds(30)

    /// Whether an `--allow-origin` value is written as a browser writes an `Origin` (or is `*`):
    /// anything else would be taken and never match a page.
    public static func isOrigin(_ text: String) -> Bool {
        WebSocketHandshake.OriginPolicy.isOrigin(text)
    }

    /// Whether an `--allow-host` value is a host name (or `*`).
    public static func isHostName(_ text: String) -> Bool {
        HostPolicy.isName(text)
    }

    /// Trusts these `--allow-origin` origins and `--allow-host` names; an origin's host is
    /// trusted as a `Host` name too.
    public mutating func trust(origins: [String], hosts: [String]) {
        self.origins = .init(allowed: origins)
        self.hosts = HostPolicy(names: hosts, origins: origins)
    }

    /// The defaults: 50 ms greeting delay, 10 s header deadline, 100 requests a connection,
    /// only the server's own origin, pings after 30 s of silence.
    public init() {}
}
