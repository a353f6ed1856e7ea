import Foundation
import Glibc
@testable import Storage
import Testing

/// The data directory's format file, as PostgreSQL's `PG_VERSION`: written for a new
/// directory, checked at every start, an older directory upgraded by writing it, a newer one
/// refused with both versions named.
struct DataFormatTests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "format-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    static func contents(_ directory: String) -> String? {
        try? String(contentsOfFile: directory + "/format", encoding: .utf8)
    }

    @Test func aNewDirectoryGetsTheFileAndTheNextStartFindsItCurrent() throws {
        let data = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 9.9.9") == .created)
        #expect(Self.contents(data) == "2\ncardserver 9.9.9: rooms.log, results.jsonl and replays/ in data format 2\n")
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 9.9.10") == .current)
        // The file names what first wrote it; a start in the same format leaves it alone.
        #expect(Self.contents(data)?.hasPrefix("2\ncardserver 9.9.9:") == true)
        #expect(!FileManager.default.fileExists(atPath: data + "/format.new"))
    }

    @Test(arguments: ["rooms.log", "results.jsonl", "replays"])
    func aDirectoryFromBeforeTheFileIsFormatZeroAndUpgraded(holding file: String) throws {
        let data = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        if file == "replays" {
            try FileManager.default.createDirectory(atPath: data + "/replays", withIntermediateDirectories: false)
        } else {
            try Data().write(to: URL(fileURLWithPath: data + "/" + file))
        }
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 1.0.0", upgrade: false) == .upgraded(from: 0))
        #expect(Self.contents(data) == nil, "a check without upgrade writes nothing")
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 1.0.0") == .upgraded(from: 0))
        #expect(Self.contents(data)?.hasPrefix("2\n") == true)
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 1.0.0") == .current)
    }

    /// Format 1 (0.6.0 on, before room summaries) has no `members` records; format 2 reads its
    /// files as they are.
    @Test func aFormatOneDirectoryIsUpgradedToTwoByWritingTheFile() throws {
        let data = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try "1\ncardserver 0.11.0: rooms.log, results.jsonl and replays/ in data format 1\n".write(toFile: data + "/format", atomically: false, encoding: .utf8)
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 0.12.0") == .upgraded(from: 1))
        #expect(Self.contents(data) == "2\ncardserver 0.12.0: rooms.log, results.jsonl and replays/ in data format 2\n")
        #expect(try DataFormat.check(directory: data, writtenBy: "cardserver 0.12.0") == .current)
    }

    @Test func aNewerFormatIsRefusedNamingBothAndLeftAsItWas() throws {
        let data = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let newer = "7\ncardserver 3.0.0\n"
        try newer.write(toFile: data + "/format", atomically: false, encoding: .utf8)
        #expect(throws: DataDirectory.Failure(description:
            "\(data) holds data format 7, written by a newer cardserver; this one (cardserver 1.0.0) reads format 2 and older. "
                + "Run the newer cardserver on it, or give another --data")) {
            try DataFormat.check(directory: data, writtenBy: "cardserver 1.0.0")
        }
        #expect(Self.contents(data) == newer)
    }

    @Test(arguments: ["", "one\n", "-1\n", "1.5\n", "\u{0}\n"])
    func aFileThatNamesNoFormatIsRefused(text: String) throws {
        let data = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try text.write(toFile: data + "/format", atomically: false, encoding: .utf8)
        #expect(throws: DataDirectory.Failure(description:
            "\(data)/format does not name a data format (its first line should be a number, such as 2); "
                + "it is not a cardserver data directory, or the file was damaged")) {
            try DataFormat.check(directory: data, writtenBy: "cardserver 1.0.0")
        }
        #expect(Self.contents(data) == text)
    }

    @Test func aFileThatCannotBeWrittenIsAFailureAndNoFormatIsClaimed() throws {
        let data = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        // Something else holds the temporary file's name (even root cannot open a directory
        // for writing).
        try FileManager.default.createDirectory(atPath: data + "/format.new", withIntermediateDirectories: false)
        #expect(throws: DataDirectory.Failure(description: "open(\(data)/format.new): Is a directory")) {
            try DataFormat.check(directory: data, writtenBy: "cardserver 1.0.0")
        }
        #expect(Self.contents(data) == nil)
    }
}
