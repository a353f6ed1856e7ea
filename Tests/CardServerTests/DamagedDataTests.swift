@testable import Storage
import Foundation
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// The room log and the results journal at start, with a bit flipped: in the middle the start
/// stops and names the line and the repair; in the last record it is cut with a warning.
/// Files from before checksums still load.
struct DamagedDataTests {
    static let roomRecords: [RoomLogRecord] = [
        RoomLogTests.created("K7QX"), RoomLogTests.move("K7QX", 2), RoomLogTests.move("K7QX", 3), RoomLogTests.move("K7QX", 4),
    ]

    /// The result of rps game `number` in room K7QXM2PA: ann beat bob 2-1.
    static func gameRecord(_ number: Int) -> GameRecord {
        GameRecord(
            id: "K7QXM2PA-mhz0k3xs-\(number)", room: "K7QXM2PA", game: "rps", seed: number, players: ["ann", "bob"],
            scores: [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 1)], winners: ["ann"],
            startedMs: 1_795_000_000_000, endedMs: 1_795_000_090_000)
    }

    /// The sealed journal lines of games 1 to 4.
    static let gameLines = (1...4).map { gameRecord($0).jsonLine }

    /// A record as it was written before checksums: the seal taken off.
    static func unsealed(_ line: [UInt8]) -> [UInt8] {
        Array(line.dropLast(RecordSeal.sealLength + 1)) + Array("}\n".utf8)
    }

    // MARK: The room log

    @Test(arguments: [2, 3])
    func aFlipInTheMiddleOfTheRoomLogStopsTheStartNamingTheLine(line: Int) throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/rooms.log"
        let damaged = DataFiles.flipped(Self.roomRecords.map(\.line), line: line)
        try DataFiles.write(damaged, to: path)
        #expect {
            try RoomLog(directory: directory, policy: .no, warn: { _ in })
        } throws: { error in
            (error as? RoomLog.Failure)?.description
                == "\(path): line \(line) is damaged (its checksum does not match its bytes) and records follow it, so the server does not start. "
                + "Run `cardserver --repair --data \(directory)`: it keeps every good record and moves the damaged ones to \(path).damaged"
        }
        // Nothing was rewritten: the repair finds what the start found.
        #expect(try DataFiles.contents(path) == damaged)
    }

    @Test func aFlipInTheRoomLogsLastRecordIsCutWithAWarning() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/rooms.log"
        try DataFiles.write(DataFiles.flipped(Self.roomRecords.map(\.line), line: 4), to: path)
        var warnings: [String] = []
        let log = try RoomLog(directory: directory, policy: .no, warn: { warnings.append($0) })
        #expect(warnings == ["\(path): line 4, the last, is damaged (its checksum does not match its bytes); cut off"])
        #expect(log.recovered == Array(Self.roomRecords.prefix(3)))
        #expect(try DataFiles.contents(path) == Array(Self.roomRecords.prefix(3).map(\.line).joined()))
    }

    @Test func aRoomLogFromBeforeChecksumsLoadsAndIsWrittenBackSealed() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/rooms.log"
        let old = Self.roomRecords.map { Self.unsealed($0.line) }
        #expect(String(decoding: old[1], as: UTF8.self) == #"{"k":"move","room":"K7QX","player":"p1","command":{"type":"deal"},"t":"2"}"# + "\n")
        try DataFiles.write(Array(old.joined()), to: path)
        var warnings: [String] = []
        let log = try RoomLog(directory: directory, policy: .no, warn: { warnings.append($0) })
        #expect(warnings == [])
        #expect(log.recovered == Self.roomRecords)
        #expect(try DataFiles.contents(path) == Array(Self.roomRecords.map(\.line).joined()))
    }

    // MARK: The results journal

    @Test(arguments: [1, 2, 3])
    func aFlipInTheMiddleOfTheJournalStopsTheStartNamingTheLine(line: Int) throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        let damaged = DataFiles.flipped(Self.gameLines, line: line)
        try DataFiles.write(damaged, to: path)
        #expect {
            try ResultsJournal(directory: directory, warn: { _ in })
        } throws: { error in
            (error as? ResultsJournal.Failure)?.description
                == "\(path): line \(line) is damaged (its checksum does not match its bytes) and records follow it, so the server does not start. "
                + "Run `cardserver --repair --data \(directory)`: it keeps every good record and moves the damaged ones to \(path).damaged"
        }
        #expect(try DataFiles.contents(path) == damaged)
    }

    @Test func aFlipInTheJournalsLastRecordIsCutWithAWarning() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        try DataFiles.write(DataFiles.flipped(Self.gameLines, line: 4) + Array(#"{"id":"K7QX"#.utf8), to: path)
        var warnings: [String] = []
        let journal = try ResultsJournal(directory: directory, warn: { warnings.append($0) })
        #expect(warnings == [
            "\(path): line 4, the last, is damaged (its checksum does not match its bytes); cut off",
            "\(path): the last line is incomplete (11 bytes, a crash mid-write); cut off",
        ])
        #expect(journal.gamesWithIDs == 3)
        #expect((1...3).allSatisfy { journal.hadGame("K7QXM2PA-mhz0k3xs-\($0)") })
        #expect(!journal.hadGame("K7QXM2PA-mhz0k3xs-4"))
        #expect(journal.stats(for: "ann", gameOrder: ["rps"]).wins == 3)
        // Cut back to the good records, so the next one starts on a line of its own.
        #expect(try DataFiles.contents(path) == Array(Self.gameLines.prefix(3).joined()))
    }

    @Test func aJournalFromBeforeChecksumsLoadsAndSealedRecordsFollowIt() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        // Two old records, then two of this server.
        let file = Array((Self.gameLines.prefix(2).map(Self.unsealed) + Self.gameLines.suffix(2)).joined())
        try DataFiles.write(file, to: path)
        var warnings: [String] = []
        let journal = try ResultsJournal(directory: directory, warn: { warnings.append($0) })
        #expect(warnings == [])
        #expect(journal.gamesWithIDs == 4)
        #expect((1...4).allSatisfy { journal.hadGame("K7QXM2PA-mhz0k3xs-\($0)") })
        #expect(journal.stats(for: "bob", gameOrder: ["rps"]).games == 4)
        #expect(try DataFiles.contents(path) == file)
    }

    /// A record without a seal after sealed ones is a seal damaged past recognition.
    @Test func aJournalLineWithoutASealAfterSealedOnesStopsTheStart() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        try DataFiles.write(Array([Self.gameLines[0], Self.unsealed(Self.gameLines[1]), Self.gameLines[2]].joined()), to: path)
        #expect {
            try ResultsJournal(directory: directory, warn: { _ in })
        } throws: { error in
            (error as? ResultsJournal.Failure)?.description.hasPrefix(
                "\(path): line 2 is damaged (it has no checksum, after lines that have one) and records follow it") == true
        }
    }

    /// A journal larger than the start's read chunk: records that straddle chunks are read
    /// whole, and a flipped bit past the first chunk is named by its own line number.
    @Test func aJournalIsReadInChunksAndADamagedLinePastTheFirstIsNamed() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        let lines = (1...10_000).map { Self.gameRecord($0).jsonLine }
        #expect(lines.reduce(0) { $0 + $1.count } > 2 * DataFileScan.chunkBytes)
        try DataFiles.write(Array(lines.joined()), to: path)
        let journal = try ResultsJournal(directory: directory, warn: { _ in })
        #expect(journal.gamesWithIDs == 10_000)
        #expect(journal.stats(for: "ann", gameOrder: ["rps"]).wins == 10_000)

        try DataFiles.write(DataFiles.flipped(lines, line: 9_000), to: path)
        #expect(throws: ResultsJournal.Failure.self) { _ = try ResultsJournal(directory: directory, warn: { _ in }) }
        do {
            _ = try ResultsJournal(directory: directory, warn: { _ in })
        } catch {
            #expect(error.description.hasPrefix("\(path): line 9000 is damaged (its checksum does not match its bytes) and records follow it"))
        }
    }
}
