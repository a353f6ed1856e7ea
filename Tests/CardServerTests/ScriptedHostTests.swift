import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// The scripted host itself: virtual time runs the server's timers, and nothing sleeps.
struct ScriptedHostTests {
    @Test func theLoginTimeoutRunsOnVirtualTime() {
        let host = ScriptedHost()
        let conn = host.connect()
        #expect(host.types(conn) == ["hello"])
        host.advance(by: .seconds(299))
        #expect(host.types(conn) == [])
        #expect(!host.disconnected.contains(conn))
        host.advance(by: .seconds(1))
        let sent = host.take(conn)
        #expect(sent.map { $0["code"]?.stringValue } == ["not_logged_in"])
        #expect(host.disconnected.contains(conn))
    }

    /// A search off the loop (a Klondike hint's) reads its time budget on the host's clock,
    /// which stands while the work runs: on virtual time the budget's 700 ms never run out, so
    /// the answer is the node budget's alone, the same on an idle machine and a loaded one.
    @Test func aSearchOffTheLoopRunsOnTheHostsStandingClock() throws {
        let host = ScriptedHost()
        let clock = try #require(host.searchClock as? StandingClock)
        let start = clock.now
        #expect(start.duration(to: clock.now) == .zero)
        host.advance(by: .seconds(2))
        let later = try #require(host.searchClock as? StandingClock)
        #expect(start.duration(to: later.now) == .seconds(2))
        #expect(later.now.duration(to: later.now.advanced(by: .milliseconds(700))) == .milliseconds(700))
    }

    @Test func aPlayerPingsAfterLogin() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"ping","id":1}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [#"{"type":"pong","id":1}"#])
    }
}

/// The scripted host's server draws codes, tokens and deals from a seeded generator.
struct SeededServerTests {
    /// A token, a private and a public room code, and a Set deal from a fresh scripted server.
    static func firstDraws(seed: UInt64) throws -> [String] {
        let host = ScriptedHost(seed: seed)
        let ann = host.connect()
        _ = host.take(ann)
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let token = try #require(host.take(ann).first?["token"]?.stringValue)
        host.send(#"{"type":"create","game":"rps","private":true}"#, from: ann)
        let privateCode = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"leave"}"#, from: ann)
        host.send(#"{"type":"create","game":"set","seats":1}"#, from: ann)
        let messages = host.take(ann)
        let publicCode = try #require(messages.first { $0["type"] == .string("joined") }?["room"]?.stringValue)
        let board = try #require(messages.last { $0["type"] == .string("state") }?["board"]?.jsonText)
        return [token, privateCode, publicCode, board]
    }

    @Test func theSameSeedGivesTheSameTokensCodesAndDeals() throws {
        let first = try Self.firstDraws(seed: 7)
        #expect(try Self.firstDraws(seed: 7) == first)
        #expect(first[0].count == 32)
        #expect(first[1].count == 7)
        #expect(first[2].count == 4)
        let other = try Self.firstDraws(seed: 8)
        #expect(zip(first, other).allSatisfy { $0 != $1 })
    }
}
