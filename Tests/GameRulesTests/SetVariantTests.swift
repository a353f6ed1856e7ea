@testable import GameRules
import Testing

/// Set's variants as setwithfriends plays them: Junior's 27 solid cards, Set-chain's shared
/// card, UltraSet's two pairs; each with its own solver for hints, dealing and the end.
struct SetVariantTests {
    static func cards(_ ids: [Int]) -> [SetCard] { ids.map { SetCard(id: $0)! } }

    @Test func juniorDealsOnlyTheTwentySevenSolidCards() {
        let game = SetGame(seats: 1, seed: 4, variant: .junior)
        #expect(SetVariant.junior.deck.count == 27)
        #expect(game.board.count + game.deckCount == 27)
        #expect(game.board.allSatisfy { $0.fill == .solid })
        #expect(game.board.count == 12)
    }

    @Test func anUltraSetIsTwoPairsCompletedByTheSameCard() {
        // 1+2 and 3+6 are both completed by card 0; 1+4 and 2+3 by card 7; 1,2,3,9 split no way.
        #expect(SetSolver.isUltraSet(.init(id: 1)!, .init(id: 2)!, .init(id: 3)!, .init(id: 6)!))
        #expect(SetSolver.isUltraSet(.init(id: 1)!, .init(id: 2)!, .init(id: 3)!, .init(id: 4)!))
        #expect(!SetSolver.isUltraSet(.init(id: 1)!, .init(id: 2)!, .init(id: 3)!, .init(id: 9)!))
        // The solver names the first two pairs it meets with one completing card, pair by pair.
        #expect(SetSolver.firstClaim(on: Self.cards([1, 2, 3, 4]), variant: .ultra) == Self.cards([1, 4, 2, 3]))
        #expect(SetSolver.firstClaim(on: Self.cards([1, 2, 3, 9]), variant: .ultra) == nil)
    }

    @Test func aChainSetUsesOneCardOfTheLastSet() {
        // 1 and 2 are completed by 0, which is in the last Set; no two of 3, 9 and 27 are
        // completed by a card of it (they need 24, 60 and 72).
        #expect(SetSolver.firstClaim(on: Self.cards([3, 1, 9, 2]), variant: .chain, chain: Self.cards([0, 40, 80])) == Self.cards([0, 1, 2]))
        #expect(SetSolver.firstClaim(on: Self.cards([3, 9, 27]), variant: .chain, chain: Self.cards([0, 40, 80])) == nil)
        // Before the first Set, an ordinary one.
        #expect(SetSolver.firstClaim(on: Self.cards([3, 1, 9, 2, 0]), variant: .chain) == Self.cards([1, 2, 0]))
    }

    @Test func inAChainGameTheNextSetSharesACardAndTheChainMovesOn() throws {
        var game = SetGame(seats: 1, seed: 11, variant: .chain)
        #expect(game.chain.isEmpty)
        let first = try #require(SetSolver.firstClaim(on: game.board, variant: .chain))
        #expect(try game.claim(first.map(\.id), by: 0).valid)
        #expect(game.chain == first)
        #expect(game.board.count == 12)
        #expect(!game.board.contains { first.contains($0) })

        // Three board cards, even a Set, are refused now: one must come from the chain.
        if let boardSet = SetSolver.firstClaim(on: game.board, variant: .classic) {
            #expect(throws: SetRuleError.needsOneCardOfTheLastSet) { try game.claim(boardSet.map(\.id), by: 0) }
        }
        let next = try #require(SetSolver.firstClaim(on: game.board, variant: .chain, chain: game.chain))
        #expect(first.contains(next[0]), "the shared card is one of the last Set")
        let result = try game.claim(next.map(\.id), by: 0)
        #expect(result.valid)
        #expect(result.points == SetGame.setPoints)
        #expect(game.chain == next)
        // Only the two board cards left the board (and were replaced); the shared one was off it already.
        #expect(result.dealt.count == 2)
        #expect(game.cardsTaken.count == 5)
    }

    @Test func anUltraClaimNamesFourCardsAndAWrongOneCostsPoints() throws {
        var game = SetGame(seats: 1, seed: 2, variant: .ultra)
        #expect(throws: SetRuleError.notFourDistinctCards) { try game.claim(game.board.prefix(3).map(\.id), by: 0) }
        let ultra = try #require(SetSolver.firstClaim(on: game.board, variant: .ultra))
        let wrong = try #require(
            [game.board[0], game.board[1], game.board[2], game.board[3], game.board[4]].combinations4.first {
                !SetSolver.isUltraSet($0[0], $0[1], $0[2], $0[3])
            })
        #expect(try game.claim(wrong.map(\.id), by: 0).points == SetGame.mismatchPoints)
        let result = try game.claim(ultra.map(\.id), by: 0)
        #expect(result.valid)
        #expect(result.dealt.count == 4)
        #expect(game.scores == [SetGame.setPoints + SetGame.mismatchPoints])
    }

    @Test func aHintShowsTheVariantsClaimCardByCard() throws {
        var game = SetGame(seats: 1, seed: 2, variant: .ultra)
        let ultra = try #require(SetSolver.firstClaim(on: game.board, variant: .ultra))
        for shown in 1...4 {
            #expect(try game.takeHint() == ultra[shown - 1])
            #expect(game.hint.count == shown)
        }
        #expect(throws: SetRuleError.hintExhausted) { try game.takeHint() }
    }

    /// Each variant played to its end by its own solver: the deck runs out and the board holds
    /// no claim. Junior's 9 Sets take all 27 cards; chain's first Set takes 3 board cards and
    /// each of the other 38 takes 2 (79 of 81); UltraSet's 19 take 76.
    @Test(arguments: [(SetVariant.classic, 24), (.junior, 9), (.chain, 39), (.ultra, 19)])
    func everyVariantPlaysToItsEnd(variant: SetVariant, expectedClaims: Int) throws {
        var game = SetGame(seats: 1, seed: 9, variant: variant)
        var claims = 0
        while let claim = SetSolver.firstClaim(on: game.board, variant: variant, chain: game.chain) {
            #expect(try game.claim(claim.map(\.id), by: 0).valid)
            claims += 1
        }
        #expect(game.isOver)
        #expect(game.deckCount == 0)
        #expect(claims == expectedClaims)
        #expect(game.setsFound == [claims])
    }
}

extension Array where Element == SetCard {
    /// Every four of the cards, in order.
    fileprivate var combinations4: [[SetCard]] {
        var result: [[SetCard]] = []
        for a in indices {
            for b in (a + 1)..<count {
                for c in (b + 1)..<count {
                    for d in (c + 1)..<count { result.append([self[a], self[b], self[c], self[d]]) }
                }
            }
        }
        return result
    }
}
