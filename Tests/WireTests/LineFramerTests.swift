import GameRules
import Testing
@testable import Wire

private func line(_ text: String) -> LineFramer.Frame {
    .line(Array(text.utf8))
}

/// Takes every frame available now.
private func drain(_ framer: inout LineFramer) -> [LineFramer.Frame] {
    var frames: [LineFramer.Frame] = []
    while let frame = framer.next() {
        frames.append(frame)
    }
    return frames
}

/// Feeds `input` in chunks of the given sizes (cycled), draining after each chunk.
private func frames(of input: [UInt8], chunkSizes: [Int], maxLineBytes: Int) -> (frames: [LineFramer.Frame], leftover: Int) {
    var framer = LineFramer(maxLineBytes: maxLineBytes)
    var result: [LineFramer.Frame] = []
    var start = 0
    var sizeIndex = 0
    while start < input.count {
        let end = min(input.count, start + chunkSizes[sizeIndex % chunkSizes.count])
        framer.append(Array(input[start..<end]))
        result += drain(&framer)
        start = end
        sizeIndex += 1
    }
    return (result, framer.bufferedByteCount)
}

@Suite("LineFramer")
struct LineFramerTests {
    static let fixture = Array((
        "{\"type\":\"hello\"}\n"
        + "\n"
        + "second\r\n"
        + "   \t \n"
        + "\r\n"
        + " \r \r\n"
        + "  indented  \n"
        + "with\rinner cr\r\r\n"
        + "héllo 😀\n"
        + "\n\n\n"
        + "last complete\n"
        + "unfinished"
    ).utf8)

    static let fixtureFrames: [LineFramer.Frame] = [
        line("{\"type\":\"hello\"}"),
        line("second"),
        line("  indented  "),
        line("with\rinner cr\r"),
        line("héllo 😀"),
        line("last complete"),
    ]

    @Test func fixtureFedWhole() {
        var framer = LineFramer()
        framer.append(Self.fixture)
        #expect(drain(&framer) == Self.fixtureFrames)
        #expect(framer.bufferedByteCount == "unfinished".utf8.count)
        #expect(framer.next() == nil)
    }

    @Test(arguments: 0..<50)
    func framesHandedToAClosureMatchTheQueue(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var framer = LineFramer()
        var seen: [LineFramer.Frame] = []
        var start = 0
        while start < Self.fixture.count {
            let end = min(Self.fixture.count, start + Int.random(in: 1...40, using: &generator))
            Array(Self.fixture[start..<end]).withUnsafeBytes { bytes in
                framer.append(bytes) { frame in
                    switch frame {
                    case .line(let view): seen.append(.line(Array(view)))
                    case .tooLong: seen.append(.tooLong)
                    }
                    return true
                }
            }
            start = end
        }
        #expect(seen == Self.fixtureFrames)
        #expect(framer.bufferedByteCount == "unfinished".utf8.count)
        #expect(framer.next() == nil)
    }

    @Test func aClosureReturningFalseDropsTheRestOfTheBytes() {
        var framer = LineFramer()
        var seen: [String] = []
        let collect: (LineFramer.FrameView) -> Bool = { frame in
            if case .line(let view) = frame { seen.append(String(decoding: view, as: UTF8.self)) }
            return seen.count < 2
        }
        Array("one\ntwo\nthree\nfour-unfinished".utf8).withUnsafeBytes { framer.append($0, onFrame: collect) }
        #expect(seen == ["one", "two"])
        #expect(framer.bufferedByteCount == 0)
        Array("five\n".utf8).withUnsafeBytes { framer.append($0) { frame in
            if case .line(let view) = frame { seen.append(String(decoding: view, as: UTF8.self)) }
            return true
        } }
        #expect(seen == ["one", "two", "five"])
    }

    @Test func fixtureFedOneByteAtATime() {
        let (frames, leftover) = frames(of: Self.fixture, chunkSizes: [1], maxLineBytes: LineFramer.defaultMaxLineBytes)
        #expect(frames == Self.fixtureFrames)
        #expect(leftover == "unfinished".utf8.count)
    }

    @Test(arguments: 0..<200)
    func fixtureFedInRandomChunks(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let sizes = (0..<64).map { _ in Int.random(in: 1...40, using: &generator) }
        let (frames, leftover) = frames(of: Self.fixture, chunkSizes: sizes, maxLineBytes: LineFramer.defaultMaxLineBytes)
        #expect(frames == Self.fixtureFrames)
        #expect(leftover == "unfinished".utf8.count)
    }

    /// With a small limit the fixture mixes accepted, over-long and blank lines.
    static let smallLimitFixture = Array((
        "12345678\n"  // exactly the limit
        + "12345678\r\n"  // exactly the limit plus "\r"
        + "123456789\n"  // one over
        + "ok\n"
        + "123456789\r\n"  // one over, with "\r"
        + "12345678\r\r\n"  // only one "\r" is dropped, so one over
        + "a very long line that goes on and on\n"
        + "\n"
        + "          \n"  // blank but longer than the limit
        + "x\n"
        + "another very long line with no end in sight"
    ).utf8)

    static let smallLimitFrames: [LineFramer.Frame] = [
        line("12345678"), line("12345678"), .tooLong, line("ok"), .tooLong, .tooLong, .tooLong, .tooLong, line("x"),
        .tooLong,
    ]

    @Test(arguments: 0..<200)
    func smallLimitFixtureIsChunkingIndependent(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let sizes = (0..<64).map { _ in Int.random(in: 1...25, using: &generator) }
        let (frames, leftover) = frames(of: Self.smallLimitFixture, chunkSizes: sizes, maxLineBytes: 8)
        #expect(frames == Self.smallLimitFrames)
        #expect(leftover == 0)
    }

