import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// What players must not learn before a game lets them (rps-brain answers, the
/// seed of a shared deal), and games that are not results, on virtual time.
struct SecretsOnVirtualTimeTests {
    /// ann creates a room with `create`, bob joins it (which starts a two-seat room); outboxes emptied.
    func twoSeats(_ create: String) -> (host: ScriptedHost, ann: ClientID, bob: ClientID, state: JSONObject?) {
        let host = ScriptedHost()
        let ann = host.player("ann")
        let bob = host.player("bob")
        host.send(create, from: ann)
        let room = host.take(ann).first { $0["type"] == .string("joined") }?["room"]?.stringValue ?? ""
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(ann)
        return (host, ann, bob, host.take(bob).last)
    }

    func scores(_ state: JSONObject?) -> [Int] {
        state?["players"]?.arrayValue?.compactMap { $0.objectValue?["score"]?.intValue } ?? []
    }

    /// The right answer to the prompt of an rps-brain state.
    func rightAnswer(_ state: JSONObject?) -> String? {
        guard let prompt = state?["prompt"]?.objectValue,
              let sign = prompt["sign"]?.stringValue, let goal = prompt["goal"]?.stringValue else { return nil }
        return RobotAndBrainTests.rightAnswer(sign: sign, goal: goal)
    }

