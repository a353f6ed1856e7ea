@testable import GameRules
import KlondikeTestSupport
import Testing

/// A move tried on a position, and what must come of it.
struct KlondikeMoveCase: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        /// The move is made and the piles then lie like this position.
        case lands(KlondikeGame)
        /// The move is refused with this error.
        case refused(KlondikeError)
    }

    let label: String
    let game: KlondikeGame
    let from: KlondikePile
    let to: KlondikePile
    let count: Int
    let outcome: Outcome

    init(_ label: String, _ game: KlondikeGame, _ from: KlondikePile, _ to: KlondikePile, count: Int = 1, _ outcome: Outcome) {
        self.label = label
        self.game = game
        self.from = from
        self.to = to
        self.count = count
        self.outcome = outcome
    }

    var testDescription: String { label }
}

/// A double tap tried on a position, and where the card must go.
struct KlondikeAutoCase: Sendable, CustomTestStringConvertible {
    let label: String
    let game: KlondikeGame
    let from: KlondikePile
    let outcome: Result<KlondikePile, KlondikeError>

    init(_ label: String, _ game: KlondikeGame, _ from: KlondikePile, _ outcome: Result<KlondikePile, KlondikeError>) {
        self.label = label
        self.game = game
        self.from = from
        self.outcome = outcome
    }

    var testDescription: String { label }
}

struct KlondikeMoveTests {
    typealias Game = KlondikeGame

    static let foundationMoves: [KlondikeMoveCase] = [
        .init(
            "an ace goes to an empty foundation",
            Game.position(waste: "Q♦ A♠"), .waste, .foundation(2),
            .lands(Game.position(waste: "Q♦", foundations: [[], [], .cards("A♠")]))),
        .init(
            "an ace does not go on another ace",
            Game.position(waste: "A♠", foundations: [.cards("A♥")]), .waste, .foundation(0),
            .refused(.foundationMismatch(PlayingCard("A♠")))),
        .init(
            "a two does not go to an empty foundation",
            Game.position(waste: "2♠"), .waste, .foundation(0),
            .refused(.foundationMismatch(PlayingCard("2♠")))),
        .init(
            "the next rank of the suit goes on, and the card underneath turns up",
            Game.position(foundations: [.foundation(through: "4♣")], tableau: [.pile("5♣", down: "2♥ 9♦")]),
            .tableau(0), .foundation(0),
            .lands(Game.position(foundations: [.foundation(through: "5♣")], tableau: [.pile("9♦", down: "2♥")]))),
        .init(
            "another suit does not go on",
            Game.position(waste: "5♥", foundations: [.foundation(through: "4♣")]), .waste, .foundation(0),
            .refused(.foundationMismatch(PlayingCard("5♥")))),
        .init(
            "a rank skipped does not go on",
            Game.position(foundations: [.foundation(through: "3♣")], tableau: [.pile("5♣")]), .tableau(0), .foundation(0),
            .refused(.foundationMismatch(PlayingCard("5♣")))),
        .init(
            "the same rank does not go on",
            Game.position(foundations: [.foundation(through: "3♣")], tableau: [.pile("3♣")]), .tableau(0), .foundation(0),
            .refused(.foundationMismatch(PlayingCard("3♣")))),
        .init(
            "a run does not go to a foundation",
            Game.position(foundations: [.foundation(through: "4♣")], tableau: [.pile("5♣ 4♥")]), .tableau(0), .foundation(0),
            count: 2, .refused(.foundationTakesOneCard)),
        .init(
            "a foundation's card does not move to another foundation",
            Game.position(foundations: [.cards("A♠")]), .foundation(0), .foundation(3),
            .refused(.foundationCardOnlyToTableau(.foundation(0)))),
    ]

