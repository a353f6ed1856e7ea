import Foundation
import GameRules
@testable import KlondikeSolver
import Synchronization
import Testing

/// The tables of the complete search: the positions finished, shared by searches on several
/// threads, and the positions one search has entered and not yet finished.
struct KlondikeSearchTablesTests {
    // MARK: EnteredPositions

    @Test func enteredPositionsKeepEveryKeyFoundAcrossRemovals() {
        // Sixteen slots: 1, 17 and 33 all start at slot 1; 15, 31 and 47 at slot 15, and the
        // last two run over the end into slots 0 and 2.
        var table = EnteredPositions(capacity: 16)
        for (number, key) in [1, 17, 33, 15, 31, 47].enumerated() { table.set(UInt64(key), to: number) }
        #expect(table.count == 6)
        table.remove(17)
        #expect(table.value(of: 17) == nil)
        #expect(table.value(of: 33) == 2)
        table.remove(15)
        #expect(table.value(of: 31) == 4)
        #expect(table.value(of: 47) == 5)
        table.remove(1)
        #expect(table.value(of: 33) == 2 && table.value(of: 47) == 5)
        table.remove(999)
        #expect(table.count == 3)
        table.set(31, to: 40)
        #expect(table.value(of: 31) == 40 && table.count == 3)
    }

    @Test func enteredPositionsGrowWithoutLosingAKey() {
        var table = EnteredPositions(capacity: 16)
        let keys = (1...1_000).map { KeyTable.mix(UInt64($0)) }
        for (number, key) in keys.enumerated() { table.set(key, to: number) }
        for (number, key) in keys.enumerated() where number % 2 == 0 { table.remove(key) }
        #expect(table.count == 500)
        for (number, key) in keys.enumerated() {
            #expect(table.value(of: key) == (number % 2 == 0 ? nil : number))
        }
    }

    // MARK: SearchedPositions

    @Test func searchedPositionsAddEachKeyOnceAndGrowAtCheckpoints() {
        let table = SearchedPositions(capacity: 16)
        table.join()
        var added = 0
        for value in 1...10_000 as ClosedRange<UInt64> {
            if table.insert(KeyTable.mix(value)) { added += 1 }
            #expect(!table.insert(KeyTable.mix(value)))
            if value % 1_024 == 0 {
                table.checkpoint(added: added)
                added = 0
            }
        }
        table.checkpoint(added: added)
        table.leave()
        #expect(table.keyCount == 10_000)
        #expect((1...10_000 as ClosedRange<UInt64>).allSatisfy { table.contains(KeyTable.mix($0)) })
        #expect(!table.contains(KeyTable.mix(10_001)))
        // A key of 0 is kept as 1, as in KeyTable.
        #expect(table.insert(0) && table.contains(0))
    }

    @Test func twoThreadsAddingTheSameKeysWhileTheTableGrows() {
        // Each thread adds 150,000 keys, the middle 50,000 the same: the table grows from its
        // least, 8,192 slots, to 2^19 while both write, and every key ends in it once.
        let table = SearchedPositions(capacity: 16)
        let addedBy = LockedValue([0, 0])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            table.join()
            var added = 0, total = 0
            let first = UInt64(thread * 100_000)
            for value in first..<first + 150_000 {
                if table.insert(KeyTable.mix(value)) { added += 1 }
                if value % 1_024 == 0 {
                    table.checkpoint(added: added)
                    total += added
                    added = 0
                }
            }
            table.checkpoint(added: added)
            total += added
            table.leave()
            addedBy.withLock { $0[thread] = total }
        }
        let added = addedBy.withLock { $0 }
        #expect(added[0] + added[1] == 250_000)
        #expect(table.keyCount == 250_000)
        #expect((0..<250_000 as Range<UInt64>).allSatisfy { table.contains(KeyTable.mix($0)) })
    }

    // MARK: Searches sharing what they finished

    @Test func aSearchSkipsWhatAnotherFinishedAndStillProves() throws {
        // Deal 78 drawing one is dead: alone, the complete search proves it in 12,289 positions.
        let game = KlondikeGame(seed: 78, drawCount: 1)
        var alone = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: .max, deadline: nil))
        #expect(!alone.run() && !alone.ranOut && alone.nodes == 12_289)

        // A search stopped after 5,000 positions leaves what it finished; one in another order,
        // sharing the table, skips that and proves the deal dead in fewer positions.
        let shared = SearchedPositions()
        var stopped = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: 5_000, deadline: nil, searched: shared))
        #expect(!stopped.run() && stopped.ranOut)
        let finishedByTheFirst = shared.keyCount
        #expect(finishedByTheFirst > 0)
        var second = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: .max, deadline: nil, searched: shared))
        second.orderShuffle = SplitMix64(seed: 5)
        #expect(!second.run() && !second.ranOut)
        #expect(second.nodes < alone.nodes)

        var secondAlone = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: .max, deadline: nil))
        secondAlone.orderShuffle = SplitMix64(seed: 5)
        #expect(!secondAlone.run() && !secondAlone.ranOut)
        #expect(second.nodes < secondAlone.nodes)
    }

    @Test func twoThreadsShareAProof() throws {
        // Deal 78 drawing one is dead, proved alone in 12,289 positions; two searches on two
        // threads, in two orders and sharing what they finish, both end without a win, and
        // between them visit fewer positions than twice that.
        let game = KlondikeGame(seed: 78, drawCount: 1)
        let shared = SearchedPositions()
        let results = LockedValue<[(won: Bool, ranOut: Bool, nodes: Int)]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            guard var search = KlondikeLayoutFreeSearch(game: game, nodeLimit: .max, deadline: nil, searched: shared) else { return }
            if thread == 1 { search.orderShuffle = SplitMix64(seed: 1) }
            let won = search.run()
            results.withLock { $0.append((won, search.ranOut, search.nodes)) }
        }
        let both = results.withLock { $0 }
        #expect(both.count == 2)
        #expect(both.allSatisfy { !$0.won && !$0.ranOut })
        #expect(both[0].nodes + both[1].nodes < 2 * 12_289)
    }
}
