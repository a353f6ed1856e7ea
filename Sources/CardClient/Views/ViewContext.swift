import Wire
/// What a view needs besides the model: the space it has, the time, colour on or off, who is looking.
public struct ViewContext: Equatable, Sendable {
    /// The cells the view may fill.
    public var size: ScreenSize
    /// The client's clock in milliseconds (countdowns).
    public var now: Int
    /// Whether colour is on; without it, views spell out what colour would say.
    public var color: Bool
    /// This player's name.
    public var me: String?

    /// Makes a context.
    public init(size: ScreenSize, now: Int, color: Bool, me: String?) {
        self.size = size
        self.now = now
        self.color = color
        self.me = me
    }
}
