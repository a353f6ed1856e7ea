import CardServer
import Foundation
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// Concentration on virtual time, read line by line as a socket client reads it: turns,
/// scoring, and no face-down face ever sent.
struct ConcentrationRoomTests {
    /// Checks a state never shows the face of a card that is face down.
    static func faceDownFacesHidden(_ state: JSONObject, faceUp: Set<Int>) -> Bool {
        (state["cards"]?.arrayValue ?? []).allSatisfy { card in
            guard let card = card.objectValue, let index = card["index"]?.intValue else { return false }
            let visible = card["face"] != .null
            return visible == (faceUp.contains(index) || card["matched"] == .bool(true))
        }
    }

    @Test func twoPlayersWithPerfectMemoryPlayAWholeGame() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"concentration","seats":2,"options":{"pairs":6,"theme":"animals"}}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        var state = try bob.expect("state")
        try ann.expect("player_joined")
        #expect(try ann.expect("state") == state)
        #expect(state["theme"] == .string("animals"))
        #expect(state["cards"]?.arrayValue?.count == 12)
        #expect(state["cards"]?.arrayValue?.allSatisfy { $0.objectValue?["face"] == .null } == true)
        let clients = ["ann": ann, "bob": bob]

        var memory = ConcentrationMemory(cards: 12)
        var points = ["ann": 0, "bob": 0]
        var flips = 0
        while state["phase"] == .string("playing"), flips < 200 {
            let turn = try #require(state["turn"]?.stringValue)
            let player = try #require(clients[turn])
            let other = try #require(clients[turn == "ann" ? "bob" : "ann"])
            // The player whose turn it is not is refused.
            if flips == 0 {
                other.send(#"{"type":"flip","card":0}"#)
                #expect(try other.expect("error")["code"] == .string("not_your_turn"))
            }
            let card = try #require(memory.nextCard())
            player.send(#"{"type":"flip","card":\#(card),"id":\#(flips)}"#)
            // The reply names the state that shows the flip: the next one.
            let reply = try #require(try JSONParser.parse(player.receiveLine()).objectValue)
            #expect(reply.keys == ["type", "seq", "id"])
            #expect(reply["type"] == .string("ok"))
            #expect(reply["id"] == .int(flips))
            let flipped = try player.expect("flipped")
            #expect(flipped["player"] == .string(turn))
            #expect(flipped["card"] == .int(card))
            memory.saw(card, face: try #require(flipped["face"]?.stringValue), result: flipped["result"]?.stringValue)
            points[turn, default: 0] += flipped["points"]?.intValue ?? 0
            state = try player.expect("state")
            #expect(try other.expect("flipped") == flipped)
            #expect(try other.expect("state") == state)
            #expect(Self.faceDownFacesHidden(state, faceUp: memory.faceUp), "a face-down face was sent: \(state.jsonText)")
            flips += 1
        }
        #expect(state["phase"] == .string("over"))
        #expect(state["flips"] == .int(flips))
        let over = try ann.expect("game_over")
        #expect(over["scores"] == .object(["ann": .int(points["ann"] ?? 0), "bob": .int(points["bob"] ?? 0)]))
        #expect(memory.matched.count == 12)
    }
}

/// The time bonus through the server, on virtual time: the state shows the bonus clock, and a
/// match's event says what the bonus earned.
struct ConcentrationTimeBonusRoomTests {
    @Test func aMatchThreeSecondsAfterTheTurnStartedEarnsSeven() throws {
        let host = ScriptedHost(seed: 5)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"concentration","seats":1,"options":{"pairs":2,"time_bonus":true}}"#, from: ann)
        let first = try #require(host.take(ann).last { $0["type"] == .string("state") })
        #expect(first["time_bonus"] == .bool(true))
        #expect(first["bonus_clock_ms"] == .int(0))
        host.advance(by: .milliseconds(1500))
        host.send(#"{"type":"flip","card":0}"#, from: ann)
        let faceA = try #require(host.take(ann).first { $0["type"] == .string("flipped") }?["face"]?.stringValue)
        host.send(#"{"type":"flip","card":1}"#, from: ann)
        let second = try #require(host.take(ann).first { $0["type"] == .string("flipped") })
        let faceB = try #require(second["face"]?.stringValue)
        if faceA == faceB {
            // 1.5 s on the clock: 10 − 1.
            #expect(second["points"] == .int(11))
            #expect(second["bonus"] == .int(9))
            return
        }
        // A mismatch restarts the clock (and the turn, ann's again alone).
        host.advance(by: .milliseconds(3200))
        host.send(#"{"type":"flip","card":2}"#, from: ann)
        let third = try #require(host.take(ann).first { $0["type"] == .string("flipped") }?["face"]?.stringValue)
        host.send(#"{"type":"flip","card":\#(third == faceA ? 0 : 1)}"#, from: ann)
        let messages = host.take(ann)
        let match = try #require(messages.first { $0["type"] == .string("flipped") })
        #expect(match["result"] == .string("match"))
        #expect(match["points"] == .int(2 + 7))
        #expect(match["bonus"] == .int(7))
        #expect(messages.last { $0["type"] == .string("state") }?["bonus_clock_ms"] == .int(0))
    }

    @Test func withoutTheOptionNothingIsAdded() throws {
        let host = ScriptedHost(seed: 5)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"concentration","seats":1,"options":{"pairs":2}}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        #expect(state["time_bonus"] == nil)
        #expect(state["bonus_clock_ms"] == nil)
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"concentration","options":{"time_bonus":1},"id":2}"#, from: bob)
        #expect(host.take(bob).first?["message"] == .string("option 'time_bonus' must be true or false, not 1"))
    }
}
