import Wire

/// One open connection: its framer and, once logged in, its player.
final class Client {
    let id: ClientID
    /// The peer's address without its port, as the per-address caps count it.
    var address = ""
    var framer = LineFramer()
    /// The player this connection speaks for, after `login`.
    var playerID: String?
    /// Whether a line has been handled yet (an HTTP request is spotted on the first).
    var sawFirstLine = false
    /// Set once the server has asked the host to close this connection: later lines are ignored.
    var isClosing = false
    /// Flood control over every line the connection sends.
    var commands: TokenBucket
    /// Why the server stopped reading this connection for now, if it did.
    var inputPause: InputPause?
    /// Whether its input was ever paused (logged the first time only).
    var wasPaused = false
    /// Closes the connection if it never logs in.
    var loginTimer: TimerToken?
    /// States were held back while it was far behind on reading: it gets the newest once it catches up.
    var missedStates = false
    /// What the connection speaks: protocol 1 over NDJSON unless the server takes web peers
    /// (``ServerConfig/web``), when it is pending until its first bytes say.
    var transport = Transport.tcp

    init(id: ClientID, commands: TokenBucket) {
        self.id = id
        self.commands = commands
    }
}

/// Why the server holds back a client's input (backpressure): the rest of what it
/// sent waits, unread, until the cause clears; nothing is dropped or refused.
enum InputPause {
    /// Its unsent output passed `ServerConfig.pauseInputAboveUnsentBytes`: reading
    /// resumes when the host reports it drained.
    case outputBacklog
    /// Its command rate is spent: reading resumes when this timer, set for the next token, fires.
    case commandRate(TimerToken)
    /// Its `replay` is being read on the background worker: reading resumes with the answer.
    case replay
    /// Its command's answer is being worked out off the loop (a Klondike hint's search):
    /// reading resumes with the answer.
    case slowReply
}
