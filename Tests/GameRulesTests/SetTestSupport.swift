@testable import GameRules

/// Every Set on a board by the definition: a triple loop over positions, each
/// attribute all same or all different.
func bruteForceSets(on board: [SetCard]) -> [[Int]] {
    var found: [[Int]] = []
    for i in board.indices {
        for j in (i + 1)..<board.count {
            for k in (j + 1)..<board.count where attributesFormSet(board[i], board[j], board[k]) {
                found.append([i, j, k])
            }
        }
    }
    return found
}

/// The rule of Set spelled out attribute by attribute, independent of ids.
func attributesFormSet(_ a: SetCard, _ b: SetCard, _ c: SetCard) -> Bool {
    func sameOrDifferent<T: Hashable>(_ x: T, _ y: T, _ z: T) -> Bool {
        Swift.Set([x, y, z]).count != 2
    }
    return sameOrDifferent(a.count, b.count, c.count) && sameOrDifferent(a.shape, b.shape, c.shape)
        && sameOrDifferent(a.color, b.color, c.color) && sameOrDifferent(a.fill, b.fill, c.fill)
}

/// `size` distinct cards drawn at random, reproducibly from `seed`.
func randomBoard(size: Int, seed: UInt64) -> [SetCard] {
    var generator = SplitMix64(seed: seed)
    var cards = SetCard.deck
    cards.seededShuffle(using: &generator)
    return Array(cards.prefix(size))
}

/// The cards with these ids.
func cards(_ ids: [Int]) -> [SetCard] {
    ids.map { SetCard(id: $0)! }
}
