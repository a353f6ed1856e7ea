/// The `code` of an `error` message: what kind of mistake a client made.
public enum ErrorCode: String, CaseIterable, Sendable {
    case badJSON = "bad_json"
    case badRequest = "bad_request"
    case unknownType = "unknown_type"
    case lineTooLong = "line_too_long"
    case notLoggedIn = "not_logged_in"
    case badToken = "bad_token"
    case noSuchRoom = "no_such_room"
    case roomFull = "room_full"
    case nameTaken = "name_taken"
    case notInRoom = "not_in_room"
    case notSeated = "not_seated"
    case notYourTurn = "not_your_turn"
    case gameNotStarted = "game_not_started"
    case gameOver = "game_over"
    case illegalMove = "illegal_move"
    case stale = "stale"
    case rateLimited = "rate_limited"
    case serverFull = "server_full"
    /// The server holds as many rooms as it allows: `create` waits for one to close.
    case serverBusy = "server_busy"
    /// `replay` names a game this server has no replay of (never kept, or past its days).
    case noSuchGame = "no_such_game"
    /// The server could not save what the command would change (a full or failing disk):
    /// nothing changed; send it again after `retry_after_ms`.
    case storageUnavailable = "storage_unavailable"
}
