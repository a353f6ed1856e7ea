@testable import CardServer
import ScriptedServer
import Testing
import Transport

/// HTTP requests are paced as commands are: against the connection's command rate and the
/// address's request rate; past either, the next request waits unread. On virtual time.
struct HTTPPacingOnVirtualTimeTests {
    static func requests(_ count: Int, path: String = "/healthz") -> [UInt8] {
        Array(String(repeating: "GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n", count: count).utf8)
    }

    static func replies(_ text: String) -> Int {
        text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1
    }

    @Test func aConnectionsPipelinedRequestsAreServedAtItsCommandRate() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 50, commandBurst: 10), web: WebConfig())
        let client = host.connect()
        host.sendRaw(Self.requests(30), from: client)
        // The burst of 10 at once, then one every 20 ms.
        #expect(Self.replies(host.takeUnframed(client)) == 10)
        host.advance(by: .milliseconds(19))
        #expect(Self.replies(host.takeUnframed(client)) == 0)
        host.advance(by: .milliseconds(1))
        #expect(Self.replies(host.takeUnframed(client)) == 1)
        host.advance(by: .milliseconds(380))
        #expect(Self.replies(host.takeUnframed(client)) == 19)
        #expect(!host.disconnected.contains(client))
    }

    @Test func anAddressIsServed400RequestsAtOnceThen200ASecondOverAllItsConnections() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0), web: WebConfig())
        let clients = (0 ..< 5).map { host.connect(peer: "10.1.1.1:\(4000 + $0)") }
        for client in clients {
            host.sendRaw(Self.requests(90), from: client)
        }
        #expect(clients.map { Self.replies(host.takeUnframed($0)) } == [90, 90, 90, 90, 40])
        // Another address is not slowed.
        let other = host.connect(peer: "10.2.2.2:4000")
        host.sendRaw(Self.requests(5), from: other)
        #expect(Self.replies(host.takeUnframed(other)) == 5)
        // The last 50 at 200 a second: a quarter of a second.
        host.advance(by: .milliseconds(245))
        #expect(Self.replies(host.takeUnframed(clients[4])) == 49)
        host.advance(by: .milliseconds(5))
        #expect(Self.replies(host.takeUnframed(clients[4])) == 1)
    }

    @Test func metricsAreRenderedAtMostOnceASecond() {
        let host = ScriptedHost(web: WebConfig())
        let client = host.connect()
        func pings() -> String? {
            host.sendRaw(Self.requests(1, path: "/metrics"), from: client)
            return host.takeUnframed(client).split(separator: "\n").first { $0.hasPrefix(#"cardserver_commands_total{type="ping"}"#) }.map(String.init)
        }
        let first = pings()
        #expect(first == #"cardserver_commands_total{type="ping"} 0"#)
        let player = host.player("ann", peer: "10.9.9.9:1")
        host.send(#"{"type":"ping"}"#, from: player)
        // Within the second: the same copy.
        host.advance(by: .milliseconds(999))
        #expect(pings() == first)
        host.advance(by: .milliseconds(1))
        #expect(pings() == #"cardserver_commands_total{type="ping"} 1"#)
    }
}
