@testable import GameRules
import Testing

/// Something a player can try: a draw, a double tap or a move.
enum RandomKlondikeAction: Sendable, CustomStringConvertible {
    case draw
    case auto(KlondikePile)
    case move(KlondikePile, KlondikePile, count: Int)

    func apply(to game: inout KlondikeGame) throws(KlondikeError) {
        switch self {
        case .draw: try game.draw()
        case .auto(let source): try game.auto(from: source)
        case .move(let source, let destination, let count): try game.move(from: source, to: destination, count: count)
        }
    }

    var description: String {
        switch self {
        case .draw: "draw"
        case .auto(let source): "auto \(source)"
        case .move(let source, let destination, let count): "move \(count) \(source)→\(destination)"
        }
    }

    /// Every action that may be legal in `game`, each once: a draw, a double
    /// tap on each non-empty pile, and each move whose lead card has the rank
    /// the destination takes next. Colour and suit are left to the rules,
    /// which refuse many of these.
    static func candidates(in game: KlondikeGame) -> [RandomKlondikeAction] {
        // Only ranks filter here: trying every pair of piles and every count
        // makes the test several times slower in a debug build.
        let tableau = game.tableau
        let foundations = game.foundations
        var actions: [RandomKlondikeAction] = [.draw]
        func addActions(from source: KlondikePile, run: [PlayingCard]) {
            guard !run.isEmpty else { return }
            actions.append(.auto(source))
            for count in 1...run.count {
                let lead = run[run.count - count]
                for index in tableau.indices where source != .tableau(index) {
                    let takes = (tableau[index].up.last?.rank ?? PlayingCard.king + 1) - 1
                    if lead.rank == takes {
                        actions.append(.move(source, .tableau(index), count: count))
                    }
                }
                for index in foundations.indices where source != .foundation(index) {
                    if lead.rank == foundations[index].count + 1 {
                        actions.append(.move(source, .foundation(index), count: count))
                    }
                }
            }
        }
        addActions(from: .waste, run: Array(game.visibleWaste.prefix(1)))
        for index in tableau.indices {
            addActions(from: .tableau(index), run: tableau[index].up)
        }
        for index in foundations.indices {
            addActions(from: .foundation(index), run: Array(foundations[index].suffix(1)))
        }
        return actions
    }
}

struct KlondikePropertyTests {
    static let steps = 200

    /// What is wrong with the cards as they lie, or `nil` when every rule holds.
    static func violation(in game: KlondikeGame) -> String? {
        let cards = game.allCards
        // 52 different cards can only be the whole deck.
        guard cards.count == 52, Set(cards).count == 52 else {
            return "the 52 cards are not each present once: \(cards)"
        }
        let shownCount = game.stockCount + game.wasteCount + game.foundationCount
            + game.tableau.reduce(0) { $0 + $1.downCount + $1.up.count }
        guard shownCount == 52 else { return "the public counts add up to \(shownCount)" }
        guard game.visibleWaste.count == min(game.drawCount, game.wasteCount) else {
            return "the waste shows \(game.visibleWaste) of \(game.wasteCount)"
        }
        for foundation in game.foundations {
            let ascending = foundation.enumerated().allSatisfy { $1.rank == $0 + 1 && $1.suit == foundation[0].suit }
            guard ascending else { return "a foundation is not one suit from the ace: \(foundation)" }
        }
        for pile in game.tableau {
            guard pile.downCount == 0 || !pile.up.isEmpty else { return "a pile has no face-up card: \(pile)" }
            let alternating = zip(pile.up, pile.up.dropFirst()).allSatisfy { lower, upper in
                upper.rank == lower.rank - 1 && upper.isRed != lower.isRed
            }
            guard alternating else { return "a face-up run does not alternate down: \(pile.up)" }
        }
        return nil
    }

    @Test(arguments: 0..<200 as Range<UInt64>, [1, 3])
    func randomLegalPlayKeepsEveryRuleAndUndoesExactly(seed: UInt64, drawCount: Int) throws {
        let deal = KlondikeGame(seed: seed, drawCount: drawCount)
        var game = deal
        var generator = SplitMix64(seed: seed &+ UInt64(drawCount) << 32)
        var history: [String] = []
        for _ in 0..<Self.steps {
            // Trying the candidates in a uniformly random order and playing
            // the first legal one picks uniformly among the legal ones.
            var actions = RandomKlondikeAction.candidates(in: game)
            let before = game
            var played: RandomKlondikeAction?
            while played == nil, !actions.isEmpty {
                actions.swapAt(generator.seededRandom(below: actions.count), actions.count - 1)
                let action = actions.removeLast()
                do {
                    try action.apply(to: &game)
                    played = action
                } catch {
                    guard game == before else {
                        Issue.record("refused \(action) (\(error.reason)) changed the game after \(history)")
                        return
                    }
                }
            }
            guard let played else { break }
            history.append(played.description)
            if let violation = Self.violation(in: game) {
                Issue.record("\(violation) after \(history)")
                return
            }
            guard game.moveCount == history.count else {
                Issue.record("moveCount \(game.moveCount) after \(history.count) moves")
                return
            }
            var undone = game
            if game.isWon {
                #expect(throws: KlondikeError.gameWon) { try undone.undo() }
                return
            }
            try undone.undo()
            guard undone == before else {
                Issue.record("undoing \(played) did not restore the game after \(history)")
                return
            }
        }
        #expect(history.count == Self.steps)
        for _ in history {
            try game.undo()
        }
        #expect(game == deal)
        #expect(throws: KlondikeError.nothingToUndo) { try game.undo() }
    }
}
