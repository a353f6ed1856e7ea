/// A short message on the status line: the result of a claim, an error, a room event.
public struct Notice: Equatable, Sendable {
    /// What kind of news it is; views pick the colour.
    public enum Tone: Equatable, Sendable {
        /// Good news (a Set found).
        case good
        /// Bad news (an invalid claim, an error from the server).
        case bad
        /// Neither ("too late", "waiting for bob").
        case neutral
    }

    /// How long a flash (a claim's result) stays, in milliseconds.
    public static let flashMilliseconds = 1500
    /// How long a status message stays, in milliseconds.
    public static let statusMilliseconds = 6000

    /// The text, for a person.
    public var text: String
    /// Good, bad or neutral.
    public var tone: Tone
    /// When it disappears, in the client's milliseconds.
    public var until: Int

    /// Makes a notice.
    public init(_ text: String, tone: Tone, until: Int) {
        self.text = text
        self.tone = tone
        self.until = until
    }

    /// Whether it still shows at `now`.
    public func isShowing(at now: Int) -> Bool { now < until }
}
