import GameRules

/// Hints for one game of Klondike: the next move of a winning line the solver found, kept so
/// that every hint along it is instant; else a move that makes progress
/// (``KlondikeGame/hint()``); else none, and why.
///
/// The search is the slow part, so it is a step of its own that a server runs off its loop:
/// ``cachedHint(for:)`` answers at once when it can, ``search(_:budget:clock:)`` does the work on
/// any thread, and ``remember(_:)`` keeps what it found. ``hint(for:)`` does all three.
public struct KlondikeHinter: Sendable {
    /// What one hint's search may cost. Positions, so a position gets the same hint on every
    /// machine (about 0.1-0.3 s on this project's 2-core machine); the time only bounds it on a
    /// slow or loaded one, so the answer never takes a second. No beam search: it is cut by time.
    public static let budget = KlondikeSolver.Budget(nodes: 600_000, time: .milliseconds(700), beam: false)

    /// What a hint says.
    public enum Hint: Sendable, Equatable {
        /// Play this: the next step of a winning line (`winning`), or else a move that makes progress.
        case play(KlondikeAction, winning: Bool)
        /// No move helps, and why.
        case none(KlondikeGame.Stuck)
    }

    /// What one search found, for ``remember(_:)``.
    public struct Finding: Sendable {
        /// The hint for the position searched.
        public let hint: Hint
        fileprivate let progress: Progress
        fileprivate let verdict: KlondikeSolver.Verdict
        fileprivate let line: [PositionKey: KlondikeAction]
    }

    /// The winning line found last, by position: every position on it is won by playing on along
    /// it, so a player who leaves it and comes back (by undo) is on it again.
    private var line: [PositionKey: KlondikeAction] = [:]
    /// Where the last search that found no line was made, and whether it proved the game lost.
    private var lastMiss: (progress: Progress, dead: Bool)?

    /// A hinter that has searched nothing yet.
    public init() {}

    /// The hint, searching when it must: ``cachedHint(for:)``, else ``search(_:budget:clock:)`` and ``remember(_:)``.
    public mutating func hint(
        for game: KlondikeGame, budget: KlondikeSolver.Budget = budget, clock: some Clock<Duration> = ContinuousClock()
    ) -> Hint {
        if let hint = cachedHint(for: game) { return hint }
        let finding = Self.search(game, budget: budget, clock: clock)
        remember(finding)
        return finding.hint
    }

    /// The hint without a search, when one would add nothing; nil when a search is needed.
    ///
    /// On the winning line found, its next move. Off it, a search is needed, unless the last
    /// search found no line and since then no card went home or turned up (draws and moves of
    /// face-up cards leave the solver's problem much as it was), or it proved the game lost and
    /// since then cards only went home or turned up (a lost game stays lost): then a move that
    /// makes progress, or none.
    public func cachedHint(for game: KlondikeGame) -> Hint? {
        if game.isWon { return .none(.won) }
        if let action = line[PositionKey(game)] { return .play(action, winning: true) }
        guard let lastMiss else { return nil }
        let now = Progress(game)
        let unchanged = now == lastMiss.progress
        let stillLost = lastMiss.dead && now.home >= lastMiss.progress.home && now.faceDown <= lastMiss.progress.faceDown
        return unchanged || stillLost ? Self.progressHint(game) : nil
    }

    /// Searches for a winning line from the game's position, within `budget` (its time read on
    /// `clock`). Pure but for the clock: any thread.
    public static func search(
        _ game: KlondikeGame, budget: KlondikeSolver.Budget = budget, clock: some Clock<Duration> = ContinuousClock()
    ) -> Finding {
        let verdict = KlondikeSolver.solve(game, budget: budget, clock: clock).verdict
        guard case .winnable(let actions) = verdict, let first = actions.first else {
            return Finding(hint: progressHint(game), progress: Progress(game), verdict: verdict, line: [:])
        }
        var line: [PositionKey: KlondikeAction] = [:]
        var playing = game
        for action in actions {
            // A later step from the same position wins sooner: it overwrites the earlier one.
            line[PositionKey(playing)] = action
            guard (try? playing.play(action)) != nil else { break }
        }
        return Finding(hint: .play(first, winning: true), progress: Progress(game), verdict: verdict, line: line)
    }

    /// Keeps what a search found: its line, which replaces the one before, or that it found none.
    public mutating func remember(_ finding: Finding) {
        switch finding.verdict {
        case .winnable:
            line = finding.line
            lastMiss = nil
        case .notWinnable:
            lastMiss = (finding.progress, true)
        case .unknown:
            lastMiss = (finding.progress, false)
        }
    }

    /// The hint of the rules alone: a move that makes progress, or none and why.
    static func progressHint(_ game: KlondikeGame) -> Hint {
        if let action = game.hint() { return .play(action, winning: false) }
        return .none(game.stuck ?? .nothingToPlay)
    }
}

/// How far a game has come, as the solver's problem sees it: cards home and cards still face down.
private struct Progress: Equatable, Sendable {
    let home: Int
    let faceDown: Int

    init(_ game: KlondikeGame) {
        home = game.foundationCount
        faceDown = game.tableau.reduce(0) { $0 + $1.downCount }
    }
}

/// Where every card lies, in a few dozen bytes: two games with the same key play alike.
struct PositionKey: Hashable, Sendable {
    private let bytes: [UInt8]

    init(_ game: KlondikeGame) {
        let position = game.position
        var bytes: [UInt8] = []
        bytes.reserveCapacity(72)
        func add(_ cards: [PlayingCard]) {
            for card in cards {
                bytes.append(UInt8(Suit.allCases.firstIndex(of: card.suit)! * 13 + card.rank - 1))
            }
            bytes.append(Self.separator)
        }
        add(position.stock)
        add(position.waste)
        position.foundations.forEach(add)
        for pile in position.tableau {
            add(pile.down)
            add(pile.up)
        }
        // With passes limited, the turns of the waste left change what can still be played.
        bytes.append(game.passes == nil ? 0 : UInt8(truncatingIfNeeded: position.redeals))
        self.bytes = bytes
    }

    /// Ends each pile: no card's byte (0...51).
    private static let separator: UInt8 = 0xFF
}
