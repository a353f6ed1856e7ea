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

    @Test("the largest backlogs are chosen first, the older of two equal ones first, until the rest is at most the target",
          arguments: [
              // One cut is enough.
              ([(1, 300), (2, 100), (3, 200)], 400, 600, [1]),
              // The largest is not enough alone: the next largest too.
              ([(1, 300), (2, 100), (3, 250)], 100, 650, [1, 3]),
              // Equal backlogs: the lower identifier (the older connection) goes first.
              ([(4, 100), (2, 100), (3, 100), (1, 100)], 250, 400, [1, 2]),
              // Already at the target: nobody.
              ([(1, 300)], 300, 300, []),
              // Every backlog, and still over (the total counts output of connections not listed).
              ([(1, 10), (2, 20)], 5, 100, [2, 1]),
          ] as [([(UInt64, Int)], Int, Int, [UInt64])])
    func largestFirst(backlogs: [(UInt64, Int)], target: Int, total: Int, chosen: [UInt64]) {
        let ids = OutputShedding.largestFirst(backlogs.map { (ConnectionID(rawValue: $0.0), $0.1) }, until: target, total: total)
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
