import GameRules
import Testing

struct SetSolverTests {
    /// The lexicographically first 20-card Set-free collection by id; 20 is the
    /// most cards that can hold no Set (Pellegrino, 1971).
    static let capSet = cards([0, 1, 3, 4, 9, 10, 12, 13, 27, 28, 32, 35, 38, 47, 59, 65, 66, 67, 71, 77])

    @Test func theFullDeckHolds1080Sets() {
        let sets = SetSolver.sets(on: SetCard.deck)
        #expect(sets.count == 1080)
        #expect(Swift.Set(sets).count == 1080)
        #expect(sets.first == [0, 1, 2])
        #expect(sets.last == [78, 79, 80])
        #expect(sets.allSatisfy { SetCard.isSet(SetCard.deck[$0[0]], SetCard.deck[$0[1]], SetCard.deck[$0[2]]) })
    }

    @Test(arguments: [
        ([0, 1, 2], [[0, 1, 2]]),
        ([2, 0, 1], [[0, 1, 2]]),
        ([0, 1, 3], []),
        ([0, 40, 5, 80], [[0, 1, 3]]),
        ([27, 69, 7, 41, 51, 23, 52, 38, 1, 39, 55, 79], [[0, 3, 6], [0, 4, 9]]),
        ([], []),
        ([7], []),
        ([7, 8], []),
    ] as [([Int], [[Int]])])
    func setsAreListedAsAscendingPositionsInOrder(ids: [Int], expected: [[Int]]) {
        let board = cards(ids)
        #expect(SetSolver.sets(on: board) == expected)
        #expect(SetSolver.firstSet(on: board) == expected.first)
        #expect(SetSolver.hasSet(on: board) == !expected.isEmpty)
    }

    @Test func theTwentyCardCapSetHoldsNoSetAndIsMaximal() {
        let cap = Self.capSet
        #expect(Swift.Set(cap).count == 20)
        #expect(bruteForceSets(on: cap) == [])
        #expect(SetSolver.sets(on: cap) == [])
        #expect(!SetSolver.hasSet(on: cap))
        #expect(SetSolver.firstSet(on: cap) == nil)
        for card in SetCard.deck where !cap.contains(card) {
            #expect(SetSolver.hasSet(on: cap + [card]), "card \(card.id) joins the cap set without a Set")
        }
    }

    @Test func everyTwentyOneCardBoardHoldsASet() {
        for seed in 0..<2_000 as Range<UInt64> {
            #expect(SetSolver.hasSet(on: randomBoard(size: 21, seed: seed)), "seed \(seed)")
        }
    }

    @Test(arguments: 3...24)
    func solverAgreesWithTheTripleLoop(size: Int) {
        for seed in 0..<200 as Range<UInt64> {
            let board = randomBoard(size: size, seed: seed * 1_000 + UInt64(size))
            let expected = bruteForceSets(on: board)
            #expect(SetSolver.sets(on: board) == expected, "size \(size) seed \(seed)")
            #expect(SetSolver.firstSet(on: board) == expected.first)
            #expect(SetSolver.hasSet(on: board) == !expected.isEmpty)
        }
    }
}
