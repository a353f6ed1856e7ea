import Foundation
import ScriptedServer
@testable import CardServer
@testable import Storage
import ServerTestSupport
import Testing
import Wire

/// On a short disk the games under way finish: each seat may write its reserve of room-log
/// bytes, a flood in one game uses up only its own seat's, and the room log and the journal
/// keep that room allocated, so a disk another program fills still takes the games' ends.
struct DiskReserveTests {
    /// A server on virtual time whose room log and journal are in memory, with a data
    /// directory for the disk budget to measure.
    static func server(seatReserve: Int) throws -> (host: ScriptedHost, rooms: MemoryLog, results: MemoryLog, folder: URL) {
        var config = ServerConfig(version: "test")
        config.seatReserveBytes = seatReserve
        let rooms = MemoryLog(path: "DIR/rooms.log")
        let results = MemoryLog(path: "DIR/results.jsonl")
        let journal = try ResultsJournal(log: results, dataDirectory: "DIR", warn: { _ in })
        try journal.startWriting(notify: {})
        let roomLog = try RoomLog(log: rooms, dataDirectory: "DIR", policy: .everysec, warn: { _ in })
        let host = ScriptedHost(config: config, seed: 4, journal: journal, roomLog: roomLog)
        host.server.startLogClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reserve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (host, rooms, results, folder)
    }

    /// No file system has this much free: the disk is short from the start.
    static func shortBudget(_ folder: URL) -> DiskBudget {
        DiskBudget(directory: folder.path, maxDataBytes: 1 << 40, minFreeBytes: .max)
    }

