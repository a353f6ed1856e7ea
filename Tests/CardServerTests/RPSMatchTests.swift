import Foundation
import ServerTestSupport
import Testing
import Wire

/// Whole rps matches on virtual time, read line by line as a socket client reads them.
struct RPSMatchTests {
    @Test func aWholeMatchWithASpectatorWhoChats() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        let carl = try server.player("carl")
        carl.send(#"{"type":"watch","room":"\#(room)","id":1}"#)
        #expect(try carl.receiveLine() == #"{"type":"watching","room":"\#(room)","seq":3,"id":1}"#)
        let watched = try carl.expect("state")
        #expect(watched["seq"] == .int(3))
        #expect(watched["spectators"] == .int(1))
        for player in [ann, bob] {
            #expect(try player.receiveLine() == #"{"type":"player_joined","room":"\#(room)","name":"carl","role":"spectator"}"#)
            try player.expect("state")
        }

        carl.send(#"{"type":"chat","text":"good luck","id":2}"#)
        #expect(try carl.receiveLine() == #"{"type":"chat","room":"\#(room)","from":"carl","text":"good luck","id":2}"#)
        for player in [ann, bob] {
            #expect(try player.receiveLine() == #"{"type":"chat","room":"\#(room)","from":"carl","text":"good luck"}"#)
        }

        // Round 1: a draw, replayed. Round 1 again: bob wins. Round 2 and 3: ann wins.
        let plays: [(String, String, String)] = [
            ("rock", "rock", #"{"type":"round","room":"\#(room)","round":1,"throws":{"ann":"rock","bob":"rock"},"winner":null,"timed_out":[]}"#),
            ("rock", "paper", #"{"type":"round","room":"\#(room)","round":1,"throws":{"ann":"rock","bob":"paper"},"winner":"bob","timed_out":[]}"#),
            ("scissors", "paper", #"{"type":"round","room":"\#(room)","round":2,"throws":{"ann":"scissors","bob":"paper"},"winner":"ann","timed_out":[]}"#),
            ("paper", "rock", #"{"type":"round","room":"\#(room)","round":3,"throws":{"ann":"paper","bob":"rock"},"winner":"ann","timed_out":[]}"#),
        ]
        for (annSign, bobSign, reveal) in plays {
            ann.send(#"{"type":"throw","sign":"\#(annSign)","id":"a"}"#)
            // The reply names the state that shows the throw, and that state says ann caused it.
            let thrown = try #require(try JSONParser.parse(ann.receiveLine()).objectValue)
            #expect(thrown.keys == ["type", "seq", "id"])
            #expect(thrown["id"] == .string("a"))
            let annView = try ann.expect("state")
            #expect(annView["seq"] == thrown["seq"])
            #expect(annView["cause"] == .object(["kind": "command", "player": "ann", "command": "throw"]))
            #expect(annView["your_throw"] == .string(annSign))
            #expect(annView["waiting_on"] == .array(["bob"]))
            #expect(try bob.expect("state")["your_throw"] == .null)
            #expect(try carl.expect("state")["waiting_on"] == .array(["bob"]))
            bob.send(#"{"type":"throw","sign":"\#(bobSign)"}"#)
            try bob.expect("thrown")
            for member in [ann, bob, carl] {
                #expect(try member.receiveLine() == reveal)
                let state = try member.expect("state")
                #expect(state["last_round"]?.objectValue?["winner"] == (try JSONParser.parse(reveal)).objectValue?["winner"])
            }
        }
        for member in [ann, bob, carl] {
            #expect(try GameOverLine.withoutSeed(member.receiveLine()).line == #"{"type":"game_over","room":"\#(room)","winners":["ann"],"scores":{"ann":2,"bob":1}}"#)
        }
        let over = try server.player("dave")
        over.send(#"{"type":"rooms"}"#)
        #expect(try over.receiveLine() == #"{"type":"rooms","rooms":[{"room":"\#(room)","game":"rps","players":["ann","bob"],"seats":2,"phase":"over","spectators":1}],"total":1,"next":null}"#)

        // A rematch by agreement: ann's start is an offer, bob's accepts it.
        ann.send(#"{"type":"start","id":3}"#)
        let offer = try ann.expect("ok")
        #expect(offer["id"] == .int(3))
        let offered = try bob.expect("state")
        #expect(offered["seq"] == offer["seq"])
        #expect(offered["phase"] == .string("over"))
        #expect(offered["rematch_votes"] == .array(["ann"]))
        bob.send(#"{"type":"start","id":4}"#)
        let accepted = try bob.expect("ok")
        #expect(accepted["id"] == .int(4))
        let rematch = try bob.expect("state")
        #expect(rematch["seq"] == accepted["seq"])
        #expect(rematch["phase"] == .string("playing"))
        #expect(rematch["rematch_votes"] == .array([]))
        #expect(rematch["players"]?.arrayValue?.map { $0.objectValue?["score"] } == [.int(0), .int(0)])
    }

    @Test func theOpponentNeverSeesAThrowBeforeTheReveal() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        let carl = try server.player("carl")
        carl.send(#"{"type":"watch","room":"\#(room)"}"#)
        try carl.expect("watching")
        try carl.expect("state")
        try ann.expect("player_joined")
        try ann.expect("state")
        try bob.expect("player_joined")
        try bob.expect("state")

        ann.send(#"{"type":"throw","sign":"scissors"}"#)
        try ann.expect("thrown")
        try ann.expect("state")
        // Everything bob and carl get before bob throws must not name ann's sign.
        for watcher in [bob, carl] {
            let line = try watcher.receiveLine()
            #expect(line.contains(#""waiting_on":["bob"]"#))
            #expect(!line.contains("scissors"), "leaked: \(line)")
        }
        bob.send(#"{"type":"rooms"}"#)
        #expect(!(try bob.receiveLine()).contains("scissors"))
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        try bob.expect("thrown")
        let reveal = try bob.expect("round")
        #expect(reveal["throws"] == .object(["ann": "scissors", "bob": "rock"]))
        #expect(reveal["winner"] == .string("bob"))
    }

    @Test func aPlayerWhoDropsIsAwayThenResumesWithTheMatchIntact() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        let bobToken = try #require(bob.token)
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try ann.expect("thrown")
        try ann.expect("state")
        try bob.expect("state")

        bob.close()
        #expect(try ann.receiveLine() == #"{"type":"player_away","room":"\#(room)","name":"bob","role":"player"}"#)
        let away = try ann.expect("state")
        #expect(away["players"]?.arrayValue?.map { $0.objectValue?["connected"] } == [.bool(true), .bool(false)])

        let back = try server.connect()
        try back.expect("hello")
        back.send(#"{"type":"login","token":"\#(bobToken)"}"#)
        #expect(try back.expect("welcome")["resumed"] == .bool(true))
        let resumed = try back.expect("state")
        #expect(resumed["room"] == .string(room))
        #expect(resumed["phase"] == .string("playing"))
        #expect(resumed["waiting_on"] == .array(["bob"]))
        #expect(resumed["your_throw"] == .null)
        #expect(try ann.receiveLine() == #"{"type":"player_back","room":"\#(room)","name":"bob","role":"player"}"#)
        let backState = try ann.expect("state")
        #expect(backState["players"]?.arrayValue?.map { $0.objectValue?["connected"] } == [.bool(true), .bool(true)])
        #expect(backState["seq"] == resumed["seq"])

        back.send(#"{"type":"throw","sign":"paper"}"#)
        try back.expect("thrown")
        #expect(try back.expect("round")["winner"] == .string("bob"))
    }

    @Test func leavingMidMatchForfeitsIt() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        bob.send(#"{"type":"leave","id":1}"#)
        #expect(try bob.receiveLine() == #"{"type":"left","room":"\#(room)","id":1}"#)
        #expect(try ann.receiveLine() == #"{"type":"player_left","room":"\#(room)","name":"bob","role":"player"}"#)
        let state = try ann.expect("state")
        #expect(state["phase"] == .string("over"))
        #expect(try GameOverLine.withoutSeed(ann.receiveLine()).line == #"{"type":"game_over","room":"\#(room)","winners":["ann"],"scores":{"ann":0,"bob":0}}"#)
    }
}
