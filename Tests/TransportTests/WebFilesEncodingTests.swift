import ScriptedServer
import Testing
@testable import Transport
import WebClient

/// The web client's files in the form a request's `Accept-Encoding` allows: gzip-compressed
/// (compressed at build time) or as written, each with its own length, both saying that
/// they vary by that header; every other route answers as it always did.
struct WebFilesEncodingTests {
    /// The reply to one request on a new connection: its head, as text, and its body's bytes.
    static func exchange(_ request: String) -> (head: String, body: [UInt8]) {
        let host = ScriptedHost(web: WebConfig())
        let client = host.connect(peer: "192.0.2.1:40000")
        host.sendRaw(Array(request.utf8), from: client)
        let bytes = host.unframed[client] ?? []
        let end = bytes.indices.first { bytes[$0...].starts(with: [13, 10, 13, 10]) } ?? bytes.count
        return (String(decoding: bytes[..<end], as: UTF8.self) + "\r\n", Array(bytes[min(end + 4, bytes.count)...]))
    }

    static let securityHeaders = [
        "X-Content-Type-Options: nosniff\r\n", "Referrer-Policy: no-referrer\r\n", "X-Frame-Options: DENY\r\n",
        "Content-Security-Policy: default-src 'self'; connect-src 'self' ws://h wss://h;",
    ]

    @Test(arguments: ["gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8, *;q=0.1", "*"])
    func aFileGoesGzipCompressedWhenTheRequestTakesGzip(acceptEncoding: String) throws {
        let asset = try #require(WebAssets.asset(at: "/app.js"))
        let gzip = try #require(asset.gzipBody)
        let reply = Self.exchange("GET /app.js HTTP/1.1\r\nHost: h\r\nAccept-Encoding: \(acceptEncoding)\r\n\r\n")
        #expect(reply.head.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/javascript; charset=utf-8\r\nContent-Length: \(gzip.count)\r\n"))
        #expect(reply.head.contains("\r\nContent-Encoding: gzip\r\nVary: Accept-Encoding\r\n"))
        #expect(reply.head.contains("\r\nCache-Control: no-cache\r\n"))
        for header in Self.securityHeaders { #expect(reply.head.contains(header)) }
        #expect(reply.body == gzip)
    }

    @Test(arguments: [nil, "identity", "gzip;q=0", "deflate, br", "*;q=0", ""])
    func aFileGoesAsWrittenOtherwise(acceptEncoding: String?) throws {
        let asset = try #require(WebAssets.asset(at: "/app.js"))
        let header = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
        let reply = Self.exchange("GET /app.js HTTP/1.1\r\nHost: h\r\n\(header)\r\n")
        #expect(reply.head.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/javascript; charset=utf-8\r\nContent-Length: \(asset.body.count)\r\n"))
        #expect(!reply.head.contains("Content-Encoding"))
        #expect(reply.head.contains("\r\nVary: Accept-Encoding\r\n"))
        for header in Self.securityHeaders { #expect(reply.head.contains(header)) }
        #expect(reply.body == asset.body)
    }

    /// `HEAD` gets the head a `GET` would: the gzip form's length, and no body.
    @Test func headGetsTheLengthOfTheFormAGetWouldGet() throws {
        let asset = try #require(WebAssets.asset(at: "/"))
        let gzip = try #require(asset.gzipBody)
        let reply = Self.exchange("HEAD / HTTP/1.1\r\nHost: h\r\nAccept-Encoding: gzip\r\n\r\n")
        #expect(reply.head.contains("\r\nContent-Length: \(gzip.count)\r\nContent-Security-Policy"))
        #expect(reply.head.contains("\r\nContent-Encoding: gzip\r\n"))
        #expect(reply.body.isEmpty)
    }

    @Test(arguments: ["/healthz", "/metrics", "/nothing", "/app.js/"])
    func otherRoutesIgnoreAcceptEncoding(path: String) {
        let reply = Self.exchange("GET \(path) HTTP/1.1\r\nHost: h\r\nAccept-Encoding: gzip\r\n\r\n")
        #expect(!reply.head.contains("Content-Encoding"))
        #expect(!reply.head.contains("Vary"))
        for header in Self.securityHeaders { #expect(reply.head.contains(header)) }
    }
}
