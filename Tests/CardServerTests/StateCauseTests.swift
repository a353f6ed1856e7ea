import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// Every state says what caused it, and a reply to a command that changed a room names
/// the state that shows it: a bot matches its move to its state without guessing.
struct StateCauseTests {
    static func command(_ type: String, by player: String) -> JSONValue {
        .object(["kind": "command", "player": .string(player), "command": .string(type)])
    }

    static func event(_ kind: String, player: String? = nil) -> JSONValue {
        var cause: JSONObject = ["kind": .string(kind)]
        if let player { cause["player"] = .string(player) }
        return .object(cause)
    }

    @Test func inAKlondikeRaceTheRivalsStatesComeFirstAndTheReplyNamesYourOwn() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        let bob = host.player("bob")
        let carl = host.player("carl")
        host.send(#"{"type":"create","game":"klondike","seats":2,"id":1}"#, from: ann)
        let created = host.take(ann)
        let room = try #require(created.first?["room"]?.stringValue)
        #expect(created.map { $0["seq"] } == [.int(1), .int(1)])
        #expect(created.last?["cause"] == Self.command("create", by: "ann"))
        host.send(#"{"type":"join","room":"\#(room)","id":2}"#, from: bob)
        #expect(host.take(bob).map(\.jsonText).first == #"{"type":"joined","room":"\#(room)","game":"klondike","seat":1,"seq":2,"id":2}"#)
        host.send(#"{"type":"watch","room":"\#(room)","id":3}"#, from: carl)
        #expect(host.take(carl).first?.jsonText == #"{"type":"watching","room":"\#(room)","seq":3,"id":3}"#)
        // The race deals once the solver proved a deal winnable, off the loop: the game began by itself.
        #expect(host.runBackgroundWork() == 1)
        let dealt = host.take(ann)
        #expect(dealt.last?["seq"] == .int(4))
        #expect(dealt.last?["cause"] == Self.event("begin"))
        _ = host.take(bob)
        _ = host.take(carl)

        // Bob's move is handled first: ann's state for it comes before her reply, and shows
        // her own board as it was. Her reply names the state after it.
        host.send(#"{"type":"draw","id":"b"}"#, from: bob)
        host.send(#"{"type":"draw","id":"a"}"#, from: ann)
        let annSaw = host.take(ann)
        #expect(annSaw.map { $0["type"]?.stringValue } == ["state", "ok", "state"])
        #expect(annSaw[0]["seq"] == .int(5))
        #expect(annSaw[0]["cause"] == Self.command("draw", by: "bob"))
        #expect(annSaw[0]["stock"] == .int(24), "bob's draw leaves ann's board as it was")
        #expect(annSaw[1].jsonText == #"{"type":"ok","seq":6,"id":"a"}"#)
        #expect(annSaw[2]["seq"] == .int(6))
        #expect(annSaw[2]["cause"] == Self.command("draw", by: "ann"))
        #expect(annSaw[2]["stock"] == .int(23))
        // The spectator sees the same causes for the same seqs.
        #expect(host.take(carl).map { $0["cause"] } == [Self.command("draw", by: "bob"), Self.command("draw", by: "ann")])
    }

    @Test func aDeadlineADroppedConnectionAResumeAndTheGracePeriodAreCausesToo() throws {
        let host = ScriptedHost()
        let ann = host.connect()
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let token = try #require(host.take(ann).first { $0["type"] == .string("welcome") }?["token"]?.stringValue)
        let bob = host.player("bob")
        host.send(#"{"type":"create","game":"rps","options":{"round_seconds":10,"rounds":5}}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        #expect(host.take(bob).last?["cause"] == Self.command("join", by: "bob"))

        host.advance(by: .seconds(10))
        let timedOut = host.take(bob)
        #expect(timedOut.map { $0["type"]?.stringValue } == ["round", "state"])
        #expect(timedOut.last?["cause"] == Self.event("deadline"))

        host.drop(ann)
        let away = host.take(bob)
        #expect(away.map { $0["type"]?.stringValue } == ["player_away", "state"])
        #expect(away.last?["cause"] == Self.event("away", player: "ann"))

        let back = host.connect()
        host.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        #expect(host.take(bob).last?["cause"] == Self.event("back", player: "ann"))
        let resumed = host.take(back)
        #expect(resumed.map { $0["type"]?.stringValue } == ["hello", "welcome", "state"])
        #expect(resumed.last?["cause"] == Self.event("back", player: "ann"))

        // Bob goes and does not come back: the grace period ends his seat (and the game).
        host.drop(bob)
        _ = host.take(back)
        host.advance(by: .seconds(121))
        let gone = host.take(back).filter { $0["type"] == .string("state") }
        #expect(gone.last?["cause"] == Self.event("gone", player: "bob"))
    }

    @Test func aHintThatIsWorkedOutOffTheLoopNamesTheStateAfterIt() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","options":{"seed":3}}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"hint","id":7}"#, from: ann)
        #expect(host.runBackgroundWork() == 1)
        let answer = host.take(ann)
        #expect(answer.map { $0["type"]?.stringValue } == ["suggestion", "state"])
        #expect(answer[0]["seq"] == answer[1]["seq"])
        #expect(answer[1]["cause"] == Self.command("hint", by: "ann"))
    }
}
