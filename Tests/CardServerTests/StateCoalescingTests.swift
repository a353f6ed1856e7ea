import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A state replaces the one before it: a member far behind on reading is sent no state until
/// it has read down, then the newest, so a busy room costs a stalled spectator one pending
/// state, not one a move.
struct StateCoalescingTests {
    @Test func aSpectatorFarBehindGetsTheNewestStateOnceItReadsNotEveryOne() {
        var config = ServerConfig(version: "test")
        config.pauseInputAboveUnsentBytes = 2_048
        let host = ScriptedHost(config: config)
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "10.0.0.2:1")
        host.send(#"{"type":"create","game":"rps","options":{"rounds":99}}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        let carl = host.player("carl", peer: "10.0.0.3:1")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: carl)
        _ = host.take(carl)
        host.stopReading(carl)

        for _ in 0..<40 {
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.send(#"{"type":"throw","sign":"rock"}"#, from: bob)
        }
        let annLast = host.take(ann).last { $0["type"] == .string("state") }
        let held = host.take(carl)
        let states = held.filter { $0["type"] == .string("state") }.count
        let rounds = held.filter { $0["type"] == .string("round") }.count
        #expect(rounds == 40, "events still go: each is small, and the output cap bounds them")
        #expect(states < 10, "states stop once carl is 2 KiB behind: \(states) of 80")
        #expect(host.pendingBytes[carl] ?? 0 < 8_192)

        host.startReading(carl)
        let caughtUp = host.take(carl)
        #expect(caughtUp.map { $0["type"]?.stringValue } == ["state"])
        #expect(caughtUp.first?["seq"] == annLast?["seq"], "the newest state, at the seq everyone else saw last")
        #expect(caughtUp.first?["round"] == annLast?["round"])
    }
}
