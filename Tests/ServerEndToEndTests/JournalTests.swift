@testable import Storage
@testable import CardServer
import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// The results journal: written before game_over, read by stats and leaderboard, and kept through SIGKILL.
@Suite(.ownThread)
struct JournalTests {
    func journalLines(_ server: ServerProcess) throws -> [String] {
        let text = try String(contentsOf: server.dataURL.appendingPathComponent("results.jsonl"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// ann beats bob in a one-round rps match.
    func playOneRound(_ server: ServerProcess) throws -> (ann: TestClient, bob: TestClient, room: String) {
        let table = try RPSTable.seat(server, options: #"{"rounds":1}"#)
        table.ann.send(#"{"type":"throw","sign":"paper"}"#)
        table.bob.send(#"{"type":"throw","sign":"rock"}"#)
        try table.ann.receive(until: "game_over")
        try table.bob.receive(until: "game_over")
        return table
    }

    @Test func aFinishedGameIsOnDiskBeforeGameOverAndStatsReadIt() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob, room) = try playOneRound(server)
        defer { bob.close() }
        let lines = try journalLines(server)
        #expect(lines.count == 2)
        #expect(lines.last == "")
        let record = try #require(try JSONParser.parse(lines[0]).objectValue)
        #expect(record.keys == ["id", "room", "game", "seed", "players", "scores", "winners", "started", "ended", "crc"])
        // The seal is the checksum of the line up to `,"crc":`.
        let sealStart = try #require(lines[0].range(of: #","crc":""#, options: .backwards)).lowerBound
        #expect(record["crc"]?.stringValue.flatMap { UInt32($0, radix: 16) } == CRC32C.checksum(Array(lines[0][..<sealStart].utf8)))
        #expect(record["room"] == .string(room))
        #expect(record["game"] == .string("rps"))
        #expect(record["players"] == .array(["ann", "bob"]))
        #expect(record["scores"] == .object(["ann": 1, "bob": 0]))
        #expect(record["winners"] == .array(["ann"]))
        #expect(record["started"]?.stringValue?.hasSuffix("Z") == true)
        #expect(record["started"]?.stringValue?.count == 24)

        let gameID = try #require(record["id"]?.stringValue)
        ann.send(#"{"type":"stats","name":"ann","id":1}"#)
        // The recent game says who played, the score, when it ended and how long it lasted, as the record has it.
        let started = try #require(record["started"]?.stringValue.flatMap(Timestamp.milliseconds(iso8601:)))
        let ended = try #require(record["ended"]?.stringValue.flatMap(Timestamp.milliseconds(iso8601:)))
        #expect(try ann.receiveLine() == #"{"type":"stats","name":"ann","games":1,"wins":1,"by_game":{"rps":{"games":1,"wins":1,"points":1}},"recent":[{"game_id":"\#(gameID)","game":"rps","won":true,"scores":{"ann":1,"bob":0},"winners":["ann"],"ended_ms":\#(ended),"time_ms":\#(ended - started)}],"id":1}"#)
        ann.send(#"{"type":"stats","name":"nobody"}"#)
        #expect(try ann.receiveLine() == #"{"type":"stats","name":"nobody","games":0,"wins":0,"by_game":{}}"#)
        ann.send(#"{"type":"leaderboard","game":"rps"}"#)
        #expect(try ann.receiveLine() == #"{"type":"leaderboard","game":"rps","entries":[{"name":"ann","games":1,"wins":1,"points":1},{"name":"bob","games":1,"wins":0,"points":0}]}"#)
        ann.send(#"{"type":"leaderboard","game":"go"}"#)
        #expect(try ann.expect("error")["code"] == .string("bad_request"))
    }

    @Test func sigkillLosesNoFinishedGameAndATornLastLineIsSkipped() throws {
        let first = try ServerProcess()
        let data = first.dataURL
        defer { try? FileManager.default.removeItem(at: data) }
        _ = try playOneRound(first)
        // A second game is under way when the server dies.
        let (midGame, opponent, _) = try RPSTable.seat(first)
        defer { opponent.close() }
        midGame.send(#"{"type":"throw","sign":"rock"}"#)
        try midGame.expect("thrown")
        first.stop(signal: SIGKILL, keepData: true)

        // The crash also tore a record in half.
        let journal = data.appendingPathComponent("results.jsonl")
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"room":"ABCD","game":"rps","se"#.utf8))
        try handle.close()

        let second = try ServerProcess(data: data)
        defer { second.stop(keepData: true) }
        #expect(second.log.contains("the last line is incomplete (31 bytes, a crash mid-write); cut off"))
        let ann = try second.player("ann")
        ann.send(#"{"type":"stats","name":"ann"}"#)
        #expect(try ann.expect("stats")["games"] == .int(1))

        _ = try playOneRound(second)
        let lines = try journalLines(second)
        #expect(lines.count == 3)
        #expect(lines.dropLast().allSatisfy { (try? JSONParser.parse($0))?.objectValue?["game"] == .string("rps") })
        let dora = try second.player("dora")
        dora.send(#"{"type":"leaderboard","game":"rps"}"#)
        #expect(try dora.receiveLine() == #"{"type":"leaderboard","game":"rps","entries":[{"name":"ann","games":2,"wins":2,"points":2},{"name":"bob","games":2,"wins":0,"points":0}]}"#)
    }

    /// A finished game whose room is still open stays in the room log; a restart replays it
    /// to its end and must know it as the game already journaled (the same id, rebuilt from
    /// the begin record's clocks), not record it again. Five rounds: a clock read twice at
    /// the start of a game made the ids differ about half the time.
    @Test func aFinishedGameReplayedAtRestartIsNotJournaledAgain() throws {
        var server = try ServerProcess()
        let data = server.dataURL
        defer { try? FileManager.default.removeItem(at: data) }
        for round in 1...5 {
            let table = try playOneRound(server)
            defer { table.bob.close() }
            server = try server.restart()
            #expect(server.log.contains("restored \(round) room"))
            let lines = try journalLines(server).filter { !$0.isEmpty }
            #expect(lines.count == round, "\(lines)")
            #expect(Set(lines.compactMap { (try? JSONParser.parse(Array($0.utf8)))?.objectValue?["id"]?.stringValue }).count == round)
        }
        server.stop(keepData: true)
    }

    @Test func aGameThatEndsBecauseItsLastPlayerLeftAfterAMoveIsStillRecorded() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":99}}"#)
        try ann.expect("joined")
        try ann.expect("state")
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try ann.expect("thrown")
        ann.send(#"{"type":"leave"}"#)
        try ann.receive(until: "left")
        ann.send(#"{"type":"stats","name":"ann"}"#)
        let stats = try ann.receive(until: "stats").message
        #expect(stats["games"] == .int(1))
        #expect(stats["wins"] == .int(0))
        let lines = try journalLines(server)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""winners":["robot"]"#) == true)
        #expect(lines.first?.contains(#""robots":["robot"]"#) == true)
        // The robot won, and is on no board (ann's point is the random robot's throw against her rock).
        ann.send(#"{"type":"leaderboard","game":"rps"}"#)
        let entries = try ann.receive(until: "leaderboard").message["entries"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(entries.map { $0["name"] } == [.string("ann")])
        #expect(entries.first?["games"] == .int(1))
        #expect(entries.first?["wins"] == .int(0))
    }

    /// Each solo game with a first move.
    static let soloGames = [
        (#"{"type":"create","game":"set","seats":1}"#, #"{"type":"deal","id":9}"#),
        (#"{"type":"create","game":"klondike"}"#, #"{"type":"draw","id":9}"#),
        (#"{"type":"create","game":"rps-brain"}"#, #"{"type":"answer","sign":"rock","id":9}"#),
        (#"{"type":"create","game":"concentration","seats":1}"#, #"{"type":"flip","card":0,"id":9}"#),
    ]

    @Test(arguments: soloGames)
    func leavingASoloGameAfterAMoveIsRecordedWithNoWinner(create: String, move: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(create)
        try ann.expect("joined")
        try ann.expect("state")
        ann.send(move)
        // The move's reply, then what it caused (a flip, a brain round), then state.
        #expect(try ann.receive(until: "state").before.first?["id"] == .int(9))
        ann.send(#"{"type":"leave","id":1}"#)
        try ann.receive(until: "left")
        ann.send(#"{"type":"stats","name":"ann","id":2}"#)
        let stats = try ann.receive(until: "stats").message
        #expect(stats["games"] == .int(1))
        #expect(stats["wins"] == .int(0))
        let record = try #require(try JSONParser.parse(try journalLines(server)[0]).objectValue)
        #expect(record["winners"] == .array([]))
    }

    /// Creating a solo game and leaving it at once, over and over, once cost an fsync each.
    @Test(arguments: soloGames.map(\.0) + [#"{"type":"create","game":"rps","options":{"bot":"adaptive"}}"#])
    func aSoloGameLeftBeforeAnyMoveLeavesNoJournalLine(create: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(create)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        let watcher = try server.player("cy")
        watcher.send(#"{"type":"watch","room":"\#(room)"}"#)
        try watcher.expect("watching")
        // stats in the same read as the leave: it must not wait for a record that never comes.
        ann.sendRaw(Array(#"{"type":"leave"}\#n{"type":"stats","name":"ann","id":2}\#n"#.utf8))
        try ann.receive(until: "left")
        #expect(try ann.receive(until: "stats").message["games"] == .int(0))
        // The watcher, innocent, still sees the game end, with its seed.
        let over = try watcher.receive(until: "game_over").message
        #expect(over["seed"]?.intValue != nil)
        #expect(try journalLines(server) == [""])
        #expect(server.log.contains("room \(room): left before any move; not a result, not journalled"))
        // The watcher plays on: a game of their own is journalled as usual.
        watcher.send(#"{"type":"leave"}"#)
        try watcher.receive(until: "left")
        watcher.send(#"{"type":"create","game":"klondike"}"#)
        try watcher.expect("joined")
        try watcher.expect("state")
        watcher.send(#"{"type":"draw","id":3}"#)
        #expect(try watcher.receive(until: "state").before.first?["id"] == .int(3))
        watcher.send(#"{"type":"leave"}"#)
        try watcher.receive(until: "left")
        watcher.send(#"{"type":"stats","name":"cy"}"#)
        #expect(try watcher.receive(until: "stats").message["games"] == .int(1))
        #expect(try journalLines(server).count == 2)
    }

    @Test func aRematchAskedWithTheLastMoveStartsOnlyAfterGameOver() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob) = try RPSTable.annHasThrown(server, "paper")
        // The game-ending throw and a rematch in one write: the server reads both in one
        // turn, while the result is still on its way to disk.
        bob.sendRaw(Array(#"{"type":"throw","sign":"rock"}\#n{"type":"start","id":7}\#n"#.utf8))
        let messages = try (0 ..< 6).map { _ in try bob.receive() }
        #expect(messages.map { $0["type"]?.stringValue } == ["thrown", "round", "state", "game_over", "ok", "state"])
        #expect(messages[2]["phase"] == .string("over"))
        #expect(messages[3]["winners"] == .array(["ann"]))
        #expect(messages[4]["id"] == .int(7))
        // bob's start is an offer, made only once game_over is out.
        #expect(messages[5]["phase"] == .string("over"))
        #expect(messages[5]["rematch_votes"] == .array(["bob"]))
        #expect(try journalLines(server).count == 2)
        // ann, who asked nothing, sees the same order.
        let annSees = try (0 ..< 4).map { _ in try ann.receive()["type"]?.stringValue }
        #expect(annSees == ["round", "state", "game_over", "state"])
        ann.send(#"{"type":"start"}"#)
        #expect(try bob.expect("state")["phase"] == .string("playing"))
    }

    @Test func commandsSentAfterAWaitingRematchWaitBehindIt() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob) = try RPSTable.annHasThrown(server, "paper")
        defer { withExtendedLifetime(ann) {} }
        // The game-ending throw, a rematch offer, and a throw, in one write: the last two
        // wait for the game_over and are then handled in order (the throw is refused: ann
        // has not agreed to the rematch yet).
        bob.sendRaw(Array(#"{"type":"throw","sign":"rock"}\#n{"type":"start","id":7}\#n{"type":"throw","sign":"paper","id":8}\#n"#.utf8))
        let (thrown, before) = try bob.receive(until: "thrown")
        #expect(thrown["id"] == nil)
        #expect(before.isEmpty)
        let messages = try (0 ..< 6).map { _ in try bob.receive() }
        #expect(messages.map { $0["type"]?.stringValue } == ["round", "state", "game_over", "ok", "state", "error"])
        #expect(messages[3]["id"] == .int(7))
        #expect(messages[4]["rematch_votes"] == .array(["bob"]))
        #expect(messages[5]["code"] == .string("game_over"))
        #expect(messages[5]["id"] == .int(8))
    }

    @Test func statsAskedWithTheLastMoveCountTheGame() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob) = try RPSTable.annHasThrown(server, "paper")
        // ann stays connected: her leaving would add player_away to what bob reads.
        defer { withExtendedLifetime(ann) {} }
        bob.sendRaw(Array(#"{"type":"throw","sign":"rock"}\#n{"type":"stats","name":"bob","id":8}\#n"#.utf8))
        let (stats, before) = try bob.receive(until: "stats")
        #expect(before.map { $0["type"]?.stringValue } == ["thrown", "round", "state", "game_over"])
        let gameID = try #require(before.last?["game_id"])
        let recent = try #require(stats["recent"]?.arrayValue?.first?.objectValue)
        let ended = try #require(recent["ended_ms"]?.intValue)
        let length = try #require(recent["time_ms"]?.intValue)
        #expect(stats == [
            "type": "stats", "name": "bob", "games": 1, "wins": 0,
            "by_game": ["rps": ["games": 1, "wins": 0, "points": 0]],
            "recent": [[
                "game_id": gameID, "game": "rps", "won": false, "scores": ["ann": 1, "bob": 0], "winners": ["ann"],
                "ended_ms": .int(ended), "time_ms": .int(length),
            ]], "id": 8,
        ])
        #expect(length >= 0 && length < 60_000)
    }
}
