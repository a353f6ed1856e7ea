@testable import Storage
import Foundation
import Glibc
import Testing

/// The one writing thread, on its own: batches go to its log in order, under their tickets,
/// synced; a batch the log refuses is reported and leaves nothing.
struct WritingThreadTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func batchesReachTheFileInOrderAndAreReportedByTicket() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString).jsonl").path
        defer { unlink(path) }
        let notified = Counter()
        let writer = WritingThread(log: try FileLog(path: path), notify: { notified.increment() })
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

    @Test func aBatchTheLogRefusesIsReportedWithTheCallAndLeavesNothing() throws {
        let log = MemoryLog(path: "DIR/results.jsonl", contents: Array("kept\n".utf8))
        let writer = WritingThread(log: log, notify: {})
        try writer.start()
        log.failAppends = "write(DIR/results.jsonl): No space left on device"
        let lost = writer.submit(Array("lost\n".utf8))
        writer.waitUntilIdle()
        #expect(writer.takeFinished().map(\.failure) == ["write(DIR/results.jsonl): No space left on device"])
        #expect(log.bytes == Array("kept\n".utf8))
        // Written but not synced is not confirmed: cut back off, so a retry is there once.
        log.failAppends = nil
        log.failSyncs = "fsync(DIR/results.jsonl): Input/output error"
        let unsynced = writer.submit(Array("unsynced\n".utf8))
        writer.waitUntilIdle()
        #expect(writer.takeFinished().map(\.failure) == ["fsync(DIR/results.jsonl): Input/output error"])
        #expect(log.bytes == Array("kept\n".utf8))
        log.failSyncs = nil
        let written = writer.submit(Array("written\n".utf8))
        writer.waitUntilIdle()
        #expect(writer.takeFinished().map(\.ticket) == [written])
        #expect([lost, unsynced, written] == [1, 2, 3])
        #expect(log.syncedBytes == Array("kept\nwritten\n".utf8))
        writer.stop()
    }

    @Test func otherLogsAreSyncedOnRequestOncePerRequestInTheQueue() throws {
        let journal = MemoryLog()
        let rooms = MemoryLog(contents: Array("room\n".utf8))
        let writer = WritingThread(log: journal, notify: {})
        try writer.start()
        writer.requestSync(of: rooms)
        writer.waitUntilIdle()
        for _ in 0 ..< 200 where rooms.syncs == 0 { usleep(10_000) }
        #expect(rooms.syncs == 1)
        #expect(rooms.syncedBytes == Array("room\n".utf8))
        #expect(journal.syncs == 0)
        writer.stop()
    }
}
