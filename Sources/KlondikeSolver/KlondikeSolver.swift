import GameRules

/// Decides whether a Klondike game can still be won, playing with every card known
/// ("thoughtful" Klondike, as Blake & Gent count winnable deals), and finds the winning moves.
///
/// A pure function of the position and the budget: the same game and a node budget
/// give the same answer on any machine, which is what lets a server choose a
/// winnable deal from a seed. A time budget is for benchmarks and tools, read on the
/// clock the caller gives (the continuous clock unless told otherwise).
///
/// First, focused depth-first searches over compound moves (draws folded into the play of
/// the waste card they reach), with a table of positions seen, cards that can never be
/// needed again sent home at once, and moves that only shuffle face-up cards left out unless
/// they free something (``KlondikeSearch``); given time, a beam search (``KlondikeBeam``).
/// Then the complete search, over positions that say which cards are face up but not how
/// they lie (``KlondikeLayoutFreeSearch``): the only one whose end without a win proves
/// there is none. Drawing three, a deal is first tried with the talon in any order, a game
/// with more moves, whose proofs are far smaller.
public enum KlondikeSolver {
    /// How much work one answer may take; whichever limit is reached first ends the search as ``Verdict/unknown``.
    public struct Budget: Sendable, Equatable {
        /// Positions the search may visit.
        public var nodes: Int
        /// Time the search may take, on the clock the solve is given; nil for no limit (then
        /// the answer depends on nothing but the game, and the clock is never read).
        public var time: Duration?
        /// Whether a time budget also runs the beam search, which is cut by time, not nodes.
        /// Off, a time budget is only a bound: an answer found within the nodes is the one
        /// a node budget alone gives (a hint's, see ``KlondikeHinter``).
        public var beam: Bool

        /// - Parameters:
        ///   - nodes: positions the search may visit.
        ///   - time: time it may take; nil for no limit.
        ///   - beam: with a time budget, whether the beam search runs too.
        public init(nodes: Int, time: Duration? = nil, beam: Bool = true) {
            self.nodes = nodes
            self.time = time
            self.beam = beam
        }
    }

    /// What the search found.
    public enum Verdict: Sendable, Equatable {
        /// The game can be won by these actions, in order, from the position given.
        case winnable([KlondikeAction])
        /// No sequence of moves wins: the search looked at every position that matters.
        case notWinnable
        /// The budget ran out first.
        case unknown
    }

    /// The verdict and what it cost.
    public struct Outcome: Sendable, Equatable {
        /// What the search found.
        public let verdict: Verdict
        /// Positions visited.
        public let nodes: Int
    }

    /// Solves the game from its position as it lies, with the stock, the waste and the
    /// face-down cards known, the way ``KlondikeGame/draw()`` would turn them and with the
    /// game's limit on passes.
    /// - Parameters:
    ///   - game: the game to solve; it is not changed.
    ///   - budget: how much work the answer may take.
    ///   - clock: where the time of ``Budget/time`` is read.
    public static func solve(_ game: KlondikeGame, budget: Budget, clock: some Clock<Duration> = ContinuousClock()) -> Outcome {
        if let decided = decidedWithoutSearch(game) { return decided }
        let deadline = budget.time.map { Deadline(after: $0, on: clock) }

        // First, searches that leave out the moves that rarely matter, each twice as long as
        // the last and trying moves in another order: most wins turn up in a few thousand
        // positions, and a search that went wrong early is cut short. They get three quarters
        // of the budget (measured on deals 1-300 drawing one, 1 s each: 2 more wins than with
        // half, 1 dead deal fewer proved).
        var focused = FocusedSearches()
        let found = focused.run(
            game, nodeLimit: budget.nodes / 4 * 3, deadline: deadline?.portion(3, of: 4),
            beamTime: FocusedSearches.beamTime(within: budget))
        if let found { return winnable(found, from: game, nodes: focused.nodes) }

        // Then every move that could matter, for the rest of the budget: the only search
        // whose end without a win proves there is none.
        return searchCompletely(game, after: focused, budget: budget, deadline: deadline)
    }

    /// The answer when no search is needed: the game is won, or dead by its face-down cards' order.
    static func decidedWithoutSearch(_ game: KlondikeGame) -> Outcome? {
        if game.isWon { return Outcome(verdict: .winnable([]), nodes: 0) }
        // Some deals are dead by the order of their face-down cards alone: no search needed.
        if KlondikeDeadlock.isDead(game) { return Outcome(verdict: .notWinnable, nodes: 0) }
        return nil
    }

    /// The focused searches, one after another, and where they stand.
    struct FocusedSearches {
        /// Positions visited so far.
        private(set) var nodes = 0
        /// The next search's number: 0 tries moves in their natural order, the others shuffle them.
        private(set) var attempt: UInt64 = 0
        private var limit = firstFocusedLimit
        /// Whether the beam search has had its turn.
        private var beamRan = false
        /// Whether a search ran to its end without a win: the others would too, so only the
        /// complete search can say more.
        private(set) var exhausted = false

