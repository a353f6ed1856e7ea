/// The opening handshake of RFC 6455, 4.2: checks a client's upgrade request and makes the
/// server's `101` reply.
public enum WebSocketHandshake {
    /// The GUID RFC 6455 appends to the client's key.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`: Base64 of SHA-1 of key + GUID.
    public static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1.digest(Array((key + guid).utf8)))
    }

    /// Which browser origins may open a WebSocket: the server's own always (the one the
    /// `Host` names), plus those listed (`--allow-origin`), or all of them with `*`.
    public struct OriginPolicy: Sendable, Equatable {
        /// Origins allowed besides the server's own, as browsers write them (`https://cards.example`).
        public var allowed: [String]
        /// Makes a policy from `--allow-origin` values; `*` among them turns the check off.
        public init(allowed: [String] = []) {
            self.allowed = allowed
        }

        /// Whether `text` is written as a browser writes an `Origin`: `http` or `https`, `://`, a
        /// host (a name, an IPv4 address or a bracketed IPv6 one) and an optional `:port`, with no
        /// path, not even a trailing `/`; or `*`. Anything else would never match a page.
        public static func isOrigin(_ text: String) -> Bool {
            if text == "*" { return true }
            let lowered = text.lowercased()
            guard let rest = ["http://", "https://"].first(where: lowered.hasPrefix).map({ lowered.dropFirst($0.count) }),
                  !rest.isEmpty, !rest.contains("/")
            else { return false }
            var host = rest
            if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
                let port = rest[rest.index(after: colon)...]
                guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), let number = Int(port), number <= 65_535 else { return false }
                host = rest[..<colon]
            }
            if host.hasPrefix("[") {
                return host.hasSuffix("]") && host.count > 2 && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
            }
            return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        }

        /// Whether `origin` is allowed by name (`--allow-origin`), or every origin is (`*`).
        public func lists(_ origin: String) -> Bool {
            let lowered = origin.lowercased()
            return allowed.contains("*") || allowed.contains { $0.lowercased() == lowered }
        }

        /// Whether a request with this `Origin` (nil: none, a peer that is not a browser) and
        /// this `Host` may upgrade. A page's origin is `scheme://host[:port]`; it is the
        /// server's own when its host and port are the `Host` the browser sent with it,
        /// over http or https (a TLS proxy in front keeps the `Host`).
        public func allows(origin: String?, host: String?) -> Bool {
            guard let origin else { return true }
            if lists(origin) { return true }
            let lowered = origin.lowercased()
            guard let host = host?.lowercased(), !host.isEmpty else { return false }
            return lowered == "http://\(host)" || lowered == "https://\(host)"
        }
    }

    /// Why an upgrade was refused, and how it is answered.
    public enum Refusal: Error, Equatable, Sendable {
        /// A header missing or wrong: `400`.
        case badRequest(String)
        /// `Sec-WebSocket-Version` other than 13: `426`, naming 13.
        case unsupportedVersion
        /// An `Origin` not allowed: `403` (cross-site WebSocket hijacking).
        case forbiddenOrigin(String)
        /// The server's own page under a `Host` name nobody gave it: `403` (DNS rebinding).
        case forbiddenHost(String)

        /// The reply to send before closing.
        public var response: HTTPResponse {
            switch self {
            case .badRequest(let why):
                return .text(400, why)
            case .unsupportedVersion:
                var response = HTTPResponse.text(426, "only WebSocket version 13 is spoken here")
                response.headers = [("Sec-WebSocket-Version", "13")]
                return response
            case .forbiddenOrigin(let origin):
                return .text(403, "a page from \(origin.prefix(200)) may not connect here (see --allow-origin)")
            case .forbiddenHost(let host):
                return .text(403, HostPolicy.refusal(host))
            }
        }
    }

    /// Checks an upgrade request and returns the `101` reply to send.
    /// - Throws: the ``Refusal`` to answer with instead.
    /// The server's own origin counts only under a `Host` the ``HostPolicy`` trusts: a DNS
    /// rebinding page is same-origin with the name it borrowed. A listed origin needs no such
    /// check (an attacker's page cannot claim it), nor does a peer that sends no `Origin`.
    public static func accept(_ request: HTTPRequest, origins: OriginPolicy, hosts: HostPolicy = HostPolicy()) throws(Refusal) -> HTTPResponse {
        guard request.method == "GET", request.minorVersion == 1 else {
            throw .badRequest("a WebSocket upgrade is a GET over HTTP/1.1")
        }
        guard request.hasToken("websocket", in: "upgrade"), request.hasToken("upgrade", in: "connection") else {
            throw .badRequest("this address is a WebSocket: send Upgrade: websocket and Connection: Upgrade")
        }
        let versions = request.values("sec-websocket-version")
        guard versions == ["13"] else { throw .unsupportedVersion }
        let keys = request.values("sec-websocket-key")
        guard keys.count == 1, Base64.decodedCount(keys[0][...]) == 16 else {
            throw .badRequest("Sec-WebSocket-Key must be one Base64 value of 16 bytes")
        }
        let origins_ = request.values("origin")
        guard origins_.count <= 1 else { throw .badRequest("more than one Origin") }
        guard origins.allows(origin: origins_.first, host: request.value("host")) else {
            throw .forbiddenOrigin(origins_[0])
        }
        if let origin = origins_.first, !origins.lists(origin), !hosts.allows(host: request.value("host")) {
            throw .forbiddenHost(request.value("host") ?? "")
        }
        var response = HTTPResponse(status: 101, contentType: nil, body: [])
        response.headers = [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", acceptValue(forKey: keys[0]))]
        return response
    }
}
