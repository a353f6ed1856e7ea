import Foundation
import ServerTestSupport
import Testing
import GameRules
import Wire
@testable import CardServer
@testable import ScriptedServer
import Storage

/// A disk that stops taking writes: nothing is confirmed that was not written, games wait,
/// and play resumes by itself once writes succeed again. On virtual time, with the room log
/// and the results journal kept in memory that fails on command (``MemoryLog``; a real full
/// disk is tested end to end on a small tmpfs).
struct StorageFailureTests {
    static let full = "write(rooms.log): No space left on device"

    /// A server whose room log and results journal are in memory.
    static func server() throws -> (host: ScriptedHost, log: MemoryLog, journal: MemoryLog) {
        let rooms = MemoryLog(path: "DIR/rooms.log")
        let results = MemoryLog(path: "DIR/results.jsonl")
        let journal = try ResultsJournal(log: results, dataDirectory: "DIR", warn: { _ in })
        try journal.startWriting(notify: {})
        let roomLog = try RoomLog(log: rooms, dataDirectory: "DIR", policy: .everysec, warn: { _ in })
        let host = ScriptedHost(seed: 4, journal: journal, roomLog: roomLog)
        host.server.startLogClock()
        return (host, rooms, results)
    }

    /// What a log holds, as text.
    static func text(_ log: MemoryLog) -> String { String(decoding: log.bytes, as: UTF8.self) }

