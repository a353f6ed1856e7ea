import Foundation
import ServerTestSupport
import Testing
import Wire

/// On virtual time, read line by line as a socket client reads them: rps-brain answers stay
/// secret until the reveal, and a shared deal comes from a secret seed that game_over reveals.
struct SecretsTests {
    /// ann creates a room, bob joins it and it starts; returns both, the room, and bob's first playing state.
    func seatTwo(_ server: VirtualServer, _ create: String) throws -> (ann: ScriptedClient, bob: ScriptedClient, room: String, annState: JSONObject, bobState: JSONObject) {
        let ann = try server.player("ann")
        ann.send(create)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        let bobState = try bob.expectPlayingState()
        try ann.expect("player_joined")
        let annState = try ann.expectPlayingState()
        #expect(annState["phase"] == .string("playing"))
        return (ann, bob, room, annState, bobState)
    }

    func scores(_ state: JSONObject) -> [Int] {
        state["players"]?.arrayValue?.compactMap { $0.objectValue?["score"]?.intValue } ?? []
    }

    @Test func aWrongBrainAnswerDoesNotShowInTheOthersScoresBeforeTheReveal() throws {
        let server = try VirtualServer()
        let (ann, bob, room, annState, _) = try seatTwo(server, #"{"type":"create","game":"rps-brain","seats":2,"options":{"round_seconds":60}}"#)
        let prompt = try #require(annState["prompt"]?.objectValue)
        let sign = try #require(prompt["sign"]?.stringValue)
        let goal = try #require(prompt["goal"]?.stringValue)
        let right = RobotAndBrainTests.rightAnswer(sign: sign, goal: goal)

        // bob answers first, and wrong (the shown sign is never the answer).
        bob.send(#"{"type":"answer","sign":"\#(sign)","id":1}"#)
        #expect(try bob.receiveLine().replacing(/"reaction_ms":[0-9]+,/, with: "") == #"{"type":"answered","correct":false,"points":-10,"seq":3,"id":1}"#)
        let bobOwn = try bob.expect("state")
        #expect(scores(bobOwn) == [0, 0])
        #expect(bobOwn["your_answer"] == .string(sign))
        let annSees = try ann.expect("state")
        #expect(annSees["answered"] == .array(["bob"]))
        #expect(scores(annSees) == [0, 0])
        #expect(annSees["your_answer"] == .null)

        // ann, innocent, answers right and plays on; the reveal brings everyone's points.
        ann.send(#"{"type":"answer","sign":"\#(right)","id":2}"#)
        #expect(try ann.receiveLine().replacing(/"reaction_ms":[0-9]+,/, with: "") == #"{"type":"answered","correct":true,"points":10,"seq":4,"id":2}"#)
        let reveal = try ann.expect("brain_round")
        #expect(reveal["room"] == .string(room))
        #expect(reveal["answers"] == .object([
            "ann": .object(["sign": .string(right), "points": 10]),
            "bob": .object(["sign": .string(sign), "points": -10]),
        ]))
        let next = try ann.expect("state")
        #expect(next["round"] == .int(2))
        #expect(scores(next) == [10, -10])
        try bob.expect("brain_round")
        #expect(scores(try bob.expect("state")) == [10, -10])
    }

    @Test(arguments: ["set", "klondike"])
    func aSeedOnARoomWithSeveralSeatsIsRefused(game: String) throws {
        let server = try VirtualServer()
        let mallory = try server.player("mallory")
        mallory.send(#"{"type":"create","game":"\#(game)","seats":2,"options":{"seed":2026},"id":1}"#)
        #expect(try mallory.receiveLine() == #"{"type":"error","code":"bad_request","message":"option 'seed' is for one-seat rooms only; a room with 2 seats deals from a secret seed, revealed in game_over","id":1}"#)
        mallory.send(#"{"type":"rooms","id":2}"#)
        #expect(try mallory.expect("rooms")["rooms"] == .array([]))
    }

    /// A two-seat game ends with both players gone after a move; the watcher gets its game_over.
    func playAndAbandon(_ server: VirtualServer, game: String, move: String) throws -> (first: JSONObject, over: JSONObject) {
        let (ann, bob, room, annState, bobState) = try seatTwo(server, #"{"type":"create","game":"\#(game)","seats":2}"#)
        let cy = try server.player("cy")
        cy.send(#"{"type":"watch","room":"\#(room)"}"#)
        try cy.expect("watching")
        let watched = try cy.expect("state")
        // Nothing a member sees before the end names the seed.
        for state in [annState, bobState, watched] {
            #expect(state["seed"] == nil)
        }
        ann.send(move)
        try ann.receive(until: "state")
        ann.send(#"{"type":"leave"}"#)
        try ann.receive(until: "left")
        bob.send(#"{"type":"leave"}"#)
        try bob.receive(until: "left")
        let (over, before) = try cy.receive(until: "game_over")
        #expect(before.allSatisfy { $0["seed"] == nil })
        return (annState, over)
    }

    @Test(arguments: [("set", #"{"type":"deal"}"#, "board"), ("klondike", #"{"type":"draw"}"#, "tableau")])
    func gameOverRevealsTheSeedAndAOneSeatRoomReplaysTheDeal(game: String, move: String, deal: String) throws {
        let server = try VirtualServer(journal: true)
        let (first, over) = try playAndAbandon(server, game: game, move: move)
        let seed = try #require(over["seed"]?.intValue)
        #expect((0...9_007_199_254_740_991).contains(seed))
        #expect(over["winners"] == .array([]))
        // The journal records the seed game_over revealed.
        let journal = try String(contentsOf: #require(server.dataURL).appendingPathComponent("results.jsonl"), encoding: .utf8)
        let record = try #require(try JSONParser.parse(String(journal.prefix { $0 != "\n" })).objectValue)
        #expect(record["seed"] == .int(seed))

        let dora = try server.player("dora")
        dora.send(#"{"type":"create","game":"\#(game)","seats":1,"options":{"seed":\#(seed)}}"#)
        try dora.expect("joined")
        let replay = try dora.expect("state")
        #expect(replay[deal] != nil)
        #expect(replay[deal] == first[deal])
        if game == "klondike" {
            #expect(replay["stock"] == first["stock"])
        }
    }
}
