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
    /// The player's settings (Klondike shows whether auto-play is on).
    public var settings: ClientSettings

    /// Makes a context.
    public init(size: ScreenSize, now: Int, color: Bool, me: String?, settings: ClientSettings = ClientSettings()) {
        self.size = size
        self.now = now
        self.color = color
        self.me = me
        self.settings = settings
    }
}
