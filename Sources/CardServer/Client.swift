/// One open connection as the server sees it: its limits, its pauses and, once logged in, its
/// player. Opaque outside the server: the host hands it back with the connection's lines.
public final class Client {
    let id: ClientID
    /// The peer's address without its port, as the per-address caps count it.
    public internal(set) var address = ""
    /// The player this connection speaks for, after `login`.
    var playerID: String?
    /// A `register` or password `login` of this connection is with the background worker.
    var signingIn = false
    /// Flood control over every line the connection sends.
    var commands: TokenBucket
    /// Why the server stopped reading this connection for now, if it did.
    var inputPause: InputPause?
    /// Closes the connection if it never logs in.
    var loginTimer: TimerToken?
    // The small fields last, together: a server holds one of these per connection, and
    // together they fit where the padding after the timer would be.
    /// Whether it was greeted as a protocol 1 client (over NDJSON or WebSocket): an HTTP peer,
    /// or one not yet known, never is, and is sent no line at shutdown.
    var speaksLines = false
    /// Set once the server has asked the host to close this connection: later lines are ignored.
    var isClosing = false
    /// Whether it speaks protocol 1 in WebSocket frames rather than NDJSON (`sessions` says which).
    var overWebSocket = false
    /// Whether its input was ever paused (logged the first time only).
    var wasPaused = false
    /// States were held back while it was far behind on reading: it gets the newest once it catches up.
    var missedStates = false
    /// Lines handled in the turn `linesTurn`, against ``ServerConfig/linesPerTurn``.
    var linesThisTurn: UInt16 = 0
    /// The turn of the loop (``TurnShares/turn``, its low 32 bits) `linesThisTurn` counts in.
    var linesTurn: UInt32 = 0
    /// The last turn (low 32 bits) in which a line of its was put off: a client put off in
    /// the turn before is working through a backlog, any other is a newcomer to the queue.
    var putOffTurn: UInt32 = 0

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
    /// It used its share of this turn (``ServerConfig/linesPerTurn``): reading resumes in the
    /// next turn, after the input that turn brings.
    case turnShare
}
