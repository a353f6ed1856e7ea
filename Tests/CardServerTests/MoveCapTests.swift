import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// One player cannot grow a game's room log without end: past ``ServerConfig/maxMovesPerSeat``
/// game commands in one game, theirs are refused, and everyone else plays on.
struct MoveCapTests {
    static func host(cap: Int) -> ScriptedHost {
        var config = ServerConfig(version: "test", commandRate: 0)
        config.maxMovesPerSeat = cap
        return ScriptedHost(config: config)
    }

    @Test func aPlayerPastTheCapIsRefusedAndTheOtherRacerPlaysOn() throws {
        let host = Self.host(cap: 30)
        let ann = host.player("ann")
        let bob = host.player("bob")
        host.send(#"{"type":"create","game":"klondike","seats":2,"options":{"winnable":false}}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(ann)
        _ = host.take(bob)
        // Refused moves count too: an illegal one is a record in the log like any other.
        host.send(#"{"type":"move","from":"waste","to":"f1","id":1}"#, from: ann)
        #expect(host.take(ann).first?["code"] == .string("illegal_move"))
        for number in 2...30 {
            host.send(#"{"type":"draw","id":\#(number)}"#, from: ann)
        }
        let drawn = host.take(ann).filter { $0["id"] != nil }
        #expect(drawn.count == 29)
        #expect(drawn.allSatisfy { $0["type"] == .string("ok") })
        _ = host.take(bob)

        host.send(#"{"type":"draw","id":31}"#, from: ann)
        let refused = try #require(host.take(ann).first)
        #expect(refused["type"] == .string("error"))
        #expect(refused["code"] == .string("illegal_move"))
        #expect(refused["id"] == .int(31))
        #expect(refused["message"] == .string(
            #"you have sent 30 moves in this game, the most one player may; send {"type":"leave"} and start a new game"#))
        // Nothing changed for anyone: no state went out.
        #expect(host.take(bob).isEmpty)

        host.send(#"{"type":"draw","id":1}"#, from: bob)
        #expect(host.take(bob).map { $0["type"]?.stringValue } == ["ok", "state"])
    }

    @Test func aRematchStartsTheCountAgain() throws {
        let host = Self.host(cap: 1)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps","options":{"bot":"adaptive","rounds":1}}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"throw","sign":"rock","id":1}"#, from: ann)
        let first = host.take(ann)
        #expect(first.first?["type"] == .string("thrown"))
        #expect(first.contains { $0["type"] == .string("game_over") })
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(host.take(ann).last?["phase"] == .string("playing"))
        // One throw allowed a game: without the new count this one would be refused.
        host.send(#"{"type":"throw","sign":"paper","id":2}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("thrown"))
    }
}
