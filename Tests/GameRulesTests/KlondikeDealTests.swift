@testable import GameRules
import KlondikeTestSupport
import Testing

struct KlondikeDealTests {
    @Test func theFullDeckHoldsFiftyTwoDifferentCards() {
        #expect(PlayingCard.fullDeck.count == 52)
        #expect(Set(PlayingCard.fullDeck).count == 52)
        #expect(PlayingCard.fullDeck.prefix(2) == [PlayingCard(rank: 1, suit: .spades), PlayingCard(rank: 2, suit: .spades)])
        #expect(PlayingCard.fullDeck.last == PlayingCard(rank: 13, suit: .clubs))
    }

    @Test(arguments: [
        (1, Suit.diamonds, "A♦", true),
        (7, .hearts, "7♥", true),
        (10, .clubs, "10♣", false),
        (11, .spades, "J♠", false),
        (12, .hearts, "Q♥", true),
        (13, .spades, "K♠", false),
    ])
    func aCardHasAShortNameAndAColour(rank: Int, suit: Suit, name: String, isRed: Bool) {
        let card = PlayingCard(rank: rank, suit: suit)
        #expect(card.name == name)
        #expect(card.description == name)
        #expect(card.isRed == isRed)
    }

    @Test(arguments: [(Suit.spades, "♠", false), (.hearts, "♥", true), (.diamonds, "♦", true), (.clubs, "♣", false)])
    func aSuitHasASymbolAndAColour(suit: Suit, symbol: String, isRed: Bool) {
        #expect(suit.symbol == symbol)
        #expect(suit.isRed == isRed)
    }

    @Test(arguments: [
        ("waste", KlondikePile.waste), ("t1", .tableau(0)), ("t4", .tableau(3)), ("t7", .tableau(6)),
        ("f1", .foundation(0)), ("f4", .foundation(3)),
    ])
    func wireNamesNameThePiles(name: String, pile: KlondikePile) {
        #expect(KlondikePile(name: name) == pile)
        #expect(pile.name == name)
    }

    @Test(arguments: ["", "stock", "t0", "t8", "f0", "f5", "T1", "t01", "t 1", "Waste", "t"])
    func otherNamesNameNoPile(name: String) {
        #expect(KlondikePile(name: name) == nil)
    }

    @Test func everyPileHasItsOwnName() {
        #expect(KlondikePile.allCases.map(\.name) == ["waste", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "f1", "f2", "f3", "f4"])
    }

    @Test(arguments: [1, 3])
    func seedOneDealsAPinnedGame(drawCount: Int) {
        let game = KlondikeGame(seed: 1, drawCount: drawCount)
        #expect(game.tableau.map(\.up) == ["9♣", "Q♦", "8♦", "5♦", "Q♠", "5♣", "9♠"].map { [PlayingCard($0)] })
        #expect(game.tableau[1].down == [PlayingCard].cards("7♣"))
        #expect(game.tableau[6].down == [PlayingCard].cards("K♥ 10♥ A♦ 5♥ A♥ 2♠"))
        #expect(game.drawCount == drawCount)
    }

    @Test func seedOneTurnsAPinnedStock() throws {
        var game = KlondikeGame(seed: 1, drawCount: 3)
        try game.draw()
        #expect(game.visibleWaste == [PlayingCard].cards("6♦ 2♥ 4♠"))
        #expect(game.stockCount == 21)
        #expect(game.wasteCount == 3)
    }

    @Test(arguments: 0..<50 as Range<UInt64>, [1, 3])
    func aDealHasTheKlondikeShape(seed: UInt64, drawCount: Int) {
        let game = KlondikeGame(seed: seed, drawCount: drawCount)
        #expect(game.tableau.map(\.downCount) == [0, 1, 2, 3, 4, 5, 6])
        #expect(game.tableau.map(\.up.count) == [1, 1, 1, 1, 1, 1, 1])
        #expect(game.stockCount == 24)
        #expect(game.wasteCount == 0)
        #expect(game.visibleWaste == [])
        #expect(game.foundations == [[], [], [], []])
        #expect(game.foundationCount == 0)
        #expect(game.moveCount == 0)
        #expect(!game.isWon)
        #expect(game.allCards.count == 52)
        #expect(Set(game.allCards) == Set(PlayingCard.fullDeck))
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func theSameSeedDealsTheSameGame(seed: UInt64) {
        #expect(KlondikeGame(seed: seed, drawCount: 1) == KlondikeGame(seed: seed, drawCount: 1))
        #expect(KlondikeGame(seed: seed, drawCount: 1).allCards == KlondikeGame(seed: seed, drawCount: 3).allCards)
    }

    @Test func differentSeedsDealDifferentGames() {
        let deals = (0..<100 as Range<UInt64>).map { KlondikeGame(seed: $0, drawCount: 1).allCards }
        #expect(Set(deals).count == 100)
        #expect(KlondikeGame(seed: 1, drawCount: 1) != KlondikeGame(seed: 2, drawCount: 1))
    }

    @Test func theDealTurnsTheStockInShuffledOrder() throws {
        var generator = SplitMix64(seed: 7)
        var deck = PlayingCard.fullDeck
        deck.seededShuffle(using: &generator)
        var game = KlondikeGame(seed: 7, drawCount: 1)
        #expect(game.tableau.flatMap { $0.down + $0.up } == Array(deck.prefix(28)))
        var turned: [PlayingCard] = []
        for _ in 0..<24 {
            try game.draw()
            turned += game.visibleWaste
        }
        #expect(turned == Array(deck.dropFirst(28)))
    }

    @Test func printingAGameShowsNoHiddenCard() throws {
        var game = KlondikeGame(seed: 1, drawCount: 3)
        try game.draw()
        var dumped = ""
        dump(game, to: &dumped)
        let shown = Set(game.visibleWaste + game.tableau.flatMap(\.up))
        let hidden = PlayingCard.fullDeck.filter { !shown.contains($0) }
        for text in [String(describing: game), String(reflecting: game), dumped] {
            #expect(hidden.allSatisfy { !text.contains($0.name) }, "\(text)")
            #expect(shown.allSatisfy { text.contains($0.name) }, "\(text)")
        }
    }
}