    @Test func smallLimitFixtureWholeAndByteByByte() {
        let whole = frames(of: Self.smallLimitFixture, chunkSizes: [Self.smallLimitFixture.count], maxLineBytes: 8)
        let bytewise = frames(of: Self.smallLimitFixture, chunkSizes: [1], maxLineBytes: 8)
        #expect(whole.frames == Self.smallLimitFrames)
        #expect(bytewise.frames == Self.smallLimitFrames)
    }

    @Test func carriageReturnNewlineEndings() {
        var framer = LineFramer()
        framer.append(Array("one\r\ntwo\r\nthree\n".utf8))
        #expect(drain(&framer) == [line("one"), line("two"), line("three")])
    }

    @Test(arguments: ["\n", "\r\n", " \n", "\t\n", " \t \r\n", "\r\r\n", " \r\t\r\n"])
    func blankLinesAreSkipped(_ blank: String) {
        var framer = LineFramer()
        framer.append(Array((blank + blank + "x\n" + blank).utf8))
        #expect(drain(&framer) == [line("x")])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineOfExactlyTheLimitIsAccepted(_ ending: String) {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 8192)
        var framer = LineFramer()
        framer.append(body + Array(ending.utf8) + Array("next\n".utf8))
        #expect(drain(&framer) == [.line(body), line("next")])
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineOfExactlyTheLimitIsAcceptedByteByByte(_ ending: String) {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 8192)
        let (frames, _) = frames(of: body + Array(ending.utf8), chunkSizes: [1], maxLineBytes: 8192)
        #expect(frames == [.line(body)])
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineOneOverTheLimitIsRejectedOnce(_ ending: String) {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 8193)
        var framer = LineFramer()
        framer.append(body + Array(ending.utf8) + Array("following\n".utf8))
        #expect(drain(&framer) == [.tooLong, line("following")])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func oneMegabyteLineInChunksStaysBounded() {
        var framer = LineFramer()
        let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1000)
        var frames: [LineFramer.Frame] = []
        var maxBuffered = 0
        for _ in 0..<1000 {
            framer.append(chunk)
            maxBuffered = max(maxBuffered, framer.bufferedByteCount)
            frames += drain(&framer)
            maxBuffered = max(maxBuffered, framer.bufferedByteCount)
        }
        #expect(frames == [.tooLong])
        framer.append(Array("\nafter\n".utf8))
        frames += drain(&framer)
        #expect(frames == [.tooLong, line("after")])
        #expect(maxBuffered <= LineFramer.defaultMaxLineBytes + 2)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func oneMegabyteLineWithoutDrainingStaysBounded() {
        var framer = LineFramer()
        let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1000)
        for _ in 0..<1000 {
            framer.append(chunk)
            #expect(framer.bufferedByteCount <= LineFramer.defaultMaxLineBytes + 2)
        }
        framer.append(Array("\nafter\n".utf8))
        #expect(drain(&framer) == [.tooLong, line("after")])
    }

    @Test func tooLongIsReportedBeforeTheNewline() {
        var framer = LineFramer()
        // 8193 bytes could still be 8192 plus "\r", so nothing is certain yet.
        framer.append([UInt8](repeating: UInt8(ascii: "a"), count: 8193))
        #expect(framer.next() == nil)
        framer.append([UInt8(ascii: "a")])
        #expect(framer.next() == .tooLong)
        #expect(framer.next() == nil)
        framer.append([UInt8](repeating: UInt8(ascii: "b"), count: 20_000))
        #expect(framer.next() == nil)
        #expect(framer.bufferedByteCount == 0)
        framer.append(Array("tail of the long line\nok\n".utf8))
        #expect(drain(&framer) == [line("ok")])
    }

    @Test func limitPlusCarriageReturnWaitsForTheNewline() {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 8192)
        var framer = LineFramer()
        framer.append(body + [UInt8(ascii: "\r")])
        #expect(framer.next() == nil)
        #expect(framer.bufferedByteCount == 8193)
        framer.append([UInt8(ascii: "\n")])
        #expect(framer.next() == .line(body))
    }

    @Test func bufferedByteCountCountsHeldBytes() {
        var framer = LineFramer()
        #expect(framer.bufferedByteCount == 0)
        framer.append(Array("abc\r\nde".utf8))
        #expect(framer.bufferedByteCount == 5)
        #expect(framer.next() == line("abc"))
        #expect(framer.bufferedByteCount == 2)
        #expect(framer.next() == nil)
        framer.append(Array("f\n".utf8))
        #expect(framer.next() == line("def"))
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func rawBufferAppendMatchesArrayAppend() {
        var framer = LineFramer()
        Array("raw\nbuffer\n".utf8).withUnsafeBytes { framer.append($0) }
        framer.append(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(drain(&framer) == [line("raw"), line("buffer")])
    }

    @Test func manyLinesByteAtATimeWithoutDraining() {
        var input: [UInt8] = []
        for index in 0..<5000 {
            input += Array("line \(index)\n".utf8)
        }
        var framer = LineFramer()
        for byte in input {
            framer.append([byte])
        }
        var count = 0
        while let frame = framer.next() {
            #expect(frame == line("line \(count)"))
            count += 1
        }
        #expect(count == 5000)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func interleavedDrainingKeepsOrder() {
        var framer = LineFramer()
        var taken: [LineFramer.Frame] = []
        for index in 0..<1000 {
            framer.append(Array("m\(index)\n".utf8))
            if index % 3 == 0, let frame = framer.next() {
                taken.append(frame)
            }
        }
        taken += drain(&framer)
        #expect(taken == (0..<1000).map { line("m\($0)") })
    }
}
