/// The letters that name Set cards on screen: `a` for the first card on the board, `b` for the
/// second, … `x` for the 24th.
public enum SetLabels {
    /// The letters in board order.
    public static let letters: [Character] = Array("abcdefghijklmnopqrstuvwx")

    /// The letter of the card at `index` in board order.
    public static func letter(_ index: Int) -> String {
        letters.indices.contains(index) ? String(letters[index]) : "?"
    }

    /// The board position a letter names, or nil when it names none.
    public static func index(of letter: Character) -> Int? {
        letters.firstIndex(of: letter)
    }
}