        /// The share of a time budget the beam search may take. Drawing three, its wins take
        /// 0.16-0.31 s each (deals 38, 41, 84, 91, 101, 166 and 189 alone), so a quarter cut
        /// many short: deals 1-300, 1 s each, won 247 with half and 243 with a quarter (248 and
        /// 243 side by side); drawing one, the same either way (269).
        static let beamShare = 0.5

        /// How long the beam search may take within `budget`; nil (no beam) for a node budget, or with `beam` off.
        static func beamTime(within budget: Budget) -> Duration? {
            budget.beam ? budget.time.map { $0 * beamShare } : nil
        }

        /// Runs searches until one wins, one runs to its end, `attempts` were made, or the budget is spent.
        /// - Parameters:
        ///   - beamTime: given, with a deadline, the beam search runs once after the first
        ///     search (when this call or an earlier one made it), for at most this long.
        /// - Returns: the winning moves, or nil.
        mutating func run(
            _ game: KlondikeGame, nodeLimit: Int, deadline: Deadline?, beamTime: Duration? = nil,
            attempts: Int = .max
        ) -> [KlondikeSearch.Move]? {
            var made = 0
            while made < attempts, !exhausted, nodes < nodeLimit, deadline?.hasPassed != true {
                // After the first search, given time: a beam search, which wins some deals that
                // depth-first restarts do not within a second (deals 301-600 drawing one, 1 s each:
                // 4 more wins; see beamShare for drawing three). Only with a time budget: a node
                // budget keeps the answer, and the server's choice of deal, what it always was.
                if attempt > 0, !beamRan, let beamTime, let deadline {
                    beamRan = true
                    if let moves = runBeam(game, deadline: deadline.atMost(beamTime)) { return moves }
                }
                var search = KlondikeSearch(
                    game: game, focused: true, orderSeed: attempt == 0 ? nil : attempt,
                    nodeLimit: min(limit, nodeLimit - nodes), deadline: deadline)
                let found = search.run()
                nodes += search.nodes
                if found { return search.path }
                if !search.ranOut { exhausted = true }
                attempt += 1
                limit = limit > Int.max / 2 ? Int.max : limit * 2
                made += 1
            }
            return nil
        }

        /// The beam search until `deadline`; the winning moves, or nil.
        private mutating func runBeam(_ game: KlondikeGame, deadline: Deadline) -> [KlondikeSearch.Move]? {
            let beam = KlondikeBeam.search(game, width: KlondikeBeam.defaultWidth, nodeLimit: Int.max, deadline: deadline)
            nodes += beam.nodes
            return beam.moves
        }
    }

    /// What a search that can prove found: a winning line, a proof that there is none, or neither.
    struct CompleteResult {
        var moves: [KlondikeSearch.Move]?
        /// The search stopped for want of budget (or was stopped): without a line, it proves nothing.
        var ranOut: Bool
        var nodes: Int

        /// No line, and the search ran to its end: the game cannot be won.
        var provedDead: Bool { moves == nil && !ranOut }
    }

    /// The complete search from the game's position: over positions that leave the face-up
    /// cards' arrangement out (``KlondikeLayoutFreeSearch``), or, for a position built by hand
    /// that it cannot take, over the arrangements too.
    /// - Parameter relaxedShare: drawing three, or with passes limited, first try to prove the
    ///   deal dead with the talon in any order (``proveDeadWithTalonInAnyOrder(_:nodeLimit:deadline:stop:)``)
    ///   for this share of the budget; nil not to.
    /// - Parameter searched: positions finished by other searches running at the same time.
    static func searchCompletely(
        _ game: KlondikeGame, nodeLimit: Int, deadline: Deadline?, stop: StopSignal? = nil, relaxedShare: Int? = 4,
        searched: SearchedPositions? = nil
    ) -> CompleteResult {
        var relaxedNodes = 0
        if let relaxedShare {
            let relaxed = proveDeadWithTalonInAnyOrder(
                game, nodeLimit: nodeLimit / relaxedShare, deadline: deadline?.portion(1, of: relaxedShare), stop: stop)
            if let relaxed {
                if relaxed.provedDead { return CompleteResult(moves: nil, ranOut: false, nodes: relaxed.nodes) }
                relaxedNodes = relaxed.nodes
            }
        }
        if var search = KlondikeLayoutFreeSearch(game: game, nodeLimit: nodeLimit - relaxedNodes, deadline: deadline, stop: stop, searched: searched) {
            let nodes = { relaxedNodes + search.nodes }
            guard search.run() else { return CompleteResult(moves: nil, ranOut: search.ranOut, nodes: nodes()) }
            // A line that cannot be made real would be a fault of the search: then no verdict.
            guard let moves = search.concreteLine(from: game) else { return CompleteResult(moves: nil, ranOut: true, nodes: nodes()) }
            return CompleteResult(moves: moves, ranOut: false, nodes: nodes())
        }
        var search = KlondikeSearch(game: game, focused: false, orderSeed: nil, nodeLimit: nodeLimit, deadline: deadline, stop: stop)
        let found = search.run()
        return CompleteResult(moves: found ? search.path : nil, ranOut: !found && search.ranOut, nodes: search.nodes)
    }

