/// What a connection turned out to be, as `/metrics` counts connections.
public enum ConnectionKind: String, CaseIterable, Sendable {
    /// Accepted; its first bytes (or the greeting delay) will say.
    case pending
    /// Protocol 1 over NDJSON.
    case tcp
    /// HTTP requests.
    case http
    /// Protocol 1 over WebSocket.
    case websocket
}

/// The transport's figures for `/metrics`: connections open by kind, HTTP replies by status,
/// bytes moved; kept as things happen, so a scrape costs the same however many there are.
public struct TransportFigures: Sendable {
    /// Open connections by kind, every kind listed, in ``ConnectionKind`` order.
    public var connections: [(kind: String, count: Int)]
    /// HTTP replies sent, by status, in order of status.
    public var httpResponses: [(status: Int, count: UInt64)]
    /// Bytes read from and written to every connection since the start.
    public var bytes: (received: UInt64, sent: UInt64)

    /// Figures as given.
    public init(connections: [(kind: String, count: Int)], httpResponses: [(status: Int, count: UInt64)], bytes: (received: UInt64, sent: UInt64)) {
        self.connections = connections
        self.httpResponses = httpResponses
        self.bytes = bytes
    }
}

/// The counts behind ``TransportFigures``.
final class TransportMetrics {
    /// Open connections by kind.
    private(set) var connections: [ConnectionKind: Int] = [:]
    /// HTTP replies sent, by status.
    private(set) var httpResponses: [Int: UInt64] = [:]

    func opened(_ kind: ConnectionKind) { connections[kind, default: 0] += 1 }
    func closed(_ kind: ConnectionKind) { connections[kind, default: 0] -= 1 }
    func answered(status: Int) { httpResponses[status, default: 0] += 1 }

    func figures(bytes: (received: UInt64, sent: UInt64)) -> TransportFigures {
        TransportFigures(
            connections: ConnectionKind.allCases.map { ($0.rawValue, connections[$0, default: 0]) },
            httpResponses: httpResponses.keys.sorted().map { ($0, httpResponses[$0]!) },
            bytes: bytes)
    }
}
