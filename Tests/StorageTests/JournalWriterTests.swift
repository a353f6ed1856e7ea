@testable import Storage
import Foundation
import Glibc
import Testing

/// The journal's writer thread, on its own: batches go to disk in order, under their tickets.
struct JournalWriterTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    func temporaryFile() throws -> (path: String, fd: Int32) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl").path
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        return (path, fd)
    }

    @Test func batchesReachTheFileInOrderAndAreReportedByTicket() throws {
        let (path, fd) = try temporaryFile()
        defer {
            close(fd)
            unlink(path)
        }
        let notified = Counter()
        let writer = JournalWriter(fd: fd, path: path, notify: { notified.increment() })
        try writer.start()
        let tickets = ["one\n", "two\n", "three\n"].map { writer.submit(Array($0.utf8)) }
        writer.waitUntilIdle()
        #expect(tickets == [1, 2, 3])
        let finished = writer.takeFinished()
        #expect(finished.map(\.ticket) == tickets)
        #expect(finished.map(\.failure) == [nil, nil, nil])
        // A write and an fsync take some time, and batches written together share it.
        #expect(finished.allSatisfy { $0.nanoseconds > 0 })
        #expect(writer.takeFinished() == [])
        // notify runs on the writer's thread just after the batches are marked finished.
        for _ in 0 ..< 200 where notified.count == 0 { usleep(10_000) }
        #expect(notified.count >= 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
        writer.stop()
    }

    @Test func aFailedWriteIsReportedWithTheCallAndTheError() throws {
        let writer = JournalWriter(fd: -1, path: "/nowhere/results.jsonl", notify: {})
        try writer.start()
        let ticket = writer.submit(Array("lost\n".utf8))
        writer.waitUntilIdle()
        let finished = writer.takeFinished()
        #expect(finished.map(\.ticket) == [ticket])
        #expect(finished.map(\.failure) == ["write(/nowhere/results.jsonl): Bad file descriptor"])
        writer.stop()
    }
}
