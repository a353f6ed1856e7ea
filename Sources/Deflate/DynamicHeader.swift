/// The head of a dynamic block (RFC 1951, 3.2.7): the block's two codes, sent as their code
/// lengths, run-length coded, under a third code (the code-length code) sent first.
struct DynamicHeader {
    /// The code for literals, lengths and the end of the block.
    let literalCode: HuffmanCode
    /// The code for distances.
    let distanceCode: HuffmanCode
    /// How many literal and length code lengths are sent (257-286) and how many distance ones (1-30).
    private let literalCount: Int
    private let distanceCount: Int
    /// The code lengths of both codes as one sequence of code-length symbols (0-18), each
    /// with the value of its extra bits.
    private let runs: [(symbol: Int, extra: Int)]
    private let codeLengthCode: HuffmanCode
    /// How many of the code-length code's lengths are sent (4-19), in ``DeflateAlphabet/codeLengthOrder``.
    private let codeLengthCount: Int

    /// Longest codes allowed: 15 bits for literals, lengths and distances, 7 for code lengths.
    static let longestCode = 15
    static let longestCodeLengthCode = 7
    /// The extra bits after code-length symbols 16 (repeat the last length 3-6 times),
    /// 17 (3-10 zeros) and 18 (11-138 zeros).
    static let repeatExtraBits = [16: 2, 17: 3, 18: 7]

    /// The optimal codes, within DEFLATE's limits, for a block with these symbol counts.
    init(literalFrequencies: [Int], distanceFrequencies: [Int]) {
        literalCode = HuffmanCode(frequencies: literalFrequencies, limit: Self.longestCode)
        distanceCode = HuffmanCode(frequencies: distanceFrequencies, limit: Self.longestCode)
        literalCount = max(257, (literalCode.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceCode.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        // One sequence: a run may go on from the last literal length into the distances.
        runs = Self.runs(of: Array(literalCode.lengths[..<literalCount] + distanceCode.lengths[..<distanceCount]))
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        let codeLengthCode = HuffmanCode(frequencies: frequencies, limit: Self.longestCodeLengthCode)
        self.codeLengthCode = codeLengthCode
        codeLengthCount = max(4, (DeflateAlphabet.codeLengthOrder.lastIndex { codeLengthCode.lengths[$0] > 0 } ?? 0) + 1)
    }

    /// The bits the head takes after the block's first three.
    var bitCount: Int {
        5 + 5 + 4 + 3 * codeLengthCount
            + runs.reduce(0) { $0 + Int(codeLengthCode.lengths[$1.symbol]) + (Self.repeatExtraBits[$1.symbol] ?? 0) }
    }

    /// Writes the head after the block's first three bits.
    func write(to writer: inout BitWriter) {
        writer.write(UInt32(literalCount - 257), count: 5)
        writer.write(UInt32(distanceCount - 1), count: 5)
        writer.write(UInt32(codeLengthCount - 4), count: 4)
        for symbol in DeflateAlphabet.codeLengthOrder.prefix(codeLengthCount) {
            writer.write(UInt32(codeLengthCode.lengths[symbol]), count: 3)
        }
        for run in runs {
            codeLengthCode.write(run.symbol, to: &writer)
            if let extra = Self.repeatExtraBits[run.symbol] { writer.write(UInt32(run.extra), count: extra) }
        }
    }

    /// `lengths` as code-length symbols: a length as it is, 16 for 3-6 more of the length just
    /// sent, 17 and 18 for runs of zeros; each with the value of its extra bits.
    static func runs(of lengths: [UInt8]) -> [(symbol: Int, extra: Int)] {
        var runs: [(symbol: Int, extra: Int)] = []
        var start = 0
        while start < lengths.count {
            let length = lengths[start]
            var end = start + 1
            while end < lengths.count, lengths[end] == length { end += 1 }
            var left = end - start
            if length == 0 {
                while left >= 11 {
                    let run = min(left, 138)
                    runs.append((18, run - 11))
                    left -= run
                }
                if left >= 3 {
                    runs.append((17, left - 3))
                    left = 0
                }
            } else {
                runs.append((Int(length), 0))
                left -= 1
                while left >= 3 {
                    let run = min(left, 6)
                    runs.append((16, run - 3))
                    left -= run
                }
            }
            runs += repeatElement((symbol: Int(length), extra: 0), count: left)
            start = end
        }
        return runs
    }
}
