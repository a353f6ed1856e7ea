import GameRules
@testable import KlondikeSolver
import KlondikeTestSupport
import Testing

/// The complete search over which cards are face up rather than how they lie: its card bits,
/// what a move owes the next, verdicts that agree with the search over arrangements, and
/// winning lines that the game's own rules play to all 52 home.
struct KlondikeLayoutFreeSearchTests {
    private static let everyCard = (0..<4).flatMap { suit in (1...13).map { SolverCard(suit: suit, rank: $0) } }

    @Test func everyCardHasItsOwnBitAndItsHoldersAreThePairFourBitsUp() {
        let bits = Self.everyCard.map(KlondikeLayoutFreeSearch.bit)
        #expect(Set(bits) == Set(0..<52))
        for card in Self.everyCard where card.rank < 13 {
            let holders = Self.everyCard.filter { card.fitsTableau(onto: $0) }
            let pairAbove = (KlondikeLayoutFreeSearch.bit(card) & ~1) + 4
            #expect(Set(holders.map(KlondikeLayoutFreeSearch.bit)) == [pairAbove, pairAbove + 1], "\(card.playingCard)")
        }
    }

    @Test func aCardPutDownMustBeUsedNext() {
        let sevenOfHearts = SolverCard(PlayingCard("7♥"))
        let owed = KlondikeLayoutFreeSearch.Owed.use(sevenOfHearts)
        func step(_ kind: KlondikeLayoutFreeSearch.Step.Kind, _ name: String) -> KlondikeLayoutFreeSearch.Step {
            .init(kind: kind, card: SolverCard(PlayingCard(name)))
        }
        // A black six onto it, from wherever it comes, or the other red seven home (let out by it).
        #expect(owed.allows(step(.reveal, "6♠")))
        #expect(owed.allows(step(.talonToTableau, "6♣")))
        #expect(owed.allows(step(.foundationToTableau, "6♠")))
        #expect(owed.allows(step(.tableauToFoundation, "7♦")))
        // Anything else could have come first.
        #expect(!owed.allows(step(.reveal, "6♥")))
        #expect(!owed.allows(step(.talonToTableau, "5♥")))
        #expect(!owed.allows(step(.tableauToFoundation, "7♥")))
        #expect(!owed.allows(step(.tableauToFoundation, "7♠")))
        #expect(!owed.allows(step(.talonToFoundation, "A♠")))
    }

    @Test func aPileLeftEmptyIsForAKing() {
        let owed = KlondikeLayoutFreeSearch.Owed.king
        #expect(owed.allows(.init(kind: .talonToTableau, card: SolverCard(PlayingCard("K♦")))))
        #expect(owed.allows(.init(kind: .reveal, card: SolverCard(PlayingCard("K♠")))))
        #expect(!owed.allows(.init(kind: .talonToTableau, card: SolverCard(PlayingCard("Q♦")))))
        #expect(!owed.allows(.init(kind: .tableauToFoundation, card: SolverCard(PlayingCard("K♣")))))
    }

