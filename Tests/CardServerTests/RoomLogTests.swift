import Foundation
import Glibc
import ServerTestSupport
import Storage
import Testing
import GameRules
import Wire
@testable import CardServer

/// The room log as a file: a torn tail cut off at start, only the live rooms' records kept
/// (a closed room and a finished game leave it), the rewrite when it outgrows them, and
/// when each `appendfsync` policy syncs.
struct RoomLogTests {
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "roomlog-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let ann = RoomLogRecord.Member(id: "p1", name: "ann", tokenHash: TokenDigest(hex: String(repeating: "a", count: 64))!, seat: 0)

    static func snapshot(_ code: String, phase: Phase = .waiting, seq: Int = 1) -> RoomLogRecord.Snapshot {
        RoomLogRecord.Snapshot(
            code: code, game: "set", isPrivate: false, seats: 1, serial: 1, options: [:], seq: seq, phase: phase, members: [ann])
    }

    /// A new room, as `create` writes it (its creator is the record's own field).
    static func created(_ code: String) -> RoomLogRecord {
        .create(
            RoomLogRecord.Snapshot(code: code, game: "set", isPrivate: false, seats: 1, serial: 1, options: [:], seq: 0, phase: .waiting, members: []),
            creator: ann, t: 1)
    }

    static func move(_ room: String, _ t: UInt64) -> RoomLogRecord {
        .move(room: room, player: "p1", command: ["type": "deal"], t: t)
    }

    /// Appends moves to `room`, a turn of 100 at a time, until the file is past the size
    /// below which it is never rewritten; returns the next move's time.
    static func fillPastTheFloor(_ log: RoomLog, room: String, from start: UInt64) -> UInt64 {
        var t = start
        while log.sizes.file <= log.compactionFloor {
            for _ in 0..<100 {
                log.record(move(room, t))
                t += 1
            }
            log.flush()
        }
        return t
    }

    static func contents(_ log: RoomLog) throws -> String {
        try String(contentsOfFile: log.path, encoding: .utf8)
    }