    /// Drawing three, or with passes limited: the complete search of the same game with the
    /// talon's cards in any order, as drawing one with no limit. That game has every move of
    /// the real one and more, so a deal dead in it is dead; its space is far smaller (about
    /// half the deals dead drawing three are dead drawing one, and proved so in a fraction of
    /// the positions). Nil when the talon already plays in any order, or the search cannot
    /// take the position.
    /// - Parameters:
    ///   - searched: positions of this game with the talon in any order finished by other
    ///     searches running at the same time.
    ///   - orderShuffle: the moves in a shuffled order; nil for the search's own.
    /// - Returns: whether the relaxed game was won (which proves nothing) or proved dead, and
    ///   the positions visited.
    static func proveDeadWithTalonInAnyOrder(
        _ game: KlondikeGame, nodeLimit: Int, deadline: Deadline?, stop: StopSignal?,
        searched: SearchedPositions? = nil, orderShuffle: SplitMix64? = nil
    ) -> (won: Bool, provedDead: Bool, nodes: Int)? {
        guard talonOrderMatters(in: game),
              var relaxed = KlondikeLayoutFreeSearch(
                  game: game, nodeLimit: nodeLimit, deadline: deadline, stop: stop, talonInAnyOrder: true, searched: searched)
        else { return nil }
        relaxed.orderShuffle = orderShuffle
        let won = relaxed.run()
        return (won, !won && !relaxed.ranOut, relaxed.nodes)
    }

    /// Whether the talon's cards come up in an order that matters: drawing three, or with
    /// passes limited. Drawing one with no limit, any talon card can be played at any time.
    static func talonOrderMatters(in game: KlondikeGame) -> Bool {
        game.drawCount > 1 || game.passes != nil
    }

    /// The complete search for what the focused searches left of the budget, and the verdict.
    static func searchCompletely(_ game: KlondikeGame, after focused: FocusedSearches, budget: Budget, deadline: Deadline?) -> Outcome {
        let complete = searchCompletely(game, nodeLimit: max(0, budget.nodes - focused.nodes), deadline: deadline)
        return outcome(of: [complete], nodes: focused.nodes + complete.nodes, from: game)
    }

    /// The verdict from what searches found: a win from any of them first, then a proof from any.
    static func outcome(of results: [CompleteResult], nodes: Int, from game: KlondikeGame) -> Outcome {
        if let moves = results.lazy.compactMap(\.moves).first { return winnable(moves, from: game, nodes: nodes) }
        return Outcome(verdict: results.contains(where: \.provedDead) ? .notWinnable : .unknown, nodes: nodes)
    }

    /// Positions the first focused search may visit.
    static let firstFocusedLimit = 20_000

    /// The verdict for a winning line: the search names cards and suits, the game names
    /// piles, and playing the moves on a copy turns one into the other and proves every step legal.
    static func winnable(_ moves: [KlondikeSearch.Move], from game: KlondikeGame, nodes: Int) -> Outcome {
        guard let actions = actions(for: moves, from: game) else { return Outcome(verdict: .unknown, nodes: nodes) }
        return Outcome(verdict: .winnable(actions), nodes: nodes)
    }

    /// The actions that play `moves` on `game`, with the draws that bring each waste card up;
    /// nil if a move does not fit (which would be a fault of the search).
    static func actions(for moves: [KlondikeSearch.Move], from game: KlondikeGame) -> [KlondikeAction]? {
        var game = game
        var actions: [KlondikeAction] = []
        func play(_ action: KlondikeAction) -> Bool {
            guard (try? game.play(action)) != nil else { return false }
            actions.append(action)
            return true
        }
        for move in moves {
            let card = move.card.playingCard
            switch move.kind {
            case .talonToFoundation, .talonToTableau:
                // One full cycle of the stock and waste brings up every card that can come up.
                var draws = 0
                while game.visibleWaste.first != card {
                    guard draws <= 2 * (game.stockCount + game.wasteCount) + 2, play(.draw) else { return nil }
                    draws += 1
                }
                let destination = move.kind == .talonToFoundation ? foundation(for: card, in: game) : .tableau(Int(move.to))
                guard play(.move(from: .waste, to: destination, count: 1)) else { return nil }
            case .tableauToFoundation:
                guard play(.move(from: .tableau(Int(move.from)), to: foundation(for: card, in: game), count: 1)) else { return nil }
            case .tableauToTableau:
                guard play(.move(from: .tableau(Int(move.from)), to: .tableau(Int(move.to)), count: Int(move.count))) else { return nil }
            case .foundationToTableau:
                guard let index = game.foundations.firstIndex(where: { $0.last == card }),
                      play(.move(from: .foundation(index), to: .tableau(Int(move.to)), count: 1))
                else { return nil }
            }
        }
        return game.isWon ? actions : nil
    }

    /// The foundation a card goes to: its suit's, or for an ace the first empty one.
    private static func foundation(for card: PlayingCard, in game: KlondikeGame) -> KlondikePile {
        .foundation(game.foundations.firstIndex(where: card.fitsFoundation) ?? 0)
    }
}

