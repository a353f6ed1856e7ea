import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Every error code this server can produce, each followed by proof the connection still works:
/// on virtual time, read line by line as a socket client reads them (the few only a real socket
/// shows are in `ErrorCodeSocketTests`).
struct ErrorCodeTests {
    /// Asserts the next line is exactly this error, then that a ping still gets its pong.
    func expectError(_ client: some LineClient, code: String, message: String, id: String? = nil) throws {
        let idPart = id.map { #","id":\#($0)"# } ?? ""
        #expect(try client.receiveLine() == #"{"type":"error","code":"\#(code)","message":"\#(message)"\#(idPart)}"#)
        client.send(#"{"type":"ping","id":"after"}"#)
        #expect(try client.receiveLine() == #"{"type":"pong","id":"after"}"#)
    }

    @Test func malformedLinesGetBadJSONBadRequestOrUnknownType() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"ping""#)
        try expectError(client, code: "bad_json", message: #"not valid JSON: unexpected end of input; send one JSON object per line, like {\"type\":\"help\"}"#)
        client.send("help")
        try expectError(client, code: "bad_json", message: #"help is not JSON; send {\"type\":\"help\"}"#)
        client.send(#"[1,2]"#)
        try expectError(client, code: "bad_request", message: #"a message must be a JSON object, not array; send one JSON object per line, like {\"type\":\"help\"}"#)
        client.send(#"{"id":4}"#)
        try expectError(client, code: "bad_request", message: #"missing field 'type' (a string), like {\"type\":\"help\"}"#, id: "4")
        client.send(#"{"type":"ping","id":{"a":1}}"#)
        try expectError(client, code: "bad_request", message: "id must be an integer or a string, not object")
        client.send(#"{"type":"dance","id":5}"#)
        try expectError(client, code: "unknown_type", message: #"unknown message type 'dance'; send {\"type\":\"help\"} for the list"#, id: "5")
        client.sendRaw([0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        let error = try client.expect("error")
        #expect(error["code"] == .string("bad_json"))
    }

    @Test func commandsBeforeLoginAreNotLoggedIn() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"rooms","id":1}"#)
        try expectError(client, code: "not_logged_in", message: #"log in first: {\"type\":\"login\",\"name\":\"your name\"}"#, id: "1")
    }

    @Test func roomErrors() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"join","room":"ZZZZ"}"#)
        try expectError(ann, code: "no_such_room", message: #"there is no room 'ZZZZ'; send {\"type\":\"rooms\"} for the list"#)
        ann.send(#"{"type":"leave"}"#)
        try expectError(ann, code: "not_in_room", message: "you are not in a room; create, join or watch one first")
        ann.send(#"{"type":"chat","text":"hi"}"#)
        try expectError(ann, code: "not_in_room", message: "you are not in a room; create, join or watch one first")
        ann.send(#"{"type":"create","game":"chess"}"#)
        try expectError(ann, code: "bad_request", message: "there is no game 'chess'; games: set, rps, rps-brain, concentration, klondike")
        ann.send(#"{"type":"create","game":"rps","seats":3}"#)
        try expectError(ann, code: "bad_request", message: #"rps is played with 2 seats, not 3 (or 1 against the robot: \"options\":{\"bot\":\"adaptive\"})"#)
        ann.send(#"{"type":"create","game":"rps","options":{"rounds":0}}"#)
        try expectError(ann, code: "bad_request", message: "option 'rounds' must be an integer from 1 to 99, not 0")
        ann.send(#"{"type":"create","game":"rps","options":{"colour":"red"}}"#)
        try expectError(ann, code: "bad_request", message: "rps has no option 'colour'; its options are rounds, round_seconds, bot")

        ann.send(#"{"type":"create","game":"rps"}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")
        ann.send(#"{"type":"create","game":"rps"}"#)
        try expectError(ann, code: "bad_request", message: #"you are already in room \#(room); send {\"type\":\"leave\"} first"#)
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try expectError(ann, code: "game_not_started", message: #"the game has not started; it starts when every seat is taken, or on {\"type\":\"start\"}"#)
        ann.send(#"{"type":"start"}"#)
        try expectError(
            ann, code: "illegal_move",
            message: "rps needs at least 2 players and 1 is seated: share the room code \(room) so someone joins, or create a room with a robot or one seat")

        let otherAnn = try server.player("ann")
        otherAnn.send(#"{"type":"join","room":"\#(room.lowercased())"}"#)
        try expectError(otherAnn, code: "name_taken", message: "someone in room \(room) is already called ann; log in with another name to join")

        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        try bob.expect("state")
        let carl = try server.player("carl")
        carl.send(#"{"type":"join","room":"\#(room)"}"#)
        try expectError(carl, code: "room_full", message: "room \(room) has no free seat; you can watch it instead")
        carl.send(#"{"type":"watch","room":"\#(room)"}"#)
        try carl.expect("watching")
        try carl.expect("state")
        carl.send(#"{"type":"throw","sign":"rock"}"#)
        try expectError(carl, code: "not_seated", message: "spectators cannot play; join a room to take a seat")
        carl.send(#"{"type":"start"}"#)
        try expectError(carl, code: "not_seated", message: "spectators cannot start the game")
    }

    @Test func movesAfterTheMatchAreGameOverAndThrowingTwiceIsIllegal() throws {
        let server = try VirtualServer()
        let (ann, bob, _) = try RPSTable.seat(server, options: #"{"rounds":1}"#)
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try ann.expect("thrown")
        try ann.expect("state")
        ann.send(#"{"type":"throw","sign":"paper","id":9}"#)
        try expectError(ann, code: "illegal_move", message: "you have already thrown this round; wait for your opponent", id: "9")
        bob.send(#"{"type":"throw","sign":"scissors"}"#)
        try bob.receive(until: "game_over")
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        try expectError(bob, code: "game_over", message: #"the game is over; send {\"type\":\"start\"} to offer a rematch (it starts once every player has)"#)
    }
}
