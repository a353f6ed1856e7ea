/// DEFLATE's alphabets (RFC 1951, 3.2.5): literals and lengths share one (0-255 the bytes,
/// 256 the end of a block, 257-285 lengths 3-258), distances 1-32768 have another (0-29);
/// each length or distance code is followed by extra bits that pick the value in its range.
enum DeflateAlphabet {
    /// The symbol that ends a block.
    static let endOfBlock = 256
    /// Literal and length symbols: 286 in use (286 and 287 take part in the fixed code only).
    static let literalLengthCount = 286
    /// Distance symbols in use (30 and 31 take part in the fixed code only).
    static let distanceCount = 30

    /// The shortest length of each length code 257-285, then one past the longest (259).
    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258, 259]
    /// The extra bits after each length code 257-285.
    static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// The shortest distance of each distance code 0-29.
    static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    /// The extra bits after each distance code 0-29.
    static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The length code (0-28, add 257 for the symbol) of each length 3-258, at index length - 3.
    static let lengthCodeOf: [UInt8] = (3 ... 258).map { length in
        // 258 has a code of its own (285): the range of 284 ends at 257 (RFC 1951, 3.2.5).
        UInt8(length == 258 ? 28 : lengthBases.lastIndex { $0 <= length }!)
    }

    /// The distance code (0-29) of a distance 1-32768.
    static func distanceCode(_ distance: Int) -> Int {
        // Codes 2n and 2n+1 cover the distances of n-1 extra bits, so the code follows from
        // the position of the highest bit of distance - 1 and the bit below it.
        if distance <= 4 { return distance - 1 }
        let value = distance - 1
        let highest = Int.bitWidth - 1 - value.leadingZeroBitCount
        return 2 * highest + (value >> (highest - 1)) & 1
    }

    /// The fixed code's literal and length lengths (RFC 1951, 3.2.6): 8 bits for 0-143, 9 for
    /// 144-255, 7 for 256-279, 8 for 280-287.
    static let fixedLiteralLengths = HuffmanCode(lengths: (0 ..< 288).map { symbol in
        symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8
    })
    /// The fixed code's distances: 5 bits each, for all 32.
    static let fixedDistances = HuffmanCode(lengths: [UInt8](repeating: 5, count: 32))

    /// The order in which a dynamic block sends the code lengths of its code-length code
    /// (RFC 1951, 3.2.7): the ones most often unused last, so they can be left off.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}
