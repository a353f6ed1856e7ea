@testable import GameRules
import Testing

struct ConcentrationTests {
    /// Cards 0 and 2 match, 1 and 3 match, 4 and 5 match.
    static let layout = ["🐶", "🐱", "🐶", "🐱", "🐭", "🐭"]

    static func game(players: Int = 1) -> ConcentrationGame {
        ConcentrationGame(faces: layout, themeName: "animals", players: players)
    }

    /// Flips the cards in order, each by the player whose turn it is.
    @discardableResult
    static func flip(_ indices: [Int], in game: inout ConcentrationGame) throws -> [ConcentrationFlip] {
        var results: [ConcentrationFlip] = []
        for index in indices {
            results.append(try game.flip(index, by: game.turn))
        }
        return results
    }

    @Test(arguments: [
        ("match", [0, 2], .match(points: 2), 2),
        ("mismatch of two unseen cards", [0, 1], .mismatch(penalty: 0), 0),
        ("mismatch with one seen card", [0, 1, 0, 3], .mismatch(penalty: 1), -1),
        ("mismatch with the other card seen", [0, 1, 4, 1], .mismatch(penalty: 1), -1),
        ("mismatch with both cards seen", [0, 1, 0, 1], .mismatch(penalty: 2), -2),
        ("a card seen in a mismatch, then matched", [0, 1, 1, 3], .match(points: 2), 2),
        ("two seen cards matched", [0, 1, 2, 3, 0, 2], .match(points: 2), 2),
    ] as [(String, [Int], ConcentrationOutcome, Int)])
    func everyScoringCase(_ name: String, flips: [Int], last: ConcentrationOutcome, score: Int) throws {
        var game = Self.game()
        let results = try Self.flip(flips, in: &game)
        #expect(results.last?.outcome == last)
        #expect(game.scores == [score])
    }

    @Test func theFirstCardOfAPairShowsItsFace() throws {
        var game = Self.game()
        let flip = try game.flip(4, by: 0)
        #expect(flip == ConcentrationFlip(card: 4, face: "🐭", outcome: .first, turnedDown: [], endedGame: false))
        #expect(game.cards[4].visibleFace == "🐭")
        #expect(game.cards[4].isFaceUp)
    }

    @Test func aMatchKeepsTheTurnAndTheCardsStayUp() throws {
        var game = Self.game(players: 2)
        try Self.flip([0, 2], in: &game)
        #expect(game.turn == 0)
        #expect(game.scores == [2, 0])
        #expect(game.cards[0].isMatched && game.cards[2].isMatched)
        #expect(game.cards[0].visibleFace == "🐶")
        try Self.flip([4], in: &game)
        #expect(game.cards[0].visibleFace == "🐶")
    }

    @Test(arguments: [
        (2, [], [1, 0, 1]),
        (3, [], [1, 2, 0]),
        (3, [1], [2, 0, 2]),
        (3, [2], [1, 0, 1]),
        (1, [], [0, 0, 0]),
    ] as [(Int, [Int], [Int])])
    func aMismatchPassesTheTurnSkippingRemovedPlayers(players: Int, removed: [Int], turns: [Int]) throws {
        var game = Self.game(players: players)
        removed.forEach { game.remove(player: $0) }
        var seen: [Int] = []
        for _ in turns {
            try Self.flip([0, 1], in: &game)
            seen.append(game.turn)
        }
        #expect(seen == turns)
    }

    @Test func mismatchedCardsTurnDownOnTheNextFlip() throws {
        var game = Self.game(players: 2)
        try Self.flip([0, 1], in: &game)
        #expect(game.cards[0].visibleFace == "🐶")
        #expect(game.cards[1].visibleFace == "🐱")
        let next = try game.flip(4, by: 1)
        #expect(next.turnedDown == [0, 1])
        #expect(!game.cards[0].isFaceUp && !game.cards[1].isFaceUp)
        #expect(game.cards[0].visibleFace == nil)
        #expect(game.cards[1].visibleFace == nil)
        #expect(game.cards[4].visibleFace == "🐭")
    }

