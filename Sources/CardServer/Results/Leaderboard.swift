import Wire

/// One game's players, best first: most wins, then most points, then by name; Klondike's by
/// the fewest moves of a one-seat game won, then its best time (a points total there is cards
/// home, or a scoring table's, and says little), players without such a win after. Kept as
/// results arrive, so a result costs O(log n) and the top `k` cost O(log n + k): no
/// request sorts the players, however many there are.
///
/// While the journal is read at the start, it only counts: ``rank()`` then orders every
/// player with one sort. With 1,000,000 results that took 30 ms, where keeping the order
/// through every result took 3.3 s (two tree walks a score, most steps a cache miss).
struct Leaderboard {
    /// One player's figures in the game: 24 bytes, as a start on a million results holds one
    /// for each player of each game (56 bytes as plain `Int`s and optionals took 38 MB there).
    /// Counts hold at 2^32 − 1; moves and times at 2^31 − 1 (a file edited by hand may say
    /// anything, and must not crash the start); points are whole `Int`s.
    struct Figures: Equatable {
        var points: Int
        private var storedGames: UInt32
        private var storedWins: UInt32
        /// `Int32.min` for none yet.
        private var storedMoves: Int32
        private var storedTimeMs: Int32

        init(games: Int, wins: Int, points: Int, fewestMoves: Int? = nil, bestTimeMs: Int? = nil) {
            self.points = points
            storedGames = UInt32(clamping: games)
            storedWins = UInt32(clamping: wins)
            storedMoves = Self.stored(fewestMoves)
            storedTimeMs = Self.stored(bestTimeMs)
        }

        var games: Int {
            get { Int(storedGames) }
            set { storedGames = UInt32(clamping: newValue) }
        }

        var wins: Int {
            get { Int(storedWins) }
            set { storedWins = UInt32(clamping: newValue) }
        }

        /// The fewest moves, and the best time, of a one-seat game won (Klondike); nil before one.
        var fewestMoves: Int? {
            get { Self.value(storedMoves) }
            set { storedMoves = Self.stored(newValue) }
        }

        var bestTimeMs: Int? {
            get { Self.value(storedTimeMs) }
            set { storedTimeMs = Self.stored(newValue) }
        }

        private static func stored(_ value: Int?) -> Int32 {
            value.map { Int32(clamping: max($0, Int(Int32.min) + 1)) } ?? .min
        }

        private static func value(_ stored: Int32) -> Int? {
            stored == .min ? nil : Int(stored)
        }
    }

    /// The game ranked by moves and time rather than wins and points.
    static let byMovesGame = "klondike"

    /// Where a player ranks: the order of a leaderboard, best first.
    struct Rank: Comparable {
        /// What ranks first, higher better: wins, or the fewest moves negated.
        let first: Int
        /// What breaks a tie, higher better: points, or the best time negated.
        let second: Int
        let name: String

        /// Whether `a` ranks above `b`: a higher first figure, then a higher second, then the name first in order.
        static func < (a: Rank, b: Rank) -> Bool {
            (b.first, b.second, a.name) < (a.first, a.second, b.name)
        }
    }

    private var figures: [String: Figures] = [:]
    /// The players in rank order; nil until ``rank()``.
    private var ranking: RankedSet<Rank>?
    /// Whether the board ranks by moves and time (``byMovesGame``).
    private let byMoves: Bool

    /// A board that only counts until ``rank()``, or with `ranked`, keeps the order from the first result.
    /// - Parameter byMoves: rank by the fewest moves, then the best time, of a one-seat game won.
    init(ranked: Bool, byMoves: Bool = false) {
        ranking = ranked ? RankedSet() : nil
        self.byMoves = byMoves
    }

    /// A player's place from their figures.
    private func rank(_ figures: Figures, name: String) -> Rank {
        guard byMoves else { return Rank(first: figures.wins, second: figures.points, name: name) }
        // Fewer is better: negated, and nothing at all worst of every count.
        return Rank(first: figures.fewestMoves.map { -$0 } ?? .min, second: figures.bestTimeMs.map { -$0 } ?? .min, name: name)
    }

    /// A player's figures in the game, or nil when they have no result in it.
    func figures(of name: String) -> Figures? {
        figures[name]
    }

    /// Counts a game `name` played: one more game, a win if `won`, and `points` more.
    /// Points saturate at `Int.min` and `Int.max`: they come from a file that may have
    /// been edited by hand, and one doctored record must not crash the start.
    /// - Parameter solved: a one-seat game won, with its moves and time (Klondike), else nil.
    mutating func add(_ name: String, won: Bool, points: Int, solved: (moves: Int, timeMs: Int)? = nil) {
        func count(_ figures: inout Figures?) -> (old: Figures?, new: Figures) {
            let old = figures
            let base = old ?? Figures(games: 0, wins: 0, points: 0)
            var new = Figures(
                games: base.games.addingSaturated(1), wins: base.wins.addingSaturated(won ? 1 : 0),
                points: base.points.addingSaturated(points), fewestMoves: base.fewestMoves, bestTimeMs: base.bestTimeMs)
            if let solved {
                new.fewestMoves = min(base.fewestMoves ?? solved.moves, solved.moves)
                new.bestTimeMs = min(base.bestTimeMs ?? solved.timeMs, solved.timeMs)
            }
            figures = new
            return (old, new)
        }
        // Changed where they are: one look-up.
        let (old, new) = count(&figures[name])
        guard ranking != nil else { return }
        let place = rank(new, name: name)
        if let old {
            // A game that changes no figure the order reads leaves the player where they were.
            let was = rank(old, name: name)
            guard was != place else { return }
            ranking?.remove(was)
        }
        ranking?.insert(place)
    }

    /// Orders the players counted so far, once; from then on each result keeps the order.
    mutating func rank() {
        guard ranking == nil else { return }
        ranking = RankedSet(sorted: figures.map { rank($0.value, name: $0.key) }.sorted())
    }

    /// The best `size` players, best first, each as a line named by the player.
    /// The board must be ranked (``rank()``).
    func top(_ size: Int) -> [PlayerStats.Line] {
        guard let ranking else { preconditionFailure("a leaderboard is read only once it is ranked") }
        return ranking.prefix(size).map { rank in
            let player = figures[rank.name] ?? Figures(games: 0, wins: 0, points: 0)
            return PlayerStats.Line(
                key: rank.name, games: player.games, wins: player.wins, points: player.points, fewestMoves: player.fewestMoves,
                bestTimeMs: player.bestTimeMs)
        }
    }
}

extension Int {
    /// `self + other`, held at `Int.max` or `Int.min` instead of trapping on overflow.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
