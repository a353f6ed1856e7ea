/// The letters that name Set cards on screen. The board is laid out in columns of three (board
/// position `i` in column `i / 3`, row `i % 3`, so three more cards make one more column), and
/// the letters run across the rows as a table is read: `a b c d` along the first row of twelve,
/// `e f g h` along the second. Three more cards add a column, so the letters are re-read then.
public enum SetLabels {
    /// The letters in reading order.
    public static let letters: [Character] = Array("abcdefghijklmnopqrstuvwx")
    /// Rows of cards on the board.
    public static let rows = 3

    /// The letter of the card at board position `index` on a board of `count` cards.
    public static func letter(_ index: Int, of count: Int) -> String {
        guard index >= 0, index < count else { return "?" }
        let row = index % rows
        let before = (0..<row).reduce(0) { $0 + cards(inRow: $1, of: count) }
        let number = before + index / rows
        return letters.indices.contains(number) ? String(letters[number]) : "?"
    }

    /// The board position a letter names on a board of `count` cards, or nil when it names none.
    public static func index(of letter: Character, of count: Int) -> Int? {
        guard let number = letters.firstIndex(of: letter), number < count else { return nil }
        var rest = number
        for row in 0..<rows {
            let inRow = cards(inRow: row, of: count)
            if rest < inRow { return rest * rows + row }
            rest -= inRow
        }
        return nil
    }

    /// How many of `count` cards lie in `row`.
    static func cards(inRow row: Int, of count: Int) -> Int {
        max(0, (count - row + rows - 1) / rows)
    }
}
