import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A process killed between the record of the last seat taken and the record of the game it
/// began (two writes, microseconds apart) leaves a full room waiting in the log. A restart
/// begins its game, as the seat taken would have: otherwise its players, back with their
/// tokens, would sit in a full room that never starts.
struct RecoveryStartsFullRoomsTests {
    @Test func aFullRoomWhoseBeginWasNotWrittenBeginsAfterTheRestart() throws {
        let directory = NSTemporaryDirectory() + "full-room-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try OneGameRecordTests.server(in: directory)
        let ann = first.connect()
        let annToken = OneGameRecordTests.token(of: ann, on: first, name: "ann")
        let bob = first.connect(peer: "127.0.0.2:1")
        let bobToken = OneGameRecordTests.token(of: bob, on: first, name: "bob")
        first.send(#"{"type":"create","game":"rps","options":{"rounds":3}}"#, from: ann)
        let room = try #require(first.take(ann).first?["room"]?.stringValue)
        first.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        #expect(first.take(bob).contains { $0["type"] == .string("state") && $0["phase"] == .string("playing") })
        first.server.flushRoomLog()

        // The log as the kill left it: everything up to bob's join, not the game's begin.
        let path = directory + "/rooms.log"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let join = try #require(lines.lastIndex { $0.contains(#""k":"join""#) })
        #expect(lines[(join + 1)...].contains { $0.contains(#""k":"begin""#) })
        try (lines[...join].joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let second = try OneGameRecordTests.server(in: directory)
        let ann2 = second.connect()
        second.send(#"{"type":"login","token":"\#(annToken)"}"#, from: ann2)
        let bob2 = second.connect(peer: "127.0.0.2:1")
        second.send(#"{"type":"login","token":"\#(bobToken)"}"#, from: bob2)
        let state = try #require(second.take(ann2).last { $0["type"] == .string("state") })
        #expect(state["phase"] == .string("playing"))
        second.send(#"{"type":"throw","sign":"rock"}"#, from: ann2)
        #expect(second.take(ann2).contains { $0["type"] == .string("thrown") })
    }

    /// A game's `room` record (the room as it will stand, playing) and its `begin` go in one
    /// write; a repair that cut a torn `begin` left the `room` record alone, and the room came
    /// back playing a game never dealt (Klondike with no stock and no cards). It waits instead,
    /// full, and the restart deals it a game.
    @Test func aRoomRecordWhoseBeginWasCutComesBackDealtNotEmpty() throws {
        let directory = NSTemporaryDirectory() + "cut-begin-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try OneGameRecordTests.server(in: directory)
        let ann = first.connect()
        let annToken = OneGameRecordTests.token(of: ann, on: first, name: "ann")
        first.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        #expect(first.take(ann).contains { $0["type"] == .string("state") && $0["stock"] == .int(24) })
        first.server.flushRoomLog()

        let path = directory + "/rooms.log"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.lastIndex { $0.contains(#""k":"begin""#) })
        #expect(lines[begin - 1].contains(#""k":"room""#) && lines[begin - 1].contains(#""phase":"playing""#))
        try (lines[..<begin].joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let second = try OneGameRecordTests.server(in: directory)
        let ann2 = second.connect()
        second.send(#"{"type":"login","token":"\#(annToken)"}"#, from: ann2)
        let state = try #require(second.take(ann2).last { $0["type"] == .string("state") })
        #expect(state["phase"] == .string("playing"))
        #expect(state["stock"] == .int(24))
        #expect(state["moves"] == .int(0))
        second.send(#"{"type":"draw"}"#, from: ann2)
        #expect(second.take(ann2).last { $0["type"] == .string("state") }?["stock"] == .int(23))
    }
}
