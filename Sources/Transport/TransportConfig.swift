/// What the transport needs to know besides its host: whether the port takes web peers, and
/// the backlog bounds its own replies respect.
public struct TransportConfig: Sendable {
    /// HTTP and WebSocket on the game port; nil for protocol 1 over NDJSON only (every
    /// connection is greeted at once).
    public var web: WebConfig?
    /// A connection whose unsent output passes this while the transport answers it (HTTP
    /// replies, pongs) is read no further until it drains to ``resumeInputAtUnsentBytes``:
    /// the service's own bound, so every transport slows a client at the same point.
    public var pauseInputAboveUnsentBytes: Int
    /// Where reading resumes.
    public var resumeInputAtUnsentBytes: Int

    /// A transport with these bounds; `web` nil takes protocol 1 over NDJSON only.
    public init(web: WebConfig?, pauseInputAboveUnsentBytes: Int, resumeInputAtUnsentBytes: Int) {
        self.web = web
        self.pauseInputAboveUnsentBytes = pauseInputAboveUnsentBytes
        self.resumeInputAtUnsentBytes = resumeInputAtUnsentBytes
    }
}
