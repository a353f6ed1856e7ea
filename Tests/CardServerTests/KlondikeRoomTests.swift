import CardServer
import ScriptedServer
import Foundation
import ServerTestSupport
import Testing
import Wire

/// Klondike rooms on virtual time, read line by line as a socket client reads them: seeded
/// deals, moves and undo, races, and a win.
struct KlondikeRoomTests {
    func solo(_ server: VirtualServer, name: String, options: String) throws -> (ScriptedClient, String, JSONObject) {
        let client = try server.player(name)
        client.send(#"{"type":"create","game":"klondike","options":\#(options)}"#)
        let room = try #require(try client.expect("joined")["room"]?.stringValue)
        return (client, room, try client.expect("state"))
    }

    @Test func theSameSeedDealsTheSameGameAndNothingFaceDownIsSent() throws {
        let server = try VirtualServer()
        let (ann, _, first) = try solo(server, name: "ann", options: #"{"seed":1}"#)
        let (bob, _, second) = try solo(server, name: "bob", options: #"{"seed":1}"#)
        #expect(first["tableau"] == second["tableau"])
        #expect(first["phase"] == .string("playing"))
        #expect(first["stock"] == .int(24))
        #expect(first["waste_count"] == .int(0))
        let tableau = try #require(first["tableau"]?.arrayValue?.compactMap { $0.objectValue })
        #expect(tableau.map { $0.keys } == Array(repeating: ["down", "up"], count: 7))
        #expect(tableau.map { $0["down"]?.intValue } == [0, 1, 2, 3, 4, 5, 6])
        #expect(tableau.map { $0["up"]?.arrayValue?.count } == Array(repeating: 1, count: 7))
        // Seed 1's face-up cards, as GameRules pins them: 9♣ Q♦ 8♦ 5♦ Q♠ 5♣ 9♠.
        #expect(tableau.first?["up"] == .array([.object(["rank": 9, "suit": "clubs"])]))
        #expect(first["foundations"] == .array([[], [], [], []]))
        _ = (ann, bob)
    }

    @Test func drawMoveAndUndoOverTheWire() throws {
        let server = try VirtualServer()
        let (ann, _, first) = try solo(server, name: "ann", options: #"{"seed":1,"draw":3}"#)
        ann.send(#"{"type":"draw","id":1}"#)
        #expect(try ann.receiveLine() == #"{"type":"ok","seq":2,"id":1}"#)
        let drawn = try ann.expect("state")
        #expect(drawn["seq"] == .int(2))
        #expect(drawn["cause"] == .object(["kind": "command", "player": "ann", "command": "draw"]))
        #expect(drawn["stock"] == .int(21))
        #expect(drawn["waste_count"] == .int(3))
        // Seed 1's first draw of three, as GameRules pins it: 6♦ (playable, on top) 2♥ 4♠.
        #expect(drawn["waste"] == .array([
            .object(["rank": 6, "suit": "diamonds"]), .object(["rank": 2, "suit": "hearts"]), .object(["rank": 4, "suit": "spades"]),
        ]))
        #expect(drawn["moves"] == .int(1))
        ann.send(#"{"type":"undo"}"#)
        try ann.expect("ok")
        let undone = try ann.expect("state")
        #expect(undone["tableau"] == first["tableau"])
        #expect(undone["stock"] == .int(24))
        #expect(undone["moves"] == .int(0))
        ann.send(#"{"type":"move","from":"t1","to":"t2"}"#)
        let refused = try ann.expect("error")
        #expect(refused["code"] == .string("illegal_move"))
        #expect(refused["message"] == .string("9♣ cannot go on Q♦: the tableau builds down in alternating colours"))
        ann.send(#"{"type":"move","from":"t9","to":"f1"}"#)
        #expect(try ann.receiveLine() == #"{"type":"error","code":"bad_request","message":"field 'from' must name a pile: waste, t1 to t7 or f1 to f4, not \"t9\""}"#)
        ann.send(#"{"type":"undo"}"#)
        #expect(try ann.expect("error")["message"] == .string("nothing to undo: no move has been made since the deal (or since the last undo took them all back)"))
    }

    /// Ann creates a two-seat race and bob joins, so it starts; returns their first states.
    func race(_ server: VirtualServer) throws -> (ann: ScriptedClient, bob: ScriptedClient, room: String, annStart: JSONObject, bobStart: JSONObject) {
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","seats":2}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        let bobStart = try bob.expectPlayingState()
        try ann.expect("player_joined")
        return (ann, bob, room, try ann.expectPlayingState(), bobStart)
    }

    @Test func racersShareTheDealButSeeOnlyEachOthersFoundationCount() throws {
        let server = try VirtualServer()
        let (ann, bob, _, annStart, bobStart) = try race(server)
        #expect(annStart["tableau"] == bobStart["tableau"])
        #expect(annStart["player"] == .string("ann"))
        #expect(bobStart["player"] == .string("bob"))
        #expect(bobStart["rivals"] == .object(["ann": 0]))

        ann.send(#"{"type":"draw"}"#)
        try ann.expect("ok")
        #expect(try ann.expect("state")["stock"] == .int(23))
        let bobView = try bob.expect("state")
        #expect(bobView["stock"] == .int(24))
        #expect(bobView["waste"] == .array([]))
    }

    @Test func aRaceSpectatorGetsNoCardAndARaceUndoOfADrawIsRefusedWhileTheOtherPlaysOn() throws {
        let server = try VirtualServer()
        let (ann, bob, room, _, _) = try race(server)
        let spy = try server.player("bobs-friend")
        spy.send(#"{"type":"watch","room":"\#(room)"}"#)
        try spy.expect("watching")

        ann.send(#"{"type":"draw","id":0}"#)
        try ann.receive(until: "ok")
        bob.send(#"{"type":"draw","id":1}"#)
        try bob.receive(until: "ok")
        bob.send(#"{"type":"undo","id":2}"#)
        let refused = try bob.receive(until: "error").message
        #expect(refused["code"] == .string("illegal_move"))
        #expect(refused["id"] == .int(2))
        ann.send(#"{"type":"move","from":"t1","to":"t1","id":3}"#)
        #expect(try ann.receive(until: "error").message["message"] == .string("the cards are already on t1"))
        ann.send(#"{"type":"draw","id":4}"#)
        #expect(try ann.receive(until: "ok").message["id"] == .int(4))
        ann.send(#"{"type":"chat","text":"sync"}"#)

        // Everything the spectator got until then: states with progress, and not one card.
        var lines: [String] = []
        while true {
            let line = try spy.receiveLine()
            lines.append(line)
            if line.contains(#""type":"chat""#) { break }
        }
        #expect(lines.count >= 4)
        #expect(lines.allSatisfy { !$0.contains(#""rank""#) }, "a card reached the spectator: \(lines)")
        let last = try #require(lines.last { $0.contains(#""type":"state""#) })
        #expect(last.contains(#""progress":[{"name":"ann","cards_home":0,"moves":2},{"name":"bob","cards_home":0,"moves":1}]"#))
    }

    @Test func fiveHundredDrawsAndALeaverLeaveTheRaceAsItShouldBe() throws {
        let server = try VirtualServer(config: ServerConfig(version: "test", commandRate: 0))
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","seats":3}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        let cy = try server.player("cy")
        cy.send(#"{"type":"join","room":"\#(room)"}"#)
        // A race deals once a deal is proved winnable: the game starts with a playing state.
        while try cy.receive(until: "state").message["phase"] != .string("playing") {}
        while try bob.receive(until: "state").message["phase"] != .string("playing") {}
        // Bob draws 500 times in one burst (turns of the stock and redeals; the undo
        // history keeps the last 200), and cy plays on meanwhile.
        bob.sendRaw(Array(String(repeating: #"{"type":"draw"}"# + "\n", count: 500).utf8))
        cy.send(#"{"type":"draw","id":"cy"}"#)
        #expect(try cy.receive(until: "ok", limit: 2_000).message["id"] == .string("cy"))
        bob.send(#"{"type":"ping","id":"done"}"#)
        let before = try bob.receive(until: "pong", limit: 2_000).before
        #expect(before.filter { $0["type"] == .string("ok") }.count == 500)
        #expect(before.last { $0["type"] == .string("state") }?["moves"] == .int(500))

        // Cy leaves: ann's rivals are bob alone, and progress lists the two still racing.
        cy.send(#"{"type":"leave"}"#)
        try cy.receive(until: "left", limit: 2_000)
        ann.send(#"{"type":"draw","id":"ann"}"#)
        try ann.receive(until: "ok", limit: 2_000)
        let annState = try ann.expect("state")
        #expect(annState["rivals"] == .object(["bob": 0]))
        #expect(annState["progress"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["ann", "bob"])
    }

    @Test func aWinEndsTheGameWithCongratulations() throws {
        let found = (UInt64(0)..<400).lazy.compactMap { seed in KlondikeAutoPlayer.win(seed: seed, drawCount: 1).map { (seed, $0) } }.first
        let (seed, actions) = try #require(found, "the greedy player won none of 400 deals")
        let server = try VirtualServer(config: ServerConfig(version: "test", commandRate: 0))
        let (ann, room, _) = try solo(server, name: "ann", options: #"{"seed":\#(seed)}"#)
        for (number, action) in actions.enumerated() {
            ann.send(action.line)
            #expect(try ann.expect("ok")["type"] == .string("ok"), "action \(number): \(action.line)")
            if number < actions.count - 1 {
                try ann.expect("state")
            }
        }
        let solved = try ann.expect("solved")
        #expect(solved["player"] == .string("ann"))
        #expect(solved["moves"] == .int(actions.count))
        #expect(solved["message"] == .string("Congratulations, ann! All 52 cards home in \(actions.count) moves."))
        let final = try ann.expect("state")
        #expect(final["phase"] == .string("over"))
        #expect(final["foundations"]?.arrayValue?.map { $0.arrayValue?.count } == [13, 13, 13, 13])
        // A solo game's summary: the real time it took, the moves and the undos.
        let over = try ann.receiveLine().replacing(/"time_ms":[0-9]+/, with: #""time_ms":T"#)
        #expect(GameOverLine.withoutSeed(over.replacing(/,"summary":\{[^}]*\}/, with: "")).line
            == #"{"type":"game_over","room":"\#(room)","winners":["ann"],"scores":{"ann":52}}"#)
        #expect(over.contains(#","summary":{"time_ms":T,"moves":\#(actions.count),"undos":0}}"#))
    }

    /// With a scoring table the summary adds the points; without one it has none (the score
    /// would be cards home, 52 in every win).
    @Test(arguments: [("standard", true), ("none", false)])
    func aWinsSummaryHasPointsOnlyWithAScoringTable(scoring: String, hasPoints: Bool) throws {
        let found = (UInt64(0)..<400).lazy.compactMap { seed in KlondikeAutoPlayer.win(seed: seed, drawCount: 1).map { (seed, $0) } }.first
        let (seed, actions) = try #require(found, "the greedy player won none of 400 deals")
        let server = try VirtualServer(config: ServerConfig(version: "test", commandRate: 0))
        let (ann, _, _) = try solo(server, name: "ann", options: #"{"seed":\#(seed),"scoring":"\#(scoring)"}"#)
        for action in actions { ann.send(action.line) }
        var final: JSONObject
        repeat { final = try ann.receive(until: "state", limit: 10_000).message } while final["phase"] != .string("over")
        let over = try ann.expect("game_over")
        let summary = try #require(over["summary"]?.objectValue)
        #expect(summary["moves"] == .int(actions.count))
        #expect(summary["points"] == (hasPoints ? final["score"] : nil))
        #expect(hasPoints ? final["score"] != nil : over["scores"] == .object(["ann": 52]))
    }

    @Test func drawIsOneOrThreeAndAGameUnderWayTakesNoNewPlayer() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","options":{"draw":5}}"#)
        #expect(try ann.expect("error")["message"] == .string("option 'draw' must be 1 or 3, not 5"))
        ann.send(#"{"type":"create","game":"klondike","seats":2}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        ann.send(#"{"type":"start"}"#)
        try ann.receive(until: "ok")
        // A race deals once a deal is proved winnable: the game starts with a playing state.
        while try ann.receive(until: "state").message["phase"] != .string("playing") {}
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        let error = try bob.expect("error")
        #expect(error["code"] == .string("room_full"))
        #expect(error["message"] == .string("room \(room) has a game under way; watch it, or join once it is over"))
    }
}

/// Klondike's `scoring` and `passes` through the server, on the scripted host.
struct KlondikeScoringRoomTests {
    @Test func vegasWithOnePassShowsTheStakeAndRefusesASecondTurnOver() throws {
        let host = ScriptedHost(seed: 8)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","options":{"scoring":"vegas","passes":1}}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        #expect(state["score"] == .int(-52))
        #expect(state["passes_left"] == .int(1))
        #expect(state["players"]?.arrayValue?.first?.objectValue?["score"] == .int(-52))
        for _ in 0..<25 { host.send(#"{"type":"draw"}"#, from: ann) }
        let turned = try #require(host.take(ann).last { $0["type"] == .string("state") })
        #expect(turned["passes_left"] == .int(0))
        #expect(turned["stock"] == .int(24))
        for _ in 0..<24 { host.send(#"{"type":"draw"}"#, from: ann) }
        _ = host.take(ann)
        host.send(#"{"type":"draw","id":9}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"illegal_move","message":"the stock is empty and the waste was turned over 1 time, as often as this game allows","id":9}"#,
        ])
    }

    @Test func withoutTheOptionsNothingIsAdded() throws {
        let host = ScriptedHost(seed: 8)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        #expect(state["score"] == nil)
        #expect(state["passes_left"] == nil)
    }
}

/// Klondike's hint through the server: the rules' suggestion, ready to send; none in a race.
struct KlondikeHintRoomTests {
    @Test func aSoloHintIsAMoveThatCanBeSentAsItIs() throws {
        let host = ScriptedHost(seed: 8)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"hint","id":4}"#, from: ann)
        // The first hint's search runs off the loop.
        #expect(host.runBackgroundWork() == 1)
        let reply = try #require(host.take(ann).first)
        #expect(reply["type"] == .string("suggestion"))
        #expect(reply["id"] == .int(4))
        let move = try #require(reply["move"]?.objectValue)
        // Sending the suggested move back is accepted.
        host.send(JSONValue.object(move).jsonText, from: ann)
        #expect(host.take(ann).first?["type"] == .string("ok"))
    }

    @Test func aRaceGetsNoHint() {
        let host = ScriptedHost(seed: 8)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","seats":2}"#, from: ann)
        let code = host.take(ann).first?["room"]?.stringValue ?? ""
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"join","room":"\#(code)"}"#, from: bob)
        host.runBackgroundWork()
        _ = host.take(ann)
        host.send(#"{"type":"hint","id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"illegal_move","message":"hints are for one-player games; in a race everyone plays on their own","id":1}"#,
        ])
    }
}
