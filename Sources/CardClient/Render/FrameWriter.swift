/// Writes whole screens as the smallest update: only rows that changed since the last frame.
///
/// Each changed row is written as: cursor to the row's start, clear the row, the row's text.
/// After a resize, ``invalidate()`` makes the next frame clear the screen and write every row.
public struct FrameWriter: Sendable {
    private var previous: [String] = []
    private var needsClear = true

    /// Makes a writer whose first frame clears the screen.
    public init() {}

    /// Forgets what is on screen: the next frame starts from a cleared screen.
    public mutating func invalidate() {
        previous = []
        needsClear = true
    }

    /// The terminal text that turns the last frame into `lines`.
    /// - Parameters:
    ///   - lines: the rows of the screen, top to bottom.
    ///   - color: whether to write colours and attributes.
    public mutating func update(to lines: [StyledLine], color: Bool) -> String {
        let escape = ANSIEncoder.escape
        var output = needsClear ? "\(escape)[0m\(escape)[2J" : ""
        let encoded = lines.map { ANSIEncoder.encode($0, color: color) }
        for (row, text) in encoded.enumerated() where row >= previous.count || previous[row] != text {
            output += "\(escape)[\(row + 1);1H\(escape)[2K\(text)"
        }
        if encoded.count < previous.count {
            for row in encoded.count..<previous.count {
                output += "\(escape)[\(row + 1);1H\(escape)[2K"
            }
        }
        previous = encoded
        needsClear = false
        return output
    }
}