    /// The log's `draw` records, each with its newline.
    static func drawLines(in log: MemoryLog) -> [Substring] {
        String(decoding: log.bytes, as: UTF8.self).split(separator: "\n").filter { $0.contains(#""k":"move""#) && $0.contains(#""type":"draw""#) }
    }

    static let refusal = "the server's disk is nearly full, and your moves in this game have used the room kept for them (1 KiB); the other players play on. Send it again once the disk has room, or leave"

    @Test func aSeatWritesItsReserveAndNoMoreWhileTheOthersPlayOn() throws {
        let (host, rooms, _, folder) = try Self.server(seatReserve: 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"klondike","seats":2,"options":{"winnable":false}}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(ann)
        _ = host.take(bob)
        #expect(Self.drawLines(in: rooms).isEmpty)

        host.server.diskBudget = Self.shortBudget(folder)
        var accepted = 0
        var refused: JSONObject?
        for id in 1...40 {
            host.send(#"{"type":"draw","id":\#(id)}"#, from: ann)
            let reply = host.take(ann).first
            if reply?["type"] == .string("ok") { accepted += 1 } else { refused = reply; break }
        }
        // Accepted while the seat had written less than its kilobyte: the last one crossed it.
        let lines = Self.drawLines(in: rooms)
        #expect(lines.count == accepted)
        let written = lines.map { $0.utf8.count + 1 }
        #expect(written.dropLast().reduce(0, +) < 1024)
        #expect(written.reduce(0, +) >= 1024)
        #expect(accepted >= 8 && accepted <= 12)
        #expect(refused?["code"] == .string("storage_unavailable"))
        #expect(refused?["message"] == .string(Self.refusal))
        #expect(refused?["retry_after_ms"] == .int(5000))
        // Protocol.md shows the line a bot gets, at the default 32 KiB.
        let documented = ServerMessage.storageUnavailable(
            message: Self.refusal.replacingOccurrences(of: "(1 KiB)", with: "(32 KiB)"), retryAfterMs: 5000, id: .int(7))
        let protocolText = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Protocol.md"), encoding: .utf8)
        #expect(protocolText.contains("`\(documented.jsonText)`"), "\(documented.jsonText)")

        // bob's seat has its own reserve.
        _ = host.take(bob)
        host.send(#"{"type":"draw","id":50}"#, from: bob)
        #expect(host.take(bob).first?["type"] == .string("ok"))

        // The disk has room again: ann plays on; short again, her seat has its reserve anew.
        host.server.diskBudget = nil
        _ = host.take(ann)
        host.send(#"{"type":"draw","id":60}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("ok"))
        host.server.diskBudget = Self.shortBudget(folder)
        host.send(#"{"type":"draw","id":61}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("ok"))
    }

    @Test func gamesUnderWayFinishOnADiskAnotherProgramFilled() throws {
        let (host, rooms, results, folder) = try Self.server(seatReserve: 32 * 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ann, bob, _) = StorageFailureTests.rpsRoom(host, rounds: 2)
        // The log clock keeps room for the game's two seats, and the journal for its record.
        let (roomsBefore, resultsBefore) = (rooms.size, results.size)
        host.advance(by: .seconds(1))
        #expect(rooms.reservedThrough == roomsBefore + 2 * 48 * 1024)
        #expect(results.reservedThrough == resultsBefore + 2048)

        // Another program takes the rest of the disk.
        rooms.failAppends = "write(rooms.log): No space left on device"
        results.failAppends = "write(results.jsonl): No space left on device"
        host.server.diskBudget = Self.shortBudget(folder)
        for _ in 0..<2 {
            _ = host.take(ann)
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            #expect(host.take(ann).first?["type"] == .string("thrown"))
            host.send(#"{"type":"throw","sign":"paper"}"#, from: bob)
            _ = host.take(bob)
        }
        host.confirmJournalWrites()
        #expect(host.types(bob).contains("game_over"))
        #expect(String(decoding: results.bytes, as: UTF8.self).contains(#""winners":["bob"]"#))

        // A new game cannot take the room kept for the others: the disk is under its floor.
        let cy = host.player("cy", peer: "127.0.0.3:1")
        host.send(#"{"type":"create","game":"klondike","id":9}"#, from: cy)
        #expect(host.take(cy).first?["code"] == .string("server_busy"))
    }

    /// A spectator's `watch` is a room-log record too: on a short disk nobody begins to watch
    /// (a loop of watch and leave would spend the seats' reserve), those watching stay and
    /// may leave, and the game plays on.
    @Test func nobodyBeginsToWatchWhileTheDiskIsShort() throws {
        let (host, rooms, _, folder) = try Self.server(seatReserve: 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ann = host.player("ann")
        let cyd = host.player("cyd", peer: "127.0.0.3:1")
        let dan = host.player("dan", peer: "127.0.0.4:1")
        host.send(#"{"type":"create","game":"klondike","options":{"winnable":false}}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: dan)
        #expect(host.take(dan).first?["type"] == .string("watching"))
        _ = host.take(ann)

        host.server.diskBudget = Self.shortBudget(folder)
        let before = rooms.bytes.count
        host.send(#"{"type":"watch","room":"\#(room)","id":1}"#, from: cyd)
        #expect(host.take(cyd) == [[
            "type": "error", "code": "server_busy",
            "message": "the server's disk is nearly full, so no one can begin to watch a game now; games under way play on. Try again later",
            "id": 1,
        ]])
        #expect(rooms.bytes.count == before, "nothing written for it")
        host.send(#"{"type":"draw","id":2}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("ok"))
        _ = host.take(dan)
        host.send(#"{"type":"leave","id":3}"#, from: dan)
        #expect(host.take(dan).first?["type"] == .string("left"))

        host.server.diskBudget = nil
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: cyd)
        #expect(host.take(cyd).first?["type"] == .string("watching"))
    }

    /// Nor does anyone take a seat: a join and leave in a loop, in a room between games or
    /// not yet full, would spend the seats' reserve as a spectator's visits would.
    @Test func nobodyTakesASeatWhileTheDiskIsShort() throws {
        let (host, rooms, _, folder) = try Self.server(seatReserve: 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ann = host.player("ann")
        let cyd = host.player("cyd", peer: "127.0.0.3:1")
        host.send(#"{"type":"create","game":"set","seats":3}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.server.diskBudget = Self.shortBudget(folder)
        let before = rooms.bytes.count
        host.send(#"{"type":"join","room":"\#(room)","id":1}"#, from: cyd)
        #expect(host.take(cyd) == [[
            "type": "error", "code": "server_busy",
            "message": "the server's disk is nearly full, so no new game can begin; games under way play on. Try again later", "id": 1,
        ]])
        #expect(rooms.bytes.count == before, "nothing written for it")
        host.server.diskBudget = nil
        host.send(#"{"type":"join","room":"\#(room)","id":2}"#, from: cyd)
        #expect(host.take(cyd).first?["type"] == .string("joined"))
    }
}