    /// Deals 1-40 both ways, 100,000 positions each: where both searches decide, they agree;
    /// this one decides more (38 and 36, against 33 and 31 over arrangements).
    @Test(arguments: [(1, 35, 3, 33), (3, 32, 4, 31)])
    func itAgreesWithTheSearchOverArrangements(draw: Int, expectedWins: Int, expectedDead: Int, decidedOverArrangements: Int) throws {
        var wins = 0, dead = 0, decidedThere = 0
        for seed: UInt64 in 1...40 {
            let game = KlondikeGame(seed: seed, drawCount: draw)
            var search = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: 100_000, deadline: nil))
            let won = search.run()
            var overArrangements = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: 100_000, deadline: nil)
            let wonThere = overArrangements.run()
            let decided = won || !search.ranOut
            if wonThere || !overArrangements.ranOut {
                decidedThere += 1
                if decided { #expect(won == wonThere, "deal \(seed), draw \(draw)") }
            }
            if won {
                wins += 1
                let line = try #require(search.concreteLine(from: game), "deal \(seed), draw \(draw)")
                let actions = try #require(KlondikeSolver.actions(for: line, from: game))
                var played = game
                for action in actions { try played.play(action) }
                #expect(played.isWon)
            } else if decided {
                dead += 1
            }
        }
        #expect(wins == expectedWins)
        #expect(dead == expectedDead)
        #expect(decidedThere == decidedOverArrangements)
    }

    @Test func aDeadDealIsProvedInFewerPositions() throws {
        // Deal 78 drawing one: 25,054 positions over arrangements (with obligations), 12,289 here.
        let game = KlondikeGame(seed: 78, drawCount: 1)
        var search = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: .max, deadline: nil))
        #expect(!search.run() && !search.ranOut)
        #expect(search.nodes == 12_289)
        var overArrangements = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: .max, deadline: nil)
        #expect(!overArrangements.run() && !overArrangements.ranOut)
        #expect(overArrangements.nodes == 25_054)
    }

    @Test func drawingThreeADealDeadWithTheTalonInAnyOrderIsProvedSoFirst() throws {
        // Deal 78 drawing three: with the talon in any order (drawing one) it is dead in 12,289
        // positions, the proof drawing one's; the real game takes 258,224.
        let game = KlondikeGame(seed: 78, drawCount: 3)
        let relaxed = try #require(KlondikeSolver.proveDeadWithTalonInAnyOrder(game, nodeLimit: .max, deadline: nil, stop: nil))
        #expect(relaxed.provedDead && relaxed.nodes == 12_289)
        var exact = try #require(KlondikeLayoutFreeSearch(game: game, nodeLimit: .max, deadline: nil))
        #expect(!exact.run() && !exact.ranOut)
        #expect(exact.nodes == 258_224)
        // The solver's complete search, proof first, needs only the first.
        let complete = KlondikeSolver.searchCompletely(game, nodeLimit: .max, deadline: nil, relaxedShare: 1)
        #expect(complete.moves == nil && !complete.ranOut && complete.nodes == 12_289)
    }

    @Test func drawingThreeADealDeadOnlyByTheTalonsOrderIsLeftToTheRealGame() throws {
        // Deal 93 drawing three: won in 42 positions with the talon in any order, which proves
        // nothing; dead in the real game, in 3,554 positions.
        let game = KlondikeGame(seed: 93, drawCount: 3)
        let relaxed = try #require(KlondikeSolver.proveDeadWithTalonInAnyOrder(game, nodeLimit: .max, deadline: nil, stop: nil))
        #expect(!relaxed.provedDead && relaxed.nodes == 42)
        let complete = KlondikeSolver.searchCompletely(game, nodeLimit: .max, deadline: nil)
        #expect(complete.moves == nil && !complete.ranOut && complete.nodes == 42 + 3_554)
        // Drawing one, with no limit on passes, there is nothing to relax.
        #expect(KlondikeSolver.proveDeadWithTalonInAnyOrder(KlondikeGame(seed: 93, drawCount: 1), nodeLimit: 10, deadline: nil, stop: nil) == nil)
    }

    @Test func aRunThatBreaksTheRulesIsLeftToTheSearchOverArrangements() {
        // Built by hand, with the 6♣ left out: a black seven on a black seven, over the 6♠.
        // This search cannot take it; the solver's complete search still proves it dead, over
        // arrangements (the 7♠ fits nowhere, and neither seven can ever go home).
        let foundations: [[PlayingCard]] = [.foundation(through: "5♠"), .foundation(through: "K♥"), .foundation(through: "K♦"), .foundation(through: "5♣")]
        let broken = KlondikeGame.position(foundations: foundations, tableau: [.pile("7♣ 7♠", down: "6♠")])
        #expect(KlondikeLayoutFreeSearch(game: broken, nodeLimit: 1_000, deadline: nil) == nil)
        let complete = KlondikeSolver.searchCompletely(broken, nodeLimit: 1_000, deadline: nil)
        #expect(complete.moves == nil && !complete.ranOut)
        // A run the rules allow it takes, and wins: the 8♠ onto the 9♥ turns up the 6♠.
        let legal = KlondikeGame.position(
            stock: "K♠ Q♠ J♠ 10♠ 9♠ K♥ Q♥ J♥ 10♥ 7♠ 8♥",
            foundations: [.foundation(through: "5♠"), .foundation(through: "6♥"), .foundation(through: "K♦"), .foundation(through: "K♣")],
            tableau: [.pile("8♠ 7♥", down: "6♠"), .pile("9♥")])
        var search = KlondikeLayoutFreeSearch(game: legal, nodeLimit: 1_000, deadline: nil)
        #expect(search?.run() == true)
        let actions = search?.concreteLine(from: legal).flatMap { KlondikeSolver.actions(for: $0, from: legal) } ?? []
        #expect(actions.contains(.move(from: .tableau(0), to: .tableau(1), count: 1)))
        var played = legal
        for action in actions { try? played.play(action) }
        #expect(played.isWon)
    }
}
