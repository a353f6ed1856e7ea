/// A logged-in player: outlives a connection by the grace period, so a client can resume.
final class Player {
    let id: String
    let name: String
    /// What the name looks like (``NameSkeleton``), worked out once: a room compares it
    /// with every member's whenever someone joins or watches.
    let nameSkeleton: String
    let token: String
    /// The connection speaking for this player; nil while away.
    var client: ClientID?
    /// The room the player sits in or watches.
    var roomCode: String?
    /// Runs out the grace period after a disconnect.
    var graceTimer: TimerToken?
    /// Chat flood control; it stays with the player across reconnects.
    var chat: TokenBucket

    init(id: String, name: String, token: String, client: ClientID, chat: TokenBucket) {
        self.id = id
        self.name = name
        self.nameSkeleton = NameSkeleton.of(name)
        self.token = token
        self.client = client
        self.chat = chat
    }

    var isConnected: Bool { client != nil }
}
