import Wire

/// Ratings as the terminal shows them: whole numbers, "?" while provisional (lichess's mark),
/// changes signed with a true minus, and a rating history as one line of block characters.
public enum RatingText {
    /// "1662?" for a provisional 1662.3, "1720" for an established 1719.8.
    public static func rating(_ value: Double, provisional: Bool) -> String {
        "\(Int(value.rounded()))" + (provisional ? "?" : "")
    }

    /// "+162", "−9", "±0": a change rounded to a whole number.
    public static func change(_ diff: Double) -> String {
        let whole = Int(diff.rounded())
        return whole > 0 ? "+\(whole)" : whole < 0 ? "−\(-whole)" : "±0"
    }

    /// "ann 1662? (+162) · bob 1338? (−162)": a rated game's changes, in seat order.
    public static func changes(_ ratings: [RatingChange]) -> String {
        ratings.map { "\($0.name) \(rating($0.after, provisional: $0.provisional)) (\(change($0.diff)))" }.joined(separator: " · ")
    }

    /// The eight heights of a sparkline, lowest first.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// A rating history as a sparkline, one block a game, oldest first: "▁▃▆█". The lowest
    /// rating is the lowest block and the highest the highest; a flat history is all middle.
    public static func sparkline(_ ratings: [Double]) -> String {
        guard let low = ratings.min(), let high = ratings.max() else { return "" }
        guard high - low >= 0.05 else { return String(repeating: blocks[3], count: ratings.count) }
        return String(ratings.map { value in
            blocks[min(blocks.count - 1, Int(((value - low) / (high - low) * Double(blocks.count - 1)).rounded()))]
        })
    }
}
