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

    /// The card completing each pair of ids, `thirds[81 * a + b]`: one table
    /// read instead of four divisions per digit in the hot loop.
    private static let thirds: [UInt8] = (0..<81 * 81).map {
        UInt8(SetCard.third(completing: SetCard(uncheckedID: $0 / 81), SetCard(uncheckedID: $0 % 81)).id)
    }

    /// Calls `body` with the positions of each Set in ascending order until it returns false.
    @inline(__always)
    private static func scan(_ board: [SetCard], _ body: (Int, Int, Int) -> Bool) {
        precondition(board.count <= 81, "a board holds distinct cards")
        var positions = InlineArray<81, Int8>(repeating: -1)
        for (position, card) in board.enumerated() {
            positions[card.id] = Int8(position)
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