    @Test func aCardOfTheLastMismatchMayBeFlippedAgainAtOnce() throws {
        var game = Self.game(players: 2)
        try Self.flip([0, 1], in: &game)
        let again = try game.flip(1, by: 1)
        #expect(again.turnedDown == [0, 1])
        #expect(game.cards[1].isFaceUp)
        #expect(!game.cards[0].isFaceUp)
        let match = try game.flip(3, by: 1)
        #expect(match.outcome == .match(points: 2))
        #expect(game.scores == [0, 2])
    }

    @Test(arguments: [
        ("not your turn", [], 0, 1, .notYourTurn),
        ("a player not in the game", [], 0, 5, .notYourTurn),
        ("already face up", [4], 4, 0, .alreadyFaceUp),
        ("already matched", [0, 2], 0, 0, .alreadyMatched),
        ("past the last card", [], 6, 0, .noSuchCard(6)),
        ("a negative index", [], -1, 0, .noSuchCard(-1)),
        ("game over", [0, 2, 1, 3, 4, 5], 0, 0, .gameOver),
    ] as [(String, [Int], Int, Int, ConcentrationError)])
    func refusedFlipsSayWhy(_ name: String, before: [Int], card: Int, player: Int, error: ConcentrationError) throws {
        var game = Self.game(players: 2)
        try Self.flip(before, in: &game)
        let flipsBefore = game.flips
        #expect(throws: error) { _ = try game.flip(card, by: player) }
        #expect(game.flips == flipsBefore)
        #expect(!error.reason.isEmpty)
    }

    @Test func everyFlipIsCounted() throws {
        var game = Self.game(players: 2)
        #expect(game.flips == 0)
        try Self.flip([0, 1, 4], in: &game)
        #expect(game.flips == 3)
        _ = try? game.flip(4, by: game.turn)
        #expect(game.flips == 3)
    }

    @Test func theGameEndsWhenAllPairsAreMatched() throws {
        var game = Self.game(players: 2)
        let results = try Self.flip([0, 1, 0, 2, 1, 4, 1, 3, 4, 5], in: &game)
        #expect(results.map(\.endedGame) == Array(repeating: false, count: 9) + [true])
        #expect(game.isOver)
        #expect(game.scores == [0 + 2 + 2, 2 - 1])
        #expect(game.flips == 10)
        #expect(game.cards.allSatisfy { $0.isMatched && $0.visibleFace != nil })
    }

    @Test func passTurnTurnsALoneCardDownAndItCountsAsSeen() throws {
        var game = Self.game(players: 2)
        try Self.flip([0], in: &game)
        game.passTurn()
        #expect(game.turn == 1)
        #expect(game.cards[0].visibleFace == nil)
        let mismatch = try Self.flip([0, 1], in: &game)
        #expect(mismatch.last?.outcome == .mismatch(penalty: 1))
        #expect(game.scores == [0, -1])
    }

    @Test func passTurnTurnsMismatchedCardsDown() throws {
        var game = Self.game(players: 3)
        try Self.flip([0, 1], in: &game)
        game.passTurn()
        #expect(game.turn == 2)
        #expect(game.cards.allSatisfy { !$0.isFaceUp })
    }

    @Test func removingThePlayerToFlipPassesTheTurn() throws {
        var game = Self.game(players: 3)
        try Self.flip([4], in: &game)
        game.remove(player: 0)
        #expect(game.isRemoved(0))
        #expect(game.turn == 1)
        #expect(game.cards[4].visibleFace == nil)
        game.remove(player: 2)
        #expect(game.turn == 1)
        try Self.flip([0, 1], in: &game)
        #expect(game.turn == 1)
    }

    @Test func aFaceDownCardHidesItsFace() {
        let game = ConcentrationGame(pairs: 8, theme: ConcentrationTheme.all[0], players: 2, seed: 1)
        #expect(game.cards.allSatisfy { $0.visibleFace == nil })
        let described = String(describing: game.cards[0])
        #expect(!described.contains(game.cards[0].face))
    }

    @Test(arguments: [0, 1, 99] as [UInt64], ConcentrationGame.pairRange)
    func aNewGameDealsTwoOfEachChosenEmoji(seed: UInt64, pairs: Int) {
        let theme = ConcentrationTheme.all[Int(seed) % ConcentrationTheme.all.count]
        let game = ConcentrationGame(pairs: pairs, theme: theme, players: 1, seed: seed)
        let faces = game.cards.map(\.face)
        #expect(faces.count == 2 * pairs)
        #expect(game.pairs == pairs)
        #expect(Set(faces).count == pairs)
        #expect(faces.allSatisfy { face in theme.emoji.contains(face) && faces.count { $0 == face } == 2 })
        #expect(game.themeName == theme.name)
        #expect(game.scores == [0])
        #expect(game.turn == 0)
        #expect(!game.isOver)
    }