    static let tableauMoves: [KlondikeMoveCase] = [
        .init(
            "a red card goes on a black card one rank higher",
            Game.position(waste: "8♥", tableau: [.pile("9♠")]), .waste, .tableau(0),
            .lands(Game.position(tableau: [.pile("9♠ 8♥")]))),
        .init(
            "a black card goes on a red card one rank higher",
            Game.position(waste: "8♣", tableau: [.empty, .pile("9♦", down: "K♠")]), .waste, .tableau(1),
            .lands(Game.position(tableau: [.empty, .pile("9♦ 8♣", down: "K♠")]))),
        .init(
            "the same colour is refused",
            Game.position(waste: "8♣", tableau: [.pile("9♠")]), .waste, .tableau(0),
            .refused(.tableauMismatch(PlayingCard("8♣"), onto: PlayingCard("9♠")))),
        .init(
            "a rank two lower is refused",
            Game.position(waste: "7♥", tableau: [.pile("9♠")]), .waste, .tableau(0),
            .refused(.tableauMismatch(PlayingCard("7♥"), onto: PlayingCard("9♠")))),
        .init(
            "a rank higher is refused",
            Game.position(waste: "10♥", tableau: [.pile("9♠")]), .waste, .tableau(0),
            .refused(.tableauMismatch(PlayingCard("10♥"), onto: PlayingCard("9♠")))),
        .init(
            "a king goes to an empty pile, and the card underneath turns up",
            Game.position(tableau: [.empty, .pile("K♥", down: "2♣ 3♦")]), .tableau(1), .tableau(0),
            .lands(Game.position(tableau: [.pile("K♥"), .pile("3♦", down: "2♣")]))),
        .init(
            "a queen does not go to an empty pile",
            Game.position(waste: "Q♠"), .waste, .tableau(0),
            .refused(.onlyKingToEmptyTableau)),
        .init(
            "a run of two moves onto a fitting card",
            Game.position(tableau: [.pile("10♠ 9♥", down: "2♣ 3♣"), .pile("J♦")]), .tableau(0), .tableau(1), count: 2,
            .lands(Game.position(tableau: [.pile("3♣", down: "2♣"), .pile("J♦ 10♠ 9♥")]))),
        .init(
            "a run of three moves onto a fitting card",
            Game.position(tableau: [.pile("K♦"), .pile("J♦ 10♠ 9♥"), .pile("K♥ Q♠ J♥ 10♣")]), .tableau(2), .tableau(0), count: 3,
            .lands(Game.position(tableau: [.pile("K♦ Q♠ J♥ 10♣"), .pile("J♦ 10♠ 9♥"), .pile("K♥")]))),
        .init(
            "a king-led run goes to an empty pile",
            Game.position(tableau: [.pile("K♦ Q♣ J♥", down: "5♠"), .empty]), .tableau(0), .tableau(1), count: 3,
            .lands(Game.position(tableau: [.pile("5♠"), .pile("K♦ Q♣ J♥")]))),
        .init(
            "a run led by a queen does not go to an empty pile",
            Game.position(tableau: [.pile("K♦ Q♣ J♥"), .empty]), .tableau(0), .tableau(1), count: 2,
            .refused(.onlyKingToEmptyTableau)),
        .init(
            "a run whose lead does not fit is refused",
            Game.position(tableau: [.pile("10♠ 9♥"), .pile("10♣")]), .tableau(0), .tableau(1), count: 2,
            .refused(.tableauMismatch(PlayingCard("10♠"), onto: PlayingCard("10♣")))),
        .init(
            "the top card of that run fits on its own",
            Game.position(tableau: [.pile("10♠ 9♥"), .pile("10♣")]), .tableau(0), .tableau(1),
            .lands(Game.position(tableau: [.pile("10♠"), .pile("10♣ 9♥")]))),
        .init(
            "a foundation's top card comes back to the tableau",
            Game.position(foundations: [.foundation(through: "3♥")], tableau: [.pile("4♠")]), .foundation(0), .tableau(0),
            .lands(Game.position(foundations: [.foundation(through: "2♥")], tableau: [.pile("4♠ 3♥")]))),
        .init(
            "a foundation's top card must fit the tableau too",
            Game.position(foundations: [.foundation(through: "3♥")], tableau: [.pile("4♥")]), .foundation(0), .tableau(0),
            .refused(.tableauMismatch(PlayingCard("3♥"), onto: PlayingCard("4♥")))),
        .init(
            "the waste's top card goes to the tableau in a draw-3 game",
            Game.position(draw: 3, stock: "2♦", waste: "A♣ 5♦ 8♥", tableau: [.pile("9♠")]), .waste, .tableau(0),
            .lands(Game.position(draw: 3, stock: "2♦", waste: "A♣ 5♦", tableau: [.pile("9♠ 8♥")]))),
    ]

