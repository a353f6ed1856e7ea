import GameRules

/// A greedy Klondike player for the tests: finds a deal it can win, and the actions that win it.
package enum KlondikeAutoPlayer {
    package enum Action: Equatable {
        case draw
        case move(from: KlondikePile, to: KlondikePile, count: Int)
        case auto(from: KlondikePile)

        /// The action as a protocol line.
        package var line: String {
            switch self {
            case .draw: #"{"type":"draw"}"#
            case .move(let from, let to, let count): #"{"type":"move","from":"\#(from.name)","to":"\#(to.name)","count":\#(count)}"#
            case .auto(let from): #"{"type":"auto","from":"\#(from.name)"}"#
            }
        }
    }

    /// Plays greedily: automatic moves first, then tableau moves that turn a card up, else draw.
    /// - Returns: the winning actions, or nil when it got stuck.
    package static func win(seed: UInt64, drawCount: Int) -> [Action]? {
        var game = KlondikeGame(seed: seed, drawCount: drawCount)
        var actions: [Action] = []
        var drawsWithoutProgress = 0
        while !game.isWon, actions.count < 2000 {
            if let action = progress(in: game) {
                try? apply(action, to: &game)
                actions.append(action)
                drawsWithoutProgress = 0
                continue
            }
            guard drawsWithoutProgress <= game.stockCount + game.wasteCount + 1 else { return nil }
            guard (try? game.draw()) != nil else { return nil }
            actions.append(.draw)
            drawsWithoutProgress += 1
        }
        return game.isWon ? actions : nil
    }

    private static func apply(_ action: Action, to game: inout KlondikeGame) throws(KlondikeError) {
        switch action {
        case .draw: try game.draw()
        case .move(let from, let to, let count): try game.move(from: from, to: to, count: count)
        case .auto(let from): try game.auto(from: from)
        }
    }

    private static func progress(in game: KlondikeGame) -> Action? {
        let sources: [KlondikePile] = [.waste] + (0..<7).map { .tableau($0) }
        for source in sources {
            var trial = game
            if let destination = try? trial.auto(from: source), case .foundation = destination {
                return .auto(from: source)
            }
        }
        // Whole face-up runs that uncover a face-down card, or a king that leaves a pile with cards under it.
        for from in 0..<7 where !game.tableau[from].up.isEmpty && game.tableau[from].downCount > 0 {
            for to in 0..<7 where to != from {
                var trial = game
                let action = Action.move(from: .tableau(from), to: .tableau(to), count: game.tableau[from].up.count)
                if (try? apply(action, to: &trial)) != nil { return action }
            }
        }
        var trial = game
        if let destination = try? trial.auto(from: .waste), case .tableau = destination {
            return .auto(from: .waste)
        }
        return nil
    }
}
