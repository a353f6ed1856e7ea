import CardServer
import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Rooms survive SIGKILL: the room log is replayed on restart and every player resumes their
/// seat with their token, seeing the state they saw before (only `connected`, the clocks and
/// `seq` differ), hidden throws, pending flips and deal votes included.
@Suite(.ownThread)
struct CrashRecoveryTests {
    /// Connects, resumes with `token`, and returns the client and the first state it gets.
    func resume(_ token: String?, on server: ServerProcess, room: String) throws -> (client: TestClient, state: JSONObject) {
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"login","token":"\#(try #require(token))"}"#)
        let welcome = try client.expect("welcome")
        #expect(welcome["resumed"] == .bool(true))
        #expect(welcome["room"] == .string(room))
        #expect(welcome["token"]?.stringValue == token)
        client.token = token
        return (client, try client.receive(until: "state").message)
    }

    /// A state without what a restart may change: `seq`, the clocks, and who is connected.
    func comparable(_ state: JSONObject) -> JSONObject {
        var copy = state
        // A resume after the restart is the cause of the state it sees ("back").
        for key in ["seq", "cause", "time_left_ms", "bonus_clock_ms", "clock_ms"] { copy[key] = nil }
        if let players = state["players"]?.arrayValue {
            copy["players"] = .array(players.map { entry in
                guard var player = entry.objectValue else { return entry }
                player["connected"] = nil
                return .object(player)
            })
        }
        return copy
    }

    /// Reads past other messages to the first state of a game under way.
    func playing(_ client: TestClient) throws -> JSONObject {
        while true {
            let state = try client.receive(until: "state").message
            if state["phase"] == .string("playing") { return state }
        }
    }

    /// Restarts after SIGKILL, resumes everyone in order and checks each sees what they saw.
    func expectRestored(
        _ server: ServerProcess, room: String, players: [(client: TestClient, state: JSONObject)], startWithin: Double = 10
    ) throws -> (server: ServerProcess, clients: [TestClient]) {
        let restarted = try server.restart(startWithin: startWithin)
        #expect(restarted.log.contains("restored 1 room from"))
        var clients: [TestClient] = []
        for (client, before) in players {
            let (resumed, after) = try resume(client.token, on: restarted, room: room)
            #expect(comparable(after) == comparable(before), "\(after.jsonText)\nwas\n\(before.jsonText)")
            #expect((after["seq"]?.intValue ?? 0) > (before["seq"]?.intValue ?? 0))
            if let clock = before["clock_ms"]?.intValue {
                // Set's clock runs on from where it was: a restart does not start it again.
                #expect(try #require(after["clock_ms"]?.intValue) >= clock)
            }
            if let left = before["time_left_ms"]?.intValue {
                // The deadline runs on with what it had left (less the moments since the last log tick).
                let now = try #require(after["time_left_ms"]?.intValue)
                #expect(now <= left && now > left - 3_000)
            }
            clients.append(resumed)
        }
        return (restarted, clients)
    }

    @Test func anRPSMatchWithAHiddenThrowComesBackAndTheThrowStillCounts() throws {
        let server = try ServerProcess()
        let (ann, bob, room) = try RPSTable.seat(server, options: #"{"rounds":1}"#)
        ann.send(#"{"type":"throw","sign":"paper"}"#)
        try ann.expect("thrown")
        let annState = try ann.expect("state")
        let bobState = try bob.expect("state")
        #expect(bobState["your_throw"] == nil || bobState["your_throw"] == .null)
        let (restarted, clients) = try expectRestored(server, room: room, players: [(ann, annState), (bob, bobState)])
        defer { restarted.stop() }
        clients[1].send(#"{"type":"throw","sign":"rock"}"#)
        let over = try clients[0].receive(until: "game_over").message
        #expect(over["winners"] == .array(["ann"]))
        // The result is journalled once, by the server that saw the game end.
        let journal = try String(contentsOf: restarted.dataURL.appendingPathComponent("results.jsonl"), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1)
    }

    @Test func aSetGameWithADealVoteCastComesBack() throws {
        let server = try ServerProcess()
        let (ann, bob, room) = try server.seatAnnAndBob(create: #"{"type":"create","game":"set","seats":2}"#)
        _ = try playing(bob)
        let board = try playing(ann)
        // A valid claim first, so the board is not the deal's.
        if let claim = SetTestSolver.sets(on: SetTestSolver.board(of: board)).first {
            ann.send(#"{"type":"claim","cards":[\#(claim.map(String.init).joined(separator: ","))]}"#)
            _ = try ann.receive(until: "state")
            _ = try bob.receive(until: "state")
        }
        ann.send(#"{"type":"deal"}"#)
        let annState = try ann.receive(until: "state").message
        let bobState = try bob.receive(until: "state").message
        #expect(annState["deal_votes"]?.arrayValue?.count == 1)
        let (restarted, clients) = try expectRestored(server, room: room, players: [(ann, annState), (bob, bobState)])
        defer { restarted.stop() }
        // The vote still stands: bob's completes it.
        clients[1].send(#"{"type":"deal"}"#)
        let dealt = try clients[1].receive(until: "state").message
        #expect(SetTestSolver.board(of: dealt).count == SetTestSolver.board(of: bobState).count + 3)
    }

    @Test func aConcentrationTurnWithOneCardFlippedComesBack() throws {
        let server = try ServerProcess()
        let (ann, bob, room) = try server.seatAnnAndBob(create: #"{"type":"create","game":"concentration","seats":2,"options":{"pairs":8}}"#)
        let first = try playing(bob)
        _ = try playing(ann)
        let mover = first["turn"] == .string("bob") ? bob : ann
        let other = mover === ann ? bob : ann
        mover.send(#"{"type":"flip","card":0}"#)
        let moverState = try mover.receive(until: "state").message
        let otherState = try other.receive(until: "state").message
        let (restarted, clients) = try expectRestored(server, room: room, players: [(mover, moverState), (other, otherState)])
        defer { restarted.stop() }
        // The second flip of the turn is taken: the turn was not lost.
        clients[0].send(#"{"type":"flip","card":1}"#)
        let reply = try clients[0].receive()
        #expect(reply["type"] != .string("error"), "\(reply.jsonText)")
    }

    @Test func aSoloKlondikeGameComesBackMoveForMoveAndTwice() throws {
        let server = try ServerProcess()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","options":{"seed":42}}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        _ = try playing(ann)
        var state = JSONObject()
        for _ in 0..<5 {
            ann.send(#"{"type":"draw"}"#)
            state = try ann.receive(until: "state").message
        }
        let (restarted, clients) = try expectRestored(server, room: room, players: [(ann, state)])
        // Again, on the log the first restart rewrote.
        clients[0].send(#"{"type":"draw"}"#)
        let drawn = try clients[0].receive(until: "state").message
        let (again, _) = try expectRestored(restarted, room: room, players: [(clients[0], drawn)])
        again.stop()
    }

    /// The cap on one player's moves in one game holds across a restart: the restored game
    /// counts the moves the log replays, so nobody gets a fresh allowance by crashing the server.
    @Test func aPlayerPastTheMoveCapIsStillPastItAfterARestart() throws {
        let cap = ServerConfig(version: "test").maxMovesPerSeat
        let server = try ServerProcess(["--rate", "0"])
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","options":{"seed":42}}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        _ = try playing(ann)
        // In batches, each read to its last reply, so neither side's buffers fill.
        for batch in stride(from: 1, through: cap, by: 100) {
            let last = min(batch + 99, cap)
            for number in batch...last { ann.send(#"{"type":"draw","id":\#(number)}"#) }
            while !(try ann.receiveLine()).contains(#""id":\#(last)}"#) {}
        }
        let state = try ann.expect("state")
        ann.send(#"{"type":"draw","id":1}"#)
        #expect(try ann.expect("error")["code"] == .string("illegal_move"))

        // A debug server replays the 10,000 moves slowly on a loaded machine: a minute to start.
        let (restarted, clients) = try expectRestored(server, room: room, players: [(ann, state)], startWithin: 60)
        clients[0].send(#"{"type":"draw","id":2}"#)
        let refused = try clients[0].expect("error")
        #expect(refused["code"] == .string("illegal_move"))
        #expect(refused["message"]?.stringValue?.hasPrefix("you have sent \(cap) moves in this game") == true)
        restarted.stop()
    }

    @Test func anRPSBrainRoundWithItsClockRunningComesBack() throws {
        let server = try ServerProcess()
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps-brain"}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        _ = try playing(ann)
        ann.send(#"{"type":"answer","sign":"rock"}"#)
        let state = try ann.receive(until: "state").message
        let (restarted, _) = try expectRestored(server, room: room, players: [(ann, state)])
        restarted.stop()
    }

    @Test func aTokenIsNotOnDiskOnlyItsHash() throws {
        let server = try ServerProcess()
        let (ann, bob, _) = try RPSTable.seat(server)
        defer { bob.close() }
        let token = try #require(ann.token)
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try ann.expect("thrown")
        server.stop(signal: SIGKILL, keepData: true)
        defer { try? FileManager.default.removeItem(at: server.dataURL) }
        let log = try String(contentsOf: server.dataURL.appendingPathComponent("rooms.log"), encoding: .utf8)
        #expect(!log.contains(token))
        #expect(log.contains(SHA256Hex.of(token)))
    }
}

/// The test's own view of the server's hash (the server's is tested against NIST's vectors).
enum SHA256Hex {
    static func of(_ text: String) -> String {
        let task = Process()
        task.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        task.standardInput = input
        task.standardOutput = output
        try? task.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        task.waitUntilExit()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
