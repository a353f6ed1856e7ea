import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Replays over real sockets: every game played to its end is kept with a game id, `replay`
/// returns its record, and rebuilding it step by step with the server's own rules ends in
/// exactly the recorded `game_over`, for each of the five games.
@Suite(.ownThread)
struct ReplayTests {
    /// A state without what differs between the room and its replay: `seq` (a replay
    /// counts steps) and the clocks, which ran on in the room.
    static func comparable(_ state: JSONObject) -> JSONObject {
        var copy = state
        for key in ["seq", "time_left_ms", "bonus_clock_ms"] { copy[key] = nil }
        return copy
    }

    /// Asks for the replay of `over`'s game and checks it: its result is `over`, and the
    /// frame after its last step ends the game again with exactly `over`.
    /// - Returns: the replay's steps.
    @discardableResult
    static func checkReplay(of over: JSONObject, asking client: TestClient, players: [String]) throws -> [JSONObject] {
        let gameID = try #require(over["game_id"]?.stringValue)
        client.send(#"{"type":"replay","game":"\#(gameID)","id":"r"}"#)
        let replay = try client.expect("replay")
        #expect(replay["game_id"] == .string(gameID))
        #expect(replay["room"] == over["room"])
        #expect(replay["seed"] == over["seed"])
        #expect(replay["players"] == .array(players.map { .string($0) }))
        #expect(replay["result"] == .object(over))
        #expect(replay["id"] == .string("r"))
        let steps = (replay["steps"]?.arrayValue ?? []).compactMap { $0.objectValue }

        client.send(#"{"type":"replay","game":"\#(gameID)","step":\#(steps.count)}"#)
        let frame = try client.expect("replay_frame")
        #expect(frame["step"] == .int(steps.count))
        #expect(frame["steps"] == .int(steps.count))
        let events = (frame["events"]?.arrayValue ?? []).compactMap { $0.objectValue }
        #expect(events.last == over, "rebuilt: \(events.last?.jsonText ?? "nothing")\nrecorded: \(over.jsonText)")
        #expect(frame["state"]?.objectValue?["phase"] == .string("over"))
        return steps
    }

    @Test func anRPSMatchWithADrawIsReplayedToItsResult() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob, room) = try RPSTable.seat(server, options: #"{"rounds":1}"#)
        var bobStates: [JSONObject] = []
        for (annSign, bobSign) in [("rock", "rock"), ("paper", "rock")] {
            ann.send(#"{"type":"throw","sign":"\#(annSign)"}"#)
            bobStates.append(try bob.receive(until: "state").message)
            bob.send(#"{"type":"throw","sign":"\#(bobSign)"}"#)
            bobStates.append(try bob.receive(until: "state").message)
        }
        let over = try bob.expect("game_over")
        #expect(over["winners"] == .array(["ann"]))
        #expect(over["room"] == .string(room))
        _ = try ann.receive(until: "game_over")
        let steps = try Self.checkReplay(of: over, asking: bob, players: ["ann", "bob"])
        #expect(steps.map { $0["kind"] } == [.string("move"), .string("move"), .string("move"), .string("move")])
        #expect(steps.map { $0["name"] } == [.string("ann"), .string("bob"), .string("ann"), .string("bob")])
        #expect(steps[0]["command"] == .object(["type": "throw", "sign": "rock"]))
        #expect(steps.map { $0["seat"] } == [.int(0), .int(1), .int(0), .int(1)])
        let times = steps.compactMap { $0["ms"]?.intValue }
        #expect(times == times.sorted())

        // Each frame is the state bob saw after that step.
        for step in 1...steps.count {
            bob.send(#"{"type":"replay","game":"\#(try #require(over["game_id"]?.stringValue))","step":\#(step),"seat":1}"#)
            let frame = try bob.expect("replay_frame")
            let state = try #require(frame["state"]?.objectValue)
            #expect(Self.comparable(state) == Self.comparable(bobStates[step - 1]), "step \(step)")
        }
        // The deal, as ann saw it: the first round, nobody has thrown.
        bob.send(#"{"type":"replay","game":"\#(try #require(over["game_id"]?.stringValue))","step":0,"seat":0}"#)
        let deal = try bob.expect("replay_frame")
        #expect(deal["events"] == .array([]))
        #expect(deal["state"]?.objectValue?["round"] == .int(1))
        #expect(deal["state"]?.objectValue?["your_throw"] == .null)
    }

    @Test func aSoloRPSBrainGameIsReplayedWithItsReactionTimes() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps-brain","options":{"rounds":4}}"#)
        try ann.expect("joined")
        var state = try ann.expectPlayingState()
        let signs = ["rock", "paper", "scissors", "rock"]
        var round = 0
        while state["phase"] == .string("playing"), round < 10 {
            ann.send(#"{"type":"answer","sign":"\#(signs[round % signs.count])"}"#)
            state = try ann.receive(until: "state").message
            round += 1
        }
        #expect(round == 4)
        let over = try ann.receive(until: "game_over").message
        #expect(over["summary"]?.objectValue?["mean_reaction_ms"]?.intValue != nil)
        try Self.checkReplay(of: over, asking: ann, players: ["ann"])
    }

    @Test func aConcentrationGameIsReplayedFlipByFlipToTheSameScores() throws {
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        let (ann, bob, _) = try server.seatAnnAndBob(create: #"{"type":"create","game":"concentration","seats":2,"options":{"pairs":4}}"#)
        var state = try Self.playing(bob)
        _ = try Self.playing(ann)
        let clients = ["ann": ann, "bob": bob]
        var memory = ConcentrationMemory(cards: 8)
        var annStates: [JSONObject] = []
        while state["phase"] == .string("playing"), annStates.count < 100 {
            let turn = try #require(state["turn"]?.stringValue)
            let player = try #require(clients[turn])
            let card = try #require(memory.nextCard())
            player.send(#"{"type":"flip","card":\#(card)}"#)
            let flipped = try ann.receive(until: "flipped").message
            memory.saw(card, face: try #require(flipped["face"]?.stringValue), result: flipped["result"]?.stringValue)
            state = try ann.expect("state")
            annStates.append(state)
        }
        let over = try ann.expect("game_over")
        _ = try bob.receive(until: "game_over")
        let steps = try Self.checkReplay(of: over, asking: bob, players: ["ann", "bob"])
        #expect(steps.count == annStates.count)
        let gameID = try #require(over["game_id"]?.stringValue)
        for step in [1, steps.count / 2, steps.count] {
            bob.send(#"{"type":"replay","game":"\#(gameID)","step":\#(step),"seat":0}"#)
            let frame = try bob.expect("replay_frame")
            #expect(frame["events"]?.arrayValue?.first?.objectValue?["type"] == .string("flipped"))
            #expect(Self.comparable(try #require(frame["state"]?.objectValue)) == Self.comparable(annStates[step - 1]), "step \(step)")
        }
    }

    @Test func aWonKlondikeGameIsReplayedToAll52Home() throws {
        let found = (UInt64(0)..<400).lazy.compactMap { seed in KlondikeAutoPlayer.win(seed: seed, drawCount: 1).map { (seed, $0) } }.first
        let (seed, actions) = try #require(found)
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","options":{"seed":\#(seed)}}"#)
        try ann.expect("joined")
        _ = try ann.expectPlayingState()
        for action in actions {
            ann.send(action.line)
            _ = try ann.receive(until: "state")
        }
        let over = try ann.receive(until: "game_over").message
        #expect(over["winners"] == .array(["ann"]))
        let steps = try Self.checkReplay(of: over, asking: ann, players: ["ann"])
        #expect(steps.count == actions.count)
        let gameID = try #require(over["game_id"]?.stringValue)
        ann.send(#"{"type":"replay","game":"\#(gameID)","step":\#(steps.count)}"#)
        let state = try #require(try ann.expect("replay_frame")["state"]?.objectValue)
        #expect(state["foundations"]?.arrayValue?.map { $0.arrayValue?.count } == [13, 13, 13, 13])
    }

    @Test func aSetRaceWithAWrongClaimIsReplayedToTheSameScores() throws {
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        let (ann, bob, _) = try server.seatAnnAndBob(create: #"{"type":"create","game":"set","seats":2}"#)
        var state = try Self.playing(bob)
        _ = try Self.playing(ann)
        var claims = 0
        var wrongDone = false
        while state["phase"] == .string("playing"), claims < 60 {
            let claimer = claims % 2 == 0 ? ann : bob
            let board = SetTestSolver.board(of: state)
            if !wrongDone, let wrong = Self.triples(of: board.count).first(where: { !SetTestSolver.isSet($0.map { board[$0] }) }) {
                let ids = wrong.compactMap { board[$0]["id"]?.intValue }
                claimer.send(#"{"type":"claim","cards":[\#(ids.map(String.init).joined(separator: ","))]}"#)
                #expect(try claimer.receive(until: "claimed").message["valid"] == .bool(false))
                wrongDone = true
                state = try ann.receive(until: "state").message
                _ = try bob.receive(until: "state")
                continue
            }
            let set = try #require(SetTestSolver.sets(on: board).first, "no Set on the board: \(state.jsonText)")
            claimer.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))]}"#)
            state = try ann.receive(until: "state").message
            _ = try bob.receive(until: "state")
            claims += 1
        }
        #expect(state["phase"] == .string("over"))
        let over = try ann.receive(until: "game_over").message
        _ = try bob.receive(until: "game_over")
        let points = (over["scores"]?.objectValue?.pairs.map { $0.value.intValue ?? 0 } ?? []).reduce(0, +)
        #expect(points == 3 * claims - 5)
        let steps = try Self.checkReplay(of: over, asking: ann, players: ["ann", "bob"])
        #expect(steps.count == claims + 1)
    }

    /// Reads past other messages to the first state of a game under way.
    static func playing(_ client: TestClient) throws -> JSONObject {
        while true {
            let state = try client.receive(until: "state").message
            if state["phase"] == .string("playing") { return state }
        }
    }

    /// Every three positions of `count`, in order.
    static func triples(of count: Int) -> [[Int]] {
        var result: [[Int]] = []
        for a in 0..<count { for b in (a + 1)..<count { for c in (b + 1)..<count { result.append([a, b, c]) } } }
        return result
    }

    @Test func aGameFinishedAfterACrashIsReplayedFromItsFirstMove() throws {
        let first = try ServerProcess()
        let (ann, bob, room) = try RPSTable.seat(first, options: #"{"rounds":2}"#)
        ann.send(#"{"type":"throw","sign":"paper"}"#)
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        _ = try ann.receive(until: "round")
        _ = try bob.receive(until: "round")
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try ann.receive(until: "thrown")
        let second = try first.restart()
        defer { second.stop() }
        let client = try second.connect()
        try client.expect("hello")
        client.send(#"{"type":"login","token":"\#(try #require(bob.token))"}"#)
        #expect(try client.expect("welcome")["room"] == .string(room))
        client.send(#"{"type":"throw","sign":"scissors"}"#)
        let over = try client.receive(until: "game_over").message
        #expect(over["winners"] == .array(["ann"]))
        let steps = try Self.checkReplay(of: over, asking: client, players: ["ann", "bob"])
        // The throws before the crash, ann going away and coming back is not seen (only bob
        // resumed): the restart left both away, and bob's return is a step.
        #expect(steps.filter { $0["kind"] == .string("move") }.count == 4)
    }

    @Test func unknownGamesAndStepsAreRefusedWithWhatIsWrong() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob, _) = try RPSTable.seat(server, options: #"{"rounds":1}"#)
        ann.send(#"{"type":"throw","sign":"paper"}"#)
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        let over = try ann.receive(until: "game_over").message
        let gameID = try #require(over["game_id"]?.stringValue)

        for bad in ["../results", "ABCD-zz-1/../../x", "NOPE-abc-1", String(repeating: "A", count: 5000)] {
            ann.send(#"{"type":"replay","game":"\#(bad)","id":1}"#)
            let error = try ann.expect("error")
            #expect(error["code"] == .string("no_such_game"), "\(bad.prefix(40))")
            #expect(error["message"]?.stringValue?.hasPrefix("there is no replay of game '") == true)
        }
        ann.send(#"{"type":"replay","game":"\#(gameID)","step":3,"id":2}"#)
        #expect(try ann.receiveLine()
            == #"{"type":"error","code":"bad_request","message":"game \#(gameID) has 2 steps; step must be 0 (the deal) to 2","id":2}"#)
        ann.send(#"{"type":"replay","game":"\#(gameID)","step":1,"seat":2,"id":3}"#)
        #expect(try ann.receiveLine()
            == #"{"type":"error","code":"bad_request","message":"game \#(gameID) has seats 0 to 1, not 2","id":3}"#)
        ann.send(#"{"type":"replay","game":"\#(gameID)","step":-1,"id":4}"#)
        #expect(try ann.expect("error")["code"] == .string("bad_request"))
        // A spectator or a player of another room may replay it too: the game is over.
        let cleo = try server.player("cleo")
        cleo.send(#"{"type":"replay","game":"\#(gameID)"}"#)
        #expect(try cleo.expect("replay")["game_id"] == .string(gameID))
    }
}
