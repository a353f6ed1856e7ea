/// Reads HTTP/1.1 request heads from a byte stream, strictly and within bounds.
///
/// Strict where leniency lets two parsers disagree about where a request ends (request
/// smuggling): no bodies at all (a `Content-Length` other than 0, or any `Transfer-Encoding`,
/// is refused, and so are two `Content-Length`s), no folded header lines, no space before a
/// header's colon, no control characters, exactly one `Host` in HTTP/1.1. Bounded: a head of
/// more than ``maxHeadBytes`` bytes or ``maxHeaderCount`` fields is refused as soon as it is
/// seen, without buffering more of it. After a whole head, the bytes that follow are kept for
/// the next request (pipelining).
public struct HTTPRequestReader: Sendable {
    /// The longest request head, request line and every field with their line ends: 8 KiB.
    public static let maxHeadBytes = 8 * 1024
    /// The most header fields one request may have.
    public static let maxHeaderCount = 64

    /// Bytes received and not yet made into a request.
    private var buffer: [UInt8] = []
    /// Where the search for the blank line that ends the head resumes.
    private var scanned = 0

    /// A reader at the start of a connection.
    public init() {}

    /// Whether part of a request has arrived and the rest has not.
    public var hasPartialRequest: Bool { !buffer.isEmpty }

    /// Takes the bytes received after the last request: after an upgrade, they are the new protocol's.
    public mutating func takeBuffered() -> [UInt8] {
        defer {
            buffer = []
            scanned = 0
        }
        return buffer
    }

    /// Adds bytes received.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes received.
    public mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The next request, an error, or nil while the head is incomplete (and within bounds).
    /// After an error, the reader's state is undefined: the connection is to be closed.
    public mutating func next() -> Result<HTTPRequest, HTTPRequestError>? {
        // Blank lines before a request are skipped (RFC 9112, 2.2).
        var start = 0
        while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
        if start > 0 {
            buffer.removeFirst(start)
            scanned = 0
        }
        guard let end = headEnd() else {
            if buffer.count > Self.maxHeadBytes {
                return .failure(.headTooLarge("a request head may be at most \(Self.maxHeadBytes) bytes"))
            }
            return nil
        }
        guard end <= Self.maxHeadBytes else {
            return .failure(.headTooLarge("a request head may be at most \(Self.maxHeadBytes) bytes"))
        }
        let head = Array(buffer[0 ..< end])
        buffer.removeFirst(end)
        scanned = 0
        return Self.parse(head)
    }

    /// The index just past the blank line ending the head (CRLF CRLF, or a bare LF LF), if it has arrived.
    private mutating func headEnd() -> Int? {
        var index = max(0, scanned - 3)
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return index + 2 }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        scanned = buffer.count
        return nil
    }

    /// Parses a whole head, the blank line included.
    static func parse(_ head: [UInt8]) -> Result<HTTPRequest, HTTPRequestError> {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        for index in head.indices where head[index] == 0x0A {
            var line = head[lineStart ..< index]
            if line.last == 0x0D { line = line.dropLast() }
            // A CR anywhere else is a line end one parser sees and another does not.
            if line.contains(0x0D) { return .failure(.badRequest("a bare CR in the request head")) }
            lines.append(line)
            lineStart = index + 1
        }
        // The last line is the empty one that ends the head.
        lines.removeLast()
        guard let requestLine = lines.first else { return .failure(.badRequest("no request line")) }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            return .failure(.badRequest("the request line must be METHOD SP TARGET SP HTTP/1.1"))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let versionText = String(decoding: parts[2], as: UTF8.self)
        let minorVersion: Int
        switch versionText {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            if versionText.hasPrefix("HTTP/"), versionText.count == 8 || versionText == "HTTP/2" { return .failure(.versionNotSupported) }
            return .failure(.badRequest("the request line must end in HTTP/1.1 or HTTP/1.0"))
        }
        guard method == "GET" || method == "HEAD" else { return .failure(.methodNotAllowed(method)) }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(.badRequest("the target must be a path starting with /"))
        }
        guard lines.count - 1 <= maxHeaderCount else {
            return .failure(.headTooLarge("a request may have at most \(maxHeaderCount) header fields"))
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard line.first != 0x20, line.first != 0x09 else {
                return .failure(.badRequest("a folded header line: obs-fold is not accepted"))
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.badRequest("a header line without a colon"))
            }
            let name = line[line.startIndex ..< colon]
            // No obs-fold (a line starting with a space) and no space before the colon (RFC 9112, 5.1 and 5.2).
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(.badRequest("a header name must be a token followed at once by a colon"))
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .failure(.badRequest("a control character in a header value"))
            }
            headers.append((String(decoding: name, as: UTF8.self).lowercased(), String(String(decoding: value, as: UTF8.self)[...].trimmingSpaces)))
        }
        let request = HTTPRequest(method: method, target: String(decoding: target, as: UTF8.self), minorVersion: minorVersion, headers: headers)
        return checkFraming(request)
    }

    /// Refuses every head whose end another parser could see elsewhere: bodies, and an absent or doubled Host.
    static func checkFraming(_ request: HTTPRequest) -> Result<HTTPRequest, HTTPRequestError> {
        if !request.values("transfer-encoding").isEmpty {
            return .failure(.badRequest("Transfer-Encoding is not accepted: requests here have no body"))
        }
        let lengths = request.values("content-length")
        if lengths.count > 1 {
            return .failure(.badRequest("more than one Content-Length"))
        }
        if let length = lengths.first, length != "0" {
            return .failure(.badRequest("requests here have no body: Content-Length must be 0 or absent"))
        }
        let hosts = request.values("host")
        if hosts.count > 1 || (request.minorVersion == 1 && hosts.isEmpty) {
            return .failure(.badRequest("an HTTP/1.1 request needs exactly one Host"))
        }
        return .success(request)
    }

    /// RFC 9110's tchar: what method and header names are made of.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