    @Test func theSameSeedDealsTheSameLayout() throws {
        let theme = try #require(ConcentrationTheme.named("food"))
        let first = ConcentrationGame(pairs: 12, theme: theme, players: 2, seed: 2024)
        let second = ConcentrationGame(pairs: 12, theme: theme, players: 2, seed: 2024)
        let other = ConcentrationGame(pairs: 12, theme: theme, players: 2, seed: 2025)
        #expect(first == second)
        #expect(first.cards.map(\.face) == second.cards.map(\.face))
        #expect(first.cards.map(\.face) != other.cards.map(\.face))
    }

    @Test func thereAreAtLeastSixThemesWithDistinctNames() {
        #expect(ConcentrationTheme.all.count >= 6)
        #expect(Set(ConcentrationTheme.all.map(\.name)).count == ConcentrationTheme.all.count)
        #expect(ConcentrationTheme.named("Halloween")?.name == "halloween")
        #expect(ConcentrationTheme.named("weather") == nil)
    }

    @Test(arguments: ConcentrationTheme.all.map(\.name))
    func everyThemeHasTwentyDistinctTwoCellEmoji(name: String) throws {
        let theme = try #require(ConcentrationTheme.named(name))
        #expect(theme.emoji.count >= ConcentrationGame.pairRange.upperBound)
        #expect(Set(theme.emoji).count == theme.emoji.count)
        for emoji in theme.emoji {
            let scalars = Array(emoji.unicodeScalars)
            #expect(scalars.count == 1 && scalars[0].properties.isEmojiPresentation, "\(emoji) in \(name)")
        }
    }
}

/// The time bonus of seed 004: 10 points for a match, one less per whole second since the later
/// of the player's previous match and the start of their turn, never below 0.
struct ConcentrationTimeBonusTests {
    static func game(timeBonus: Bool = true, players: Int = 1) -> ConcentrationGame {
        ConcentrationGame(faces: ConcentrationTests.layout, themeName: "animals", players: players, timeBonus: timeBonus, nowMs: 1000)
    }

    @Test func aQuickMatchEarnsTenAndTheClockRestartsAtEachMatch() throws {
        var game = Self.game()
        #expect(game.bonus(atMs: 1000) == 10)
        _ = try game.flip(0, by: 0, atMs: 1400)
        #expect(try game.flip(2, by: 0, atMs: 1999).outcome == .match(points: 12))
        _ = try game.flip(1, by: 0, atMs: 2100)
        // 2.999 s after the last match: two whole seconds.
        #expect(try game.flip(3, by: 0, atMs: 4998).outcome == .match(points: 10))
        _ = try game.flip(4, by: 0, atMs: 5000)
        #expect(try game.flip(5, by: 0, atMs: 30_000).outcome == .match(points: 2), "25 s on: no bonus, never below 0")
        #expect(game.scores == [24])
    }

    @Test func aMismatchOrATimeoutStartsTheNextTurnsClock() throws {
        var game = Self.game(players: 2)
        _ = try game.flip(0, by: 0, atMs: 2000)
        #expect(try game.flip(1, by: 0, atMs: 3000).outcome == .mismatch(penalty: 0))
        #expect(game.bonusClockMs == 3000)
        _ = try game.flip(0, by: 1, atMs: 6500)
        #expect(try game.flip(2, by: 1, atMs: 6600).outcome == .match(points: 2 + 7))
        game.passTurn(atMs: 40_000)
        #expect(game.bonus(atMs: 41_500) == 9)
    }

    @Test func withoutTheOptionAMatchIsTwo() throws {
        var game = Self.game(timeBonus: false)
        _ = try game.flip(0, by: 0, atMs: 1000)
        #expect(try game.flip(2, by: 0, atMs: 1001).outcome == .match(points: 2))
        #expect(game.bonus(atMs: 1001) == 0)
    }
}
