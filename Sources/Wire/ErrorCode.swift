/// The `code` of an `error` message: what kind of mistake a client made.
public enum ErrorCode: String, CaseIterable, Sendable {
    /// The line is not valid JSON; the message says what to send instead.
    case badJSON = "bad_json"
    /// Valid JSON, but not an object, or a field is missing or of the wrong kind or range.
    case badRequest = "bad_request"
    /// `type` names no command; the message says to send `help`.
    case unknownType = "unknown_type"
    /// A line over the length limit; it was discarded.
    case lineTooLong = "line_too_long"
    /// A command other than `help`, `ping`, `games` and `login` before `login`.
    case notLoggedIn = "not_logged_in"
    /// `login` with a token that is unknown, or expired.
    case badToken = "bad_token"
    /// `join` or `watch` with a code no room has.
    case noSuchRoom = "no_such_room"
    /// `join` when every seat is taken, or the game is under way.
    case roomFull = "room_full"
    /// `join` or `watch` a room where a member already has the name, or one that looks the same.
    case nameTaken = "name_taken"
    /// `leave`, `start`, `chat` or a move while in no room.
    case notInRoom = "not_in_room"
    /// A spectator tried to `start` or to move.
    case notSeated = "not_seated"
    /// A move when it is another player's turn.
    case notYourTurn = "not_your_turn"
    /// A move while the room is still waiting.
    case gameNotStarted = "game_not_started"
    /// A move after the game ended (`start` offers a rematch).
    case gameOver = "game_over"
    /// The rules forbid the move; the message says which rule.
    case illegalMove = "illegal_move"
    /// A claim naming a card that is not on the board (another player took it first).
    case stale = "stale"
    /// Too much of something this minute; the command was dropped. ``ServerMessage/rateLimited(message:retryAfterMs:id:)``
    /// adds when to try again.
    case rateLimited = "rate_limited"
    /// The server, or this address, holds as many connections as it allows; the connection closes.
    case serverFull = "server_full"
    /// The server holds as many rooms as it allows: `create` waits for one to close.
    case serverBusy = "server_busy"
    /// `replay` names a game this server has no replay of (never kept, or past its days).
    case noSuchGame = "no_such_game"
    /// The server could not save what the command would change (a full or failing disk):
    /// nothing changed; send it again after `retry_after_ms`.
    case storageUnavailable = "storage_unavailable"
    /// `login` with a name and password that do not match an account (the same reply, after
    /// the same work, whether the name or the password was wrong).
    case badCredentials = "bad_credentials"
}
