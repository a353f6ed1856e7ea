import GameRules
import Testing
@testable import Network

/// A scripted writer: each call takes the next step; it records what was written.
private final class ScriptedWriter {
    enum Step {
        case accept(Int)      // write at most this many bytes
        case acceptAll
        case wouldBlock
        case fail(String)
    }

    var steps: [Step]
    var written: [UInt8] = []
    var offers: [Int] = []

    init(_ steps: [Step]) {
        self.steps = steps
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> WriteResult {
        offers.append(bytes.count)
        let step = steps.isEmpty ? .acceptAll : steps.removeFirst()
        switch step {
        case .accept(let limit):
            let n = min(limit, bytes.count)
            written.append(contentsOf: bytes.prefix(n))
            return .wrote(n)
        case .acceptAll:
            written.append(contentsOf: bytes)
            return .wrote(bytes.count)
        case .wouldBlock:
            return .wouldBlock
        case .fail(let message):
            return .failed(message)
        }
    }
}

@Suite("OutputBuffer")
struct OutputBufferTests {
    @Test("empty buffer drains without writing")
    func emptyDrains() {
        var buffer = OutputBuffer()
        let writer = ScriptedWriter([])
        #expect(buffer.flush(maxBytes: 100, write: writer.write) == .drained)
        #expect(writer.offers.isEmpty)
        #expect(buffer.count == 0)
        #expect(buffer.isEmpty)
    }

    @Test("small appends are coalesced into one write")
    func coalescing() {
        var buffer = OutputBuffer()
        for i in 0 ..< 100 {
            buffer.append(Array("line \(i)\n".utf8))
        }
        let expected = (0 ..< 100).flatMap { Array("line \($0)\n".utf8) }
        #expect(buffer.count == expected.count)
        #expect(buffer.chunkCount == 1)
        let writer = ScriptedWriter([])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(writer.offers == [expected.count])
        #expect(writer.written == expected)
        #expect(buffer.count == 0)
    }

    @Test("partial writes resume where they stopped")
    func partialWrites() {
        var buffer = OutputBuffer()
        let data = TestPattern.bytes(1000)
        buffer.append(data)
        let writer = ScriptedWriter([.accept(1), .accept(10), .accept(100), .wouldBlock])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .blocked)
        #expect(buffer.count == 1000 - 111)
        #expect(writer.written == Array(data[0 ..< 111]))
        #expect(writer.offers == [1000, 999, 989, 889])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(writer.written == data)
        #expect(buffer.count == 0)
    }

