import GameRules
import Testing

struct SetGameTests {
    /// Seed 42 deals these 12 cards, holding the Sets at positions 0 3 6 and 0 4 9;
    /// the next cards in the deck are 18, 28, 70.
    static let seed42Board = [27, 69, 7, 41, 51, 23, 52, 38, 1, 39, 55, 79]

    /// Three cards on the board that are no Set.
    static func mismatch(on board: [SetCard]) -> [Int] {
        for i in board.indices {
            for j in (i + 1)..<board.count {
                for k in (j + 1)..<board.count where !SetCard.isSet(board[i], board[j], board[k]) {
                    return [board[i].id, board[j].id, board[k].id]
                }
            }
        }
        preconditionFailure("every trio on this board is a Set")
    }

    static func firstSetIDs(_ game: SetGame) -> [Int] {
        SetSolver.firstSet(on: game.board)!.map { game.board[$0].id }
    }

    @Test func seed42DealsAPinnedBoard() {
        let game = SetGame(seats: 1, seed: 42)
        #expect(game.board.map(\.id) == Self.seed42Board)
        #expect(game.deckCount == 69)
        #expect(game.scores == [0])
        #expect(game.setsFound == [0])
        #expect(game.cardsTaken == [])
        #expect(game.hint == [])
        #expect(game.hintsUsed == 0)
        #expect(!game.isOver)
    }

    @Test(arguments: 0..<100 as Range<UInt64>)
    func aNewGameDealsTwelveAndMoreOnlyWithoutASet(seed: UInt64) {
        let game = SetGame(seats: 2, seed: seed)
        #expect(SetSolver.hasSet(on: game.board))
        #expect(game.board.count + game.deckCount == 81)
        #expect(game.board.count % 3 == 0)
        if game.board.count == 12 {
            #expect(game.deckCount == 69)
        } else {
            #expect(!SetSolver.hasSet(on: Array(game.board.prefix(game.board.count - 3))))
        }
        #expect(game.scores == [0, 0])
    }

    @Test func theSameSeedAndMovesReplayTheSameGame() throws {
        func play(seed: UInt64) throws -> SetGame {
            var game = SetGame(seats: 2, seed: seed)
            _ = try game.claim(Self.firstSetIDs(game), by: 0)
            try game.dealThree()
            _ = try game.takeHint()
            _ = try game.claim(Self.mismatch(on: game.board), by: 1)
            _ = try game.claim(Self.firstSetIDs(game), by: 1)
            return game
        }
        #expect(try play(seed: 5) == play(seed: 5))
        #expect(try play(seed: 5).board != play(seed: 6).board)
        #expect(SetGame(seats: 1, seed: 5) != SetGame(seats: 1, seed: 6))
    }

    @Test func aValidClaimOnTwelveCardsReplacesThemInPlace() throws {
        var game = SetGame(seats: 1, seed: 42)
        let result = try game.claim([52, 27, 41], by: 0)
        #expect(result == SetClaimResult(cards: cards([52, 27, 41]), valid: true, points: 3, dealt: cards([18, 28, 70])))
        #expect(game.board.map(\.id) == [18, 69, 7, 28, 51, 23, 70, 38, 1, 39, 55, 79])
        #expect(game.deckCount == 66)
        #expect(game.scores == [3])
        #expect(game.setsFound == [1])
        #expect(game.cardsTaken == cards([52, 27, 41]))
    }

    static let twelveCardSeeds = (0..<40 as Range<UInt64>).filter { SetGame(seats: 1, seed: $0).board.count == 12 }

    @Test(arguments: twelveCardSeeds)
    func aValidClaimOnTwelveCardsKeepsEveryOtherPosition(seed: UInt64) throws {
        var game = SetGame(seats: 1, seed: seed)
        let before = game.board
        let positions = try #require(SetSolver.firstSet(on: before))
        let result = try game.claim(positions.map { before[$0].id }, by: 0)
        #expect(positions.map { game.board[$0] } == Array(result.dealt.prefix(3)))
        for index in before.indices where !positions.contains(index) {
            #expect(game.board[index] == before[index])
        }
        #expect(Array(game.board.dropFirst(12)) == Array(result.dealt.dropFirst(3)))
        #expect(result.dealt.allSatisfy { !before.contains($0) })
        #expect(game.deckCount == 69 - result.dealt.count)
    }

