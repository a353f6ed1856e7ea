import Wire

/// The test client's own Set solver, from the card JSON alone (independent of GameRules).
package enum SetTestSolver {
    package static let attributes = ["count", "shape", "color", "fill"]

    package static func isSet(_ cards: [JSONObject]) -> Bool {
        attributes.allSatisfy { key in
            let values = Set(cards.map { $0[key]?.jsonText ?? "" })
            return values.count == 1 || values.count == 3
        }
    }

    /// Every Set on a board, as card ids.
    package static func sets(on board: [JSONObject]) -> [[Int]] {
        var found: [[Int]] = []
        for i in board.indices {
            for j in board.indices where j > i {
                for k in board.indices where k > j && isSet([board[i], board[j], board[k]]) {
                    found.append([i, j, k].compactMap { board[$0]["id"]?.intValue })
                }
            }
        }
        return found
    }

    package static func board(of state: JSONObject) -> [JSONObject] {
        state["board"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    package static func ids(of state: JSONObject) -> [Int] {
        board(of: state).compactMap { $0["id"]?.intValue }
    }
}

extension Array where Element == Int {
    /// Every choice of three elements, in order.
    package func combinations3() -> [[Int]] {
        var result: [[Int]] = []
        for i in indices {
            for j in indices where j > i {
                for k in indices where k > j {
                    result.append([self[i], self[j], self[k]])
                }
            }
        }
        return result
    }
}
