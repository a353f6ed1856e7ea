import CardServer
import Foundation
import ScriptedServer
import Testing
import Transport
import Wire

/// What the transport does on its own, on virtual time and without a socket: WebSocket
/// messages made lines, control frames answered, backpressure on every transport, and the
/// close frame that says why.
struct TransportOnVirtualTimeTests {
    /// A host taking web peers whose clients are read no further past `pauseAbove` unsent bytes.
    static func host(pauseAbove: Int = 64 * 1024) -> ScriptedHost {
        var config = ServerConfig(version: "test")
        config.pauseInputAboveUnsentBytes = pauseAbove
        return ScriptedHost(config: config, web: WebConfig())
    }

    /// A connection upgraded to a WebSocket, its 101 and `hello` taken.
    static func webSocket(_ host: ScriptedHost) -> ClientID {
        let client = host.connect()
        host.sendRaw(WebOnVirtualTimeTests.upgrade, from: client)
        _ = host.takeUnframed(client)
        _ = host.take(client)
        return client
    }

    @Test func aMessageWithNewlinesInsideIsOneLine() {
        let host = Self.host()
        let client = Self.webSocket(host)
        host.sendRaw(WebOnVirtualTimeTests.frame(0x1, Array("{\"type\":\"ping\",\r\n\"id\":3}".utf8)), from: client)
        #expect(host.takeLines(client) == [#"{"type":"pong","id":3}"#])
    }

    @Test func aPingFrameIsAnsweredWithItsPayload() {
        let host = Self.host()
        let client = Self.webSocket(host)
        host.sendRaw(WebOnVirtualTimeTests.frame(0x9, Array("hi".utf8)), from: client)
        #expect(host.unframed[client] == [0x8A, 2] + Array("hi".utf8))
        #expect(host.takeLines(client) == [])
    }

    @Test func aCloseFrameIsAnsweredWithItsCodeAndTheConnectionCloses() {
        let host = Self.host()
        let client = Self.webSocket(host)
        host.sendRaw(WebOnVirtualTimeTests.frame(0x8, [0x03, 0xE8]), from: client)
        #expect(host.unframed[client] == [0x88, 2, 0x03, 0xE8])
        #expect(host.disconnected.contains(client))
    }

    @Test func shutdownSaysGoingAwayInTheCloseFrame() {
        let host = Self.host()
        let client = Self.webSocket(host)
        let page = host.connect()
        host.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8), from: page)
        _ = host.takeUnframed(page)
        host.server.shutdown()
        #expect(host.types(client) == ["shutdown"])
        #expect(host.unframed[client] == [0x88, 29, 0x03, 0xE9] + Array("the server is shutting down".utf8))
        #expect(host.disconnected.contains(client))
        // An HTTP peer is only closed: a protocol 1 line is not its language.
        #expect(host.types(page) == [])
        #expect(host.takeUnframed(page) == "")
        #expect(host.disconnected.contains(page))
    }

    @Test func aWebSocketWhoseRepliesPileUpIsReadNoFurtherUntilItCatchesUp() {
        let host = Self.host(pauseAbove: 100)
        let client = Self.webSocket(host)
        host.stopReading(client)
        let pings = (1 ... 20).flatMap { WebOnVirtualTimeTests.frame(0x1, Array(#"{"type":"ping","id":\#($0)}"#.utf8)) }
        host.sendRaw(pings, from: client)
        // 22 bytes a pong: the fifth passes 100 unsent bytes, and the rest wait unread.
        #expect(host.takeLines(client).count == 5)
        #expect(host.notRead.contains(client))
        host.startReading(client)
        #expect(host.takeLines(client) == (6 ... 20).map { #"{"type":"pong","id":\#($0)}"# })
        #expect(!host.notRead.contains(client))
    }

    @Test func pongsThatPileUpHoldTheWebSocketBackToo() {
        let host = Self.host(pauseAbove: 10)
        let client = Self.webSocket(host)
        host.stopReading(client)
        let pings = (1 ... 4).flatMap { _ in WebOnVirtualTimeTests.frame(0x9, Array("cardserver".utf8)) }
        host.sendRaw(pings, from: client)
        #expect(host.unframed[client] == [0x8A, 10] + Array("cardserver".utf8))
        #expect(host.notRead.contains(client))
        _ = host.takeUnframed(client)
        host.startReading(client)
        #expect(host.unframed[client] == Array(([0x8A, 10] + Array("cardserver".utf8)).repeated(3)))
        #expect(!host.notRead.contains(client))
    }

    @Test func httpRepliesThatPileUpHoldTheConnectionBack() {
        let host = Self.host(pauseAbove: 100)
        let client = host.connect()
        host.stopReading(client)
        let request = Array("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        host.sendRaw(request + request + request, from: client)
        #expect(host.takeUnframed(client).components(separatedBy: "HTTP/1.1 200 OK").count == 2)
        #expect(host.notRead.contains(client))
        #expect(host.logLines.contains("conn 1 is read more slowly: its replies are piling up unread"))
        host.startReading(client)
        #expect(host.takeUnframed(client).components(separatedBy: "HTTP/1.1 200 OK").count == 3)
    }

    @Test func withoutWebPeersAFirstLineThatIsAnHTTPRequestIsRefusedInProtocolOne() {
        let host = ScriptedHost()
        let client = host.connect()
        #expect(host.types(client) == ["hello"])
        host.send("GET / HTTP/1.1", from: client)
        #expect(host.take(client).first?["code"]?.stringValue == "bad_request")
        #expect(host.disconnected.contains(client))
        #expect(host.transport.openConnections[.tcp] == 1)
    }

    @Test func theSecondLineMayStartLikeARequest() {
        let host = ScriptedHost()
        let client = host.connect()
        _ = host.take(client)
        host.send(#"{"type":"ping","id":1}"#, from: client)
        host.send("GET / HTTP/1.1", from: client)
        #expect(host.take(client).map { $0["type"]?.stringValue } == ["pong", "error"])
        #expect(!host.disconnected.contains(client))
    }
}

extension Array {
    /// The array `count` times over.
    func repeated(_ count: Int) -> [Element] { (0 ..< count).flatMap { _ in self } }
}