    @Test func brainScoresInStateMoveOnlyWhenTheRoundEnds() throws {
        let (host, ann, bob, state) = twoSeats(#"{"type":"create","game":"rps-brain","seats":2,"options":{"round_seconds":20}}"#)
        #expect(state?["phase"] == .string("playing"))
        // The shown sign itself is never the answer: bob answers wrong.
        let shown = try #require(state?["prompt"]?.objectValue?["sign"]?.stringValue)
        host.send(#"{"type":"answer","sign":"\#(shown)","id":1}"#, from: bob)
        #expect(host.take(bob).first?.jsonText == #"{"type":"answered","correct":false,"points":-10,"reaction_ms":0,"seq":3,"id":1}"#)
        // ann learns that bob answered, not whether he was right.
        let annSaw = host.take(ann)
        #expect(annSaw.map { $0["type"]?.stringValue } == ["state"])
        #expect(annSaw[0]["answered"] == .array(["bob"]))
        #expect(scores(annSaw[0]) == [0, 0])
        #expect(annSaw[0].keys.contains("seed") == false)

        // The round ends by its timer: the reveal carries the points, the state after it the scores.
        host.advance(by: .seconds(20))
        let reveal = host.take(ann)
        #expect(reveal.map { $0["type"]?.stringValue } == ["brain_round", "state"])
        #expect(reveal[0]["answers"]?.objectValue?["bob"]?.objectValue?["points"] == .int(-10))
        #expect(reveal[0]["answers"]?.objectValue?["ann"]?.objectValue?["points"] == .int(-10))
        #expect(scores(reveal[1]) == [-10, -10])
        #expect(reveal[1]["round"] == .int(2))

        // ann plays on undisturbed: her right answer shows in her own reply only, then at the reveal.
        let next = try #require(rightAnswer(reveal[1]))
        host.send(#"{"type":"answer","sign":"\#(next)","id":2}"#, from: ann)
        let annReply = host.take(ann)
        #expect(annReply[0].jsonText == #"{"type":"answered","correct":true,"points":10,"reaction_ms":0,"seq":5,"id":2}"#)
        #expect(scores(annReply[1]) == [-10, -10])
        #expect(scores(host.take(bob).last) == [-10, -10])
    }

    @Test(arguments: ["set", "klondike"])
    func aSeedIsRefusedInARoomWithSeveralSeats(game: String) {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"\#(game)","seats":2,"options":{"seed":7},"id":1}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"option 'seed' is for one-seat rooms only; a room with 2 seats deals from a secret seed, revealed in game_over","id":1}"#,
        ])
        host.send(#"{"type":"create","game":"\#(game)","seats":1,"options":{"seed":9007199254740992},"id":2}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"option 'seed' must be an integer from 0 to 9007199254740991, not 9007199254740992","id":2}"#,
        ])
        host.send(#"{"type":"create","game":"\#(game)","seats":1,"options":{"seed":9007199254740991},"id":3}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("joined"))
    }

    @Test func concentrationTakesNoSeed() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"concentration","seats":1,"options":{"seed":7},"id":1}"#, from: ann)
        #expect(host.take(ann).first?["message"] == .string("concentration has no option 'seed'; its options are pairs, theme, turn_seconds, time_bonus"))
    }

    /// Plays a one-round rps-brain to its end by the clock; returns ann's `game_over` (bob gets the same).
    func brainGameOver(_ host: ScriptedHost, _ ann: ClientID, _ bob: ClientID) -> JSONObject? {
        host.advance(by: .seconds(5))
        let over = host.take(ann).first { $0["type"] == .string("game_over") }
        #expect(host.take(bob).first { $0["type"] == .string("game_over") } == over)
        return over
    }

    @Test func everyGameOfASharedRoomGetsANewSecretSeedRevealedInGameOver() {
        let (host, ann, bob, _) = twoSeats(#"{"type":"create","game":"rps-brain","seats":2,"options":{"rounds":1,"round_seconds":5}}"#)
        var seeds: [Int] = []
        for _ in 0..<3 {
            let over = brainGameOver(host, ann, bob)
            let seed = over?["seed"]?.intValue
            #expect(seed != nil)
            #expect((0...SeedOption.maxSeed).contains(seed ?? -1))
            seeds.append(seed ?? -1)
            host.send(#"{"type":"start"}"#, from: ann)
            host.send(#"{"type":"start"}"#, from: bob)
            // Before game_over, nothing anyone gets names the seed: only its commitment.
            let rematch = host.take(ann) + host.take(bob)
            #expect(rematch.contains { $0["type"] == .string("state") && $0["phase"] == .string("playing") })
            #expect(rematch.allSatisfy { !$0.jsonText.contains("\"seed\"") })
            let playing = rematch.filter { $0["phase"] == .string("playing") }
            let commitments = Set(playing.compactMap { $0["seed_sha256"]?.stringValue })
            #expect(commitments.count == 1, "one commitment for the new game, the same for everyone")
        }
        #expect(Set(seeds).count == 3)
    }

    @Test func theRevealedSeedIsTheOneCommittedToWhenTheGameBegan() throws {
        let (host, ann, bob, state) = twoSeats(#"{"type":"create","game":"rps-brain","seats":2,"options":{"rounds":1,"round_seconds":5}}"#)
        #expect(state?["phase"] == .string("playing"))
        let commitment = try #require(state?["seed_sha256"]?.stringValue)
        let over = try #require(brainGameOver(host, ann, bob))
        let seed = try #require(over["seed"]?.intValue)
        #expect(commitment == SHA256.hex(String(seed)))
        #expect(commitment.count == 64)
    }

    @Test(arguments: ["set", "klondike"])
    func aChosenSeedDealsEveryGameOfItsOneSeatRoomAndGameOverShowsIt(game: String) throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"\#(game)","seats":1,"options":{"seed":42}}"#, from: ann)
        let first = host.take(ann).last
        let move = game == "set" ? #"{"type":"deal"}"# : #"{"type":"draw"}"#
        host.send(move, from: ann)
        // A watcher sees the game end when ann leaves it.
        let watcher = host.player("cy")
        let room = try #require(first?["room"]?.stringValue)
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: watcher)
        _ = host.take(watcher)
        host.send(#"{"type":"leave"}"#, from: ann)
        let over = host.take(watcher).first { $0["type"] == .string("game_over") }
        #expect(over?["seed"] == .int(42))
        #expect(over?["winners"] == .array([]))
        // Played again from the revealed seed, the deal is the same.
        _ = host.take(ann)
        host.send(#"{"type":"create","game":"\#(game)","seats":1,"options":{"seed":42}}"#, from: ann)
        let again = host.take(ann).last
        let deal = game == "set" ? "board" : "tableau"
        #expect(again?[deal] != nil)
        #expect(again?[deal] == first?[deal])
    }

    @Test(arguments: [
        #"{"type":"create","game":"set","seats":1}"#,
        #"{"type":"create","game":"klondike"}"#,
        #"{"type":"create","game":"rps-brain"}"#,
        #"{"type":"create","game":"concentration","seats":1}"#,
        #"{"type":"create","game":"rps","options":{"bot":"adaptive"}}"#,
    ])
    func aGameLeftBeforeAnyMoveIsNoResult(create: String) throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(create, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        let watcher = host.player("cy")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: watcher)
        _ = host.take(watcher)
        host.send(#"{"type":"leave"}"#, from: ann)
        // The watcher still hears the game end, at once.
        let seen = host.take(watcher)
        #expect(seen.map { $0["type"]?.stringValue }.suffix(2) == ["state", "game_over"])
        // Nobody wins a game nobody played, not even the robot.
        #expect(seen.last?["winners"] == .array([]))
        #expect(host.logLines.contains("room \(room): left before any move; not a result, not journalled"))
    }

    @Test func aSoloGameLeftAfterAMoveIsAResult() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        host.send(#"{"type":"draw"}"#, from: ann)
        host.send(#"{"type":"leave"}"#, from: ann)
        #expect(!host.logLines.contains { $0.contains("not journalled") })
        #expect(host.logLines.contains { $0.hasSuffix("game over, winners: none") })
    }
}