    @Test func aValidClaimOnFifteenCardsJustRemovesThem() throws {
        var game = SetGame(seats: 1, seed: 42)
        try game.dealThree()
        #expect(game.board.map(\.id) == Self.seed42Board + [18, 28, 70])
        let result = try game.claim([27, 51, 39], by: 0)
        #expect(result == SetClaimResult(cards: cards([27, 51, 39]), valid: true, points: 3, dealt: []))
        #expect(game.board.map(\.id) == [69, 7, 41, 23, 52, 38, 1, 55, 79, 18, 28, 70])
        #expect(game.deckCount == 66)
    }

    @Test func aMismatchCostsFivePointsAndLeavesTheBoard() throws {
        var game = SetGame(seats: 2, seed: 42)
        let before = game
        let trio = [27, 69, 7]
        let result = try game.claim(trio, by: 1)
        #expect(result == SetClaimResult(cards: cards(trio), valid: false, points: -5, dealt: []))
        _ = try game.claim(trio, by: 1)
        #expect(game.scores == [0, -10])
        #expect(game.setsFound == [0, 0])
        #expect(game.board == before.board)
        #expect(game.deckCount == before.deckCount)
        #expect(game.cardsTaken == [])
    }

    @Test func aClaimNamingATakenCardIsNotOnBoard() throws {
        var game = SetGame(seats: 1, seed: 42)
        _ = try game.claim([27, 41, 52], by: 0)
        let after = game
        #expect(throws: SetRuleError.notOnBoard) { _ = try game.claim([27, 41, 52], by: 0) }
        #expect(throws: SetRuleError.notOnBoard) { _ = try game.claim([51, 39, 27], by: 0) }
        #expect(game == after)
    }

    @Test(arguments: [
        ([27, 41], SetRuleError.notThreeDistinctCards),
        ([27, 41, 52, 51], .notThreeDistinctCards),
        ([27, 27, 41], .notThreeDistinctCards),
        ([], .notThreeDistinctCards),
        ([27, 41, 90], .noSuchCard(90)),
        ([-1, 41, 52], .noSuchCard(-1)),
        ([27, 41, 0], .notOnBoard),
    ] as [([Int], SetRuleError)])
    func aMalformedClaimIsRefusedWithoutPenalty(ids: [Int], error: SetRuleError) {
        var game = SetGame(seats: 1, seed: 42)
        let before = game
        #expect(throws: error) { _ = try game.claim(ids, by: 0) }
        #expect(game == before)
    }

    @Test(arguments: [-1, 2, 3])
    func aClaimFromAnUnknownSeatIsRefused(seat: Int) {
        var game = SetGame(seats: 2, seed: 42)
        #expect(throws: SetRuleError.noSuchSeat(seat)) { _ = try game.claim([27, 41, 52], by: seat) }
    }

    @Test(arguments: [
        (SetRuleError.notThreeDistinctCards, "a claim names exactly three different cards"),
        (.noSuchCard(90), "card 90 does not exist"),
        (.notOnBoard, "one of those cards is not on the board (taken already, or not dealt yet)"),
        (.deckEmpty, "the deck is empty: there is nothing to deal; find a Set on the board"),
        (.boardFull, "three more cards would put more than 24 on the board; find a Set instead"),
        (.hintExhausted, "every card of the hinted Set is already shown: claim it"),
        (.noSuchSeat(4), "seat 4 does not play in this game"),
        (.gameOver, "the game is over"),
    ] as [(SetRuleError, String)])
    func everyRefusalSaysWhy(error: SetRuleError, reason: String) {
        #expect(error.reason == reason)
    }

