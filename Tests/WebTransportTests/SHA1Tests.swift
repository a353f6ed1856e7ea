import Testing
@testable import WebTransport

struct SHA1Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// RFC 3174, 7.3's four tests (the fourth is "0123456701234567..." 80 times).
    @Test(arguments: [
        ("abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("a", 1_000_000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ("0123456701234567012345670123456701234567012345670123456701234567", 10, "dea356a2cddd90c7a7ecedc5ebb563934f460452"),
    ])
    func rfc3174Vectors(text: String, repeats: Int, digest: String) {
        let message = [[UInt8]](repeating: Array(text.utf8), count: repeats).flatMap { $0 }
        #expect(Self.hex(SHA1.digest(message)) == digest)
    }

    @Test func emptyMessage() {
        #expect(Self.hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    /// Padding edges: 55 bytes fit one block with the length, 56 need a second.
    @Test(arguments: [
        (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        (56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
    ])
    func paddingEdges(count: Int, digest: String) {
        #expect(Self.hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: count))) == digest)
    }

    @Test func rfc6455ExampleKey() {
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }
}

struct Base64Tests {
    /// RFC 4648, 10.
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func rfc4648Vectors(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
        #expect(Base64.decodedCount(encoded[...]) == (text.isEmpty ? nil : text.utf8.count))
        #expect(Base64.decode(encoded) == Array(text.utf8))
    }

    @Test func everyByteValueUsesTheStandardAlphabet() {
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
        #expect(Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
    }

    /// Every byte value, with each of the three endings (no padding, one `=`, two).
    @Test func everyByteValueComesBack() {
        let bytes = (0 ... 255).map { UInt8($0) } + (0 ... 255).reversed().map { UInt8($0) }
        for count in [bytes.count, bytes.count - 1, bytes.count - 2] {
            #expect(Base64.decode(Base64.encode(Array(bytes.prefix(count)))) == Array(bytes.prefix(count)))
        }
    }

    @Test(arguments: ["abc", "ab=c", "a===", "ab c", "ab_-", "=abc"])
    func malformedTextHasNoLength(text: String) {
        #expect(Base64.decodedCount(text[...]) == nil)
        #expect(Base64.decode(text) == nil)
    }

    @Test(arguments: ["Zg=", "Zg==Zg==", "Zm9v\n", "Zm=v"])
    func malformedTextDoesNotDecode(text: String) {
        #expect(Base64.decode(text) == nil)
    }
}

struct UTF8ValidatorTests {
    static func valid(_ bytes: [UInt8]) -> Bool {
        var validator = UTF8Validator()
        return bytes.withUnsafeBytes { validator.feed($0) } && validator.isAtBoundary
    }

    @Test func acceptsWhatSwiftEncodes() {
        #expect(Self.valid(Array("plain, é, 漢字, 🂡, \u{10FFFF}".utf8)))
    }

    @Test(arguments: [
        [0xC0, 0xAF] as [UInt8], // overlong "/"
        [0xE0, 0x80, 0xAF], // overlong three-byte
        [0xF0, 0x80, 0x80, 0xAF], // overlong four-byte
        [0xED, 0xA0, 0x80], // a surrogate, U+D800
        [0xF4, 0x90, 0x80, 0x80], // U+110000
        [0xFF], [0x80], [0xF5, 0x80, 0x80, 0x80],
        [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80, 0x65, 0x64, 0x69, 0x74, 0x65, 0x64],
    ])
    func refusesInvalidSequences(bytes: [UInt8]) {
        #expect(!Self.valid(bytes))
    }

    @Test func aCharacterMaySpanTwoPieces() {
        var validator = UTF8Validator()
        let bytes = Array("🂡".utf8)
        #expect(bytes.prefix(2).withUnsafeBytes { validator.feed($0) })
        #expect(!validator.isAtBoundary)
        #expect(bytes.suffix(2).withUnsafeBytes { validator.feed($0) })
        #expect(validator.isAtBoundary)
    }

    @Test func failsFastAtTheFirstImpossibleByte() {
        var validator = UTF8Validator()
        let lead = validator.feed(0xE2)
        let next = validator.feed(0x28)
        #expect(lead)
        #expect(!next)
    }
}