    @Test("wouldBlock leaves everything queued")
    func wouldBlockKeepsBytes() {
        var buffer = OutputBuffer()
        buffer.append([1, 2, 3])
        let writer = ScriptedWriter([.wouldBlock])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .blocked)
        #expect(buffer.count == 3)
        #expect(writer.written.isEmpty)
        buffer.append([4])
        #expect(buffer.count == 4)
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(writer.written == [1, 2, 3, 4])
    }

    @Test("a zero-byte write counts as blocked, not a spin")
    func zeroWrite() {
        var buffer = OutputBuffer()
        buffer.append([9, 9])
        let writer = ScriptedWriter([.accept(0)])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .blocked)
        #expect(buffer.count == 2)
    }

    @Test("order and count are exact across many mixed-size appends and scripted writes")
    func orderPreserved() {
        var buffer = OutputBuffer()
        var expected: [UInt8] = []
        var generator = SplitMix64(seed: 42)
        let writer = ScriptedWriter([])
        for round in 0 ..< 300 {
            let size: Int
            switch generator.next() % 10 {
            case 0: size = 16 * 1024 + Int(generator.next() % 50_000)   // large: kept as its own chunk
            case 1: size = 0
            default: size = Int(generator.next() % 3000)
            }
            let bytes = (0 ..< size).map { UInt8(truncatingIfNeeded: $0 &+ round &* 7) }
            buffer.append(bytes)
            expected.append(contentsOf: bytes)
            #expect(buffer.count == expected.count - writer.written.count)
            if round % 3 == 0 {
                for _ in 0 ..< 4 {
                    switch generator.next() % 4 {
                    case 0: writer.steps.append(.wouldBlock)
                    case 1: writer.steps.append(.accept(Int(generator.next() % 7)))
                    default: writer.steps.append(.accept(Int(generator.next() % 40_000)))
                    }
                }
                let outcome = buffer.flush(maxBytes: Int(generator.next() % 100_000), write: writer.write)
                #expect(outcome != .failed(""))
                #expect(buffer.count == expected.count - writer.written.count)
                #expect(writer.written == Array(expected[0 ..< writer.written.count]))
            }
        }
        writer.steps = []
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(writer.written == expected)
        #expect(buffer.count == 0)
        #expect(buffer.chunkCount == 0)
    }

    @Test("the byte budget stops a flush and reports it")
    func budget() {
        var buffer = OutputBuffer()
        buffer.append(TestPattern.bytes(100))
        let writer = ScriptedWriter([])
        #expect(buffer.flush(maxBytes: 30, write: writer.write) == .budgetExhausted)
        #expect(writer.offers == [30])
        #expect(buffer.count == 70)
        #expect(buffer.flush(maxBytes: 70, write: writer.write) == .drained)
        #expect(writer.written == TestPattern.bytes(100))
    }

    @Test("large appends are separate chunks written in order")
    func largeChunks() {
        var buffer = OutputBuffer()
        let small = [UInt8](repeating: 1, count: 10)
        let large = [UInt8](repeating: 2, count: 20_000)
        buffer.append(small)
        buffer.append(large)
        buffer.append(small)
        #expect(buffer.chunkCount == 3)
        let writer = ScriptedWriter([])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(writer.offers == [10, 20_000, 10])
        #expect(writer.written == small + large + small)
    }

    @Test("a failure is reported and the bytes stay")
    func failure() {
        var buffer = OutputBuffer()
        buffer.append([1, 2, 3, 4, 5])
        let writer = ScriptedWriter([.accept(2), .fail("send: Broken pipe")])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .failed("send: Broken pipe"))
        #expect(buffer.count == 3)
        #expect(writer.written == [1, 2])
        buffer.removeAll()
        #expect(buffer.count == 0)
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
    }

    /// The capacity an array of bytes gets when `capacity` is reserved in an empty one.
    private func reserved(_ capacity: Int) -> Int {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        return bytes.capacity
    }

    @Test("the memory held is the capacity of the chunks queued, and is given up as they are written")
    func heldBytes() {
        var buffer = OutputBuffer()
        let large = [UInt8](repeating: 7, count: 20_000)
        buffer.append(large)
        #expect(buffer.heldBytes == large.capacity)
        // After a large chunk, a small message starts a coalescing chunk of 4 KiB.
        buffer.append([1, 2, 3])
        #expect(buffer.heldBytes == large.capacity + reserved(4096))
        let writer = ScriptedWriter([.accept(20_000)])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(buffer.count == 0)
        #expect(buffer.heldBytes == 0)
        buffer.append(large)
        buffer.removeAll()
        #expect(buffer.heldBytes == 0)
    }

    @Test("behind a backlog, small messages go into 16 KiB chunks made whole at once, never grown")
    func backlogChunks() {
        var buffer = OutputBuffer()
        let backlog = [UInt8](repeating: 7, count: 70_000)
        buffer.append(backlog)
        let line = [UInt8](repeating: 8, count: 100)
        for _ in 0 ..< 200 {
            buffer.append(line)
        }
        // 20,000 bytes of lines: one chunk of 16 KiB filled with whole lines, and the rest in a second.
        #expect(buffer.count == 90_000)
        #expect(buffer.chunkCount == 3)
        #expect(buffer.heldBytes == backlog.capacity + 2 * reserved(OutputBuffer.backlogChunk))
        let writer = ScriptedWriter([])
        #expect(buffer.flush(maxBytes: .max, write: writer.write) == .drained)
        #expect(writer.offers == [70_000, reserved(OutputBuffer.backlogChunk) / 100 * 100, 20_000 - reserved(OutputBuffer.backlogChunk) / 100 * 100])
        #expect(writer.written == backlog + Array(repeating: 8, count: 20_000))
    }
}
