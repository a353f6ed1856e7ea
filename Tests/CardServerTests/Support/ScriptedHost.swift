@testable import CardServer
import Wire

/// A host for testing server logic on virtual time: a manual clock, timers that run
/// only when the test advances the clock, and every line sent kept per client.
///
/// Like swift-nio's `EmbeddedEventLoop.advanceTime(by:)`: no sockets, no sleeps.
final class ScriptedHost: ServerHost {
    /// The virtual monotonic clock, in nanoseconds.
    private(set) var now: UInt64 = 1_000_000_000
    /// Lines sent to each client, decoded, in order; `take(_:)` empties them.
    private var outbox: [ClientID: [JSONObject]] = [:]
    /// Bytes sent to each client so far and not yet "read" by the test (see `pendingBytes`).
    var pendingBytes: [ClientID: Int] = [:]
    /// Clients the server asked to close.
    private(set) var disconnected: Set<ClientID> = []
    /// Log lines, in order.
    private(set) var logLines: [String] = []
    private var timers: [(token: UInt64, due: UInt64, action: () -> Void)] = []
    private var nextToken: UInt64 = 1
    private var nextClient: UInt64 = 1

    /// The server under test, wired to this host, with no journal.
    private(set) var server: GameServer!

    init(config: ServerConfig = ServerConfig(version: "test")) {
        server = GameServer(config: config, host: self, journal: nil)
    }

    // MARK: ServerHost

    func send(_ line: [UInt8], to client: ClientID) {
        pendingBytes[client, default: 0] += line.count
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        let object = (try? JSONParser.parse(text))?.objectValue ?? JSONObject([("unparsed", .string(text))])
        outbox[client, default: []].append(object)
    }

    func disconnect(_ client: ClientID) {
        disconnected.insert(client)
    }

    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerToken {
        let token = nextToken
        nextToken += 1
        let (seconds, attoseconds) = delay.components
        let nanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        timers.append((token, now + nanoseconds, action))
        return TimerToken(rawValue: token)
    }

    func cancel(_ timer: TimerToken) {
        timers.removeAll { $0.token == timer.rawValue }
    }

    var nowNanoseconds: UInt64 { now }

    func log(_ message: String) {
        logLines.append(message)
    }

    // MARK: Driving the server

    /// Moves the clock forward, running every timer that comes due, in order of its due time.
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let target = now + UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        while let next = timers.enumerated().filter({ $0.element.due <= target }).min(by: { $0.element.due < $1.element.due }) {
            timers.remove(at: next.offset)
            now = max(now, next.element.due)
            next.element.action()
            server.endOfTurn()
        }
        now = target
    }

    /// Opens a connection from `peer` and returns its id; its `hello` waits in the outbox.
    func connect(peer: String = "127.0.0.1:40000") -> ClientID {
        let id = ClientID(rawValue: nextClient)
        nextClient += 1
        server.clientConnected(id, peer: peer)
        server.endOfTurn()
        return id
    }

    /// Sends one line (a newline is added) from a client, as one read.
    func send(_ line: String, from client: ClientID) {
        sendRaw(Array((line + "\n").utf8), from: client)
    }

    /// Sends bytes from a client as one read.
    func sendRaw(_ bytes: [UInt8], from client: ClientID) {
        bytes.withUnsafeBytes { server.clientSent(client, bytes: $0) }
        server.endOfTurn()
    }

    /// Closes a client's connection from its side.
    func drop(_ client: ClientID) {
        server.clientDisconnected(client, reason: "peer closed")
        server.endOfTurn()
    }

    /// Connects, logs in as `name` and empties the outbox; returns the connection.
    func player(_ name: String, peer: String = "127.0.0.1:40000") -> ClientID {
        let id = connect(peer: peer)
        send(#"{"type":"login","name":"\#(name)"}"#, from: id)
        _ = take(id)
        return id
    }

    /// The messages sent to a client since the last call, oldest first.
    func take(_ client: ClientID) -> [JSONObject] {
        defer { outbox[client] = [] }
        return outbox[client] ?? []
    }

    /// The `type` of each message sent to a client since the last take.
    func types(_ client: ClientID) -> [String] {
        take(client).map { $0["type"]?.stringValue ?? "?" }
    }
}
