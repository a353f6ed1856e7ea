/// A logged-in player: outlives a connection by the grace period, so a client can resume.
final class Player {
    let id: String
    let name: String
    /// What the name looks like (``NameSkeleton``), worked out once: a room compares it
    /// with every member's whenever someone joins or watches.
    let nameSkeleton: String
    /// The session token's SHA-256: the server keys sessions by it and the room log keeps
    /// only it, so a copy of the data directory resumes nobody's seat.
    let tokenHash: TokenDigest
    /// The connection speaking for this player; nil while away.
    var client: ClientID?
    /// The room the player sits in or watches.
    var roomCode: String?
    /// Runs out the grace period after a disconnect.
    var graceTimer: TimerToken?
    /// Restored from the room log after a restart and not back yet: shown away, but the rules
    /// count them as present until they resume or their grace runs out, so nobody gains from
    /// a crash (a deal vote does not pass, a rematch does not start, while everyone reconnects).
    /// (Declared here, beside the timer, where it takes no room of its own.)
    var awaitingReturn = false
    /// Chat flood control; it stays with the player across reconnects.
    var chat: TokenBucket
    /// The address that logged in (its per-address key), which the session counts against
    /// until it ends; empty for a player restored after a restart, whom no address holds.
    var address = ""
    /// The account signed in, by the skeleton of its name; nil for a guest.
    var account: String?
    /// Signed in to a bot's account: every `state` marks the player as one.
    var isBot = false

    init(id: String, name: String, tokenHash: TokenDigest, client: ClientID?, chat: TokenBucket) {
        self.id = id
        self.name = name
        self.nameSkeleton = NameSkeleton.of(name)
        self.tokenHash = tokenHash
        self.client = client
        self.chat = chat
    }

    var isConnected: Bool { client != nil }
    /// Connected, or restored and not yet back: whom the rules count as at the table.
    var countsAsPresent: Bool { client != nil || awaitingReturn }
}
