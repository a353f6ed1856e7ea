/// The server's settings and limits.
public struct ServerConfig: Sendable {
    /// The version shown in `hello` as "cardserver <version>".
    public var version: String
    /// Connections allowed at once; one more gets `server_full` and is closed.
    public var maxClients: Int
    /// How long a disconnected player keeps their seat and token.
    public var grace: Duration

    /// The longest chat text, in characters.
    public static let maxChatCharacters = 300
    /// The longest player name, in characters.
    public static let maxNameCharacters = 20

    /// Creates a configuration.
    public init(version: String, maxClients: Int = 10_000, grace: Duration = .seconds(120)) {
        self.version = version
        self.maxClients = maxClients
        self.grace = grace
    }
}
