import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A session costs its address: guest logins are capped per address per minute, and the
/// sessions an address holds at once (away players' seats kept for the grace period among
/// them) are capped too, so logging in, sitting down and closing in a loop holds a bounded amount.
struct SessionCapsTests {
    static func login(_ host: ScriptedHost, _ name: String, from peer: String) -> (ClientID, JSONObject?) {
        let client = host.connect(peer: peer)
        host.send(#"{"type":"login","name":"\#(name)","id":1}"#, from: client)
        return (client, host.take(client).last)
    }

    @Test func theDefaultsAre120GuestLoginsAMinuteAnd128SessionsAnAddress() {
        let config = ServerConfig(version: "test")
        #expect(config.guestLoginsPerMinutePerAddress == 120)
        #expect(config.maxSessionsPerAddress == 128)
    }

    @Test func anAddressPastItsGuestLoginsWaitsOutTheMinuteWhileOthersAndTokensPass() throws {
        var config = ServerConfig(version: "test")
        config.guestLoginsPerMinutePerAddress = 3
        let host = ScriptedHost(config: config)
        var tokens: [String] = []
        for number in 0 ..< 3 {
            let (client, reply) = Self.login(host, "g\(number)", from: "10.0.0.1:\(number)")
            #expect(reply?["type"] == .string("welcome"))
            tokens.append(reply?["token"]?.stringValue ?? "")
            host.send(#"{"type":"create","game":"rps"}"#, from: client)
            host.drop(client)
        }
        host.advance(by: .seconds(20))
        let (refused, reply) = Self.login(host, "g3", from: "10.0.0.1:9")
        #expect(reply?["code"] == .string("rate_limited"))
        #expect(reply?["retry_after_ms"] == .int(40_000))
        #expect(reply?["id"] == .int(1))
        #expect(!host.disconnected.contains(refused))
        // A resume with a token is not a guest login.
        host.send(#"{"type":"login","token":"\#(tokens[0])"}"#, from: refused)
        #expect(host.take(refused).first?["resumed"] == .bool(true))
        // Another address is not held back.
        #expect(Self.login(host, "h0", from: "10.0.0.2:1").1?["type"] == .string("welcome"))
        host.advance(by: .seconds(40))
        #expect(Self.login(host, "g4", from: "10.0.0.1:10").1?["type"] == .string("welcome"))
    }

    @Test func anAddressHoldingItsSessionsInSeatsLogsInNoMoreUntilOneEnds() throws {
        var config = ServerConfig(version: "test")
        config.maxSessionsPerAddress = 2
        let host = ScriptedHost(config: config)
        // Two guests sit down and close: their seats keep their sessions for the grace period.
        for number in 0 ..< 2 {
            let (client, _) = Self.login(host, "s\(number)", from: "10.0.0.1:\(number)")
            host.send(#"{"type":"create","game":"rps"}"#, from: client)
            host.drop(client)
        }
        let (third, reply) = Self.login(host, "s2", from: "10.0.0.1:7")
        #expect(reply?["code"] == .string("server_full"))
        #expect(reply?["message"]?.stringValue?.hasPrefix("your address holds 2 sessions, the most allowed") == true)
        // A guest who closes outside a room ends their session at once: it never counts for long.
        #expect(Self.login(host, "t0", from: "10.0.0.2:1").1?["type"] == .string("welcome"))
        // The grace period ends the two sessions: the address logs in again.
        host.advance(by: .seconds(121))
        host.send(#"{"type":"login","name":"s2","id":2}"#, from: third)
        #expect(host.take(third).last?["type"] == .string("welcome"))
    }
}
