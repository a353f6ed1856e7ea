import GameRules
@testable import KlondikeSolver
import KlondikeTestSupport
import Testing

/// The solver: exact answers on small positions, and on real deals winning lines that the
/// game's own rules play to all 52 home.
struct KlondikeSolverTests {
    static let budget = KlondikeSolver.Budget(nodes: 30_000)

    static let allButSpadesHome: [[PlayingCard]] = [
        .foundation(through: "J♠"), .foundation(through: "K♥"), .foundation(through: "K♦"), .foundation(through: "K♣"),
    ]

    @Test func aWonGameNeedsNothing() {
        let game = KlondikeGame.position(
            foundations: [.foundation(through: "K♠"), .foundation(through: "K♥"), .foundation(through: "K♦"), .foundation(through: "K♣")])
        #expect(game.isWon)
        #expect(KlondikeSolver.solve(game, budget: Self.budget) == .init(verdict: .winnable([]), nodes: 0))
    }

    @Test func theLastCardsComeFromTheStock() {
        let game = KlondikeGame.position(
            stock: "K♠ Q♠",
            foundations: [.foundation(through: "J♠"), .foundation(through: "K♥"), .foundation(through: "K♦"), .foundation(through: "K♣")])
        // Q♠ is turned first (the stock's last card), then K♠.
        #expect(KlondikeSolver.solve(game, budget: Self.budget).verdict == .winnable([
            .draw, .move(from: .waste, to: .foundation(0), count: 1),
            .draw, .move(from: .waste, to: .foundation(0), count: 1),
        ]))
    }

    @Test func aKingMovesToTheEmptyPileToShowTheCardUnderIt() {
        let game = KlondikeGame.position(foundations: Self.allButSpadesHome, tableau: [.pile("K♠", down: "Q♠")])
        #expect(KlondikeSolver.solve(game, budget: Self.budget).verdict == .winnable([
            .move(from: .tableau(0), to: .tableau(1), count: 1),
            .move(from: .tableau(0), to: .foundation(0), count: 1),
            .move(from: .tableau(1), to: .foundation(0), count: 1),
        ]))
    }

    @Test func drawingThreeTheKingHasToWaitOnTheTableau() {
        // Turned in order: Q♠ 10♥ 9♥, then J♠ K♠. The hearts go home from the first draw; the
        // second shows K♠ over J♠ over Q♠, and turning the waste over would show them the
        // same way again, so K♠ has to go to the empty tableau pile before the spades go home.
        // (The last hearts wait on t2, to go home once the 10♥ is there.)
        let game = KlondikeGame.position(
            draw: 3,
            stock: "K♠ J♠ 9♥ 10♥ Q♠",
            foundations: [.foundation(through: "10♠"), .foundation(through: "8♥"), .foundation(through: "K♦"), .foundation(through: "K♣")],
            tableau: [.empty, .pile("K♥ Q♥ J♥")])
        #expect(KlondikeSolver.solve(game, budget: Self.budget).verdict == .winnable([
            .draw, .move(from: .waste, to: .foundation(1), count: 1), .move(from: .waste, to: .foundation(1), count: 1),
            .move(from: .tableau(1), to: .foundation(1), count: 1), .move(from: .tableau(1), to: .foundation(1), count: 1),
            .move(from: .tableau(1), to: .foundation(1), count: 1),
            .draw, .move(from: .waste, to: .tableau(0), count: 1),
            .move(from: .waste, to: .foundation(0), count: 1), .move(from: .waste, to: .foundation(0), count: 1),
            .move(from: .tableau(0), to: .foundation(0), count: 1),
        ]))
    }

    @Test func aDealWithNoMoveAtAllCannotBeWon() {
        // Every ace face down, and no top card fits anywhere: kings on every other pile, no empty pile.
        let deck = PlayingCard.fullDeck
        let tops: [PlayingCard] = .cards("K♠ K♥ K♦ K♣ 5♠ 5♣ 9♠")
        var rest = deck.filter { !tops.contains($0) && $0.rank != PlayingCard.ace }
        let aces = deck.filter { $0.rank == PlayingCard.ace }
        var piles: [TableauPile] = []
        for (index, top) in tops.enumerated() {
            var down: [PlayingCard] = index < aces.count ? [aces[index]] : []
            let take = index < 6 ? 7 : rest.count
            down += rest.prefix(take)
            rest.removeFirst(min(take, rest.count))
            piles.append(TableauPile(down: down, up: [top]))
        }
        let game = KlondikeGame.position(tableau: piles)
        #expect(game.allCards.count == 52)
        let outcome = KlondikeSolver.solve(game, budget: Self.budget)
        #expect(outcome.verdict == .notWinnable)
        #expect(outcome.nodes <= 2)
    }

    @Test func aDeadEndBehindTheStockCannotBeWonEither() {
        // The stock holds the 2♠, but the A♠ lies face down under the K♠ with no empty pile to
        // take it; the other tops fit nowhere and the stock's cards fit nothing either.
        let tops: [PlayingCard] = .cards("K♠ K♥ K♦ K♣ 5♠ 5♣ 9♠")
        let stock: [PlayingCard] = .cards("2♠ 3♠")
        var rest = PlayingCard.fullDeck.filter { !tops.contains($0) && !stock.contains($0) }
        var piles: [TableauPile] = []
        for (index, top) in tops.enumerated() {
            let take = index < 6 ? 6 : rest.count
            piles.append(TableauPile(down: Array(rest.prefix(take)), up: [top]))
            rest.removeFirst(min(take, rest.count))
        }
        let game = KlondikeGame(drawCount: 1, stock: stock, tableau: piles)
        #expect(game.allCards.count == 52)
        #expect(KlondikeSolver.solve(game, budget: Self.budget).verdict == .notWinnable)
    }

    /// Deals 1...20 drawing one and 1...12 drawing three, each solved within 30,000 positions
    /// and its line played by `KlondikeGame` itself: every winning line ends with 52 home.
    @Test(arguments: [(1, 20, 16, 2), (3, 12, 10, 2)])
    func winningLinesPlayToTheEndOnTheGamesOwnRules(draw: Int, deals: Int, expectedWins: Int, expectedDead: Int) throws {
        var wins = 0, dead = 0
        for seed in 1...UInt64(deals) {
            let game = KlondikeGame(seed: seed, drawCount: draw)
            let outcome = KlondikeSolver.solve(game, budget: Self.budget)
            switch outcome.verdict {
            case .winnable(let actions):
                var played = game
                for action in actions { try played.play(action) }
                #expect(played.isWon, "deal \(seed), draw \(draw)")
                wins += 1
            case .notWinnable: dead += 1
            case .unknown: break
            }
        }
        #expect(wins == expectedWins)
        #expect(dead == expectedDead)
    }

    @Test func aCardWhoseWayOutIsBelowItIsADeadlockFoundWithoutSearch() {
        // 2♠ can leave its pile only home (after A♠, under it) or onto a red 3 (both under it):
        // A♠ can never be reached, however the 48 cards in the stock are played.
        let pile = TableauPile.pile("2♠", down: "3♥ 3♦ A♠")
        let rest = PlayingCard.fullDeck.filter { !["2♠", "3♥", "3♦", "A♠"].map(PlayingCard.init).contains($0) }
        let game = KlondikeGame(drawCount: 1, stock: rest, tableau: [pile] + Array(repeating: .empty, count: 6))
        #expect(KlondikeDeadlock.isDead(game))
        #expect(KlondikeSolver.solve(game, budget: Self.budget) == .init(verdict: .notWinnable, nodes: 0))
        // With the 3♥ in the stock instead, the 2♠ has a way out: not a deadlock.
        let open = KlondikeGame(
            drawCount: 1, stock: rest + [PlayingCard("3♥")], tableau: [.pile("2♠", down: "3♦ A♠")] + Array(repeating: .empty, count: 6))
        #expect(!KlondikeDeadlock.isDead(open))
    }

    /// The deadlock check may only ever name dead deals: where it says dead, a search that
    /// skips it finds no win either.
    @Test func aDealCalledDeadlockedHasNoWinningLine() {
        var dead = 0
        for seed: UInt64 in 1...200 {
            let game = KlondikeGame(seed: seed, drawCount: 1)
            guard KlondikeDeadlock.isDead(game) else { continue }
            dead += 1
            var search = KlondikeSearch(game: game, focused: true, orderSeed: nil, nodeLimit: 30_000, deadline: nil)
            let found = search.run()
            #expect(!found, "deal \(seed) was called dead, but has a winning line")
        }
        #expect(dead == 2)
    }

    @Test func theSameGameAndNodeBudgetGiveTheSameAnswer() {
        for seed: UInt64 in [7, 8, 9] {
            let game = KlondikeGame(seed: seed, drawCount: 3)
            #expect(KlondikeSolver.solve(game, budget: Self.budget) == KlondikeSolver.solve(game, budget: Self.budget))
        }
    }

    @Test func aGameUnderWayIsSolvedFromWhereItIs() throws {
        // Play some hinted moves first (draws included), then solve from there.
        var game = KlondikeGame(seed: 12, drawCount: 1)
        for _ in 0..<15 {
            guard let hint = game.hint() else { break }
            try game.play(hint)
        }
        #expect(game.moveCount == 15)
        guard case .winnable(let actions) = KlondikeSolver.solve(game, budget: Self.budget).verdict else {
            Issue.record("deal 12 after 15 moves was not solved")
            return
        }
        for action in actions { try game.play(action) }
        #expect(game.isWon)
    }

    @Test func aLimitOnPassesIsKept() throws {
        // Drawing one, the waste may be turned over once.
        var wins = 0, turnedOver = 0
        for seed: UInt64 in 1...6 {
            let game = KlondikeGame(seed: seed, drawCount: 1, passes: 1)
            guard case .winnable(let actions) = KlondikeSolver.solve(game, budget: Self.budget).verdict else { continue }
            var played = game
            // Playing would throw noPassesLeft if the line turned the waste over twice.
            for action in actions { try played.play(action) }
            #expect(played.isWon)
            wins += 1
            if played.passesLeft == 0 { turnedOver += 1 }
        }
        #expect(wins == 4)
        #expect(turnedOver == 4)
    }
}
