import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// One record of every game: the room log's records are the game's replay, so a game that
/// spans a restart is replayed whole, from its `begin` to its end, and a refused move is a
/// step as it was a record.
struct OneGameRecordTests {
    /// A server with a room log and replays in `directory`, recovered from what is there.
    static func server(in directory: String) throws -> ScriptedHost {
        let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        let replays = try ReplayStore(dataDirectory: directory, keepDays: 30, policy: .no, log: { _ in })
        let host = ScriptedHost(seed: 9, roomLog: log, replays: replays)
        host.server.recover()
        return host
    }

    static func token(of client: ClientID, on host: ScriptedHost, name: String) -> String {
        host.send(#"{"type":"login","name":"\#(name)"}"#, from: client)
        return host.take(client).first { $0["type"] == .string("welcome") }?["token"]?.stringValue ?? ""
    }

    @Test func aGameThatSpansARestartIsReplayedFromItsBeginToItsEnd() throws {
        let directory = NSTemporaryDirectory() + "game-record-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try Self.server(in: directory)
        let ann = first.connect()
        let annToken = Self.token(of: ann, on: first, name: "ann")
        let bob = first.connect(peer: "127.0.0.2:1")
        let bobToken = Self.token(of: bob, on: first, name: "bob")
        first.send(#"{"type":"create","game":"rps","options":{"rounds":3}}"#, from: ann)
        let room = try #require(first.take(ann).first?["room"]?.stringValue)
        first.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        first.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        first.send(#"{"type":"throw","sign":"paper","id":"again"}"#, from: ann)
        #expect(first.take(ann).last?["message"] == .string("you have already thrown this round; wait for your opponent"))
        first.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
        first.advance(by: .milliseconds(40))
        first.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        first.server.flushRoomLog()

        // The process dies; a new one reads the log and both come back with their tokens.
        let second = try Self.server(in: directory)
        let ann2 = second.connect()
        second.send(#"{"type":"login","token":"\#(annToken)"}"#, from: ann2)
        let bob2 = second.connect(peer: "127.0.0.2:1")
        second.send(#"{"type":"login","token":"\#(bobToken)"}"#, from: bob2)
        second.send(#"{"type":"throw","sign":"scissors"}"#, from: bob2)
        second.send(#"{"type":"throw","sign":"rock"}"#, from: ann2)
        second.send(#"{"type":"throw","sign":"paper"}"#, from: bob2)
        let over = try #require(second.take(ann2).last { $0["type"] == .string("game_over") })
        #expect(over["winners"] == .array(["bob"]))
        let gameID = try #require(over["game_id"]?.stringValue)

        second.send(#"{"type":"replay","game":"\#(gameID)"}"#, from: ann2)
        #expect(second.runBackgroundWork() == 1)
        let replay = try #require(second.take(ann2).last)
        let steps = try #require(replay["steps"]?.arrayValue).compactMap(\.objectValue)
        // Every input from the begin: ann's second throw (refused by the rules) is a step as
        // it was a record, and so are the two players coming back after the restart.
        #expect(steps.map { "\($0["kind"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "")" } == [
            "move ann", "move ann", "move bob", "move ann", "back ann", "back bob", "move bob", "move ann", "move bob",
        ])
        #expect(steps[1]["command"] == .object(["type": "throw", "sign": "paper"]))
        #expect(steps[3]["ms"] == .int(40))
        #expect(replay["result"] == .object(over))

        // The last frame, rebuilt from those steps by the rules, ends the game the same way.
        second.send(#"{"type":"replay","game":"\#(gameID)","step":\#(steps.count),"seat":0}"#, from: ann2)
        #expect(second.runBackgroundWork() == 1)
        let frame = try #require(second.take(ann2).last)
        #expect(frame["events"]?.arrayValue?.last == .object(over))
    }
}
