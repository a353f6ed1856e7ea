/// One HTTP/1.1 response, with the security headers every reply of this server carries.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The `Content-Type`; nil for a reply without a body (101).
    public var contentType: String?
    /// The body; a reply to `HEAD` sends its length, not its bytes.
    public var body: [UInt8]
    /// `Cache-Control`: `no-store` unless the route says otherwise (the web client's files).
    public var cacheControl = "no-store"
    /// Further header fields, such as `Allow` or `Upgrade`.
    public var headers: [(name: String, value: String)] = []
    /// Whether the connection closes after this reply (`Connection: close`).
    public var closesConnection = false

    /// A reply with a body.
    public init(status: Int, contentType: String?, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text reply whose body is `text` and a newline: what every error gets.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }

    /// The reason phrase of the statuses this server sends.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }

    /// The `Content-Security-Policy` for a page served from `host` (the request's `Host`):
    /// scripts, styles, images and connections from the server's own origin only, plus its
    /// WebSocket (`'self'` does not cover `ws:` in every browser still in use), no frames, no plugins.
    /// - Parameter host: the `Host` the browser used; left out when it holds anything but a
    ///   host name, an address and a port, so no request can write into the policy.
    public static func contentSecurityPolicy(host: String?) -> String {
        var connect = "'self'"
        if let host, !host.isEmpty, host.utf8.count <= 255,
           host.utf8.allSatisfy({ HTTPRequestReader.isTokenByte($0) && $0 != UInt8(ascii: "'") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) {
            connect += " ws://\(host) wss://\(host)"
        }
        return "default-src 'self'; connect-src \(connect); img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    }

    /// The bytes on the wire: status line, headers, blank line, then the body unless `headOnly`.
    /// - Parameters:
    ///   - headOnly: the reply to a `HEAD`: the same head, no body.
    ///   - host: the request's `Host`, for the content security policy.
    public func encoded(headOnly: Bool = false, host: String? = nil) -> [UInt8] {
        var bytes = encodedHead(host: host)
        if !headOnly {
            bytes += body
        }
        return bytes
    }

    /// The status line and headers with the blank line after them: a reply's body can then
    /// go out as it is, shared, without a copy (the web client's files are sent this way).
    /// - Parameter host: the request's `Host`, for the content security policy.
    public func encodedHead(host: String? = nil) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        if let contentType {
            head += "Content-Type: \(contentType)\r\n"
        }
        if status != 101 {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "Content-Security-Policy: \(Self.contentSecurityPolicy(host: host))\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        head += "Referrer-Policy: no-referrer\r\n"
        head += "X-Frame-Options: DENY\r\n"
        head += "Cache-Control: \(cacheControl)\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if closesConnection {
            head += "Connection: close\r\n"
        }
        head += "\r\n"
        return Array(head.utf8)
    }
}
