@testable import CardServer
import Foundation
import ScriptedServer
import Testing
@testable import Transport
import Wire

/// The web transports' deadlines with their real defaults, on virtual time: the greeting
/// delay, the header deadline (slowloris), the idle keep-alive, the WebSocket liveness pings.
struct WebOnVirtualTimeTests {
    static func host() -> ScriptedHost {
        ScriptedHost(web: WebConfig())
    }

    static let upgrade = Array("GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8)

    /// A masked client frame.
    static func frame(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [1, 2, 3, 4]
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// Over its address's cap, a request or a WebSocket upgrade is answered `503` in HTTP, and
    /// a protocol 1 client, silent or speaking first, `server_full` in protocol 1.
    @Test func overTheAddressCapHTTPGets503AndProtocolOneGetsServerFull() {
        let host = ScriptedHost(config: ServerConfig(version: "test", maxConnectionsPerAddress: 1), web: WebConfig())
        let refusal = "too many connections from your address (at most 1); close one and try again"
        let first = host.connect(peer: "10.0.0.1:1")
        host.advance(by: .milliseconds(50))
        #expect(host.types(first) == ["hello"])
        let page = host.connect(peer: "10.0.0.1:2")
        host.sendRaw(Self.upgrade, from: page)
        let reply = host.takeUnframed(page)
        #expect(reply.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(reply.contains("\r\nRetry-After: 10\r\n"))
        #expect(reply.contains("\r\nConnection: close\r\n"))
        #expect(reply.hasSuffix("\r\n\r\n\(refusal)\n"))
        #expect(host.disconnected.contains(page))
        #expect(!host.webSockets.contains(page))
        #expect(host.takeLines(page) == [])
        // A silent one is told at the greeting delay, when it would have been greeted.
        let silent = host.connect(peer: "10.0.0.1:3")
        host.advance(by: .milliseconds(49))
        #expect(host.takeLines(silent) == [])
        #expect(!host.disconnected.contains(silent))
        host.advance(by: .milliseconds(1))
        let serverFull = #"{"type":"error","code":"server_full","message":"\#(refusal)"}"#
        #expect(host.takeLines(silent) == [serverFull])
        #expect(host.disconnected.contains(silent))
        // One that speaks first is told at once, and what it said is not read.
        let eager = host.connect(peer: "10.0.0.1:4")
        host.send(#"{"type":"login","name":"eve"}"#, from: eager)
        #expect(host.takeLines(eager) == [serverFull])
        #expect(host.disconnected.contains(eager))
        #expect(host.takeUnframed(eager) == "")
        // The first plays on, and the address has its place back once it closes (the refused
        // ones are gone once their closes are done).
        host.send(#"{"type":"ping","id":1}"#, from: first)
        #expect(host.takeLines(first) == [#"{"type":"pong","id":1}"#])
        for refused in [page, silent, eager] { host.drop(refused) }
        host.drop(first)
        let again = host.connect(peer: "10.0.0.1:5")
        host.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8), from: again)
        #expect(host.takeUnframed(again).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(host.server.refusals.isEmpty)
    }

    @Test func aSilentConnectionIsGreetedAfterFiftyMilliseconds() {
        let host = Self.host()
        let client = host.connect()
        host.advance(by: .milliseconds(49))
        #expect(host.types(client) == [])
        host.advance(by: .milliseconds(1))
        #expect(host.types(client) == ["hello"])
    }

    /// A request that reached the socket while a long turn ran, past the greeting delay, is
    /// read and answered as HTTP, not greeted as protocol 1 (seen under a sanitizer's load).
    @Test func aRequestThatArrivedDuringALongTurnIsNotGreeted() {
        let host = Self.host()
        let client = host.connect()
        host.arriveDuringTurn(Array("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n".utf8), from: client)
        host.advance(by: .milliseconds(60))
        #expect(host.types(client) == [])
        host.readArrived(client)
        #expect(host.takeUnframed(client).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(host.types(client) == [])
        // Refused over the address cap, the same: a 503, not protocol 1.
        let capped = ScriptedHost(config: ServerConfig(version: "test", maxConnectionsPerAddress: 1), web: WebConfig())
        _ = capped.connect(peer: "10.0.0.1:1")
        let late = capped.connect(peer: "10.0.0.1:2")
        capped.arriveDuringTurn(Self.upgrade, from: late)
        capped.advance(by: .milliseconds(60))
        #expect(capped.takeLines(late) == [])
        capped.readArrived(late)
        #expect(capped.takeUnframed(late).hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(capped.takeLines(late) == [])
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
        #expect(host.transport.openConnections[.tcp] == 2)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
        #expect(metrics.gamesPlaying["rps"] == 0)
        host.send(#"{"type":"leave"}"#, from: ann)
        host.send(#"{"type":"leave"}"#, from: bob)
        #expect(metrics.rooms["rps"] == 0)
        host.send(#"{"type":"nonsense"}"#, from: bob)
        #expect(metrics.errors["unknown_type"] == 1)
        host.send(#"{"type":"ping"}"#, from: bob)
        host.send(#"{"type":"ping","id":"p"}"#, from: bob)
        // Every line by its type; one that is not a command is `invalid`. A plain ping is counted
        // apart where it is answered, without a lookup; one with a string id goes the long way.
        #expect(metrics.commands == ["login": 2, "create": 1, "join": 1, "throw": 2, "leave": 2, "invalid": 1, "ping": 1])
        #expect(metrics.pings == 1)
        host.drop(ann)
        #expect(host.transport.openConnections[.tcp] == 1)
    }
}

/// A browser's spare connections (opened ahead, used later) are not greeted before their
/// request: an address that made an HTTP request in the last 10 s waits 10 s instead of 50 ms.
struct BrowserConnectionsOnVirtualTimeTests {
    static let page = Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)

    @Test func aSilentConnectionFromAnAddressThatLoadedAPageWaitsTenSeconds() {
        let host = WebOnVirtualTimeTests.host()
        let first = host.connect(peer: "192.0.2.7:50000")
        host.sendRaw(Self.page, from: first)
        #expect(host.takeUnframed(first).hasPrefix("HTTP/1.1 200 OK\r\n"))
        let spare = host.connect(peer: "192.0.2.7:50001")
        let stranger = host.connect(peer: "198.51.100.9:40000")
        host.advance(by: .milliseconds(50))
        #expect(host.types(stranger) == ["hello"])
        #expect(host.types(spare) == [])
        host.advance(by: .milliseconds(9_949))
        #expect(host.types(spare) == [])
        // Used for the page's next file within the 10 s: HTTP, never greeted.
        host.sendRaw(Array("GET /app.js HTTP/1.1\r\nHost: h\r\n\r\n".utf8), from: spare)
        #expect(host.takeUnframed(spare).hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(host.types(spare) == [])
    }

    @Test func aSilentConnectionFromThatAddressIsGreetedAtTenSecondsAndOneThatSpeaksAtOnce() {
        let host = WebOnVirtualTimeTests.host()
        let page = host.connect(peer: "192.0.2.7:50000")
        host.sendRaw(Self.page, from: page)
        let netcat = host.connect(peer: "192.0.2.7:50002")
        let bot = host.connect(peer: "192.0.2.7:50003")
        host.send(#"{"type":"ping","id":1}"#, from: bot)
        #expect(host.types(bot) == ["hello", "pong"])
        host.advance(by: .milliseconds(9_999))
        #expect(host.types(netcat) == [])
        host.advance(by: .milliseconds(1))
        #expect(host.types(netcat) == ["hello"])
        // 10 s after the page's last request, the address is a stranger's again.
        host.advance(by: .milliseconds(1))
        let later = host.connect(peer: "192.0.2.7:50004")
        host.advance(by: .milliseconds(50))
        #expect(host.types(later) == ["hello"])
    }

    /// A health check, a scraper or a bot over `/ws` opens no spare connections: its address's
    /// netcat or bot is greeted after 50 ms as before.
    @Test func requestsForOtherThanTheWebClientsFilesDoNotMarkTheAddress() {
        let host = WebOnVirtualTimeTests.host()
        for path in ["/healthz", "/metrics", "/no-such-page"] {
            let probe = host.connect(peer: "192.0.2.7:50000")
            host.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n".utf8), from: probe)
            #expect(host.takeUnframed(probe).hasPrefix("HTTP/1.1 "))
        }
        let netcat = host.connect(peer: "192.0.2.7:50001")
        host.advance(by: .milliseconds(50))
        #expect(host.types(netcat) == ["hello"])
    }

    /// Chrome opens its spare connection with the page's first one; the page's request comes
    /// a few milliseconds later, before the spare one's 50 ms are over.
    @Test func aConnectionOpenedBeforeTheFirstRequestOfItsAddressWaitsTheRest() {
        let host = WebOnVirtualTimeTests.host()
        let spare = host.connect(peer: "192.0.2.7:50001")
        let page = host.connect(peer: "192.0.2.7:50000")
        host.advance(by: .milliseconds(9))
        host.sendRaw(Self.page, from: page)
        host.advance(by: .milliseconds(41))
        #expect(host.types(spare) == [])
        host.advance(by: .milliseconds(9_949))
        #expect(host.types(spare) == [])
        host.advance(by: .milliseconds(1))
        #expect(host.types(spare) == ["hello"])
    }

    /// A browser greeted before its request (it waited past 50 ms, from an unknown address):
    /// that page fails once, and the address's next connections wait.
    @Test func aRequestThatCameAfterTheGreetingMarksItsAddress() {
        let host = WebOnVirtualTimeTests.host()
        let late = host.connect(peer: "203.0.113.5:1000")
        host.advance(by: .milliseconds(50))
        #expect(host.types(late) == ["hello"])
        host.sendRaw(Self.page, from: late)
        #expect(host.take(late).first?["code"]?.stringValue == "bad_request")
        let reload = host.connect(peer: "203.0.113.5:1001")
        host.advance(by: .milliseconds(50))
        #expect(host.types(reload) == [])
    }

    @Test func theTableOfAddressesIsBoundedAndForgetsAfterItsMemory() {
        let table = BrowserAddresses(memory: .seconds(10), capacity: 3)
        let second: UInt64 = 1_000_000_000
        table.sawRequest(from: "a", at: 0)
        table.sawRequest(from: "b", at: 5 * second)
        table.sawRequest(from: "c", at: 6 * second)
        #expect(table.isBrowser("a", at: 9 * second))
        #expect(!table.isBrowser("a", at: 10 * second))
        // Full: the entries past their memory go ("a"), the others stay.
        table.sawRequest(from: "d", at: 11 * second)
        #expect(table.count == 3)
        #expect(table.isBrowser("b", at: 11 * second) && table.isBrowser("d", at: 11 * second))
        // Full of live entries: the table starts again rather than grow.
        table.sawRequest(from: "e", at: 12 * second)
        #expect(table.count == 1)
        #expect(table.isBrowser("e", at: 12 * second))
        #expect(!table.isBrowser("b", at: 12 * second))
    }
}
