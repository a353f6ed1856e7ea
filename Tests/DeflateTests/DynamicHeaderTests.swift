@testable import Deflate
import Testing

/// The run-length coding of a dynamic block's code lengths (RFC 1951, 3.2.7).
struct DynamicHeaderTests {
    @Test(arguments: [
        ([UInt8](repeating: 0, count: 2), [(0, 0), (0, 0)]),
        ([UInt8](repeating: 0, count: 3), [(17, 0)]),
        ([UInt8](repeating: 0, count: 10), [(17, 7)]),
        ([UInt8](repeating: 0, count: 11), [(18, 0)]),
        ([UInt8](repeating: 0, count: 138), [(18, 127)]),
        // 140 zeros: 138 in one run, and two left over, sent as they are.
        ([UInt8](repeating: 0, count: 140), [(18, 127), (0, 0), (0, 0)]),
        ([UInt8](repeating: 0, count: 141), [(18, 127), (17, 0)]),
        ([UInt8](repeating: 5, count: 3), [(5, 0), (5, 0), (5, 0)]),
        ([UInt8](repeating: 8, count: 7), [(8, 0), (16, 3)]),
        ([UInt8](repeating: 3, count: 8), [(3, 0), (16, 3), (3, 0)]),
        ([4, 4, 4, 4, 0, 0, 0, 7], [(4, 0), (16, 0), (17, 0), (7, 0)]),
    ] as [([UInt8], [(Int, Int)])])
    func codeLengthsAreSentInRuns(lengths: [UInt8], runs: [(Int, Int)]) {
        let sent = DynamicHeader.runs(of: lengths)
        #expect(sent.map(\.symbol) == runs.map(\.0))
        #expect(sent.map(\.extra) == runs.map(\.1))
    }

    @Test(arguments: [(1, 0), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5), (9, 6), (24576, 28), (24577, 29), (32768, 29), (12288, 26), (12289, 27)])
    func distancesHaveTheirCodes(distance: Int, code: Int) {
        #expect(DeflateAlphabet.distanceCode(distance) == code)
    }

    @Test(arguments: [(3, 0), (10, 7), (11, 8), (12, 8), (13, 9), (227, 27), (257, 27), (258, 28)])
    func lengthsHaveTheirCodes(length: Int, code: Int) {
        #expect(DeflateAlphabet.lengthCodeOf[length - 3] == code)
    }
}
