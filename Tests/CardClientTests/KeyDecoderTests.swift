import CardClient
import Testing

/// Bytes from a terminal into keys, whole and split across reads.
struct KeyDecoderTests {
    static func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test(arguments: [
        ([UInt8(ascii: "a")], [Key.character("a")]),
        ([0x0D], [.enter]),
        ([0x0A], [.enter]),
        ([0x7F], [.backspace]),
        ([0x08], [.backspace]),
        ([0x09], [.tab]),
        ([0x03], [.interrupt]),
        ([0x1A], [.control("z")]),
        ([0x1B], [.escape]),
        ([0x1B, 0x5B, 0x41], [.up]),
        ([0x1B, 0x5B, 0x42], [.down]),
        ([0x1B, 0x5B, 0x43], [.right]),
        ([0x1B, 0x5B, 0x44], [.left]),
        ([0x1B, 0x4F, 0x41], [.up]),
        ([0x1B, 0x5B, 0x48], [.home]),
        ([0x1B, 0x5B, 0x46], [.end]),
        (Array("\u{1B}[3~".utf8), [.delete]),
        (Array("\u{1B}[5~".utf8), [.pageUp]),
        (Array("\u{1B}[6~".utf8), [.pageDown]),
        (Array("\u{1B}[1;5A".utf8), [.up]),
        (Array("\u{1B}[200~".utf8), []),
        (Array("é✊".utf8), [.character("é"), .character("✊")]),
        ([0xFF, UInt8(ascii: "x")], [.character("x")]),
        ([0x1B, 0x1B, 0x5B, 0x41], [.escape, .up]),
        ([0x1B, UInt8(ascii: "q")], [.escape, .character("q")]),
        (Array("ab\r".utf8), [.character("a"), .character("b"), .enter]),
    ])
    func decodesBytes(bytes: [UInt8], keys: [Key]) {
        #expect(Self.decode(bytes) == keys)
    }

    @Test func anArrowSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.feed([0x5B]) == [])
        #expect(decoder.feed([0x42, UInt8(ascii: "x")]) == [.down, .character("x")])
        #expect(!decoder.hasPending)
    }

    @Test func aLoneEscapeWaitsForThePause() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
    }

    @Test func aCharacterSplitAcrossReadsIsOneKey() {
        let bytes = Array("✌".utf8)
        var decoder = KeyDecoder()
        #expect(decoder.feed([bytes[0]]) == [])
        #expect(decoder.feed([bytes[1]]) == [])
        #expect(decoder.feed([bytes[2]]) == [.character("✌")])
    }

    @Test func everySplitOfASequenceDecodesTheSame() {
        let bytes = Array("a\u{1B}[Ab\u{1B}OD\u{1B}[6~é\r".utf8)
        let expected: [Key] = [.character("a"), .up, .character("b"), .left, .pageDown, .character("é"), .enter]
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(Array(bytes[..<split])) + decoder.feed(Array(bytes[split...]))
            #expect(keys == expected, "split at \(split)")
        }
        var decoder = KeyDecoder()
        #expect(bytes.flatMap { decoder.feed([$0]) } == expected)
    }
}
