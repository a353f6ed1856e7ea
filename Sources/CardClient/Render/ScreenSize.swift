/// A terminal's size in cells.
public struct ScreenSize: Equatable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Makes a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether this size holds `other` in both directions.
    public func holds(_ other: ScreenSize) -> Bool {
        width >= other.width && height >= other.height
    }
}
