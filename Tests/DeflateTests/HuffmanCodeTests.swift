@testable import Deflate
import Testing

/// Canonical codes from their lengths, and optimal lengths under a limit.
struct HuffmanCodeTests {
    /// RFC 1951, 3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) for A-H give these codes.
    @Test func lengthsGiveTheCanonicalCodesOfTheRFCsExample() {
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let written = zip(code.codes, code.lengths).map { reversed, length in
            // Reversed again, the code as the RFC writes it, first bit first.
            let binary = String(HuffmanCode.reversed(Int(reversed), bits: Int(length)), radix: 2)
            return String(repeating: "0", count: Int(length) - binary.count) + binary
        }
        #expect(written == ["010", "011", "100", "101", "110", "00", "1110", "1111"])
    }

    /// The fixed code's first literal is 00110000 and its end of block 0000000 (RFC 1951, 3.2.6).
    @Test func theFixedCodeIsTheRFCs() {
        let code = DeflateAlphabet.fixedLiteralLengths
        #expect(HuffmanCode.reversed(Int(code.codes[0]), bits: 8) == 0b0011_0000)
        #expect(HuffmanCode.reversed(Int(code.codes[143]), bits: 8) == 0b1011_1111)
        #expect(HuffmanCode.reversed(Int(code.codes[144]), bits: 9) == 0b1_1001_0000)
        #expect(HuffmanCode.reversed(Int(code.codes[256]), bits: 7) == 0)
        #expect(HuffmanCode.reversed(Int(code.codes[280]), bits: 8) == 0b1100_0000)
    }

    @Test(arguments: [
        ([1, 1, 2, 4], 15, [3, 3, 2, 1] as [UInt8]),
        // Two bits can code four symbols and no more: every code is two bits long.
        ([1, 2, 4, 8], 2, [2, 2, 2, 2]),
        ([7, 7, 7, 7], 15, [2, 2, 2, 2]),
        // One symbol, or none: two codes of one bit, so that the code is complete.
        ([0, 5, 0], 15, [1, 1, 0]),
        ([0, 0, 0], 7, [1, 1, 0]),
        ([0, 0, 9], 7, [1, 0, 1]),
    ])
    func lengthsAreOptimalWithinTheLimit(frequencies: [Int], limit: Int, lengths: [UInt8]) {
        #expect(HuffmanCode.lengths(frequencies: frequencies, limit: limit) == lengths)
    }

    /// Fibonacci counts make the deepest Huffman tree there is (19 bits for 20 symbols): the
    /// limit of 15 reshapes it into a complete code of the least cost, 46,348 bits (found by
    /// an exhaustive search over the lengths, in Python, on 2026-11-30).
    @Test func fibonacciCountsAreCutToFifteenBitsAtTheLeastCost() {
        var frequencies = [1, 1]
        while frequencies.count < 20 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        let lengths = HuffmanCode.lengths(frequencies: frequencies, limit: 15)
        #expect(lengths == [15, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 5, 5, 4, 4, 3, 3, 2, 2])
        #expect(HuffmanCode(lengths: lengths).cost(of: frequencies) == 46348)
        // Complete: the Kraft sum is exactly 1.
        #expect(lengths.reduce(0) { $0 + 1 << (15 - Int($1)) } == 1 << 15)
    }

    /// Every literal and length symbol counted, the largest alphabet a block has.
    @Test func aFullAlphabetGetsACompleteCodeWithinTheLimit() {
        let frequencies = (0 ..< 286).map { 1 + $0 * $0 * $0 }
        let lengths = HuffmanCode.lengths(frequencies: frequencies, limit: 15)
        #expect(lengths.allSatisfy { $0 >= 1 && $0 <= 15 })
        #expect(lengths.reduce(0) { $0 + 1 << (15 - Int($1)) } == 1 << 15)
    }
}
