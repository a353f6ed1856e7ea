@testable import Storage
import Foundation
import Glibc
import Testing

/// The sealed append-only log both ways it is kept: in a file (what a restart reads back) and
/// in memory (what fails on command for the server's tests).
struct AppendOnlyLogTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)").path
    }

    static func text(_ log: any AppendOnlyLog) -> String? {
        guard case .success(let bytes) = log.contents() else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFileLogAppendsReadsInChunksCutsAndComesBackOnReopening() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let log = try FileLog(path: path)
        #expect(log.size == 0)
        #expect(log.append(Array("one\n".utf8)) == nil)
        #expect(log.append(Array("two\n".utf8)) == nil)
        #expect(log.size == 8)
        #expect(log.read(at: 2, count: 3) == .success(Array("e\ntw".utf8).prefix(3).map { $0 }))
        #expect(log.read(at: 8, count: 10) == .success([]))
        #expect(log.sync() == nil)
        #expect(log.cut(to: 4) == nil)
        #expect(Self.text(log) == "one\n")
        let again = try FileLog(path: path)
        #expect(again.size == 4)
        #expect(Self.text(again) == "one\n")
        var mode = stat()
        #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o600)
    }

    /// The room kept past the end is the disk's blocks (what a full disk cannot take away),
    /// and the file's size stays what was written: a reader sees the same log.
    @Test func aFileLogKeepsRoomPastItsEndWithoutGrowing() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let log = try FileLog(path: path)
        #expect(log.append(Array("one\n".utf8)) == nil)
        var info = stat()
        #expect(stat(path, &info) == 0)
        let blocksBefore = Int(info.st_blocks) * 512
        #expect(log.reserve(256 * 1024) == nil)
        #expect(stat(path, &info) == 0)
        #expect(info.st_size == 4)
        #expect(log.size == 4)
        #expect(Int(info.st_blocks) * 512 >= 4 + 256 * 1024)
        #expect(Int(info.st_blocks) * 512 > blocksBefore)
        // Appends go into the kept room, and the file reads as written.
        #expect(log.append(Array("two\n".utf8)) == nil)
        #expect(Self.text(log) == "one\ntwo\n")
        #expect(log.reserve(0) == nil)
    }

    @Test func aFileLogIsReplacedWholeAndAReplacementUnderWayTakesEveryAppend() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        let log = try FileLog(path: path)
        _ = log.append(Array("a\nb\nc\n".utf8))
        #expect(log.replace(with: Array("c\n".utf8)) == nil)
        #expect(Self.text(log) == "c\n")
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))

        // Compaction while in use: the copy is written aside, appends go to both, then it is
        // renamed in; the descriptor keeps its number.
        #expect(log.beginReplacement(with: Array("C\n".utf8), alsoSyncAppends: false) == nil)
        #expect(log.append(Array("d\n".utf8)) == nil)
        #expect(try String(contentsOfFile: path + ".new", encoding: .utf8) == "C\nd\n")
        #expect(Self.text(log) == "c\nd\n")
        #expect(log.commitReplacement(sync: true) == nil)
        log.endReplacement(committed: true)
        #expect(log.size == 4)
        _ = log.append(Array("e\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "C\nd\ne\n")

        // A replacement that fails to commit is dropped, and the log goes on as it was.
        #expect(log.beginReplacement(with: Array("X\n".utf8), alsoSyncAppends: true) == nil)
        log.endReplacement(committed: false)
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
        #expect(Self.text(log) == "C\nd\ne\n")
    }

    @Test func aFileLogRefusesWhatIsNotARegularFileOrIsTooLarge() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: LogFailure("\(path) is not a regular file; the data directory holds only the server's own files")) {
            try FileLog(path: path)
        }
        unlink(path)
        try Data(count: 100).write(to: URL(fileURLWithPath: path))
        #expect(throws: LogFailure("\(path) is 100 bytes, more than the 10 such a file may be")) {
            try FileLog(path: path, maxBytes: 10)
        }
    }

    @Test func aMemoryLogFailsOnCommandAndKeepsWhatWasSynced() {
        let log = MemoryLog(path: "DIR/rooms.log", contents: Array("a\n".utf8))
        #expect(log.append(Array("b\n".utf8)) == nil)
        #expect(log.syncedBytes == [])
        #expect(log.sync() == nil)
        log.failAppends = "write(DIR/rooms.log): No space left on device"
        #expect(log.append(Array("c\n".utf8)) == LogFailure("write(DIR/rooms.log): No space left on device"))
        #expect(log.replace(with: []) == LogFailure("write(DIR/rooms.log): No space left on device"))
        #expect(Self.text(log) == "a\nb\n")
        log.failAppends = nil
        #expect(log.append(Array("c\n".utf8)) == nil)
        #expect(log.syncedBytes == Array("a\nb\n".utf8))
        #expect(log.cut(to: 2) == nil)
        #expect(log.bytes == Array("a\n".utf8))
        #expect(log.syncedBytes == Array("a\n".utf8))
        #expect(log.read(at: 1, count: 5) == .success(Array("\n".utf8)))
    }
}
