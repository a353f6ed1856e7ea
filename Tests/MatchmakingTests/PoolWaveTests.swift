@testable import Matchmaking
import Testing

/// A pool's waves on the caller's clock: when they fire, who they seat, and the gap that
/// widens for whoever is left.
struct PoolWaveTests {
    @Test func theFirstWaveFiresThreeSecondsAfterTheFirstPlayerAndPairsThoseAHundredApart() {
        var pool = Pool<String>(seats: 2)
        let joined = pool.join("ann", rating: 1600, nowMs: 1_000)
        let joinedAgain = pool.join("ann", rating: 1600, nowMs: 1_500)
        #expect(joined && !joinedAgain, "one place a member")
        #expect(pool.nextWaveMs == 4_000)
        #expect(!pool.isWaveDue(nowMs: 3_999))
        pool.join("bob", rating: 1500, nowMs: 2_000)
        #expect(!pool.isWaveDue(nowMs: 3_999))
        #expect(pool.isWaveDue(nowMs: 4_000))
        let tables = pool.wave(nowMs: 4_000)
        #expect(tables == [["bob", "ann"]])
        #expect(pool.count == 0 && pool.nextWaveMs == nil)
    }

    @Test func aPlayerAloneMissesTheWaveAndTheNextComerFindsTheirGapWider() {
        var pool = Pool<String>(seats: 2)
        pool.join("ann", rating: 1820, nowMs: 0)
        #expect(pool.isWaveDue(nowMs: 3_000))
        let alone = pool.wave(nowMs: 3_000)
        #expect(alone.isEmpty && pool.entry(of: "ann")?.missedWaves == 1 && pool.nextWaveMs == 6_000)
        // 310 apart: over 300 for two newcomers, but ann's missed wave takes 12 off.
        pool.join("bob", rating: 1510, nowMs: 4_000)
        let tables = pool.wave(nowMs: 6_000)
        #expect(tables == [["bob", "ann"]])
    }

    @Test func fiveHundredApartArePairedOnlyOnceTheLimitHasWidened() {
        var pool = Pool<String>(seats: 2)
        pool.join("ann", rating: 2000, nowMs: 0)
        pool.join("bob", rating: 1500, nowMs: 0)
        var now: Int64 = 0
        var waves = 0
        while true {
            now = pool.nextWaveMs!
            #expect(pool.isWaveDue(nowMs: now))
            waves += 1
            if !pool.wave(nowMs: now).isEmpty { break }
            #expect(pool.entry(of: "ann")?.missedWaves == waves)
        }
        // After 8 missed waves each, 500 - 2·12·8 = 308 is over 300; after 9, 284 is not.
        #expect(waves == 10)
        #expect(now == 30_000)
    }

    @Test func enoughWaitingFireAWaveAtOnce() {
        var pool = Pool<Int>(seats: 2, waveSize: 16)
        for member in 0..<15 { pool.join(member, rating: 1500 + Double(member), nowMs: 100) }
        #expect(!pool.isWaveDue(nowMs: 200))
        pool.join(15, rating: 1515, nowMs: 200)
        #expect(pool.isWaveDue(nowMs: 200))
        let tables = pool.wave(nowMs: 200)
        #expect(tables == (0..<8).map { [2 * $0, 2 * $0 + 1] })
    }

    @Test func aCrowdFiresWavesAtMostOnceASecond() {
        var pool = Pool<Int>(seats: 2, waveSize: 16)
        // Sixteen who fit nobody (1,000 apart): the first wave fires as the sixteenth comes.
        for member in 0..<16 { pool.join(member, rating: Double(member) * 1_000, nowMs: 0) }
        #expect(pool.isWaveDue(nowMs: 0))
        let none = pool.wave(nowMs: 0)
        #expect(none.isEmpty)
        pool.join(16, rating: 100_000, nowMs: 10)
        #expect(!pool.isWaveDue(nowMs: 999))
        #expect(pool.isWaveDue(nowMs: 1_000))
    }

    @Test func whoLeftIsNeverPairedAndAnEmptyPoolHasNoWave() {
        var pool = Pool<String>(seats: 2)
        pool.join("ann", rating: 1500, nowMs: 0)
        pool.join("bob", rating: 1500, nowMs: 0)
        pool.join("cy", rating: 1500, nowMs: 0)
        let left = pool.leave("bob")
        #expect(left)
        let leftAgain = pool.leave("bob")
        #expect(!leftAgain)
        let tables = pool.wave(nowMs: 3_000)
        #expect(tables == [["ann", "cy"]])
        pool.join("dee", rating: 1500, nowMs: 3_500)
        let deeLeft = pool.leave("dee")
        #expect(deeLeft)
        #expect(pool.nextWaveMs == nil && !pool.isWaveDue(nowMs: 1_000_000))
    }

    @Test func aBlockKeepsTwoApartAndTheyWaitOnWithABonus() {
        var pool = Pool<String>(seats: 2)
        pool.join("ann", rating: 1500, nowMs: 0)
        pool.join("bob", rating: 1510, nowMs: 0)
        let tables = pool.wave(nowMs: 3_000) { a, b in Set([a, b]) != ["ann", "bob"] }
        #expect(tables.isEmpty)
        #expect(pool.members.map(\.missedWaves) == [1, 1])
        #expect(pool.nextWaveMs == 6_000)
    }

    @Test func fourSeatPoolsSeatFourNeighboursAndTheRestWait() {
        var pool = Pool<String>(seats: 4)
        for (name, rating) in [("a", 1500.0), ("b", 1550), ("c", 1600), ("d", 1650), ("e", 2400)] {
            pool.join(name, rating: rating, nowMs: 0)
        }
        let tables = pool.wave(nowMs: 3_000)
        #expect(tables == [["a", "b", "c", "d"]])
        #expect(pool.members.map(\.member) == ["e"])
        #expect(pool.entry(of: "e")?.missedWaves == 1)
    }
}