    static let malformedMoves: [KlondikeMoveCase] = [
        .init(
            "more cards than are face up", Game.position(tableau: [.empty, .empty, .pile("10♠ 9♥", down: "4♦"), .pile("J♦")]),
            .tableau(2), .tableau(3), count: 3, .refused(.notEnoughFaceUp(.tableau(2), available: 2))),
        .init(
            "no cards", Game.position(tableau: [.pile("10♠"), .pile("J♦")]),
            .tableau(0), .tableau(1), count: 0, .refused(.countBelowOne(0))),
        .init(
            "a negative count", Game.position(tableau: [.pile("10♠"), .pile("J♦")]),
            .tableau(0), .tableau(1), count: -1, .refused(.countBelowOne(-1))),
        .init(
            "two cards from the waste", Game.position(draw: 3, waste: "10♠ 9♥", tableau: [.pile("J♦")]),
            .waste, .tableau(0), count: 2, .refused(.oneCardAtATime(from: .waste))),
        .init(
            "two cards from a foundation", Game.position(foundations: [.foundation(through: "2♥")], tableau: [.pile("3♠")]),
            .foundation(0), .tableau(0), count: 2, .refused(.oneCardAtATime(from: .foundation(0)))),
        .init(
            "from the waste to itself", Game.position(waste: "9♥"), .waste, .waste, .refused(.samePile(.waste))),
        .init(
            "from a pile to itself", Game.position(tableau: [.pile("9♥")]), .tableau(0), .tableau(0),
            .refused(.samePile(.tableau(0)))),
        .init(
            "to the waste", Game.position(waste: "10♠", tableau: [.pile("9♥")]), .tableau(0), .waste,
            .refused(.wasteIsNotADestination)),
        .init("from an empty waste", Game.position(tableau: [.pile("9♥")]), .waste, .tableau(0), .refused(.emptyPile(.waste))),
        .init(
            "from an empty tableau pile", Game.position(tableau: [.pile("9♥")]), .tableau(3), .tableau(0),
            .refused(.emptyPile(.tableau(3)))),
        .init(
            "from an empty foundation", Game.position(tableau: [.pile("9♥")]), .foundation(1), .tableau(0),
            .refused(.emptyPile(.foundation(1)))),
        .init(
            "to an eighth tableau pile", Game.position(waste: "K♥"), .waste, .tableau(7), .refused(.noSuchPile(.tableau(7)))),
        .init(
            "to a fifth foundation", Game.position(waste: "A♥"), .waste, .foundation(4),
            .refused(.noSuchPile(.foundation(4)))),
        .init(
            "from a pile left of the first", Game.position(waste: "K♥"), .tableau(-1), .tableau(0),
            .refused(.noSuchPile(.tableau(-1)))),
    ]

    @Test(arguments: foundationMoves + tableauMoves + malformedMoves)
    func aMoveFollowsTheRules(_ move: KlondikeMoveCase) throws {
        var game = move.game
        switch move.outcome {
        case .lands(let expected):
            try game.move(from: move.from, to: move.to, count: move.count)
            #expect(game.piles == expected.piles)
            #expect(game.moveCount == 1)
            try game.undo()
            #expect(game == move.game)
        case .refused(let error):
            #expect(throws: error) { try game.move(from: move.from, to: move.to, count: move.count) }
            #expect(game == move.game)
        }
    }

