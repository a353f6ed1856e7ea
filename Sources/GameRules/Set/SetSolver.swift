/// Finds the Sets among the cards on a board.
///
/// For each pair of positions it computes the one card that completes the
/// pair and looks it up in an 81-entry table of positions on the stack:
/// O(n²) for n cards, with no heap allocation beyond the result. Each Set is
/// found exactly once, from its two lowest positions.
public enum SetSolver {
    /// Every Set on the board, each as its three positions in ascending order,
    /// the list sorted.
    /// - Parameter board: distinct cards in position order.
    public static func sets(on board: [SetCard]) -> [[Int]] {
        var found: [[Int]] = []
        // Each trio of random cards is a Set with chance 1/79, so n cards hold
        // about C(n, 3)/79 Sets, fewer than n up to 22 cards: one allocation
        // usually suffices where growing by doubling would take several.
        found.reserveCapacity(board.count)
        scan(board) { first, second, third in
            found.append([first, second, third])
            return true
        }
        return found
    }

    /// Whether the board holds at least one Set; stops at the first.
    /// - Parameter board: distinct cards in position order.
    public static func hasSet(on board: [SetCard]) -> Bool {
        var found = false
        scan(board) { _, _, _ in
            found = true
            return false
        }
        return found
    }

    /// The first Set of ``sets(on:)``, or nil when the board holds none; stops there.
    /// - Parameter board: distinct cards in position order.
    public static func firstSet(on board: [SetCard]) -> [Int]? {
        var found: [Int]?
        scan(board) { first, second, third in
            found = [first, second, third]
            return false
        }
        return found
    }

    /// The id of the card completing each pair of ids, `thirds[81 * a + b]`:
    /// one table read instead of digit arithmetic in the hot loop.
    private static let thirds: [UInt8] = (0..<81 * 81).map {
        UInt8(SetCard.third(completing: SetCard(uncheckedID: $0 / 81), SetCard(uncheckedID: $0 % 81)).id)
    }

    /// Calls `body` with the positions of each Set in ascending order until it returns false.
    @inline(__always)
    private static func scan(_ board: [SetCard], _ body: (Int, Int, Int) -> Bool) {
        precondition(board.count <= 81, "a board holds distinct cards")
        // Unchecked pointers: the loop is a handful of loads per pair, and
        // bounds checks on all three tables would cost as much again.
        withUnsafeTemporaryAllocation(of: Int8.self, capacity: 81) { positions in
            positions.initialize(repeating: -1)
            board.withUnsafeBufferPointer { board in
                for position in board.indices {
                    positions[board[position].id] = Int8(truncatingIfNeeded: position)
                }
                thirds.withUnsafeBufferPointer { thirds in
                    for first in board.indices {
                        let row = 81 * board[first].id
                        for second in (first + 1)..<board.count {
                            let third = Int(positions[Int(thirds[row + board[second].id])])
                            if third > second, !body(first, second, third) { return }
                        }
                    }
                }
            }
        }
    }
}
