@testable import Storage
import Foundation
@testable import CardServer
import ServerTestSupport
import Testing

/// `cardserver --repair`: every good record kept in order, every bad line moved to
/// `FILE.damaged`, the report, and a start that succeeds afterwards.
struct DataFileRepairTests {
    static func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func theRoomLogKeepsItsGoodRecordsAndTheBadLinesMoveAside() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/rooms.log"
        let lines = DamagedDataTests.roomRecords.map(\.line)
        var damaged = lines
        damaged[1][40] ^= 0x10
        // Line 2 damaged, a blank line, line 4 without its seal, then a torn write.
        let file = damaged[0] + damaged[1] + [10] + lines[2] + DamagedDataTests.unsealed(lines[3]) + Array(#"{"k":"move","ro"#.utf8)
        try DataFiles.write(Array(file), to: path)

        let report = try DataFileRepair.run(dataDirectory: directory)
        #expect(report == [
            "\(path): line 2: its checksum does not match its bytes",
            "\(path): line 5: it has no checksum, after lines that have one",
            "\(path): line 6: it is incomplete (15 bytes and no newline, a crash mid-write)",
            "\(path): kept 2 records; moved 3 lines (2, 5, 6) to \(path).damaged; dropped 1 blank line; rewritten",
            "\(directory)/results.jsonl: no such file; nothing to do",
            "\(directory)/accounts.log: no such file; nothing to do",
        ])
        #expect(try DataFiles.contents(path) == lines[0] + lines[2])
        #expect(try DataFiles.contents(path + ".damaged") == damaged[1] + DamagedDataTests.unsealed(lines[3]) + Array("{\"k\":\"move\",\"ro\n".utf8))
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(path + ".damaged") == 0o600)
        #expect(!FileManager.default.fileExists(atPath: path + ".repair"))

        // The start that stopped before now succeeds, with every good record.
        var warnings: [String] = []
        let log = try RoomLog(directory: directory, policy: .no, warn: { warnings.append($0) })
        #expect(warnings == [])
        #expect(log.recovered == [DamagedDataTests.roomRecords[0], DamagedDataTests.roomRecords[2]])
    }

    @Test func theJournalKeepsItsGoodRecordsAndARepairAgainAppendsToTheDamagedFile() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        let lines = DamagedDataTests.gameLines
        try DataFiles.write(DataFiles.flipped(lines, line: 2), to: path)
        #expect(throws: ResultsJournal.Failure.self) { try ResultsJournal(directory: directory, warn: { _ in }) }

        let report = try DataFileRepair.run(dataDirectory: directory)
        #expect(report == [
            "\(directory)/rooms.log: no such file; nothing to do",
            "\(path): line 2: its checksum does not match its bytes",
            "\(path): kept 3 records; moved 1 line (2) to \(path).damaged; rewritten",
            "\(directory)/accounts.log: no such file; nothing to do",
        ])
        #expect(try DataFiles.contents(path) == lines[0] + lines[2] + lines[3])
        let firstDamage = DataFiles.flipped([lines[1]], line: 1)
        #expect(try DataFiles.contents(path + ".damaged") == firstDamage)

        let journal = try ResultsJournal(directory: directory, warn: { _ in })
        #expect(journal.gamesWithIDs == 3)
        #expect([1, 3, 4].allSatisfy { journal.hadGame("K7QXM2PA-mhz0k3xs-\($0)") })
        #expect(!journal.hadGame("K7QXM2PA-mhz0k3xs-2"))

        // Damaged again: the next repair adds to what the last one moved aside.
        try DataFiles.write(DataFiles.flipped([lines[0], lines[2], lines[3]], line: 1), to: path)
        _ = try DataFileRepair.run(dataDirectory: directory)
        #expect(try DataFiles.contents(path + ".damaged") == firstDamage + DataFiles.flipped([lines[0]], line: 1))
        #expect(try DataFiles.contents(path) == lines[2] + lines[3])
    }

    @Test func goodFilesAreLeftAsTheyWere() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rooms = Array(DamagedDataTests.roomRecords.map(\.line).joined())
        // An old record before sealed ones is a good record.
        let results = Array(([DamagedDataTests.unsealed(DamagedDataTests.gameLines[0])] + DamagedDataTests.gameLines.dropFirst()).joined())
        try DataFiles.write(rooms, to: directory + "/rooms.log")
        try DataFiles.write(results, to: directory + "/results.jsonl")
        #expect(try DataFileRepair.run(dataDirectory: directory) == [
            "\(directory)/rooms.log: 4 records, all good; left as it was",
            "\(directory)/results.jsonl: 4 records, all good; left as it was",
            "\(directory)/accounts.log: no such file; nothing to do",
        ])
        #expect(try DataFiles.contents(directory + "/rooms.log") == rooms)
        #expect(try DataFiles.contents(directory + "/results.jsonl") == results)
        #expect(!FileManager.default.fileExists(atPath: directory + "/rooms.log.damaged"))
    }

    /// A running server holds the folder's lock: the repair leaves its files alone.
    @Test func aFolderInUseIsNotRepaired() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let damaged = DataFiles.flipped(DamagedDataTests.gameLines, line: 2)
        try DataFiles.write(damaged, to: directory + "/results.jsonl")
        let server = try DataDirectory(path: directory)
        #expect {
            try DataFileRepair.run(dataDirectory: directory)
        } throws: { error in
            (error as? DataFileRepair.Failure)?.description.hasPrefix("\(directory) is in use by cardserver pid \(getpid())") == true
        }
        #expect(try DataFiles.contents(directory + "/results.jsonl") == damaged)
        withExtendedLifetime(server) {}
    }

    @Test func aMissingDataFolderIsAFailure() {
        #expect(throws: DataFileRepair.Failure(description: "/nonexistent-0/data is not a data folder: No such file or directory")) {
            try DataFileRepair.run(dataDirectory: "/nonexistent-0/data")
        }
    }
}
