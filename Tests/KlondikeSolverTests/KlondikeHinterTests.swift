import GameRules
@testable import KlondikeSolver
import Testing

/// The hinter: the solver's winning line, kept and followed; the rules' progress move when there is none.
struct KlondikeHinterTests {
    @Test func theFirstHintIsTheFirstMoveOfTheSolversLine() throws {
        let game = KlondikeGame(seed: 1, drawCount: 1)
        guard case .winnable(let line) = KlondikeSolver.solve(game, budget: KlondikeHinter.budget).verdict else {
            Issue.record("deal 1 is won within the hint's budget")
            return
        }
        var hinter = KlondikeHinter()
        #expect(hinter.cachedHint(for: game) == nil, "the first hint searches")
        #expect(hinter.hint(for: game) == .play(line[0], winning: true))
        #expect(hinter.hint(for: game) == .play(.move(from: .tableau(2), to: .tableau(0), count: 1), winning: true))
    }

    @Test func followingTheHintsWinsAndOnlyTheFirstSearches() throws {
        var game = KlondikeGame(seed: 1, drawCount: 1)
        var hinter = KlondikeHinter()
        var searches = 0
        while !game.isWon {
            if hinter.cachedHint(for: game) == nil { searches += 1 }
            guard case .play(let action, winning: true) = hinter.hint(for: game) else {
                Issue.record("off the winning line after \(game.moveCount) moves")
                return
            }
            try game.play(action)
        }
        #expect(searches == 1)
        #expect(game.moveCount == 191)
    }

    @Test func leavingTheLineSearchesAgainAndAnUndoComesBackToIt() throws {
        var game = KlondikeGame(seed: 1, drawCount: 1)
        var hinter = KlondikeHinter()
        let first = hinter.hint(for: game)
        try game.draw()
        try game.draw()
        #expect(hinter.cachedHint(for: game) == nil, "two draws leave the line")
        try game.undo()
        try game.undo()
        #expect(hinter.cachedHint(for: game) == first)
    }

    @Test func aLostDealEndsWithNoMoveAndWhy() throws {
        var game = KlondikeGame(seed: 3, drawCount: 1)
        var hinter = KlondikeHinter()
        var hint = hinter.hint(for: game)
        while case .play(let action, let winning) = hint {
            #expect(!winning)
            try game.play(action)
            hint = hinter.hint(for: game)
        }
        #expect(hint == .none(.stockOnlyCycles))
        #expect(game.moveCount == 84)
        #expect(game.foundationCount == 13)
        #expect(KlondikeSolver.solve(game, budget: KlondikeHinter.budget).verdict == .notWinnable)
    }
}
