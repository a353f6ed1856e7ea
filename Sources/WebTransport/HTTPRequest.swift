/// One HTTP/1.1 request head (RFC 9112): this server takes no bodies, so the head is the request.
public struct HTTPRequest: Equatable, Sendable {
    /// The method as sent (`GET`, `HEAD`; other methods are refused while reading).
    public var method: String
    /// The request target as sent: an origin-form path, maybe with a query (`/ws?x=1`).
    public var target: String
    /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    public var minorVersion: Int
    /// The header fields in order, names in lower case, values without the spaces around them.
    public var headers: [(name: String, value: String)]

    /// Makes a request head (the reader's way; tests make them by hand).
    public init(method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The target's path: everything before `?`. Never decoded: a route matches its bytes exactly,
    /// so `/%2e%2e/` or `/../` can only miss.
    public var path: Substring { target.prefix { $0 != "?" } }

    /// Every value of a header (`name` in lower case), in order.
    public func values(_ name: String) -> [String] {
        headers.filter { $0.name == name }.map(\.value)
    }

    /// The only value of a header; nil when it is absent.
    public func value(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Whether a comma-separated header holds `token` (case-insensitive), as `Connection: keep-alive, Upgrade` holds `upgrade`.
    public func hasToken(_ token: String, in name: String) -> Bool {
        values(name).contains { value in
            value.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == token }
        }
    }

    /// Whether the client wants the connection kept after the reply (RFC 9112, 9.3): HTTP/1.1
    /// unless it said `close`, HTTP/1.0 only if it said `keep-alive`.
    public var wantsKeepAlive: Bool {
        if hasToken("close", in: "connection") { return false }
        return minorVersion >= 1 || hasToken("keep-alive", in: "connection")
    }

    public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.target == right.target && left.minorVersion == right.minorVersion
            && left.headers.map(\.name) == right.headers.map(\.name) && left.headers.map(\.value) == right.headers.map(\.value)
    }
}

/// Why a request was refused before it reached a route: each is answered with its status,
/// then the connection is closed (after a malformed head, where the next request starts is unknown).
public enum HTTPRequestError: Error, Equatable, Sendable {
    /// Malformed, ambiguous or with a body: `400 Bad Request`, with the reason.
    case badRequest(String)
    /// A method other than GET and HEAD: `405 Method Not Allowed`.
    case methodNotAllowed(String)
    /// The head passed ``HTTPRequestReader/maxHeadBytes`` or ``HTTPRequestReader/maxHeaderCount``:
    /// `431 Request Header Fields Too Large`.
    case headTooLarge(String)
    /// HTTP/2 or any other version than 1.0 and 1.1: `505 HTTP Version Not Supported`.
    case versionNotSupported

    /// The status code it is answered with.
    public var status: Int {
        switch self {
        case .badRequest: 400
        case .methodNotAllowed: 405
        case .headTooLarge: 431
        case .versionNotSupported: 505
        }
    }

    /// Words for the reply's body and the log.
    public var message: String {
        switch self {
        case .badRequest(let why): why
        case .methodNotAllowed(let method): "\(method) is not allowed here; only GET and HEAD are"
        case .headTooLarge(let why): why
        case .versionNotSupported: "only HTTP/1.1 and HTTP/1.0 are spoken here"
        }
    }
}

extension Substring {
    /// Without spaces and tabs at either end (HTTP's optional whitespace).
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
