import GameRules

/// A beam search for a winning line: breadth first, keeping at each depth only the
/// positions that look best (most face-down cards turned up, then most cards home).
///
/// Depth-first restarts win most deals within a few thousand positions, but a deal whose
/// win needs one early choice made right can take them longer than a second: the beam
/// keeps many early choices alive at once and finds some of those lines in milliseconds.
/// It can never prove a deal dead (it drops positions), so it only adds wins.
enum KlondikeBeam {
    /// Positions kept at each depth.
    static let defaultWidth = 1_000

    /// Searches from `game`'s position with the focused search's moves.
    /// - Parameters:
    ///   - width: positions kept at each depth.
    ///   - nodeLimit: positions to visit at most.
    ///   - deadline: when to stop, if ever.
    /// - Returns: the winning moves if found, and the positions visited.
    static func search(
        _ game: KlondikeGame, width: Int, nodeLimit: Int, deadline: Deadline?
    ) -> (moves: [KlondikeSearch.Move]?, nodes: Int) {
        var root = KlondikeSearch(game: game, focused: true, orderSeed: nil, nodeLimit: Int.max, deadline: nil)
        if root.sendSafeCardsHomeAndFinish() { return (root.path, 0) }
        var beam = [root]
        var seen = Set<UInt64>()
        var nodes = 0
        while !beam.isEmpty {
            var next: [(score: Int, position: KlondikeSearch)] = []
            for var position in beam {
                for var move in position.candidateMoves() {
                    var child = position
                    child.make(&move)
                    child.path.append(move)
                    nodes += 1
                    if child.sendSafeCardsHomeAndFinish() { return (child.path, nodes) }
                    guard seen.insert(child.positionHash()).inserted else { continue }
                    next.append((score(child), child))
                }
                if nodes >= nodeLimit { return (nil, nodes) }
                if deadline?.hasPassed == true { return (nil, nodes) }
            }
            // The same positions always sort the same way: the same game gives the same beam.
            next.sort { $0.score > $1.score }
            beam = next.prefix(width).map(\.position)
        }
        return (nil, nodes)
    }

    /// How good a position looks: a face-down card turned up counts most, then an empty pile,
    /// a card home, and a talon card played (weights set by hand, not tuned).
    static func score(_ position: KlondikeSearch) -> Int {
        var down = 0
        var empty = 0
        for pile in 0..<7 {
            down += position.downCount[pile]
            if position.upCount[pile] == 0 && position.downCount[pile] == 0 { empty += 1 }
        }
        return position.homeTotal * 2 - down * 6 + empty * 3 - position.talon.count
    }
}
