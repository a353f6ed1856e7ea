import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// Every server deadline with its real default, on virtual time: nothing happens a
/// millisecond before it, and exactly what should happen at it. No test sleeps.
struct TimersOnVirtualTimeTests {
    /// Ann creates a two-seat room of `game` with `options`, bob joins; both outboxes are
    /// emptied, and the last state bob got is returned.
    static func pair(_ host: ScriptedHost, game: String, options: String = "{}") throws -> (ann: ClientID, bob: ClientID, room: String, state: JSONObject) {
        let ann = host.player("ann")
        let bob = host.player("bob")
        host.send(#"{"type":"create","game":"\#(game)","seats":2,"options":\#(options)}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(ann)
        let state = try #require(host.take(bob).last { $0["type"] == .string("state") })
        return (ann, bob, room, state)
    }

    @Test func aTokenResumesUntilTheDefaultGraceOf120SecondsIsOverThenIsBad() throws {
        let host = ScriptedHost()
        let ann = host.connect()
        _ = host.take(ann)
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let token = try #require(host.take(ann).first?["token"]?.stringValue)
        // A seat is what the grace period keeps.
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: ann)
        _ = host.take(ann)
        host.drop(ann)

        host.advance(by: .milliseconds(119_999))
        let back = host.connect()
        _ = host.take(back)
        host.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        #expect(host.take(back).first?["resumed"] == .bool(true))

        host.drop(back)
        host.advance(by: .seconds(120))
        let late = host.connect()
        _ = host.take(late)
        host.send(#"{"type":"login","token":"\#(token)","id":1}"#, from: late)
        #expect(host.take(late).map(\.jsonText)
            == [#"{"type":"error","code":"bad_token","message":"that token is unknown or has expired; log in with a name","id":1}"#])
    }

    /// Outside a room there is no seat to keep: a closed connection's session ends at once,
    /// its token is bad and its name free (connect, log in, close, in a loop, holds nothing).
    @Test func aPlayerInNoRoomWhoseConnectionClosesIsGoneAtOnce() throws {
        let host = ScriptedHost()
        let ann = host.connect()
        _ = host.take(ann)
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let token = try #require(host.take(ann).first?["token"]?.stringValue)
        #expect(host.server.players.count == 1)
        host.drop(ann)
        #expect(host.server.players.isEmpty)
        #expect(host.logLines.last == "ann (p1) left, in no room: the session ends")
        let back = host.connect()
        _ = host.take(back)
        host.send(#"{"type":"login","token":"\#(token)","id":1}"#, from: back)
        #expect(host.take(back).map(\.jsonText)
            == [#"{"type":"error","code":"bad_token","message":"that token is unknown or has expired; log in with a name","id":1}"#])
        host.send(#"{"type":"login","name":"ann"}"#, from: back)
        #expect(host.take(back).first?["type"] == .string("welcome"), "the name is free at once")

        // One who left a room before the connection went is in no room either.
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: back)
        host.send(#"{"type":"leave"}"#, from: back)
        _ = host.take(back)
        host.drop(back)
        #expect(host.server.players.isEmpty)
    }

    @Test func anRPSRoundTimesOutAfterTheDefault30SecondsAndTheSilentPlayerLosesIt() throws {
        let host = ScriptedHost()
        let (ann, bob, room, _) = try Self.pair(host, game: "rps", options: #"{"rounds":1}"#)
        host.send(#"{"type":"throw","sign":"paper"}"#, from: ann)
        _ = host.take(ann)
        _ = host.take(bob)
        host.advance(by: .milliseconds(29_999))
        #expect(host.take(bob).isEmpty)
        host.advance(by: .milliseconds(1))
        let lines = host.take(bob)
        #expect(lines.map { $0["type"]?.stringValue } == ["round", "state", "game_over"])
        #expect(lines[0].jsonText == #"{"type":"round","room":"\#(room)","round":1,"throws":{"ann":"paper"},"winner":"ann","timed_out":["bob"]}"#)
        #expect(lines[1]["phase"] == .string("over"))
        #expect(lines[2]["winners"] == .array(["ann"]))
        #expect(lines[2]["scores"] == .object(["ann": 1, "bob": 0]))
    }

    @Test func aPlayerAwayForTheDefault120SecondsForfeitsTheMatch() throws {
        let host = ScriptedHost()
        let (ann, bob, room, _) = try Self.pair(host, game: "rps")
        host.drop(bob)
        #expect(host.types(ann) == ["player_away", "state"])
        // Rounds time out meanwhile (30 s each); the forfeit comes at 120 s, not a millisecond before.
        host.advance(by: .milliseconds(119_999))
        #expect(!host.take(ann).contains { $0["type"] == .string("player_left") })
        host.advance(by: .milliseconds(1))
        let lines = host.take(ann)
        #expect(lines.map { $0["type"]?.stringValue } == ["player_left", "state", "game_over"])
        #expect(lines[0].jsonText == #"{"type":"player_left","room":"\#(room)","name":"bob","role":"player"}"#)
        #expect(lines[2]["winners"] == .array(["ann"]))
    }

    @Test func aConcentrationTurnPassesAfterTheDefault30Seconds() throws {
        let host = ScriptedHost()
        let (_, bob, _, first) = try Self.pair(host, game: "concentration")
        let starter = try #require(first["turn"]?.stringValue)
        host.advance(by: .milliseconds(29_999))
        #expect(host.take(bob).isEmpty)
        host.advance(by: .milliseconds(1))
        let state = try #require(host.take(bob).last { $0["type"] == .string("state") })
        #expect(state["turn"] == .string(starter == "ann" ? "bob" : "ann"))
    }

    @Test func anRPSBrainRoundEndsAfterTheDefault15SecondsAnswersStaySecretUntilThenAndSilenceLosesTen() throws {
        let host = ScriptedHost()
        let (ann, bob, _, first) = try Self.pair(host, game: "rps-brain")
        let prompt = try #require(first["prompt"]?.objectValue)
        let right = RobotAndBrainTests.rightAnswer(sign: prompt["sign"]?.stringValue ?? "", goal: prompt["goal"]?.stringValue ?? "")
        host.send(#"{"type":"answer","sign":"\#(right)"}"#, from: ann)
        let bobView = try #require(host.take(bob).last { $0["type"] == .string("state") })
        #expect(bobView["answered"] == .array(["ann"]))
        #expect(bobView["your_answer"] == .null)
        #expect(bobView["players"]?.arrayValue?.compactMap { $0.objectValue?["score"]?.intValue } == [0, 0])

        host.advance(by: .milliseconds(14_999))
        #expect(!host.take(bob).contains { $0["type"] == .string("brain_round") })
        host.advance(by: .milliseconds(1))
        let lines = host.take(bob)
        let reveal = try #require(lines.first { $0["type"] == .string("brain_round") })
        #expect(reveal["answers"] == .object([
            "ann": .object(["sign": .string(right), "points": 10]),
            "bob": .object(["sign": .null, "points": -10]),
        ]))
        let next = try #require(lines.last { $0["type"] == .string("state") })
        #expect(next["round"] == .int(2))
        #expect(next["players"]?.arrayValue?.compactMap { $0.objectValue?["score"]?.intValue } == [10, -10])
        _ = host.take(ann)
    }

    @Test func aConnectionThatNeverLogsInIsClosedAfterTheDefault300Seconds() {
        let host = ScriptedHost()
        let idle = host.connect()
        _ = host.take(idle)
        host.advance(by: .milliseconds(299_999))
        #expect(!host.disconnected.contains(idle))
        host.advance(by: .milliseconds(1))
        #expect(host.take(idle).map(\.jsonText)
            == [#"{"type":"error","code":"not_logged_in","message":"no login within 300 s; closing the connection"}"#])
        #expect(host.disconnected.contains(idle))
    }

    @Test func aPlayerAwayWhenTheGameEndedGetsItsGameOverOnResuming() throws {
        let host = ScriptedHost(seed: 3)
        var ann = host.connect()
        _ = host.take(ann)
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let token = try #require(host.take(ann).first?["token"]?.stringValue)
        host.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#, from: ann)
        _ = host.take(ann)
        var gameOver: JSONObject?
        var tries = 0
        // A throw, then gone at once; a round against the robot may be a draw (seeded: the
        // same every run), so again until one is won or lost.
        while gameOver == nil, tries < 20 {
            tries += 1
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.drop(ann)
            ann = host.connect()
            _ = host.take(ann)
            host.send(#"{"type":"login","token":"\#(token)"}"#, from: ann)
            let lines = host.take(ann)
            #expect(lines.first?["resumed"] == .bool(true))
            if lines.contains(where: { $0["type"] == .string("state") && $0["phase"] == .string("over") }) {
                gameOver = lines.last { $0["type"] == .string("game_over") }
            }
        }
        let result = try #require(gameOver)
        #expect(result["scores"]?.objectValue?.count == 2)
    }
}
