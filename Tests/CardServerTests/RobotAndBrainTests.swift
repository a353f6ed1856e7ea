import Foundation
import ServerTestSupport
import Testing
import Wire

/// rps against the robot, and rps-brain, on virtual time, read line by line as a socket client reads them.
struct RobotAndBrainTests {
    @Test func theAdaptiveRobotBeatsAPlayerWhoAlwaysThrowsRock() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"adaptive","rounds":21}}"#)
        #expect(try ann.expect("joined")["seat"] == .int(0))
        let first = try ann.expect("state")
        #expect(first["phase"] == .string("playing"))
        #expect(first["waiting_on"] == .array(["ann"]))
        #expect(first["players"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["ann", "robot-adaptive"])

        var over: JSONObject?
        var rounds = 0
        while over == nil, rounds < 60 {
            ann.send(#"{"type":"throw","sign":"rock"}"#)
            try ann.expect("thrown")
            let reveal = try ann.expect("round")
            #expect(reveal["throws"]?.objectValue?["ann"] == .string("rock"))
            #expect(reveal["throws"]?.objectValue?["robot-adaptive"] != nil)
            let state = try ann.expect("state")
            if state["phase"] == .string("over") {
                over = try ann.expect("game_over")
            }
            rounds += 1
        }
        let result = try #require(over)
        #expect(result["winners"] == .array(["robot-adaptive"]))
        #expect(result["scores"]?.objectValue?["robot-adaptive"] == .int(11))
    }

    @Test func theRobotOptionIsChecked() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"smart"}}"#)
        #expect(try ann.expect("error")["message"] == .string(#"option 'bot' must be "random" or "adaptive", not "smart""#))
        ann.send(#"{"type":"create","game":"rps","seats":2,"options":{"bot":"random"}}"#)
        #expect(try ann.expect("error")["message"] == .string("rps against the robot has 1 seat, not 2"))
    }

    @Test func aNullBotIsNoRobotAndTheServerStaysUp() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        // Once crashed the server: a 1-seat room with no robot read a second player's name.
        ann.send(#"{"type":"create","game":"rps","options":{"bot":null}}"#)
        try ann.expect("joined")
        let state = try ann.expect("state")
        #expect(state["phase"] == .string("waiting"))
        #expect(state["players"]?.arrayValue?.count == 1)
        ann.send(#"{"type":"ping","id":1}"#)
        #expect(try ann.receiveLine() == #"{"type":"pong","id":1}"#)
    }

    @Test func aRematchAgainstTheRobotStarts() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#)
        try ann.expect("joined")
        try ann.expect("state")
        var over = false
        for _ in 0 ..< 20 where !over {
            ann.send(#"{"type":"throw","sign":"rock"}"#)
            try ann.expect("thrown")
            try ann.expect("round")
            over = try ann.expect("state")["phase"] == .string("over")
        }
        #expect(over)
        try ann.expect("game_over")
        ann.send(#"{"type":"start","id":2}"#)
        let ok = try ann.expect("ok")
        let rematch = try ann.expect("state")
        #expect(rematch["phase"] == .string("playing"))
        #expect(ok["seq"] == rematch["seq"])
    }

    static func rightAnswer(sign: String, goal: String) -> String {
        let beats = ["rock": "scissors", "paper": "rock", "scissors": "paper"]
        let beatenBy = ["rock": "paper", "paper": "scissors", "scissors": "rock"]
        return (goal == "win" ? beatenBy[sign] : beats[sign]) ?? ""
    }

    @Test func aSoloBrainGameScoresTenRoundsAndTheGoalAlternates() throws {
        let server = try VirtualServer()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps-brain"}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        var state = try ann.expect("state")
        var goals: [String] = []
        for round in 1...10 {
            #expect(state["round"] == .int(round))
            let prompt = try #require(state["prompt"]?.objectValue)
            let sign = try #require(prompt["sign"]?.stringValue)
            let goal = try #require(prompt["goal"]?.stringValue)
            goals.append(goal)
            // Round 3 is answered wrong on purpose.
            let right = Self.rightAnswer(sign: sign, goal: goal)
            let answer = round == 3 ? sign : right
            ann.send(#"{"type":"answer","sign":"\#(answer)","id":\#(round)}"#)
            let correct = round != 3
            // The reaction time is the real one here: only its kind is fixed.
            let answered = try #require(try JSONParser.parse(ann.receiveLine()).objectValue)
            #expect(answered.keys == ["type", "correct", "points", "reaction_ms", "seq", "id"])
            #expect(answered["correct"] == .bool(correct))
            #expect(answered["points"] == .int(correct ? 10 : -10))
            #expect((answered["reaction_ms"]?.intValue ?? -1) >= 0)
            #expect(try ann.receiveLine() == #"{"type":"brain_round","room":"\#(room)","round":\#(round),"prompt":{"sign":"\#(sign)","goal":"\#(goal)"},"answer":"\#(right)","answers":{"ann":{"sign":"\#(answer)","points":\#(correct ? 10 : -10)}}}"#)
            state = try ann.expect("state")
        }
        #expect(zip(goals, goals.dropFirst()).allSatisfy { $0 != $1 })
        #expect(state["phase"] == .string("over"))
        let over = try #require(try JSONParser.parse(ann.receiveLine()).objectValue)
        #expect(over["winners"] == .array(["ann"]))
        #expect(over["scores"] == .object(["ann": 80]))
        let summary = try #require(over["summary"]?.objectValue)
        #expect(summary.keys == ["time_ms", "accuracy_percent", "mean_reaction_ms"])
        #expect(summary["accuracy_percent"] == .int(90))
    }
}
