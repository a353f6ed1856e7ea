import GameRules
import Testing
@testable import Wire

/// A reader that takes at most `budget` frames, then holds the rest (as the server does
/// when a client's output is backed up or its command rate is spent).
private struct BudgetReader {
    var seen: [LineFramer.Frame] = []
    var budget = 0

    mutating func verdict(_ frame: LineFramer.FrameView) -> LineFramer.Verdict {
        switch frame {
        case .line(let view): seen.append(.line(Array(view)))
        case .tooLong: seen.append(.tooLong)
        }
        budget -= 1
        return budget > 0 ? .next : .hold
    }
}

@Suite("LineFramer holding")
struct LineFramerHoldTests {
    @Test func aHoldKeepsTheRestUntilResumedAndNewBytesQueueBehindIt() {
        var framer = LineFramer()
        var reader = BudgetReader(budget: 2)
        Array("one\ntwo\nthree\nfour\nfi".utf8).withUnsafeBytes { bytes in
            framer.append(bytes) { reader.verdict($0) }
        }
        #expect(reader.seen == [.line(Array("one".utf8)), .line(Array("two".utf8))])
        #expect(framer.isHolding)
        #expect(framer.bufferedByteCount == "three\nfour\nfi".utf8.count)

        // Bytes arriving during the hold are kept behind, unscanned: the reader sees nothing.
        Array("ve\nsix\n".utf8).withUnsafeBytes { bytes in
            framer.append(bytes) { reader.verdict($0) }
        }
        #expect(reader.seen.count == 2)
        #expect(framer.bufferedByteCount == "three\nfour\nfive\nsix\n".utf8.count)

        reader.budget = 1
        framer.resume { reader.verdict($0) }
        #expect(reader.seen.last == .line(Array("three".utf8)))
        #expect(framer.isHolding)

        reader.budget = 100
        framer.resume { reader.verdict($0) }
        #expect(reader.seen.map { frame -> String in
            guard case .line(let bytes) = frame else { return "tooLong" }
            return String(decoding: bytes, as: UTF8.self)
        } == ["one", "two", "three", "four", "five", "six"])
        #expect(!framer.isHolding)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func aHoldOnTheLastCompleteLineKeepsTheUnfinishedOneAsPartial() {
        var framer = LineFramer()
        var reader = BudgetReader(budget: 1)
        Array("one\ntw".utf8).withUnsafeBytes { bytes in framer.append(bytes) { reader.verdict($0) } }
        #expect(reader.seen == [.line(Array("one".utf8))])
        #expect(framer.isHolding)
        #expect(framer.bufferedByteCount == 2)
        reader.budget = 10
        framer.resume { reader.verdict($0) }
        // "tw" was scanned into the unfinished line; it is no longer held.
        #expect(!framer.isHolding)
        #expect(framer.bufferedByteCount == 2)
        Array("o\n".utf8).withUnsafeBytes { bytes in framer.append(bytes) { reader.verdict($0) } }
        #expect(reader.seen == [.line(Array("one".utf8)), .line(Array("two".utf8))])
    }

    @Test func resumeWithNothingHeldCallsNothing() {
        var framer = LineFramer()
        var calls = 0
        framer.resume { _ in
            calls += 1
            return .next
        }
        #expect(calls == 0)
        #expect(!framer.isHolding)
    }

    @Test func stopDuringAResumeDropsWhatWasHeld() {
        var framer = LineFramer()
        var reader = BudgetReader(budget: 1)
        Array("one\ntwo\nthree\n".utf8).withUnsafeBytes { bytes in framer.append(bytes) { reader.verdict($0) } }
        var seen: [String] = []
        framer.resume { frame in
            if case .line(let view) = frame { seen.append(String(decoding: view, as: UTF8.self)) }
            return .stop
        }
        #expect(seen == ["two"])
        #expect(!framer.isHolding)
        #expect(framer.bufferedByteCount == 0)
    }

    /// Holding after every frame, at every chunking, yields the same frames as reading straight through.
    @Test(arguments: 0..<100)
    func holdingAfterEveryFrameIsChunkingIndependent(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for (input, limit, expected) in [
            (LineFramerTests.fixture, LineFramer.defaultMaxLineBytes, LineFramerTests.fixtureFrames),
            (LineFramerTests.smallLimitFixture, 8, LineFramerTests.smallLimitFrames),
        ] {
            var framer = LineFramer(maxLineBytes: limit)
            var reader = BudgetReader()
            var start = 0
            while start < input.count {
                let end = min(input.count, start + Int.random(in: 1...30, using: &generator))
                reader.budget = Int.random(in: 0...2, using: &generator)
                Array(input[start..<end]).withUnsafeBytes { bytes in framer.append(bytes) { reader.verdict($0) } }
                // Resume a random number of times between reads, one frame each.
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    reader.budget = 1
                    framer.resume { reader.verdict($0) }
                }
                start = end
            }
            while framer.isHolding {
                reader.budget = 1
                framer.resume { reader.verdict($0) }
            }
            #expect(reader.seen == expected)
        }
    }
}
