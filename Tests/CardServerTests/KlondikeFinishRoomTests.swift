import Foundation
import GameRules
import KlondikeSolver
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// Klondike's finish in a room (issue 43): the state says when the server would take it, with
/// cards still to draw; the room log brings that back after a restart, and the finish's draws
/// and moves, one command in the log, are rebuilt the same by a replay.
struct KlondikeFinishRoomTests {
    /// A server with a room log and replays in `directory`, no command rate limit (the test
    /// plays a whole deal at one instant), recovered from what is there.
    static func server(in directory: String) throws -> ScriptedHost {
        let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        let replays = try ReplayStore(dataDirectory: directory, keepDays: 30, policy: .no, log: { _ in })
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0), seed: 9, roomLog: log, replays: replays)
        host.server.recover()
        return host
    }

    /// Deal 1 drawing one, standard scoring, created by ann on a server in `directory`, and
    /// the solver's winning line for it (30,000 positions, so always the same line).
    static func dealOne(in directory: String) throws -> (host: ScriptedHost, ann: ClientID, token: String, deal: KlondikeGame, actions: [KlondikeAction]) {
        let deal = KlondikeGame(seed: 1, drawCount: 1, scoring: .standard)
        guard case .winnable(let actions) = KlondikeSolver.solve(deal, budget: KlondikeSolver.Budget(nodes: 30_000)).verdict else {
            throw DealOneUnsolved()
        }
        let host = try server(in: directory)
        let ann = host.connect()
        let token = OneGameRecordTests.token(of: ann, on: host, name: "ann")
        host.send(#"{"type":"create","game":"klondike","options":{"seed":1,"draw":1,"scoring":"standard"}}"#, from: ann)
        return (host, ann, token, deal, actions)
    }

    struct DealOneUnsolved: Error {}

    /// Deal 1 drawing one, by the solver's winning line (30,000 positions, so always the same
    /// line): every card is face up after 175 moves with one card still in the stock or the
    /// waste; the state says finish from there, not before, and the finish takes 16 more.
    @Test func theStateOffersFinishWithACardToDrawAndARestartAndAReplayKeepIt() throws {
        let directory = NSTemporaryDirectory() + "klondike-finish-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, ann, token, deal, actions) = try Self.dealOne(in: directory)
        var state = try #require(first.take(ann).last { $0["type"] == .string("state") })
        var game = deal
        for action in actions where state["can_finish"] != .bool(true) {
            #expect(state["can_finish"] == .bool(false), "move \(game.moveCount)")
            first.send(ClientRequest(command: ClientCommand(action)).jsonText, from: ann)
            try game.play(action)
            state = try #require(first.take(ann).last { $0["type"] == .string("state") })
        }
        #expect(state["moves"] == .int(175))
        #expect(state["stock"]?.intValue.map { $0 + (state["waste_count"]?.intValue ?? 0) } == 1)
        #expect(state["tableau"]?.arrayValue?.map { $0.objectValue?["down"] } == Array(repeating: .int(0), count: 7))
        first.server.flushRoomLog()

        // The process dies; the log's moves are played again, and the offer comes back with them.
        let second = try Self.server(in: directory)
        let back = second.connect()
        second.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        let resumed = try #require(second.take(back).last { $0["type"] == .string("state") })
        for field in ["moves", "stock", "waste_count", "waste", "foundations", "tableau", "score", "can_finish"] {
            #expect(resumed[field] == state[field], "\(field) after the restart")
        }
        second.send(#"{"type":"finish","id":"f"}"#, from: back)
        let finished = second.take(back)
        #expect(finished.first == ["type": "ok", "seq": .int(try #require(resumed["seq"]?.intValue) + 1), "id": "f"])
        let solved = try #require(finished.first { $0["type"] == .string("solved") })
        #expect(solved["moves"] == .int(191))
        let final = try #require(finished.last { $0["type"] == .string("state") })
        // The finish scores as the same moves by hand would, on the game's own rules.
        try game.finish()
        #expect(final["score"] == .int(game.score))
        #expect(final["moves"] == .int(game.moveCount))
        #expect(final["can_finish"] == .bool(false))
        let over = try #require(finished.last { $0["type"] == .string("game_over") })
        let gameID = try #require(over["game_id"]?.stringValue)

        // The replay keeps `finish` as one step and rebuilds its draws and moves the same way.
        second.send(#"{"type":"replay","game":"\#(gameID)"}"#, from: back)
        #expect(second.runBackgroundWork() == 1)
        let steps = try #require(second.take(back).last?["steps"]?.arrayValue).compactMap(\.objectValue)
        let moves = steps.filter { $0["kind"] == .string("move") }
        #expect(moves.count == 176)
        #expect(moves.last?["command"] == .object(["type": "finish"]))
        second.send(#"{"type":"replay","game":"\#(gameID)","step":\#(steps.count),"seat":0}"#, from: back)
        #expect(second.runBackgroundWork() == 1)
        let frame = try #require(second.take(back).last)
        #expect(frame["events"]?.arrayValue?.last == .object(over))
        let rebuilt = try #require(frame["state"]?.objectValue)
        for field in ["moves", "foundations", "score"] {
            #expect(rebuilt[field] == final[field], "\(field) in the replay's last frame")
        }
    }

    /// A game begun under rules version 1, when `finish` waited for the stock and the waste to
    /// be empty, comes back after a restart judged by version 1: the same position offers no
    /// finish and a `finish` is refused as it was then. Nothing is closed.
    @Test func aGameBegunUnderVersionOneIsJudgedByVersionOne() throws {
        let directory = NSTemporaryDirectory() + "klondike-finish-v1-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, ann, token, _, actions) = try Self.dealOne(in: directory)
        for action in actions.prefix(175) {
            first.send(ClientRequest(command: ClientCommand(action)).jsonText, from: ann)
        }
        let state = try #require(first.take(ann).last { $0["type"] == .string("state") })
        #expect(state["moves"] == .int(175))
        #expect(state["can_finish"] == .bool(true))
        first.server.flushRoomLog()
        #expect(try RulesVersionTests.rewriteBegins(in: directory, rules: 1) == 1)

        let second = try Self.server(in: directory)
        #expect(!second.logLines.contains { $0.contains("closed unfinished") })
        let back = second.connect()
        second.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        let resumed = try #require(second.take(back).last { $0["type"] == .string("state") })
        for field in ["moves", "stock", "waste_count", "foundations", "tableau", "score"] {
            #expect(resumed[field] == state[field], "\(field) after the restart")
        }
        #expect(resumed["phase"] == .string("playing"))
        #expect(resumed["can_finish"] == .bool(false))
        second.send(#"{"type":"finish","id":"f"}"#, from: back)
        let refused = try #require(second.take(back).first)
        #expect(refused["type"] == .string("error"))
        #expect(refused["code"] == .string("illegal_move"))
    }
}
