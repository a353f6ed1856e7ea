import ScriptedServer
@testable import CardServer
import Testing
import Wire

/// The web transports' deadlines with their real defaults, on virtual time: the greeting
/// delay, the header deadline (slowloris), the idle keep-alive, the WebSocket liveness pings.
struct WebOnVirtualTimeTests {
    static func host() -> ScriptedHost {
        var config = ServerConfig(version: "test")
        config.web = WebConfig()
        return ScriptedHost(config: config)
    }

    static let upgrade = Array("GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8)

    /// A masked client frame.
    static func frame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [1, 2, 3, 4]
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    @Test func aSilentConnectionIsGreetedAfterFiftyMilliseconds() {
        let host = Self.host()
        let client = host.connect()
        host.advance(by: .milliseconds(49))
        #expect(host.types(client) == [])
        host.advance(by: .milliseconds(1))
        #expect(host.types(client) == ["hello"])
    }

    @Test func aConnectionThatSpeaksFirstIsGreetedAtOnce() {
        let host = Self.host()
        let client = host.connect()
        host.send(#"{"type":"ping","id":1}"#, from: client)
        let lines = host.takeLines(client)
        #expect(lines.first?.hasPrefix(#"{"type":"hello","protocol":1,"#) == true)
        #expect(lines.dropFirst() == [#"{"type":"pong","id":1}"#])
        host.advance(by: .seconds(1))
        #expect(host.types(client) == [])
    }

    @Test func aMethodArrivingByteByByteIsWaitedFor() {
        let host = Self.host()
        let client = host.connect()
        for byte in "GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8 {
            host.sendRaw([byte], from: client)
        }
        #expect(host.takeUnframed(client).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(host.types(client) == [])
    }

    @Test func aSlowHeaderIsCutOffAtTenSeconds() {
        let host = Self.host()
        let client = host.connect()
        host.sendRaw(Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8), from: client)
        host.advance(by: .milliseconds(9_999))
        #expect(host.takeUnframed(client) == "")
        #expect(!host.disconnected.contains(client))
        host.sendRaw(Array("X-Slow: 1\r\n".utf8), from: client)
        host.advance(by: .milliseconds(1))
        #expect(host.takeUnframed(client).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(host.disconnected.contains(client))
        #expect(host.logLines.contains("conn 1 sent no whole request head within 10.0 seconds; closing"))
    }

    @Test func anIdleKeepAliveConnectionIsClosedTenSecondsAfterItsLastReply() {
        let host = Self.host()
        let client = host.connect()
        host.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8), from: client)
        #expect(host.takeUnframed(client).hasPrefix("HTTP/1.1 200 OK\r\n"))
        host.advance(by: .milliseconds(9_999))
        #expect(!host.disconnected.contains(client))
        host.advance(by: .milliseconds(1))
        #expect(host.disconnected.contains(client))
        #expect(host.takeUnframed(client) == "")
    }

    @Test func theHundredthRequestOfAConnectionIsItsLast() {
        let host = Self.host()
        let client = host.connect()
        let request = Array("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        for _ in 1 ... 99 {
            host.sendRaw(request, from: client)
            #expect(!host.takeUnframed(client).contains("Connection: close"))
        }
        host.sendRaw(request + request, from: client)
        let last = host.takeUnframed(client)
        #expect(last.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(last.contains("\r\nConnection: close\r\n"))
        // The 101st, sent behind it, gets nothing.
        #expect(last.components(separatedBy: "HTTP/1.1 ").count == 2)
        #expect(host.disconnected.contains(client))
    }

    @Test func anIdleWebSocketIsPingedAfterThirtySecondsAndClosedThirtyLater() {
        let host = Self.host()
        let client = host.connect()
        host.sendRaw(Self.upgrade, from: client)
        #expect(host.takeUnframed(client).hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
        #expect(host.webSockets.contains(client))
        #expect(host.types(client) == ["hello"])
        host.advance(by: .seconds(30))
        #expect(host.unframed[client] == [0x89, 10] + Array("cardserver".utf8))
        _ = host.takeUnframed(client)
        host.advance(by: .milliseconds(29_999))
        #expect(!host.disconnected.contains(client))
        host.advance(by: .milliseconds(1))
        #expect(host.unframed[client] == [0x88, 21, 0x03, 0xF0] + Array("no answer to a ping".utf8))
        #expect(host.disconnected.contains(client))
    }

    @Test func aWebSocketThatAnswersThePingStaysOpen() {
        let host = Self.host()
        let client = host.connect()
        host.sendRaw(Self.upgrade, from: client)
        _ = host.takeUnframed(client)
        host.advance(by: .seconds(30))
        host.sendRaw(Self.frame(0xA, Array("cardserver".utf8)), from: client)
        host.advance(by: .seconds(60))
        host.sendRaw(Self.frame(0x1, Array(#"{"type":"ping","id":5}"#.utf8)), from: client)
        host.advance(by: .seconds(60))
        #expect(!host.disconnected.contains(client))
        #expect(host.takeLines(client).last == #"{"type":"pong","id":5}"#)
    }

    @Test func framesSentBehindTheUpgradeAreRead() {
        let host = Self.host()
        let client = host.connect()
        host.sendRaw(Self.upgrade + Self.frame(0x1, Array(#"{"type":"ping","id":9}"#.utf8)), from: client)
        #expect(host.takeLines(client).last == #"{"type":"pong","id":9}"#)
    }

    @Test func theMetricsFollowRoomsAndGamesAndGoBackToZero() throws {
        let host = Self.host()
        let ann = host.connect()
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let bob = host.connect()
        host.send(#"{"type":"login","name":"bob"}"#, from: bob)
        host.send(#"{"type":"create","game":"rps","options":{"rounds":1}}"#, from: ann)
        let room = try #require(host.take(ann).last { $0["type"] == .string("joined") }?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        let metrics = host.server.metrics
        #expect(metrics.rooms["rps"] == 1)
        #expect(metrics.gamesPlaying["rps"] == 1)
        #expect(metrics.connections[.tcp] == 2)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
        #expect(metrics.gamesPlaying["rps"] == 0)
        host.send(#"{"type":"leave"}"#, from: ann)
        host.send(#"{"type":"leave"}"#, from: bob)
        #expect(metrics.rooms["rps"] == 0)
        host.send(#"{"type":"nonsense"}"#, from: bob)
        #expect(metrics.errors["unknown_type"] == 1)
        #expect(metrics.commands == 9)
        host.drop(ann)
        #expect(metrics.connections[.tcp] == 1)
    }
}