    @Test func dealingThreeGoesUpToTwentyFourThenTheBoardIsFull() throws {
        var game = SetGame(seats: 1, seed: 42)
        var sizes: [Int] = []
        for _ in 0..<4 {
            try game.dealThree()
            sizes.append(game.board.count)
        }
        #expect(sizes == [15, 18, 21, 24])
        #expect(game.deckCount == 57)
        #expect(Array(game.board.prefix(12)).map(\.id) == Self.seed42Board)
        #expect(throws: SetRuleError.boardFull) { try game.dealThree() }
        #expect(game.board.count == 24)
    }

    @Test func dealingFromAnEmptyDeckIsRefused() throws {
        var game = SetGame(seats: 1, seed: 3)
        while game.deckCount > 0 {
            if game.board.count < SetGame.maxBoardSize {
                try game.dealThree()
            } else {
                _ = try game.claim(Self.firstSetIDs(game), by: 0)
            }
        }
        try #require(!game.isOver)
        let before = game
        #expect(throws: SetRuleError.deckEmpty) { try game.dealThree() }
        #expect(game == before)
    }

    @Test(arguments: [(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (5, 2), (6, 3), (7, 4), (8, 1), (9, 2)] as [(UInt64, Int)])
    func theSolverPlaysAWholeGameToTheEnd(seed: UInt64, seats: Int) throws {
        var game = SetGame(seats: seats, seed: seed)
        var turn = 0
        while !game.isOver {
            let result = try game.claim(Self.firstSetIDs(game), by: turn % seats)
            #expect(result.valid)
            #expect(game.board.count + game.deckCount + game.cardsTaken.count == 81)
            #expect(game.board.count <= 21)
            #expect(game.deckCount == 0 || SetSolver.hasSet(on: game.board))
            turn += 1
        }
        #expect(game.deckCount == 0)
        #expect(!SetSolver.hasSet(on: game.board))
        #expect(game.board.count + game.cardsTaken.count == 81)
        #expect((game.board + game.cardsTaken).sorted() == SetCard.deck)
        #expect(game.setsFound.reduce(0, +) == turn)
        #expect(game.scores == game.setsFound.map { 3 * $0 })
        #expect(throws: SetRuleError.gameOver) { _ = try game.claim(game.board.prefix(3).map(\.id), by: 0) }
        #expect(throws: SetRuleError.gameOver) { try game.dealThree() }
        #expect(throws: SetRuleError.gameOver) { _ = try game.takeHint() }
    }

    @Test func hintsShowTheCardsOfOneSetThenRunOut() throws {
        var game = SetGame(seats: 1, seed: 42)
        var shown: [SetCard] = []
        for _ in 0..<3 {
            shown.append(try game.takeHint())
            #expect(game.hint == shown)
        }
        #expect(shown == cards([27, 41, 52]))
        #expect(game.hintsUsed == 3)
        #expect(throws: SetRuleError.hintExhausted) { _ = try game.takeHint() }
        #expect(game.hintsUsed == 3)
    }

    @Test func aMismatchLeavesTheHintAndAValidClaimClearsIt() throws {
        var game = SetGame(seats: 1, seed: 42)
        _ = try game.takeHint()
        _ = try game.claim([27, 69, 7], by: 0)
        #expect(game.hint == cards([27]))
        _ = try game.claim([27, 41, 52], by: 0)
        #expect(game.hint == [])
        #expect(game.hintsUsed == 1)
        #expect(try game.takeHint() == SetCard(id: 18))
        #expect(game.hintsUsed == 2)
    }

    @Test func dealingClearsTheHint() throws {
        var game = SetGame(seats: 1, seed: 42)
        _ = try game.takeHint()
        _ = try game.takeHint()
        try game.dealThree()
        #expect(game.hint == [])
        #expect(game.hintsUsed == 2)
    }

    @Test func printingAGameDoesNotRevealTheDeck() {
        let description = String(describing: SetGame(seats: 1, seed: 42))
        #expect(description.contains("deckCount: 69"))
        #expect(!description.contains("deck:"))
        #expect(!description.contains("id: 18"))
    }
}
