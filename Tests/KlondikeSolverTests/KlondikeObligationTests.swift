import GameRules
@testable import KlondikeSolver
import KlondikeTestSupport
import Testing

/// The complete search's obligations: a move that only rearranges must be used by the next
/// move. Fewer positions to prove a deal dead, and never a winnable deal called dead.
struct KlondikeObligationTests {
    /// A move as the tests name it: the card, and the piles it goes between.
    struct Named: Equatable, CustomStringConvertible {
        let card: PlayingCard
        let kind: KlondikeSearch.Move.Kind
        let from: Int8
        let to: Int8

        init(_ card: String, _ kind: KlondikeSearch.Move.Kind, from: Int8 = 0, to: Int8 = 0) {
            self.init(card: PlayingCard(card), kind: kind, from: from, to: to)
        }

        init(card: PlayingCard, kind: KlondikeSearch.Move.Kind, from: Int8, to: Int8) {
            (self.card, self.kind, self.from, self.to) = (card, kind, from, to)
        }

        init(_ move: KlondikeSearch.Move) {
            let tableau = move.kind == .tableauToTableau
            self.init(
                card: move.card.playingCard, kind: move.kind,
                from: tableau || move.kind == .tableauToFoundation ? move.from : 0, to: tableau || move.kind == .talonToTableau ? move.to : 0)
        }

        var description: String { "\(card.name) \(kind) \(from)→\(to)" }
    }

    /// 8♥ lies on 9♠ (t0); 9♣ (t1), 8♦ (t2) and 7♠ (t3) lie open, each on a face-down ace.
    static let twins = KlondikeGame.position(tableau: [
        .pile("9♠ 8♥", down: "A♠"), .pile("9♣", down: "A♥"), .pile("8♦", down: "A♦"), .pile("7♠", down: "A♣"),
    ])

    @Test func aRunMovedToItsOtherPlaceMustBeFollowedByAUseOfTheCardItLeftOpen() throws {
        var search = KlondikeSearch(game: Self.twins, focused: false, orderSeed: nil, nodeLimit: 1_000, deadline: nil)
        let first = search.candidateMoves()
        #expect(first.map(Named.init) == [
            Named("8♦", .tableauToTableau, from: 2, to: 1),
            Named("7♠", .tableauToTableau, from: 3, to: 0),
            Named("7♠", .tableauToTableau, from: 3, to: 2),
            // Only to leave the 9♠ open for the 8♦: it owes a use of t0.
            Named("8♥", .tableauToTableau, from: 0, to: 1),
        ])
        var swap = try #require(first.last)
        #expect(swap.owes == KlondikeSearch.Obligation(pile: 0))

        search.make(&swap)
        search.obligation = swap.owes
        // The 7♠ could go onto either red 8 now too, but that could as well have come first.
        #expect(search.candidateMoves().map(Named.init) == [
            Named("8♦", .tableauToTableau, from: 2, to: 0),
            Named("8♥", .tableauToTableau, from: 1, to: 0),
        ])
    }

    @Test func withoutObligationsEveryMoveStaysOpenAfterTheRunMoves() throws {
        var search = KlondikeSearch(game: Self.twins, focused: false, orderSeed: nil, nodeLimit: 1_000, deadline: nil, obligations: false)
        var swap = try #require(search.candidateMoves().last)
        #expect(swap.owes == .none)
        search.make(&swap)
        #expect(search.candidateMoves().map(Named.init) == [
            Named("8♦", .tableauToTableau, from: 2, to: 0),
            Named("7♠", .tableauToTableau, from: 3, to: 1),
            Named("7♠", .tableauToTableau, from: 3, to: 2),
            Named("8♥", .tableauToTableau, from: 1, to: 0),
        ])
    }

    @Test func aTalonCardPutDownMustBeBuiltOnNext() throws {
        // Drawing one with no limit, every talon card is always in reach: the 8♦ goes onto the
        // 9♣ only for the 7♠ to follow it, not for anything else first.
        let game = KlondikeGame.position(
            stock: "8♦", tableau: [.pile("9♣", down: "A♥"), .pile("7♠", down: "A♣"), .pile("6♥", down: "A♦")])
        var search = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 1_000, deadline: nil)
        var put = try #require(search.candidateMoves().first { $0.kind == .talonToTableau })
        #expect(put.owes == KlondikeSearch.Obligation(pile: 0))
        search.make(&put)
        search.obligation = put.owes
        #expect(search.candidateMoves().map(Named.init) == [Named("7♠", .tableauToTableau, from: 1, to: 0)])
    }

    /// Dead deals (drawing one) proved dead with and without obligations: the same answer,
    /// in fewer positions with them.
    @Test(arguments: [16, 26, 57, 77, 143, 200] as [UInt64])
    func aDeadDealIsProvedDeadInFewerPositions(seed: UInt64) {
        let game = KlondikeGame(seed: seed, drawCount: 1)
        var with = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 500_000, deadline: nil)
        var without = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 500_000, deadline: nil, obligations: false)
        #expect(!with.run() && !with.ranOut, "deal \(seed)")
        #expect(!without.run() && !without.ranOut, "deal \(seed)")
        #expect(with.nodes < without.nodes, "deal \(seed): \(with.nodes) with obligations, \(without.nodes) without")
    }

    /// Where the complete search without obligations finds a win, the search with them never
    /// says there is none (it may take longer, or run out of positions).
    @Test(arguments: [(1, 10), (3, 7)])
    func aWinnableDealIsNeverCalledDead(draw: Int, winsWithoutObligations: Int) {
        var wins = 0
        for seed: UInt64 in 1...12 {
            let game = KlondikeGame(seed: seed, drawCount: draw)
            var without = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 50_000, deadline: nil, obligations: false)
            guard without.run() else { continue }
            wins += 1
            var with = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 200_000, deadline: nil)
            #expect(with.run() || with.ranOut, "deal \(seed), draw \(draw), was called dead but has a winning line")
        }
        #expect(wins == winsWithoutObligations)
    }
}
