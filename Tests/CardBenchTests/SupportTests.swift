import Foundation
import Testing
@testable import cardbench

/// The timer heap of the Set players.
struct DeadlineHeapTests {
    @Test func itemsComeOutInDeadlineOrderOnceDue() {
        var heap = DeadlineHeap()
        for (item, deadline) in [(1, 50), (2, 10), (3, 40), (4, 20), (5, 30), (6, 10)] {
            heap.insert(item, at: UInt64(deadline))
        }
        #expect(heap.next == 10)
        #expect(heap.popDue(5) == nil)
        var out: [Int] = []
        while let item = heap.popDue(45) { out.append(item) }
        #expect(Set(out.prefix(2)) == [2, 6])
        #expect(Array(out.dropFirst(2)) == [4, 5, 3])
        #expect(heap.next == 50)
        #expect(heap.popDue(100) == 1)
        #expect(heap.isEmpty)
        #expect(heap.popDue(.max) == nil)
    }
}

/// Reading the server's memory from /proc.
struct ServerMemoryTests {
    static let status = """
        Name:\tcardserver
        VmPeak:\t  222444 kB
        VmHWM:\t   15360 kB
        VmRSS:\t   10342 kB
        Threads:\t1
        """

    @Test func rssAndItsPeakAreReadInKiB() {
        #expect(ServerMemory.parse(status: Self.status) == ServerMemory(residentKiB: 10_342, peakKiB: 15_360))
    }

    @Test func noRSSNoFigures() {
        #expect(ServerMemory.parse(status: "Name:\tkthreadd\nThreads:\t1\n") == nil)
    }

    @Test func mebibytesHaveOneDecimal() {
        #expect(ServerMemory.mebibytes(10_342) == "10.1 MiB")
        #expect(ServerMemory.mebibytes(65_536) == "64.0 MiB")
    }

    @Test func thisProcessHasAnRSS() throws {
        let memory = try #require(ServerMemory.of(getpid()))
        #expect(memory.residentKiB > 0)
        #expect(memory.peakKiB >= memory.residentKiB)
    }
}

/// Starting servers: the port a cardserver names, and the summary lines.
struct StartupTests {
    @Test(arguments: [
        ("2026-11-22T01:02:03.456Z cardserver 0.1.0 listening on 127.0.0.1:43955, results in /tmp/r.jsonl\n", 43955 as UInt16?),
        ("cardserver 0.1.0 listening on 127.0.0.1:7878\n", 7878),
        ("cardserver 0.1.0 listening on 127.0.0.1:439", nil),
        ("warning: the open-file limit is 1024\n", nil),
        ("listening on [::1]:7878\n", nil),
    ])
    func thePortIsReadOnceItsLineIsWhole(log: String, port: UInt16?) {
        #expect(StartupBench.listeningPort(in: log) == port)
    }

    @Test func theSummaryIsMinMedianAndMax() {
        #expect(StartupBench.summary("cardserver", [4, 3.5, 9, 3.25]) == [
            "cardserver startup min: 3.25 ms", "cardserver startup p50: 3.50 ms", "cardserver startup max: 9.00 ms",
        ])
    }

    @Test(arguments: [
        ("4242 (cardserver) R 1 4242 1 0 -1 4194304 900 0 0 0 310 42 0 0 20 0 3 0 100 0 0\n", 100.0, 3_520.0 as Double?),
        ("4242 (card server) (x) S 1 4242 1 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 1 0 0\n", 100, 100),
        ("4242 (cardserver) R 1 2 3\n", 100, nil),
    ])
    func theCPUTimeIsUserAndSystemAfterTheName(stat: String, ticks: Double, milliseconds: Double?) {
        #expect(StartupBench.cpuMilliseconds(stat: stat, ticksPerSecond: ticks) == milliseconds)
    }

    @Test func aFreePortIsBelowTheEphemeralRange() throws {
        let port = try StartupBench.freePort()
        #expect(StartupBench.portsToPick.contains(port))
    }
}

/// The built cardbench binary, run as a user would.
struct CommandLineTests {
    static var binary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("cardbench")
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func badArgumentsExit64WithErrorAndUsage() throws {
        let result = try run(["ping", "--port", "1", "--protocol", "http"])
        #expect(result.status == 64)
        #expect(result.output == "")
        #expect(result.error == "Error: --protocol must be cardserver or redis, not 'http'\n\(Options.usage)\n")
    }

    @Test func versionExits0() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "cardbench 0.12.0\n")
    }

    @Test func aServerThatIsNotThereExits1() throws {
        let port = try StartupBench.freePort()
        let result = try run(["ping", "--port", "\(port)", "--connections", "1", "--seconds", "1"])
        #expect(result.status == 1)
        #expect(result.error == "Error: connect(127.0.0.1:\(port)): Connection refused\n")
    }
}

/// The frames of `ping --websocket`: the upgrade's head skipped, frames of every length form read whole.
struct WebSocketFramesTests {
    @Test func theHeadIsSkippedAndFramesComeOutWholeHoweverTheyAreCut() {
        let head = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n".utf8)
        let short = [0x81, 15] + Array(#"{"type":"pong"}"#.utf8)
        let medium = [0x81, 126, 0, 200] + [UInt8](repeating: 0x61, count: 200)
        let stream: [UInt8] = head + short + medium + short
        for size in [1, 2, 7, stream.count] {
            var frames = WebSocketFrames()
            var payloads: [Int] = []
            var index = 0
            while index < stream.count {
                let piece = Array(stream[index ..< min(stream.count, index + size)])
                piece.withUnsafeBytes { frames.feed($0) { opcode, payload in
                    #expect(opcode == 0x1)
                    payloads.append(payload.count)
                } }
                index += size
            }
            #expect(frames.upgraded)
            #expect(payloads == [15, 200, 15])
        }
    }

    @Test func aRefusedUpgradeIsReported() {
        var frames = WebSocketFrames()
        Array("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".utf8).withUnsafeBytes { frames.feed($0) { _, _ in } }
        #expect(frames.refusal == "HTTP/1.1 403 Forbidden")
        #expect(!frames.upgraded)
    }

    @Test func aPongAnswersWithThePingsPayloadMasked() {
        #expect(Array("cardserver".utf8).withUnsafeBytes { WebSocketFrames.pong($0) } == [0x8A, 0x8A, 0, 0, 0, 0] + Array("cardserver".utf8))
    }

    @Test func aBatchIsMaskedFramesWithTheZeroKey() {
        #expect(PingBench.batch(.websocket, pipeline: 2) == ([0x81, 0x8F, 0, 0, 0, 0] + Array(#"{"type":"ping"}"#.utf8)) + ([0x81, 0x8F, 0, 0, 0, 0] + Array(#"{"type":"ping"}"#.utf8)))
    }
}
