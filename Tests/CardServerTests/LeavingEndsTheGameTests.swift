import ScriptedServer
@testable import CardServer
import Testing
import Wire

/// A player whose leaving ends the game hears how it ended: the seed too, so the deal
/// can be checked against the commitment by someone who gave up.
struct LeavingEndsTheGameTests {
    @Test func aSoloPlayerWhoGivesUpGetsLeftThenTheGameOverWithTheSeed() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","options":{"winnable":false}}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        let commitment = try #require(state["seed_sha256"]?.stringValue)
        host.send(#"{"type":"draw"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"leave","id":1}"#, from: ann)
        let after = host.take(ann)
        #expect(after.map { $0["type"]?.stringValue } == ["left", "game_over"])
        #expect(after.last?["winners"] == .array([]))
        let seed = try #require(after.last?["seed"]?.intValue)
        #expect(SHA256.hex(String(seed)) == commitment)
    }

    @Test func aSpectatorWhoLeavesEndsNothingAndHearsNothingMore() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        let carl = host.player("carl")
        host.send(#"{"type":"create","game":"klondike","options":{"winnable":false}}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: carl)
        _ = host.take(carl)
        host.send(#"{"type":"leave"}"#, from: carl)
        #expect(host.types(carl) == ["left"])
        host.send(#"{"type":"leave"}"#, from: ann)
        #expect(host.types(ann).suffix(2) == ["left", "game_over"])
        #expect(host.types(carl) == [], "carl left before the game ended")
    }
}