    /// ann and bob seated in an rps room of `rounds` rounds; outboxes emptied.
    static func rpsRoom(_ host: ScriptedHost, rounds: Int = 3) -> (ann: ClientID, bob: ClientID, room: String) {
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"rps","options":{"rounds":\#(rounds)}}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(ann)
        _ = host.take(bob)
        return (ann, bob, room)
    }

    static let refusal: JSONObject = [
        "type": "error", "code": "storage_unavailable",
        "message": "the server cannot save that right now (its disk is full or failing); nothing changed, send it again in a moment",
        "retry_after_ms": 1000, "id": 7,
    ]

    @Test func aMoveTheDiskRefusesIsRefusedAndNobodyHearsOfIt() throws {
        let (host, log, _) = try Self.server()
        let (ann, bob, _) = Self.rpsRoom(host)
        let before = Self.text(log)

        log.failAppends = Self.full
        host.send(#"{"type":"throw","sign":"rock","id":7}"#, from: ann)
        #expect(host.take(ann) == [Self.refusal])
        #expect(host.take(bob).isEmpty, "bob hears nothing of a throw that was not saved")
        #expect(Self.text(log) == before, "the log holds nothing of it")

        // The disk takes writes again: the same command is carried out, once.
        log.failAppends = nil
        host.send(#"{"type":"throw","sign":"rock","id":8}"#, from: ann)
        #expect(host.take(ann).map { $0["type"]?.stringValue } == ["thrown", "state"])
        host.send(#"{"type":"throw","sign":"paper","id":9}"#, from: bob)
        let round = host.take(bob).first { $0["type"] == .string("round") }
        #expect(round?["throws"] == .object(["ann": "rock", "bob": "paper"]))
        #expect(round?["winner"] == .string("bob"))
    }

    @Test func aRefusedCreateMakesNoRoomAndARefusedJoinTakesNoSeat() throws {
        let (host, log, _) = try Self.server()
        let ann = host.player("ann")
        log.failAppends = Self.full
        host.send(#"{"type":"create","game":"set","id":7}"#, from: ann)
        #expect(host.take(ann) == [Self.refusal])
        host.send(#"{"type":"rooms","id":1}"#, from: ann)
        #expect(host.take(ann).first?["rooms"] == .array([]))
        host.send(#"{"type":"leave","id":2}"#, from: ann)
        #expect(host.take(ann).first?["code"] == .string("not_in_room"), "ann is in no room")

        log.failAppends = nil
        host.send(#"{"type":"create","game":"rps","seats":2,"id":3}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        let bob = host.player("bob", peer: "127.0.0.2:1")
        log.failAppends = Self.full
        host.send(#"{"type":"join","room":"\#(room)","id":7}"#, from: bob)
        #expect(host.take(bob) == [Self.refusal])
        #expect(host.take(ann).isEmpty, "ann sees nobody join")
        host.send(#"{"type":"leave","id":7}"#, from: ann)
        #expect(host.take(ann) == [Self.refusal], "a leave the disk refuses leaves ann in her seat")
    }

    @Test func aGameThatCannotBeginWaitsAndBeginsOnceTheDiskTakesWritesAgain() throws {
        let (host, log, _) = try Self.server()
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        // bob's join is written; the game it would start is not, so it waits.
        log.failAppends(Self.full, afterSucceeding: 1)
        host.send(#"{"type":"join","room":"\#(room)","id":1}"#, from: bob)
        let joined = host.take(bob)
        #expect(joined.first?["type"] == .string("joined"))
        #expect(joined.last?["phase"] == .string("waiting"))
        host.send(#"{"type":"throw","sign":"rock","id":2}"#, from: bob)
        #expect(host.take(bob).first?["code"] == .string("game_not_started"))

        log.failAppends = nil
        host.advance(by: .seconds(1))
        #expect(host.take(bob).last?["phase"] == .string("playing"), "the retry begins the game")
        #expect(host.take(ann).last?["phase"] == .string("playing"))
    }

    @Test func aDeadlineTheDiskRefusesWaitsForIt() throws {
        let (host, log, _) = try Self.server()
        let (ann, bob, _) = Self.rpsRoom(host)
        log.failAppends = Self.full
        // The round's clock runs out while nothing can be written: the round waits.
        host.advance(by: .seconds(40))
        #expect(host.take(ann).isEmpty)
        #expect(host.take(bob).isEmpty)
        log.failAppends = nil
        host.advance(by: .seconds(1))
        let round = host.take(ann).first { $0["type"] == .string("round") }
        #expect(round?["timed_out"] == .array(["ann", "bob"]))
    }

    @Test func onlyWhatWasConfirmedComesBackAfterARestart() throws {
        let (host, log, _) = try Self.server()
        let (ann, bob, room) = Self.rpsRoom(host)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        log.failAppends = Self.full
        host.send(#"{"type":"throw","sign":"paper","id":7}"#, from: bob)
        #expect(host.take(bob).last == Self.refusal)
        log.failAppends = nil

        let reopened = try RoomLog(log: log, dataDirectory: "DIR", policy: .everysec, warn: { _ in })
        let moves = reopened.recovered.compactMap { record -> String? in
            guard case .move(let code, let player, let command, _) = record, code == room else { return nil }
            return "\(player) \(command["sign"]?.stringValue ?? "")"
        }
        #expect(moves == ["p1 rock"], "bob's refused throw is not in the file")
    }

    @Test func aDisconnectWhileTheDiskFailsIsWrittenFirstOnceItTakesWrites() throws {
        let (host, log, _) = try Self.server()
        let (ann, bob, room) = Self.rpsRoom(host)
        log.failAppends = Self.full
        host.drop(bob)
        #expect(host.take(ann).first?["type"] == .string("player_away"), "ann sees bob go: that cannot be refused")
        host.send(#"{"type":"throw","sign":"rock","id":7}"#, from: ann)
        #expect(host.take(ann) == [Self.refusal], "nothing is written ahead of bob's record")
        log.failAppends = nil
        host.advance(by: .seconds(1))
        host.send(#"{"type":"throw","sign":"rock","id":8}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("thrown"))

        let reopened = try RoomLog(log: log, dataDirectory: "DIR", policy: .everysec, warn: { _ in })
        let tail = reopened.recovered.filter { $0.room == room }.suffix(2).map { record -> String in
            switch record {
            case .presence(_, let player, let connected, _): "presence \(player) \(connected)"
            case .move(_, let player, _, _): "move \(player)"
            default: "other"
            }
        }
        #expect(tail == ["presence p2 false", "move p1"])
    }

    @Test func gameOverWaitsUntilItsResultIsWrittenAndResumesByItself() throws {
        let (host, _, journal) = try Self.server()
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"rps","options":{"rounds":1}}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        journal.failAppends = "write(results.jsonl): No space left on device"
        _ = host.take(bob)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        host.confirmJournalWrites()
        #expect(!host.types(ann).contains("game_over"))
        #expect(!host.types(bob).contains("game_over"))
        host.send(#"{"type":"stats","name":"ann","id":5}"#, from: ann)
        host.advance(by: .seconds(1))
        host.confirmJournalWrites()
        #expect(host.types(ann).isEmpty, "neither game_over nor stats while the result is not written")
        #expect(Self.text(journal) == "")
        // Retried every second, logged once.
        host.advance(by: .seconds(1))
        host.confirmJournalWrites()
        #expect(host.logLines.filter { $0.hasPrefix("results journal:") } == [
            "results journal: write(results.jsonl): No space left on device; game_over waits until the result is written (retried every second)",
        ])

        journal.failAppends = nil
        host.advance(by: .seconds(1))
        host.confirmJournalWrites()
        let sent = host.take(ann)
        #expect(sent.map { $0["type"]?.stringValue } == ["game_over", "stats"])
        #expect(sent.last?["games"] == .int(1))
        #expect(host.types(bob) == ["game_over"])
        let lines = Self.text(journal).split(separator: "\n")
        #expect(lines.count == 1, "written once, after the failures")
        #expect(host.logLines.filter { $0.hasPrefix("results journal:") }.last == "results journal: writing again; the results that waited are written")
    }
}
