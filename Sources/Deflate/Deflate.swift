/// A DEFLATE compressor (RFC 1951): LZ77 over a 32 KiB window (``Matcher``), then each block
/// of tokens written the cheapest of DEFLATE's three ways: stored, under the fixed Huffman
/// code, or under a dynamic code made for the block. Deterministic: the same input always
/// gives the same bytes.
public enum Deflate {
    /// Tokens in one block at most (as zlib's default): long enough to pay for a dynamic
    /// block's head, short enough for its code to follow the data.
    static let tokensPerBlock = 16384
    /// The most bytes one stored block holds (its length is 16 bits).
    static let storedBlockBytes = 65535

    /// The raw DEFLATE stream of `input` (no zlib or gzip wrapper).
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        let tokens = Matcher.tokens(input)
        var writer = BitWriter()
        var start = 0
        var byteStart = 0
        // An empty input is one block too: the final one, holding only its end.
        repeat {
            let end = min(start + tokensPerBlock, tokens.count)
            let block = tokens[start ..< end]
            let byteEnd = byteStart + block.reduce(0) { $0 + ($1.length == 0 ? 1 : Int($1.length)) }
            writeBlock(block, bytes: input[byteStart ..< byteEnd], final: end == tokens.count, to: &writer)
            start = end
            byteStart = byteEnd
        } while start < tokens.count
        return writer.finish()
    }

    /// Writes one block, whichever of the three ways takes fewest bits.
    private static func writeBlock(_ tokens: ArraySlice<Token>, bytes: ArraySlice<UInt8>, final: Bool, to writer: inout BitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: DeflateAlphabet.literalLengthCount)
        var distanceFrequencies = [Int](repeating: 0, count: DeflateAlphabet.distanceCount)
        var extraBits = 0
        for token in tokens {
            if token.length == 0 {
                literalFrequencies[Int(token.value)] += 1
            } else {
                let lengthCode = Int(DeflateAlphabet.lengthCodeOf[Int(token.length) - 3])
                literalFrequencies[257 + lengthCode] += 1
                let distanceCode = DeflateAlphabet.distanceCode(Int(token.value))
                distanceFrequencies[distanceCode] += 1
                extraBits += DeflateAlphabet.lengthExtraBits[lengthCode] + DeflateAlphabet.distanceExtraBits[distanceCode]
            }
        }
        literalFrequencies[DeflateAlphabet.endOfBlock] = 1

        let header = DynamicHeader(literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)
        let dynamicBits = 3 + header.bitCount + header.literalCode.cost(of: literalFrequencies) + header.distanceCode.cost(of: distanceFrequencies) + extraBits
        let fixedBits = 3 + DeflateAlphabet.fixedLiteralLengths.cost(of: literalFrequencies) + DeflateAlphabet.fixedDistances.cost(of: distanceFrequencies) + extraBits
        if storedBits(bytes.count, from: writer.bitCount) < min(dynamicBits, fixedBits) {
            writeStored(bytes, final: final, to: &writer)
        } else if dynamicBits < fixedBits {
            writer.write(final ? 1 : 0, count: 1)
            writer.write(2, count: 2)
            header.write(to: &writer)
            writeTokens(tokens, literalCode: header.literalCode, distanceCode: header.distanceCode, to: &writer)
        } else {
            writer.write(final ? 1 : 0, count: 1)
            writer.write(1, count: 2)
            writeTokens(tokens, literalCode: DeflateAlphabet.fixedLiteralLengths, distanceCode: DeflateAlphabet.fixedDistances, to: &writer)
        }
    }

    /// The bits `count` bytes take as stored blocks begun at bit `position`: each block's
    /// three bits, the padding to a byte, its length twice, then the bytes.
    static func storedBits(_ count: Int, from position: Int) -> Int {
        var end = position
        var left = count
        repeat {
            let chunk = min(left, storedBlockBytes)
            end = (end + 3 + 7) / 8 * 8 + 32 + 8 * chunk
            left -= chunk
        } while left > 0
        return end - position
    }

    /// Writes `bytes` as they are, in stored blocks of at most 65,535 bytes; the last is final if `final`.
    private static func writeStored(_ bytes: ArraySlice<UInt8>, final: Bool, to writer: inout BitWriter) {
        var start = bytes.startIndex
        repeat {
            let end = min(start + storedBlockBytes, bytes.endIndex)
            writer.write(final && end == bytes.endIndex ? 1 : 0, count: 1)
            writer.write(0, count: 2)
            writer.alignToByte()
            let length = UInt32(end - start)
            writer.write(length, count: 16)
            writer.write(~length & 0xFFFF, count: 16)
            writer.append(contentsOf: bytes[start ..< end])
            start = end
        } while start < bytes.endIndex
    }

    /// Writes the tokens under these codes, then the end of the block.
    private static func writeTokens(_ tokens: ArraySlice<Token>, literalCode: HuffmanCode, distanceCode: HuffmanCode, to writer: inout BitWriter) {
        for token in tokens {
            if token.length == 0 {
                literalCode.write(Int(token.value), to: &writer)
                continue
            }
            let length = Int(token.length)
            let lengthCode = Int(DeflateAlphabet.lengthCodeOf[length - 3])
            literalCode.write(257 + lengthCode, to: &writer)
            writer.write(UInt32(length - DeflateAlphabet.lengthBases[lengthCode]), count: DeflateAlphabet.lengthExtraBits[lengthCode])
            let distance = Int(token.value)
            let code = DeflateAlphabet.distanceCode(distance)
            distanceCode.write(code, to: &writer)
            writer.write(UInt32(distance - DeflateAlphabet.distanceBases[code]), count: DeflateAlphabet.distanceExtraBits[code])
        }
        literalCode.write(DeflateAlphabet.endOfBlock, to: &writer)
    }
}