    static let autoMoves: [KlondikeAutoCase] = [
        .init(
            "an ace goes to the first foundation when all are empty",
            Game.position(waste: "A♥"), .waste, .success(.foundation(0))),
        .init(
            "an ace goes to the first empty foundation",
            Game.position(
                foundations: [.cards("A♠"), [], .cards("A♣")], tableau: [.pile("A♦", down: "7♠"), .pile("2♠")]),
            .tableau(0), .success(.foundation(1))),
        .init(
            "a card goes onto its suit's foundation before any tableau pile",
            Game.position(
                waste: "3♥", foundations: [.cards("A♠"), .foundation(through: "2♥"), .cards("A♦")],
                tableau: [.pile("4♣")]),
            .waste, .success(.foundation(1))),
        .init(
            "a king goes to the leftmost empty tableau pile",
            Game.position(waste: "K♥", tableau: [.pile("5♠"), .empty, .empty]), .waste, .success(.tableau(1))),
        .init(
            "a king leaves face-down cards for the leftmost empty pile",
            Game.position(tableau: [.pile("5♠"), .pile("K♥", down: "4♠"), .pile("3♦"), .empty, .empty]),
            .tableau(1), .success(.tableau(3))),
        .init(
            "a king skips its own pile",
            Game.position(tableau: [.pile("K♥ Q♣", down: "4♠"), .pile("K♣", down: "9♦"), .empty]),
            .tableau(1), .success(.tableau(2))),
        .init(
            "a king alone on its pile stays",
            Game.position(tableau: [.empty, .pile("K♥"), .empty]), .tableau(1), .failure(.noAutoMove(PlayingCard("K♥")))),
        .init(
            "a king without an empty pile stays",
            Game.position(waste: "K♥", tableau: "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠".split(separator: " ").map { .pile(String($0)) }),
            .waste, .failure(.noAutoMove(PlayingCard("K♥")))),
        .init(
            "a card goes on the leftmost fitting tableau pile",
            Game.position(waste: "8♦", tableau: [.pile("9♥"), .empty, .pile("9♠"), .pile("9♣")]), .waste,
            .success(.tableau(2))),
        .init(
            "a two whose ace is not up goes to the tableau",
            Game.position(
                foundations: [.cards("A♠")], tableau: [.pile("5♠"), .pile("2♦", down: "8♣"), .pile("3♣")]),
            .tableau(1), .success(.tableau(2))),
        .init(
            "only the top card of a run moves",
            Game.position(tableau: [.pile("10♠ 9♥"), .pile("10♣")]), .tableau(0), .success(.tableau(1))),
        .init(
            "a card that fits nowhere stays",
            Game.position(waste: "8♦", tableau: [.pile("9♥"), .pile("10♠")]), .waste, .failure(.noAutoMove(PlayingCard("8♦")))),
        .init(
            "a foundation card has no automatic move",
            Game.position(foundations: [.cards("A♠")], tableau: [.empty]), .foundation(0), .failure(.noAutoSource(.foundation(0)))),
        .init("an empty waste has no card to move", Game.position(), .waste, .failure(.emptyPile(.waste))),
        .init(
            "an empty tableau pile has no card to move", Game.position(tableau: [.pile("K♠")]), .tableau(4),
            .failure(.emptyPile(.tableau(4)))),
        .init("an eighth tableau pile does not exist", Game.position(), .tableau(7), .failure(.noSuchPile(.tableau(7)))),
    ]

    @Test(arguments: autoMoves)
    func aDoubleTapMakesTheFirstMoveTheRuleNames(_ auto: KlondikeAutoCase) throws {
        var game = auto.game
        switch auto.outcome {
        case .success(let destination):
            #expect(try game.auto(from: auto.from) == destination)
            var moved = auto.game
            try moved.move(from: auto.from, to: destination)
            #expect(game == moved)
        case .failure(let error):
            #expect(throws: error) { try game.auto(from: auto.from) }
            #expect(game == auto.game)
        }
    }

    @Test func aDoubleTapIsUndone() throws {
        var game = Game.position(tableau: [.pile("9♣"), .pile("8♦", down: "2♠")])
        let before = game
        #expect(try game.auto(from: .tableau(1)) == .tableau(0))
        #expect(game.tableau == [.pile("9♣ 8♦"), .pile("2♠")] + Array(repeating: .empty, count: 5))
        #expect(game.moveCount == 1)
        try game.undo()
        #expect(game == before)
        #expect(game.tableau[1].downCount == 1)
    }

    @Test func drawOneTurnsOneCardAtATime() throws {
        var game = Game.position(stock: "3♠ 2♠ A♠")
        try game.draw()
        #expect(game.visibleWaste == .cards("A♠"))
        #expect(game.stockCount == 2)
        #expect(game.wasteCount == 1)
        try game.draw()
        #expect(game.visibleWaste == .cards("2♠"))
        #expect(game.stockCount == 1)
        #expect(game.wasteCount == 2)
        #expect(game.moveCount == 2)
    }

