@testable import Deflate
import Testing

/// LZ77's tokens: copies found, held back a byte when the next position does better, and
/// never reaching past the 32 KiB window.
struct MatcherTests {
    @Test func aRepeatIsOneCopyThatOverlapsItself() {
        #expect(Matcher.tokens(Array("abcabcabcabc".utf8)) == [.literal(97), .literal(98), .literal(99), .copy(length: 9, distance: 3)])
    }

    /// At the second "abc" a copy of three (from "abcx"), but "bcdefg" at the next position
    /// copies six: the first waits, and its "a" goes as a literal.
    @Test func aCopyWaitsOneByteForALongerOne() {
        let tokens = Matcher.tokens(Array("bcdefg1abcx2abcdefg".utf8))
        #expect(tokens.suffix(3) == [.literal(UInt8(ascii: "2")), .literal(UInt8(ascii: "a")), .copy(length: 6, distance: 13)])
    }

    @Test func oneByteRepeatedIsALiteralThenCopiesOf258() {
        let tokens = Matcher.tokens([UInt8](repeating: 120, count: 100_000))
        #expect(tokens.count == 389)
        #expect(tokens.first == .literal(120))
        #expect(tokens.dropFirst().dropLast().allSatisfy { $0 == .copy(length: 258, distance: 1) })
        #expect(tokens.last == .copy(length: 153, distance: 1))
    }

    /// 32 KiB of noise twice: the second copy is exactly a window back, the farthest allowed.
    @Test func aCopyReachesBackExactlyTheWindowAndNoFarther() {
        var generator = SplitMix64(seed: 7)
        let noise = generator.bytes(32768)
        let copies = Matcher.tokens(noise + noise).filter { $0.length > 0 }
        #expect(copies.allSatisfy { $0.value <= 32768 })
        #expect(copies.filter { $0.value == 32768 }.reduce(0) { $0 + Int($1.length) } == 32766)
        // 40,000 bytes of noise twice: the repeat is out of reach, and only the odd three
        // bytes that the noise repeats by chance are copied.
        let far = generator.bytes(40000)
        let farCopies = Matcher.tokens(far + far).filter { $0.length > 0 }
        #expect(farCopies.allSatisfy { $0.value <= 32768 })
        #expect(farCopies.reduce(0) { $0 + Int($1.length) } < 100)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): the same bytes on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0 ..< count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
