import GameRules
import Testing

struct SplitMix64Tests {
    @Test(arguments: [
        (0, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC]),
        (1_234_567, [0x599E_D017_FB08_FC85, 0x2C73_F084_5854_0FA5, 0x883E_BCE5_A3F2_7C77]),
    ] as [(UInt64, [UInt64])])
    func firstOutputsMatchTheReference(seed: UInt64, expected: [UInt64]) {
        var generator = SplitMix64(seed: seed)
        #expect(expected.map { _ in generator.next() } == expected)
    }

    @Test func seededRandomIsPinnedForASeed() {
        var generator = SplitMix64(seed: 7)
        #expect((0..<10).map { _ in generator.seededRandom(below: 6) } == [2, 0, 5, 3, 2, 1, 2, 1, 0, 2])
    }

    @Test(arguments: [1, 2, 3, 7, 81, 1 << 40, Int.max])
    func seededRandomStaysBelowItsBound(bound: Int) {
        var generator = SplitMix64(seed: UInt64(bound))
        for _ in 0..<1_000 {
            let value = generator.seededRandom(below: bound)
            #expect((0..<bound).contains(value))
        }
    }

    @Test func seededShuffleOfThreeGivesEachOfTheSixOrdersEvenly() {
        var counts: [[Int]: Int] = [:]
        for seed in 0..<60_000 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            var order = [0, 1, 2]
            order.seededShuffle(using: &generator)
            counts[order, default: 0] += 1
        }
        #expect(counts.count == 6)
        for (order, count) in counts {
            #expect((9_500...10_500).contains(count), "\(order) came \(count) times")
        }
    }

    @Test(arguments: [
        (0, [4, 9, 2, 5, 1, 7, 6, 0, 3, 8]),
        (42, [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]),
    ] as [(UInt64, [Int])])
    func seededShuffleIsPinnedForASeed(seed: UInt64, expected: [Int]) {
        var generator = SplitMix64(seed: seed)
        var numbers = Array(0..<10)
        numbers.seededShuffle(using: &generator)
        #expect(numbers == expected)
    }

    @Test(arguments: [0, 1, 2, 10, 81])
    func seededShuffleIsAPermutation(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        var numbers = Array(0..<count)
        numbers.seededShuffle(using: &generator)
        #expect(numbers.sorted() == Array(0..<count))
    }

    @Test func sameSeedGivesTheSameOrderAndAnotherSeedAnother() {
        func shuffled(seed: UInt64) -> [Int] {
            var generator = SplitMix64(seed: seed)
            var numbers = Array(0..<81)
            numbers.seededShuffle(using: &generator)
            return numbers
        }
        #expect(shuffled(seed: 9) == shuffled(seed: 9))
        #expect(shuffled(seed: 9) != shuffled(seed: 10))
    }
}