    @Test func drawThreeShowsThePlayableCardFirst() throws {
        var game = Game.position(draw: 3, stock: "5♠ 4♠ 3♠ 2♠ A♠")
        try game.draw()
        #expect(game.visibleWaste == .cards("3♠ 2♠ A♠"))
        #expect(game.stockCount == 2)
        #expect(game.wasteCount == 3)
        try game.draw()
        #expect(game.visibleWaste == .cards("5♠ 4♠ 3♠"))
        #expect(game.stockCount == 0)
        #expect(game.wasteCount == 5)
    }

    @Test func playingFromADrawThreeWasteUncoversTheCardBelow() throws {
        var game = Game.position(draw: 3, stock: "9♦ 5♠ 4♠ 3♠", tableau: [.pile("6♥"), .pile("5♦")])
        try game.draw()
        #expect(game.visibleWaste == .cards("5♠ 4♠ 3♠"))
        try game.move(from: .waste, to: .tableau(0))
        #expect(game.visibleWaste == .cards("4♠ 3♠"))
        try game.move(from: .waste, to: .tableau(1))
        #expect(game.visibleWaste == .cards("3♠"))
        #expect(game.wasteCount == 1)
        #expect(game.stockCount == 1)
    }

    @Test(arguments: [1, 3])
    func anEmptyStockRedealsTheWasteInTheSameOrder(drawCount: Int) throws {
        var game = Game.position(draw: drawCount, stock: "5♠ 4♠ 3♠ 2♠ A♠")
        var firstPass: [[PlayingCard]] = []
        while game.stockCount > 0 {
            try game.draw()
            firstPass.append(game.visibleWaste)
        }
        try game.draw()
        #expect(game.stockCount == 5)
        #expect(game.wasteCount == 0)
        #expect(game.visibleWaste == [])
        #expect(game.piles == Game.position(draw: drawCount, stock: "5♠ 4♠ 3♠ 2♠ A♠").piles)
        var secondPass: [[PlayingCard]] = []
        while game.stockCount > 0 {
            try game.draw()
            secondPass.append(game.visibleWaste)
        }
        #expect(secondPass == firstPass)
        #expect(firstPass.count == (drawCount == 1 ? 5 : 2))
    }

    @Test(arguments: 0..<10 as Range<UInt64>, [1, 3])
    func aDealtStockReplaysAfterARedeal(seed: UInt64, drawCount: Int) throws {
        var game = KlondikeGame(seed: seed, drawCount: drawCount)
        func pass() throws -> [[PlayingCard]] {
            var shown: [[PlayingCard]] = []
            repeat {
                try game.draw()
                shown.append(game.visibleWaste)
            } while game.stockCount > 0
            return shown
        }
        let first = try pass()
        try game.draw()
        #expect(try pass() == first)
        #expect(first.count == 24 / drawCount)
    }

    @Test func drawingFromNothingIsRefused() {
        var game = Game.position(tableau: [.pile("K♠")])
        #expect(throws: KlondikeError.nothingToDraw) { try game.draw() }
        #expect(game == Game.position(tableau: [.pile("K♠")]))
    }

