import Foundation
@testable import CardServer
import Glibc
import TestServers
@testable import Transport
import ServerTestSupport
import Testing
import Wire

/// HTTP and WebSocket on the game port of the real server, over real sockets, with requests
/// and frames written by hand.
@Suite(.ownThread, .serialized)
struct HTTPEndToEndTests {
    static let securityHeaders = ["content-security-policy", "x-content-type-options", "referrer-policy", "cache-control"]

    static func get(_ path: String, port: UInt16, method: String = "GET", extra: String = "") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)\r\n"
    }

    @Test func everyRouteAnswersWithTheSecurityHeaders() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let page = try httpExchange(port: server.port, Self.get("/", port: server.port))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.body.contains("<title>cardserver</title>"))
        #expect(page.headers["cache-control"] == "no-cache")
        let health = try httpExchange(port: server.port, Self.get("/healthz", port: server.port))
        #expect(health.status == 200)
        #expect(health.body == "ok\n")
        // The two exchanges before closed their connections; the server may not have read
        // those closes yet (on a loaded machine), so ask until only the asking one is counted.
        var metrics = try httpExchange(port: server.port, Self.get("/metrics", port: server.port))
        let deadline = Date().addingTimeInterval(TestBudget.seconds(10))
        while !metrics.body.contains("cardserver_connections{kind=\"http\"} 1\n"), Date() < deadline {
            usleep(20_000)
            metrics = try httpExchange(port: server.port, Self.get("/metrics", port: server.port))
        }
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        #expect(metrics.body.contains("cardserver_connections{kind=\"http\"} 1\n"))
        let missing = try httpExchange(port: server.port, Self.get("/nothing", port: server.port))
        #expect(missing.status == 404)
        #expect(missing.body == "no such page\n")
        for reply in [page, health, metrics, missing] {
            #expect(reply.headers["x-content-type-options"] == "nosniff")
            #expect(reply.headers["referrer-policy"] == "no-referrer")
            #expect(reply.headers["content-security-policy"]?.hasPrefix("default-src 'self'; connect-src 'self' ws://127.0.0.1:\(server.port) wss://127.0.0.1:\(server.port);") == true)
        }
        #expect(health.headers["cache-control"] == "no-store")
    }

    @Test func headGetsTheHeadAlone() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 5)
        client.sendRaw(Array(Self.get("/", port: server.port, method: "HEAD", extra: "Connection: close\r\n").utf8))
        let reply = try readHTTPReply(client, headOnly: true)
        #expect(reply.status == 200)
        #expect(reply.headers["content-length"] == String(WebFiles.file(at: "/")!.body.count))
        #expect(reply.raw.hasSuffix("\r\n\r\n"))
        #expect(client.isClosedByServer())
    }

    /// The same file twice on one connection: gzip-compressed for a request that takes gzip,
    /// as written for one that does not; both say they vary by `Accept-Encoding`, and Python's
    /// gzip gives the file back from the first.
    @Test(.needs(.python3)) func aFileGoesGzipCompressedOnlyToARequestThatTakesGzip() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let file = try #require(WebFiles.file(at: "/app.js"))
        let client = try TestClient(port: server.port, timeout: 5)
        client.sendRaw(Array(Self.get("/app.js", port: server.port, extra: "Accept-Encoding: gzip, deflate, br\r\n").utf8))
        let compressed = try readHTTPReply(client)
        #expect(compressed.status == 200)
        #expect(compressed.headers["content-encoding"] == "gzip")
        #expect(compressed.headers["vary"] == "Accept-Encoding")
        #expect(compressed.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(compressed.headers["content-length"] == String(compressed.bodyBytes.count))
        #expect(compressed.bodyBytes.count < file.body.count / 2)
        #expect(try PythonGzip.decompress([compressed.bodyBytes]) == [file.body])
        client.sendRaw(Array(Self.get("/app.js", port: server.port, extra: "Connection: close\r\n").utf8))
        let plain = try readHTTPReply(client)
        #expect(plain.status == 200)
        #expect(plain.headers["content-encoding"] == nil)
        #expect(plain.headers["vary"] == "Accept-Encoding")
        #expect(plain.headers["content-length"] == String(file.body.count))
        #expect(plain.bodyBytes == file.body)
        for reply in [compressed, plain] {
            #expect(reply.headers["x-content-type-options"] == "nosniff")
            #expect(reply.headers["x-frame-options"] == "DENY")
            #expect(reply.headers["cache-control"] == "no-cache")
            #expect(reply.headers["content-security-policy"]?.hasPrefix("default-src 'self';") == true)
        }
        #expect(client.isClosedByServer())
    }

    @Test func keepAliveServesRequestsInTurn() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 5)
        client.sendRaw(Array(Self.get("/healthz", port: server.port).utf8))
        #expect(try readHTTPReply(client).status == 200)
        client.sendRaw(Array(Self.get("/metrics", port: server.port).utf8))
        #expect(try readHTTPReply(client).status == 200)
        client.sendRaw(Array(Self.get("/healthz", port: server.port, extra: "Connection: close\r\n").utf8))
        let last = try readHTTPReply(client)
        #expect(last.headers["connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test func aMissingPageIsA404ThatClosesTheConnectionAsEvery4xxDoes() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 5)
        client.sendRaw(Array(Self.get("/healthz", port: server.port).utf8))
        #expect(try readHTTPReply(client).status == 200)
        client.sendRaw(Array(Self.get("/missing", port: server.port).utf8))
        let missing = try readHTTPReply(client)
        #expect(missing.status == 404)
        #expect(missing.headers["connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
    func otherMethodsGet405AndAClose(method: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 5)
        client.sendRaw(Array("\(method) / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nbody".utf8))
        let reply = try readHTTPReply(client)
        #expect(reply.status == 405)
        #expect(reply.headers["allow"] == "GET, HEAD")
        #expect(reply.headers["connection"] == "close")
        #expect(client.isClosedByServer())
    }

    @Test(arguments: [
        ("Content-Length: 5\r\n\r\nhello", "requests here have no body: Content-Length must be 0 or absent"),
        ("Content-Length: 0\r\nContent-Length: 0\r\n\r\n", "more than one Content-Length"),
        ("Content-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "Transfer-Encoding is not accepted: requests here have no body"),
        ("Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "Transfer-Encoding is not accepted: requests here have no body"),
        ("Transfer-Encoding : chunked\r\n\r\n", "a header name must be a token followed at once by a colon"),
        ("X-A: 1\r\n Transfer-Encoding: chunked\r\n\r\n", "a folded header line: obs-fold is not accepted"),
    ])
    func bodiesAndSmugglingShapesGet400AndAClose(headers: String, message: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 5)
        client.sendRaw(Array("GET / HTTP/1.1\r\nHost: h\r\n\(headers)".utf8))
        let reply = try readHTTPReply(client)
        #expect(reply.status == 400)
        #expect(reply.body == message + "\n")
        #expect(client.isClosedByServer())
    }

    @Test(arguments: ["/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/..%2findex.html", "/./index.html", "//index.html",
                      "/index.html/..", "/ws/../index.html", "/Index.html", "/index.html%00"])
    func traversalAndEncodedPathsAre404(path: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let reply = try httpExchange(port: server.port, Self.get(path, port: server.port))
        #expect(reply.status == 404)
        #expect(reply.body == "no such page\n")
    }

    @Test func aHeadOverEightKiBOrSixtyFourFieldsGets431() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let long = try httpExchange(port: server.port, Self.get("/", port: server.port, extra: "X-Pad: \(String(repeating: "a", count: 8200))\r\n"))
        #expect(long.status == 431)
        #expect(long.body == "a request head may be at most 8192 bytes\n")
        let fields = (1 ... 64).map { "X-\($0): v\r\n" }.joined()
        let many = try httpExchange(port: server.port, Self.get("/", port: server.port, extra: fields))
        #expect(many.status == 431)
        #expect(many.body == "a request may have at most 64 header fields\n")
        // The server serves on.
        #expect(try httpExchange(port: server.port, Self.get("/healthz", port: server.port)).status == 200)
    }

    @Test func aCrossOriginUpgradeIsRefusedAndTheSameOriginAccepted() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        #expect(throws: TestFailure.self) { try WebSocketTestClient(port: server.port, origin: "http://evil.example") }
        let refused = try httpExchange(port: server.port, """
            GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://evil.example\r\n\r\n
            """)
        #expect(refused.status == 403)
        #expect(refused.body == "a page from http://evil.example may not connect here (see --allow-origin)\n")
        let same = try WebSocketTestClient(port: server.port, origin: "http://127.0.0.1:\(server.port)")
        #expect(same.handshake.contains("\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"))
        try same.expect("hello")
    }

    /// A DNS rebinding page: its name points at the server, so its `Origin` is the `Host` the
    /// browser sends. The page and the upgrade are refused, naming the option; `/healthz`
    /// (a monitor's) is not; with `--allow-host` the name is the server's own.
    @Test func aPageUnderAnUntrustedNameIsRefusedUntilTheNameIsAllowed() throws {
        let upgrade = { (port: UInt16) in
            """
            GET /ws HTTP/1.1\r\nHost: evil.example:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: http://evil.example:\(port)\r\n\r\n
            """
        }
        let page = { (port: UInt16) in "GET / HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n" }
        let why = "cardserver was reached under the name evil.example, which it was not told is its own: "
            + "start it with --allow-host evil.example (a guard against DNS rebinding), or open it by its IP address\n"
        let server = try ServerProcess()
        defer { server.stop() }
        let refusedPage = try httpExchange(port: server.port, page(server.port))
        #expect(refusedPage.status == 403)
        #expect(refusedPage.body == why)
        let refusedUpgrade = try httpExchange(port: server.port, upgrade(server.port))
        #expect(refusedUpgrade.status == 403)
        #expect(refusedUpgrade.body == why)
        #expect(try httpExchange(port: server.port, "GET /healthz HTTP/1.1\r\nHost: evil.example\r\n\r\n").status == 200)
        #expect(try httpExchange(port: server.port, "GET / HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\r\n").status == 200)

        let trusting = try ServerProcess(["--allow-host", "evil.example"])
        defer { trusting.stop() }
        #expect(try httpExchange(port: trusting.port, page(trusting.port)).status == 200)
        #expect(try httpExchange(port: trusting.port, upgrade(trusting.port)).status == 101)
    }

    @Test func anAllowedOriginMayUpgrade() throws {
        let server = try ServerProcess(["--allow-origin", "https://cards.example"])
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port, origin: "https://cards.example")
        try client.expect("hello")
    }

    @Test func anotherVersionGets426() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let reply = try httpExchange(port: server.port, """
            GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n\r\n
            """)
        #expect(reply.status == 426)
        #expect(reply.headers["sec-websocket-version"] == "13")
    }

    @Test func netcatStyleClientsAreGreetedAsBefore() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // Silent: greeted after the greeting delay.
        let silent = try server.connect()
        try silent.expect("hello")
        // Speaking first: greeted at once, then answered.
        let eager = try TestClient(port: server.port, timeout: 5)
        eager.send(#"{"type":"ping","id":7}"#)
        try eager.expect("hello")
        #expect(try eager.receiveLine() == #"{"type":"pong","id":7}"#)
    }
}