    @Test func aTornLastLineIsCutOffWithAWarningAndTheRestIsKept() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let log = try RoomLog(directory: directory, policy: .everysec, warn: { _ in })
            log.record(Self.created("K7QX"))
            log.record(Self.move("K7QX", 6))
            log.flush()
        }
        let path = directory + "/rooms.log"
        let whole = try String(contentsOfFile: path, encoding: .utf8)
        // A crash in the middle of the next write.
        try (whole + #"{"k":"move","room":"K7"#).write(toFile: path, atomically: false, encoding: .utf8)
        var warnings: [String] = []
        let reopened = try RoomLog(directory: directory, policy: .everysec, warn: { warnings.append($0) })
        #expect(warnings == ["\(path): the last line is incomplete (22 bytes, a crash mid-write); cut off"])
        #expect(reopened.recovered == [Self.created("K7QX"), Self.move("K7QX", 6)])
        #expect(try Self.contents(reopened) == whole)
    }

    @Test func aClosedRoomAndAFinishedGameLeaveTheLogAtTheNextStart() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
            log.record(Self.created("GONE"))
            log.record(Self.move("GONE", 2))
            log.record(.close(room: "GONE"))
            log.record(Self.created("LIVE"))
            log.record(.begin(room: "LIVE", seed: 7, t: 4, wall: 1_795_000_000_000, rules: 1))
            log.record(Self.move("LIVE", 5))
            // A new game: the room as it stands replaces the last game's records.
            log.record(.room(Self.snapshot("LIVE", phase: .over, seq: 9)))
            log.record(.begin(room: "LIVE", seed: 8, t: 6, wall: 1_795_000_000_100, rules: 1))
            log.record(Self.move("LIVE", 7))
            log.flush()
            #expect(try Self.contents(log).split(separator: "\n").count == 9)
        }
        let reopened = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        let expected: [RoomLogRecord] = [
            .room(Self.snapshot("LIVE", phase: .over, seq: 9)), .begin(room: "LIVE", seed: 8, t: 6, wall: 1_795_000_000_100, rules: 1),
            Self.move("LIVE", 7),
        ]
        // What was read is replayed whole; what is written back is what the live room needs.
        #expect(reopened.recovered.count == 9)
        let lines = try Self.contents(reopened).split(separator: "\n").map { RoomLogRecord(line: Array($0.utf8)) }
        #expect(lines == expected)
        #expect(reopened.sizes.file == reopened.sizes.live)
    }

    @Test func aLogThatOutgrowsItsLiveRoomsIsRewrittenWhileTheServerRuns() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        log.record(Self.created("LIVE"))
        log.flush()
        let liveBytes = log.sizes.live
        log.record(Self.created("BUSY"))
        let t = Self.fillPastTheFloor(log, room: "BUSY", from: 3)
        // Past the floor, but every byte still live: no rewrite yet.
        #expect(log.sizes.file == log.sizes.live)
        log.record(.close(room: "BUSY"))
        log.flush()
        #expect(log.sizes == (live: liveBytes, file: liveBytes))
        let lines = try Self.contents(log).split(separator: "\n").map { RoomLogRecord(line: Array($0.utf8)) }
        #expect(lines == [Self.created("LIVE")])
        // It goes on appending to the new file.
        log.record(Self.move("LIVE", t))
        log.flush()
        #expect(try Self.contents(log).split(separator: "\n").count == 2)
    }

    @Test func aRewriteWhileTheServerRunsIsSyncedAndRenamedOffTheLoop() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try RoomLog(directory: directory, policy: .everysec, warn: { _ in })
        var handedOff: [(work: @Sendable () -> Void, then: () -> Void)] = []
        log.runOffLoop = { handedOff.append(($0, $1)) }
        log.record(Self.created("LIVE"))
        log.record(Self.created("BUSY"))
        let t = Self.fillPastTheFloor(log, room: "BUSY", from: 3)
        let bigLog = log.sizes.file
        log.record(.close(room: "BUSY"))
        log.flush()
        // The new file is written; its fsync and rename wait for the worker.
        #expect(handedOff.count == 1)
        #expect(log.sizes.file == bigLog + RoomLogRecord.close(room: "BUSY").line.count)
        #expect(try String(contentsOfFile: directory + "/rooms.log", encoding: .utf8).utf8.count == log.sizes.file)
        // A turn meanwhile goes to both files.
        log.record(Self.move("LIVE", t))
        log.flush()
        #expect(handedOff.count == 1)
        let newFile = try String(contentsOfFile: directory + "/rooms.log.new", encoding: .utf8)
        #expect(newFile.split(separator: "\n").map { RoomLogRecord(line: Array($0.utf8)) } == [Self.created("LIVE"), Self.move("LIVE", t)])
        handedOff[0].work()
        handedOff[0].then()
        #expect(!FileManager.default.fileExists(atPath: directory + "/rooms.log.new"))
        #expect(try Self.contents(log) == newFile)
        #expect(log.sizes.file == newFile.utf8.count)
        // The log goes on in the new file, through the same descriptor.
        log.record(Self.move("LIVE", t + 1))
        log.flush()
        let lines = try Self.contents(log).split(separator: "\n").map { RoomLogRecord(line: Array($0.utf8)) }
        #expect(lines == [Self.created("LIVE"), Self.move("LIVE", t), Self.move("LIVE", t + 1)])
        // And a restart reads exactly that.
        let reopened = try RoomLog(directory: directory, policy: .everysec, warn: { _ in })
        #expect(reopened.recovered == [Self.created("LIVE"), Self.move("LIVE", t), Self.move("LIVE", t + 1)])
    }

    @Test(arguments: [
        ClientCommand.claim(cards: [4, 17, 60]), .move(from: .tableau(6), to: .tableau(1), count: 3), .throwSign(.paper),
        .flip(card: 11), .draw, .answer(.rock),
    ])
    func aMoveLineIsTheMoveRecordByteForByte(command: ClientCommand) throws {
        let encoded = ClientRequest(id: nil, command: command).encodedLine()
        let object = try #require(try JSONParser.parse(Array(encoded.dropLast())).objectValue)
        let record = RoomLogRecord.move(room: "K7QX", player: "p12", command: object, t: 1_234_567_890_123)
        let line = RoomLogRecord.moveLine(room: "K7QX", player: "p12", command: Array(encoded.dropLast()), t: 1_234_567_890_123)
        #expect(String(decoding: line, as: UTF8.self) == String(decoding: record.line, as: UTF8.self))
        #expect(RoomLogRecord(line: line.dropLast()) == record)
    }

    @Test func alwaysSyncsBeforeTheRepliesEverysecLeavesItToTheClock() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let always = try RoomLog(directory: directory + "/a", policy: .always, warn: { _ in })
        var handedOff: [any AppendOnlyLog] = []
        always.requestSync = { handedOff.append($0) }
        always.record(Self.created("K7QX"))
        always.flush()
        // Synced in place, on the loop, before the turn's replies: nothing handed to the writer.
        #expect(!always.needsSync)
        #expect(handedOff.isEmpty)

        let everysec = try RoomLog(directory: directory + "/e", policy: .everysec, warn: { _ in })
        everysec.requestSync = { handedOff.append($0) }
        everysec.record(Self.created("K7QX"))
        everysec.flush()
        #expect(everysec.needsSync)
        everysec.sync()
        #expect(!everysec.needsSync)
        #expect(handedOff.count == 1)
        // Nothing new written: the next second's sync has nothing to do.
        everysec.sync()
        #expect(handedOff.count == 1)
    }

    /// A room's comings and goings past the bound give way to one summary, numbered after every
    /// line so far; its game's lines stay where they were, and another room's too.
    @Test func passingLinesPastTheBoundGiveWayToOneSummaryAndTheGamesLinesStay() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        log.passingBound = 2_000
        log.compactionFloor = 0
        let bob = RoomLogRecord.Member(id: "p2", name: "bob", tokenHash: TokenDigest(hex: String(repeating: "b", count: 64))!)
        let summary = RoomLogRecord.members(room: "LIVE", seq: 40, members: [Self.ann, bob], votes: [], t: 30)
        log.record(Self.created("LIVE"))
        log.record(Self.created("NEXT"))
        var asked: [String] = []
        var t: UInt64 = 2
        // Each visit is 228 bytes: the ninth passes 2,000.
        for visit in 1...9 {
            log.write([RoomLogRecord.watch(room: "LIVE", player: bob, t: t), .leave(room: "LIVE", player: "p2", t: t + 1)].map { RoomLog.Entry($0, role: .passing) })
            if visit == 2 { log.record(Self.move("LIVE", t + 2)) }
            t += 3
            log.summarizeRooms { asked.append($0); return summary }
            #expect(asked == (visit < 9 ? [] : ["LIVE"]))
        }
        log.record(Self.move("NEXT", t))
        log.flush()
        #expect(log.summaries == 1)
        #expect(log.liveBytes(of: "LIVE")?.passing == summary.line.count)
        let lines = try Self.contents(log).split(separator: "\n").map { RoomLogRecord(line: Array($0.utf8)) }
        #expect(lines == [Self.created("LIVE"), Self.created("NEXT"), Self.move("LIVE", 7), summary, Self.move("NEXT", t)])
    }
}