    @Test func undoTakesBackEveryKindOfMoveInTurn() throws {
        var game = Game.position(stock: "2♣ 8♥", waste: "A♣", tableau: [.pile("9♠", down: "6♦"), .pile("10♥")])
        var states: [KlondikeGame] = []
        let moves: [(inout KlondikeGame) throws -> Void] = [
            { try $0.draw() },
            { try $0.move(from: .waste, to: .tableau(0)) },
            { try $0.auto(from: .waste) },
            { try $0.draw() },
            { try $0.draw() },
            { try $0.draw() },
            { try $0.move(from: .waste, to: .foundation(0)) },
            { try $0.move(from: .tableau(0), to: .tableau(1), count: 2) },
        ]
        for move in moves {
            states.append(game)
            try move(&game)
        }
        #expect(game.piles == Game.position(
            foundations: [.foundation(through: "2♣")], tableau: [.pile("6♦"), .pile("10♥ 9♠ 8♥")]).piles)
        #expect(game.moveCount == 8)
        while let previous = states.popLast() {
            try game.undo()
            #expect(game == previous)
            #expect(game.moveCount == states.count)
        }
        #expect(throws: KlondikeError.nothingToUndo) { try game.undo() }
    }

    @Test func nothingToUndoRightAfterTheDeal() {
        var game = KlondikeGame(seed: 3, drawCount: 1)
        #expect(throws: KlondikeError.nothingToUndo) { try game.undo() }
        #expect(game == KlondikeGame(seed: 3, drawCount: 1))
    }

    static let almostWon = Game.position(
        waste: "K♣",
        foundations: [.foundation(through: "K♠"), .foundation(through: "K♥"), .foundation(through: "K♦"), .foundation(through: "Q♣")])

    @Test func theLastCardWinsTheGame() throws {
        var game = Self.almostWon
        #expect(game.foundationCount == 51)
        #expect(!game.isWon)
        try game.move(from: .waste, to: .foundation(3))
        #expect(game.isWon)
        #expect(game.foundationCount == 52)
        #expect(game.wasteCount == 0)
    }

    @Test func aDoubleTapCanWinTheGame() throws {
        var game = Self.almostWon
        #expect(try game.auto(from: .waste) == .foundation(3))
        #expect(game.isWon)
    }

    @Test func aWonGameTakesNoMoreMoves() throws {
        var game = Self.almostWon
        try game.move(from: .waste, to: .foundation(3))
        let won = game
        #expect(throws: KlondikeError.gameWon) { try game.draw() }
        #expect(throws: KlondikeError.gameWon) { try game.move(from: .foundation(3), to: .tableau(0)) }
        #expect(throws: KlondikeError.gameWon) { try game.auto(from: .waste) }
        #expect(throws: KlondikeError.gameWon) { try game.undo() }
        #expect(game == won)
    }

    @Test(arguments: [
        (KlondikeError.gameWon, "the game is won"),
        (.nothingToDraw, "the stock and the waste are both empty"),
        (.nothingToUndo, "nothing to undo: no move has been made since the deal (or since the last undo took them all back)"),
        (.noSuchPile(.tableau(7)), "there is no pile t8"),
        (.samePile(.tableau(2)), "the cards are already on t3"),
        (.wasteIsNotADestination, "cards cannot be put on the waste: it only takes cards from the stock"),
        (.countBelowOne(0), "a move takes at least one card, not 0"),
        (.emptyPile(.waste), "the waste is empty: draw from the stock first"),
        (.emptyPile(.tableau(3)), "t4 is empty"),
        (.emptyPile(.foundation(0)), "f1 is empty"),
        (.oneCardAtATime(from: .waste), "only one card at a time can be taken from the waste"),
        (.oneCardAtATime(from: .foundation(1)), "only one card at a time can be taken from f2"),
        (.foundationCardOnlyToTableau(.foundation(3)), "a card on f4 can only go back to the tableau"),
        (.notEnoughFaceUp(.tableau(2), available: 2), "t3 has only 2 face-up cards: move at most 2 from it"),
        (.notEnoughFaceUp(.tableau(0), available: 1), "t1 has only 1 face-up card: move 1 card from it"),
        (.foundationTakesOneCard, "a foundation takes one card at a time"),
        (.foundationMismatch(PlayingCard("5♣")), "the foundations build up by suit from the ace: 5♣ needs 4♣ there"),
        (.foundationMismatch(PlayingCard("2♦")), "the foundations build up by suit from the ace: 2♦ needs A♦ there"),
        (.foundationMismatch(PlayingCard("A♠")), "the foundations build up by suit from the ace: A♠ needs an empty foundation"),
        (.onlyKingToEmptyTableau, "only a king can go to an empty tableau pile"),
        (
            .tableauMismatch(PlayingCard("7♥"), onto: PlayingCard("9♠")),
            "7♥ cannot go on 9♠: the tableau builds down in alternating colours"
        ),
        (.noAutoSource(.foundation(2)), "a double tap plays from the waste or the tableau, not from f3"),
        (.noAutoMove(PlayingCard("8♦")), "no automatic move for 8♦: it fits no foundation and no tableau pile; move another card, or draw"),
    ])
    func everyRefusalSaysWhyInWords(error: KlondikeError, reason: String) {
        #expect(error.reason == reason)
    }
}
