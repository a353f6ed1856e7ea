import Foundation
import Glibc
import TestServers
import Testing
@testable import Network

@Suite("The total of unsent output", .ownThread)
struct OutputTotalTests {
    @Test("the cut brings the total an eighth under the limit")
    func target() {
        #expect(OutputShedding.target(limit: 256 << 20) == 234_881_024)
        #expect(OutputShedding.target(limit: 524_288) == 458_752)
        #expect(OutputShedding.target(limit: 7) == 7)
    }

    @Test("the backlogs that waited longest unread are chosen first, then the larger, then the older connection, until the rest is at most the target",
          arguments: [
              // Stalled at once: one cut of the largest is enough.
              ([(1, 7, 300), (2, 7, 100), (3, 7, 200)], 400, 600, [1]),
              // The largest is not enough alone: the next largest too.
              ([(1, 7, 300), (2, 7, 100), (3, 7, 250)], 100, 650, [1, 3]),
              // Equal backlogs stalled at once: the lower identifier (the older connection) goes first.
              ([(4, 7, 100), (2, 7, 100), (3, 7, 100), (1, 7, 100)], 250, 400, [1, 2]),
              // A reader written to just now (since 9) keeps its large backlog; the small ones
              // that read nothing since 2 and 5 go, the longest stalled first.
              ([(1, 9, 66_000), (2, 5, 40_000), (3, 2, 33_000)], 70_000, 139_000, [3, 2]),
              // And only once every stalled one is gone is a reader cut.
              ([(1, 9, 66_000), (2, 5, 40_000), (3, 2, 33_000)], 10_000, 139_000, [3, 2, 1]),
              // Already at the target: nobody.
              ([(1, 7, 300)], 300, 300, []),
              // Every backlog, and still over (the total counts output of connections not listed).
              ([(1, 7, 10), (2, 7, 20)], 5, 100, [2, 1]),
          ] as [([(UInt64, UInt64, Int)], Int, Int, [UInt64])])
    func longestStalledFirst(backlogs: [(UInt64, UInt64, Int)], target: Int, total: Int, chosen: [UInt64]) {
        let ids = OutputShedding.longestStalledFirst(
            backlogs.map { Backlog(id: ConnectionID(rawValue: $0.0), stalledSince: $0.1, heldBytes: $0.2) }, until: target, total: total)
        #expect(ids.map(\.rawValue) == chosen)
    }

    @Test("past the total, the largest backlogs are cut off, the rest are served, and the total is kept exactly through writes and closes")
    func largestBacklogsAreCut() throws {
        var limits = NetworkLimits()
        limits.maxTotalOutputBytes = 524_288
        let server = try LoopThread(limits: limits)
        defer { server.stop() }
        server.start()

        let control = try TestClient(port: server.port)
        // Clients that never read, with a small receive buffer.
        var sinks: [TestClient] = []
        for _ in 0 ..< 6 {
            sinks.append(try TestClient(port: server.port, receiveBuffer: 4096))
        }
        #expect(server.delegate.wait { $0.opened.count == 7 })
        let ids = try sinks.map { try #require(server.delegate.connection(fromPort: $0.localPort)) }
        let sorted = ids.sorted { $0.rawValue < $1.rawValue }

        // What the loop's buffers hold of a send: the array as it came, with its capacity.
        let large = TestPattern.bytes(100_000).capacity
        let small = TestPattern.bytes(60_000).capacity
        // All in one turn, so nothing is written between the sends: five backlogs of
        // 100,000 bytes (about 500,000 in all, under 524,288), then 60,000 more to the sixth
        // (about 560,000): the two oldest of the largest go, leaving about 360,000, under 458,752.
        let sends = sorted.prefix(5).map { "SEND \($0.rawValue) 100000\n" }.joined()
        #expect(control.send(sends + "TOTAL\nSEND \(sorted[5].rawValue) 60000\nTOTAL\n"))
        #expect(control.readLine() == "total \(5 * large)")
        #expect(control.readLine() == "total \(3 * large + small)")
        #expect(server.delegate.wait { $0.closed.count == 2 })
        let cut = CloseReason.totalOutputOverflow(pendingBytes: 100_000, totalBytes: 5 * large + small)
        #expect(server.delegate.closed == [sorted[0]: cut, sorted[1]: cut])

        #expect(control.send("still here\n"))
        #expect(control.readLine() == "still here")
        // Closed with unread bytes: each server side sees a reset.
        sinks.removeAll()
        #expect(server.delegate.wait { $0.closed.count == 6 })
        // The sinks' output, partly written to their sockets, partly dropped at the close, is all gone from the total.
        #expect(control.send("TOTAL\n"))
        #expect(control.readLine() == "total 0")
        #expect(server.stop() == nil)
    }
}
