import GameRules
import Testing

struct RPSBrainTests {
    @Test(arguments: [
        (.rock, .win, .paper), (.rock, .lose, .scissors),
        (.paper, .win, .scissors), (.paper, .lose, .rock),
        (.scissors, .win, .rock), (.scissors, .lose, .paper),
    ] as [(Sign, BrainGoal, Sign)])
    func everyPromptHasOneRightAnswer(sign: Sign, goal: BrainGoal, answer: Sign) {
        let prompt = BrainPrompt(sign: sign, goal: goal)
        #expect(prompt.answer == answer)
        #expect(answer.outcome(against: sign) == (goal == .win ? .win : .lose))
    }

    /// Plays the whole game, the single player always answering right.
    static func prompts(seed: UInt64) -> [BrainPrompt] {
        var game = BrainGame(players: 1, seed: seed)
        var prompts: [BrainPrompt] = []
        while !game.isOver {
            prompts.append(game.prompt)
            game.endRound()
        }
        return prompts
    }

    @Test(arguments: [0, 1, 77] as [UInt64])
    func theGoalAlternatesEveryRound(seed: UInt64) {
        let goals = Self.prompts(seed: seed).map(\.goal)
        #expect(goals.count == 10)
        for (previous, next) in zip(goals, goals.dropFirst()) {
            #expect(next == previous.opposite)
        }
    }

    @Test func theFirstGoalComesFromTheSeed() {
        let firstGoals = Set((0..<20 as Range<UInt64>).map { BrainGame(players: 1, seed: $0).prompt.goal })
        #expect(firstGoals == [.win, .lose])
    }

    @Test func theSameSeedGivesTheSamePrompts() {
        #expect(Self.prompts(seed: 5) == Self.prompts(seed: 5))
        #expect(Self.prompts(seed: 5) != Self.prompts(seed: 6))
    }

    @Test func aRightAnswerScoresTenAndAWrongOneLosesTen() throws {
        var game = BrainGame(players: 2, seed: 11)
        let prompt = game.prompt
        let right = try game.answer(prompt.answer, player: 0)
        let wrong = try game.answer(prompt.sign, player: 1)
        #expect(right == BrainAnswer(correct: true, points: 10))
        #expect(wrong == BrainAnswer(correct: false, points: -10))
        game.endRound()
        #expect(game.scores == [10, -10])
    }

    @Test func anAnswerCountsInTheScoresOnlyWhenItsRoundEnds() throws {
        var game = BrainGame(players: 2, seed: 11)
        _ = try game.answer(game.prompt.sign, player: 1)
        // A score moving now would tell player 0 that player 1 was wrong, and so what the answer was.
        #expect(game.scores == [0, 0])
        _ = try game.answer(game.prompt.answer, player: 0)
        #expect(game.scores == [0, 0])
        let result = game.endRound()
        #expect(result.points == [10, -10])
        #expect(game.scores == [10, -10])
        _ = try game.answer(game.prompt.answer, player: 1)
        #expect(game.scores == [10, -10])
    }

    @Test func twoPlayersAreScoredIndependently() throws {
        var game = BrainGame(players: 2, seed: 3)
        for round in 1...10 {
            _ = try game.answer(game.prompt.answer, player: 0)
            _ = try game.answer(round <= 3 ? game.prompt.answer : game.prompt.sign, player: 1)
            #expect(game.everyoneAnswered)
            game.endRound()
        }
        #expect(game.isOver)
        #expect(game.scores == [100, 30 - 70])
    }

    @Test func aMissingAnswerCountsAsWrongWhenTheRoundEnds() throws {
        var game = BrainGame(players: 3, seed: 8)
        let prompt = game.prompt
        _ = try game.answer(prompt.answer, player: 1)
        #expect(!game.everyoneAnswered)
        #expect(game.waitingOn == [0, 2])
        #expect(game.answered(1))
        #expect(!game.answered(0))
        let result = game.endRound()
        #expect(
            result
                == BrainRoundResult(
                    round: 1, prompt: prompt, answers: [nil, prompt.answer, nil], missed: [0, 2], points: [-10, 10, -10]))
        #expect(game.scores == [-10, 10, -10])
        #expect(game.round == 2)
        #expect(game.answers == [nil, nil, nil])
    }

    @Test func theGameEndsAfterTenRounds() {
        var game = BrainGame(players: 1, seed: 21)
        #expect(game.rounds == 10)
        for round in 1...10 {
            #expect(game.round == round)
            #expect(!game.isOver)
            game.endRound()
        }
        #expect(game.isOver)
        #expect(game.round == 10)
        #expect(game.scores == [-100])
        #expect(game.waitingOn == [])
        #expect(throws: BrainError.gameOver) { _ = try game.answer(.rock, player: 0) }
        let afterTheEnd = game.endRound()
        #expect(afterTheEnd.missed == [])
        #expect(game.scores == [-100])
    }

    @Test func aShorterGameEndsAfterItsRounds() {
        var game = BrainGame(players: 1, seed: 21, rounds: 3)
        for _ in 1...3 { game.endRound() }
        #expect(game.isOver)
    }

    @Test func refusedAnswersSayWhy() throws {
        var game = BrainGame(players: 2, seed: 4)
        _ = try game.answer(.rock, player: 0)
        #expect(throws: BrainError.alreadyAnswered) { _ = try game.answer(.paper, player: 0) }
        #expect(throws: BrainError.noSuchPlayer(2)) { _ = try game.answer(.paper, player: 2) }
        #expect(throws: BrainError.noSuchPlayer(-1)) { _ = try game.answer(.paper, player: -1) }
        game.remove(player: 1)
        #expect(throws: BrainError.playerRemoved) { _ = try game.answer(.paper, player: 1) }
        #expect(BrainError.alreadyAnswered.reason == "you have already answered this round; wait for the next prompt")
        #expect(BrainError.noSuchPlayer(2).reason == "player 2 does not play in this game")
    }

    @Test func aRemovedPlayerIsNotWaitedForNorPenalised() throws {
        var game = BrainGame(players: 2, seed: 9)
        _ = try game.answer(game.prompt.answer, player: 0)
        #expect(!game.everyoneAnswered)
        game.remove(player: 1)
        #expect(game.isRemoved(1))
        #expect(game.everyoneAnswered)
        let result = game.endRound()
        #expect(result.missed == [])
        #expect(result.points == [10, 0])
        #expect(game.scores == [10, 0])
    }

    @Test func anAnswerGivenBeforeLeavingStands() throws {
        var game = BrainGame(players: 2, seed: 9)
        _ = try game.answer(game.prompt.answer, player: 1)
        game.remove(player: 1)
        let result = game.endRound()
        #expect(result.missed == [0])
        #expect(result.points == [-10, 10])
        #expect(game.scores == [-10, 10])
    }
}
