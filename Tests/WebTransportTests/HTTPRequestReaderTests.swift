import Testing
@testable import WebTransport

struct HTTPRequestReaderTests {
    static func read(_ text: String) -> Result<HTTPRequest, HTTPRequestError>? {
        var reader = HTTPRequestReader()
        reader.append(Array(text.utf8))
        return reader.next()
    }

    @Test func readsAGetWithItsHeaders() throws {
        let request = try #require(Self.read("GET /healthz?probe=1 HTTP/1.1\r\nHost: cards.example:7878\r\nUser-Agent:  curl/8 \r\n\r\n")).get()
        #expect(request == HTTPRequest(method: "GET", target: "/healthz?probe=1", headers: [("host", "cards.example:7878"), ("user-agent", "curl/8")]))
        #expect(request.path == "/healthz")
        #expect(request.wantsKeepAlive)
    }

    @Test func waitsForTheBlankLineOneByteAtATime() throws {
        var reader = HTTPRequestReader()
        let text = Array("HEAD / HTTP/1.0\r\n\r\n".utf8)
        for byte in text.dropLast() {
            reader.append([byte])
            let read = reader.next()
            #expect(read == nil)
        }
        reader.append([text.last!])
        let read = reader.next()
        let request = try #require(read).get()
        #expect(request.method == "HEAD")
        #expect(request.minorVersion == 0)
        #expect(!request.wantsKeepAlive)
    }

    @Test func pipelinedRequestsComeOutInOrder() throws {
        var reader = HTTPRequestReader()
        reader.append(Array("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nGET /c".utf8))
        let first = reader.next()
        #expect(try #require(first).get().target == "/a")
        let next = reader.next()
        let second = try #require(next).get()
        #expect(second.target == "/b")
        #expect(!second.wantsKeepAlive)
        let third = reader.next()
        #expect(third == nil)
        #expect(reader.hasPartialRequest)
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: h\r\n\r\n", HTTPRequestError.methodNotAllowed("POST")),
        ("PUT / HTTP/1.1\r\nHost: h\r\n\r\n", .methodNotAllowed("PUT")),
        ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", .versionNotSupported),
        ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\n", .badRequest("requests here have no body: Content-Length must be 0 or absent")),
        ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", .badRequest("more than one Content-Length")),
        ("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n",
         .badRequest("Transfer-Encoding is not accepted: requests here have no body")),
        ("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", .badRequest("Transfer-Encoding is not accepted: requests here have no body")),
        ("GET / HTTP/1.1\r\nHost: h\r\nContent-Length : 0\r\n\r\n", .badRequest("a header name must be a token followed at once by a colon")),
        ("GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n folded\r\n\r\n", .badRequest("a folded header line: obs-fold is not accepted")),
        ("GET / HTTP/1.1\r\nHost: h\r\n\tTransfer-Encoding: chunked\r\n\r\n", .badRequest("a folded header line: obs-fold is not accepted")),
        ("GET / HTTP/1.1\r\nHost: h\r\nX-A: 1\r2\r\n\r\n", .badRequest("a bare CR in the request head")),
        ("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\u{01}b\r\n\r\n", .badRequest("a control character in a header value")),
        ("GET / HTTP/1.1\r\n\r\n", .badRequest("an HTTP/1.1 request needs exactly one Host")),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .badRequest("an HTTP/1.1 request needs exactly one Host")),
        ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest("the request line must be METHOD SP TARGET SP HTTP/1.1")),
        ("GET http://h/ HTTP/1.1\r\nHost: h\r\n\r\n", .badRequest("the target must be a path starting with /")),
        ("GET / FTP/1.1\r\nHost: h\r\n\r\n", .badRequest("the request line must end in HTTP/1.1 or HTTP/1.0")),
        ("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", .badRequest("a header line without a colon")),
    ])
    func refusesWhatIsNotAPlainGetOrHead(text: String, error: HTTPRequestError) {
        #expect(Self.read(text) == .failure(error))
    }

    @Test func aZeroContentLengthIsNoBody() throws {
        #expect(try #require(Self.read("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")).get().target == "/")
    }

    @Test func aHeadOverEightKiBIsRefusedBeforeItEnds() {
        var reader = HTTPRequestReader()
        reader.append(Array("GET / HTTP/1.1\r\nHost: h\r\nX-Pad: ".utf8))
        reader.append([UInt8](repeating: UInt8(ascii: "a"), count: 8 * 1024))
        let read = reader.next()
        #expect(read == .failure(.headTooLarge("a request head may be at most 8192 bytes")))
    }

    @Test func aHeadOfExactlyEightKiBIsRead() throws {
        let start = "GET / HTTP/1.1\r\nHost: h\r\nX-Pad: "
        let pad = String(repeating: "a", count: 8192 - start.utf8.count - 4)
        #expect(try #require(Self.read(start + pad + "\r\n\r\n")).get().value("x-pad")?.count == pad.count)
        #expect(Self.read(start + pad + "a\r\n\r\n") == .failure(.headTooLarge("a request head may be at most 8192 bytes")))
    }

    @Test func sixtyFourHeadersAreReadAndSixtyFiveRefused() throws {
        let fields = (1 ... 63).map { "X-\($0): v\r\n" }.joined()
        #expect(try #require(Self.read("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n")).get().headers.count == 64)
        #expect(Self.read("GET / HTTP/1.1\r\nHost: h\r\nX-0: v\r\n" + fields + "\r\n")
            == .failure(.headTooLarge("a request may have at most 64 header fields")))
    }

    @Test func pathsAreNeverDecoded() throws {
        #expect(try #require(Self.read("GET /%2e%2e/etc/passwd HTTP/1.1\r\nHost: h\r\n\r\n")).get().path == "/%2e%2e/etc/passwd")
    }
}

struct HTTPResponseTests {
    @Test func everyReplyCarriesTheSecurityHeaders() {
        let text = String(decoding: HTTPResponse.text(404, "no such page").encoded(host: "cards.example:7878"), as: UTF8.self)
        #expect(text == """
            HTTP/1.1 404 Not Found\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Length: 13\r
            Content-Security-Policy: default-src 'self'; connect-src 'self' ws://cards.example:7878 wss://cards.example:7878; \
            img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'\r
            X-Content-Type-Options: nosniff\r
            Referrer-Policy: no-referrer\r
            X-Frame-Options: DENY\r
            Cache-Control: no-store\r
            \r
            no such page

            """)
    }

    @Test func aHeadReplyHasTheLengthButNoBody() {
        let text = String(decoding: HTTPResponse.text(200, "ok").encoded(headOnly: true), as: UTF8.self)
        #expect(text.contains("Content-Length: 3\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test(arguments: ["evil.example; script-src *", "a b", "h'x"])
    func aHostThatIsNotOneCannotWriteIntoThePolicy(host: String) {
        #expect(HTTPResponse.contentSecurityPolicy(host: host).hasPrefix("default-src 'self'; connect-src 'self'; img-src"))
    }
}
