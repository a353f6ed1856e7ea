import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A game is judged by the rules that dealt it, or not at all: every `begin` record and replay
/// names the version of its game's rules, and a server whose rules are another version closes
/// a game begun under them (it never replays old inputs through new rules), and shows such a
/// replay's record but rebuilds none of its steps.
struct RulesVersionTests {
    /// An rps game of three rounds between ann and bob, one round played, the log flushed.
    /// - Returns: the room, and each player's token.
    static func aGameUnderWay(in directory: String) throws -> (room: String, ann: String, bob: String) {
        let first = try OneGameRecordTests.server(in: directory)
        let ann = first.connect()
        let annToken = OneGameRecordTests.token(of: ann, on: first, name: "ann")
        let bob = first.connect(peer: "127.0.0.2:1")
        let bobToken = OneGameRecordTests.token(of: bob, on: first, name: "bob")
        first.send(#"{"type":"create","game":"rps","options":{"rounds":3}}"#, from: ann)
        let room = try #require(first.take(ann).first?["room"]?.stringValue)
        first.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        first.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        first.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
        first.server.flushRoomLog()
        return (room, annToken, bobToken)
    }

    /// Rewrites the room log's `begin` records as if an older server's rules version wrote them.
    static func rewriteBegins(in directory: String, rules: Int) throws -> Int {
        let path = directory + "/rooms.log"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { Array($0.utf8) + [10] }
        var rewritten = 0
        let records = lines.compactMap { line -> [UInt8]? in
            guard let record = RoomLogRecord(line: line) else { return line }
            guard case .begin(let room, let seed, let t, let wall, _) = record else { return record.line }
            rewritten += 1
            return RoomLogRecord.begin(room: room, seed: seed, t: t, wall: wall, rules: rules).line
        }
        try Data(records.joined()).write(to: URL(fileURLWithPath: path))
        return rewritten
    }

    @Test func aBeginRecordNamesItsRulesAndOneWithoutAVersionIsVersionOne() throws {
        let record = RoomLogRecord.begin(room: "K7QX", seed: 42, t: 5, wall: 1_795_000_000_000, rules: 1)
        let text = String(decoding: record.line, as: UTF8.self)
        #expect(text.hasPrefix(#"{"k":"begin","room":"K7QX","seed":"42","t":"5","wall":1795000000000,"rules":1,"crc":""#))
        #expect(RoomLogRecord(line: record.line) == record)
        // A log from before versions were written.
        let older = Array(#"{"k":"begin","room":"K7QX","seed":"42","t":"5","wall":1795000000000}"#.utf8) + [10]
        #expect(RoomLogRecord(line: older) == .begin(room: "K7QX", seed: 42, t: 5, wall: 1_795_000_000_000, rules: 1))
    }

    @Test func aGameBegunUnderOtherRulesIsClosedNotReJudged() throws {
        let directory = NSTemporaryDirectory() + "rules-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (room, annToken, _) = try Self.aGameUnderWay(in: directory)
        #expect(try Self.rewriteBegins(in: directory, rules: RPSEngine.rulesVersion + 1) == 1)

        let second = try OneGameRecordTests.server(in: directory)
        #expect(second.logLines.contains(
            "room \(room): its rps game began under version \(RPSEngine.rulesVersion + 1) of the rules, this server plays version \(RPSEngine.rulesVersion); the game is closed unfinished"))
        let ann = second.connect()
        second.send(#"{"type":"login","token":"\#(annToken)"}"#, from: ann)
        let back = second.takeLines(ann)
        #expect(back.count == 4)
        // hello, welcome, then the room: nothing of the game is played again (no score, round
        // 1), no new game begins by itself, and ann is told why.
        #expect(back[2].contains(#""phase":"waiting","players":[{"name":"ann","seat":0,"score":0,"connected":true}"#))
        #expect(back[2].contains(#""round":1,"#))
        #expect(back[3] == #"{"type":"notice","room":"\#(room)","reason":"rules_changed","text":"the rps game in this room began under version \#(RPSEngine.rulesVersion + 1) of its rules, and the server restarted with version \#(RPSEngine.rulesVersion): it was closed unfinished and counts for nobody; start a new one"}"#)
        second.send(#"{"type":"throw","sign":"rock","id":1}"#, from: ann)
        #expect(second.take(ann).last?["code"] == .string("game_not_started"))
        second.send(#"{"type":"stats","name":"ann"}"#, from: ann)
        #expect(second.take(ann).last?["games"] == .int(0))
    }

    @Test func aGameBegunUnderTodaysRulesComesBackAsItWas() throws {
        let directory = NSTemporaryDirectory() + "rules-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, annToken, _) = try Self.aGameUnderWay(in: directory)
        #expect(try Self.rewriteBegins(in: directory, rules: RPSEngine.rulesVersion) == 1)

        let second = try OneGameRecordTests.server(in: directory)
        let ann = second.connect()
        second.send(#"{"type":"login","token":"\#(annToken)"}"#, from: ann)
        let state = try #require(second.take(ann).last { $0["type"] == .string("state") })
        #expect(state["phase"] == .string("playing"))
        #expect(state["round"] == .int(2))
    }

    @Test func aReplayUnderOtherRulesShowsItsRecordButNoFrame() throws {
        let directory = NSTemporaryDirectory() + "rules-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try OneGameRecordTests.server(in: directory)
        let store = try #require(host.server.replays)
        let result = GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 0)])
        store.save(GameReplay(
            gameID: "K7QX-mhz0k3xs-1", game: "rps", room: "K7QX", seed: 7, options: [:], players: ["ann", "bob"],
            startedMs: 1_795_000_000_000, steps: [], result: result, rules: RPSEngine.rulesVersion + 1))
        let ann = host.connect()
        _ = OneGameRecordTests.token(of: ann, on: host, name: "ann")

        host.send(#"{"type":"replay","game":"K7QX-mhz0k3xs-1"}"#, from: ann)
        host.runBackgroundWork()
        let replay = try #require(host.take(ann).last)
        #expect(replay["type"] == .string("replay"))
        #expect(replay["rules"] == .int(RPSEngine.rulesVersion + 1))

        host.send(#"{"type":"replay","game":"K7QX-mhz0k3xs-1","step":0}"#, from: ann)
        host.runBackgroundWork()
        let refused = try #require(host.take(ann).last)
        #expect(refused["code"] == .string("no_such_game"))
        #expect(refused["message"] == .string(
            "game K7QX-mhz0k3xs-1 was played under version \(RPSEngine.rulesVersion + 1) of the rps rules and this server plays version \(RPSEngine.rulesVersion): ask for its replay without step to see its record"))
    }
}
