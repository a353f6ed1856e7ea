import Wire

/// One game's players, best first: most wins, then most points, then by name. Kept as
/// results arrive, so a result costs O(log n) and the top `k` cost O(log n + k): no
/// request sorts the players, however many there are.
///
/// While the journal is read at the start, it only counts: ``rank()`` then orders every
/// player with one sort. With 1,000,000 results that took 30 ms, where keeping the order
/// through every result took 3.3 s (two tree walks a score, most steps a cache miss).
struct Leaderboard {
    /// One player's figures in the game.
    struct Figures: Equatable {
        var games: Int
        var wins: Int
        var points: Int
    }

    /// Where a player ranks: the order of a leaderboard, best first.
    struct Rank: Comparable {
        let wins: Int
        let points: Int
        let name: String

        /// Whether `a` ranks above `b`: more wins, then more points, then the name first in order.
        static func < (a: Rank, b: Rank) -> Bool {
            (b.wins, b.points, a.name) < (a.wins, a.points, b.name)
        }
    }

    private var figures: [String: Figures] = [:]
    /// The players in rank order; nil until ``rank()``.
    private var ranking: RankedSet<Rank>?

    /// A board that only counts until ``rank()``, or with `ranked`, keeps the order from the first result.
    init(ranked: Bool) {
        ranking = ranked ? RankedSet() : nil
    }

    /// A player's figures in the game, or nil when they have no result in it.
    func figures(of name: String) -> Figures? {
        figures[name]
    }

    /// Counts a game `name` played: one more game, a win if `won`, and `points` more.
    /// Points saturate at `Int.min` and `Int.max`: they come from a file that may have
    /// been edited by hand, and one doctored record must not crash the start.
    mutating func add(_ name: String, won: Bool, points: Int) {
        func count(_ figures: inout Figures?) -> (old: Figures?, new: Figures) {
            let old = figures
            let base = old ?? Figures(games: 0, wins: 0, points: 0)
            let new = Figures(
                games: base.games.addingSaturated(1), wins: base.wins.addingSaturated(won ? 1 : 0),
                points: base.points.addingSaturated(points))
            figures = new
            return (old, new)
        }
        // Changed where they are: one look-up.
        let (old, new) = count(&figures[name])
        guard ranking != nil else { return }
        if let old {
            // A game lost for no points leaves the player where they were.
            guard old.wins != new.wins || old.points != new.points else { return }
            ranking?.remove(Rank(wins: old.wins, points: old.points, name: name))
        }
        ranking?.insert(Rank(wins: new.wins, points: new.points, name: name))
    }

    /// Orders the players counted so far, once; from then on each result keeps the order.
    mutating func rank() {
        guard ranking == nil else { return }
        ranking = RankedSet(sorted: figures.map { Rank(wins: $0.value.wins, points: $0.value.points, name: $0.key) }.sorted())
    }

    /// The best `size` players, best first, each as a line named by the player.
    /// The board must be ranked (``rank()``).
    func top(_ size: Int) -> [PlayerStats.Line] {
        guard let ranking else { preconditionFailure("a leaderboard is read only once it is ranked") }
        return ranking.prefix(size).map { rank in
            PlayerStats.Line(key: rank.name, games: figures[rank.name]?.games ?? 0, wins: rank.wins, points: rank.points)
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
