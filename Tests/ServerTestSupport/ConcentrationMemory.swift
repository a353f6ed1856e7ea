/// A Concentration player who forgets nothing: what every flip showed, which cards are
/// matched and which are face up, and from that the best next flip. The tests that play
/// whole games (rules, replays, the time bonus) share it.
package struct ConcentrationMemory {
    /// How many cards the layout has.
    package let cards: Int
    private(set) var known: [Int: String] = [:]
    package private(set) var matched: Set<Int> = []
    /// The cards face up now and not matched: this turn's first, or a mismatch about to turn down.
    package private(set) var faceUp: Set<Int> = []

    package init(cards: Int) {
        self.cards = cards
    }

    /// A lone face-up card is this turn's first flip; a mismatched pair turns down on the next flip.
    package var first: Int? { faceUp.count == 1 ? faceUp.first : nil }

    /// The partner of this turn's first card if its face was seen, else the first card of a
    /// known pair, else a card never seen; nil when none is left.
    package func nextCard() -> Int? {
        let open = known.filter { !matched.contains($0.key) }
        if let first, let partner = open.first(where: { $0.key != first && $0.value == known[first] })?.key {
            return partner
        }
        if first == nil, let pair = Dictionary(grouping: open.keys, by: { known[$0] ?? "" }).values.first(where: { $0.count == 2 }) {
            return pair.sorted()[0]
        }
        return (0..<cards).first { known[$0] == nil && !matched.contains($0) }
    }

    /// What a flip of `card` showed: its face and the `flipped` result (`first`, `match`, `mismatch`).
    package mutating func saw(_ card: Int, face: String?, result: String?) {
        let before = first
        known[card] = face
        let both = [card] + (before.map { [$0] } ?? [])
        switch result {
        case "match":
            matched.formUnion(both)
            faceUp = []
        case "mismatch": faceUp = Set(both)
        default: faceUp = [card]
        }
    }
}
