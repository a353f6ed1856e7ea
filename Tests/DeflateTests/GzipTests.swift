import Deflate
import Foundation
import TestServers
import Testing

/// What `Gzip` writes: exact bytes where they are short enough to read, exact sizes where
/// not, and every one decompressed by another implementation (Python's, on zlib) to the input.
struct GzipTests {
    /// The inputs every compressor must get right, by name.
    static let vectors: [(name: String, bytes: [UInt8])] = {
        var generator = SplitMix64(seed: 44)
        let noise = generator.bytes(200_000)
        let paragraph = Array(String(repeating: "Every card is dealt from a seeded deck; ", count: 20).utf8)
            + generator.bytes(64).map { 97 + $0 % 26 }
        let block = generator.bytes(20_000)
        let words = "the a deck of cards each player draws one turn table seat room game score wins loses set pair match deal shuffle hand pile foundation waste stock king queen jack ace".split(separator: " ")
        let text = (0 ..< 5000).map { _ in String(words[Int(generator.next() % UInt64(words.count))]) }.joined(separator: " ")
        return [
            ("empty", []),
            ("one byte", [97]),
            ("100 KB of one byte", [UInt8](repeating: 120, count: 100_000)),
            ("random, incompressible", noise),
            // Text, noise past the window, the text again out of reach, then once more in reach.
            ("repeats across the 32 KiB window", paragraph + block + block + generator.bytes(20_000) + paragraph + paragraph + Array(paragraph.reversed())),
            ("every byte value", (0 ... 255).map { UInt8($0) } + (0 ... 255).reversed().map { UInt8($0) }),
            ("text of words", Array(text.utf8)),
        ]
    }()

    @Test func emptyInputIsOneFinalFixedBlockHoldingOnlyItsEnd() {
        #expect(Deflate.compress([]) == [0x03, 0x00])
        #expect(Gzip.compress([]) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 255, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    /// "a" under the fixed code, then the CRC-32 of "a" (0xE8B7BE43) and the length, 1.
    @Test func oneByteIsAFixedBlock() {
        #expect(Gzip.compress([97]) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 255, 0x4B, 0x04, 0x00, 0x43, 0xBE, 0xB7, 0xE8, 1, 0, 0, 0])
    }

    @Test func oneByteRepeatedShrinksToLittle() {
        #expect(Gzip.compress([UInt8](repeating: 120, count: 100_000)).count == 132)
    }

    /// 40,000 bytes of noise that cannot be compressed, the rest copied where in reach: the
    /// 20,000 bytes repeated at once, the paragraph's words, the paragraph itself the second
    /// time (the first, 60,864 bytes back, is not).
    @Test func repeatsAcrossTheWindowCostWhatTheyShould() {
        let input = Self.vectors[4].bytes
        #expect(input.count == 63456)
        #expect(Gzip.compress(input).count == 40729)
    }

    /// Noise goes stored: 5 bytes of head for each of its 13 blocks of 16,384 tokens, and
    /// gzip's 18 bytes.
    @Test func incompressibleBytesAreStored() {
        let noise = Self.vectors[3].bytes
        let compressed = Gzip.compress(noise)
        #expect(compressed.count == noise.count + 13 * 5 + 18)
        // BTYPE 00: stored.
        #expect(compressed[10] & 0b110 == 0)
    }

    /// Text is worth a code of its own: the first block is dynamic (BTYPE 10).
    @Test func textGetsADynamicBlock() {
        let text = Self.vectors[6].bytes
        let compressed = Gzip.compress(text)
        #expect(compressed[10] >> 1 & 0b11 == 0b10)
        #expect(text.count == 26522)
        #expect(compressed.count == 5882)
    }

    @Test(.needs(.python3)) func pythonsGzipGivesBackEveryInput() throws {
        let decompressed = try PythonGzip.decompress(Self.vectors.map { Gzip.compress($0.bytes) })
        #expect(decompressed.count == Self.vectors.count)
        for (vector, bytes) in zip(Self.vectors, decompressed) {
            #expect(bytes == vector.bytes, "\(vector.name)")
        }
    }

    /// A corrupted member is refused by Python: the judge can fail.
    @Test(.needs(.python3)) func pythonRefusesACorruptedMember() throws {
        var compressed = Gzip.compress(Array("a judge that always agrees is no judge".utf8))
        compressed[compressed.count - 8] ^= 1
        #expect(throws: TestFailure.self) { try PythonGzip.decompress([compressed]) }
    }
}
