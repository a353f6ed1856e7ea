import Wire

/// A refusal in the client's own words, per error code. The server's messages are written for
/// someone typing JSON into netcat ("send {"type":"leave"} first"); a player pressing keys
/// gets what happened and what to do here instead.
public enum ErrorWords {
    /// What to tell the player about an `error` with this code and server message.
    public static func text(for code: ErrorCode, serverMessage: String) -> String {
        switch code {
        case .badJSON, .unknownType, .lineTooLong:
            return "the server did not understand this client (a bug; please report it)"
        case .notLoggedIn: return "not logged in yet"
        case .badToken: return "your seat is gone (away too long)"
        case .roomFull: return "that room is full: W watches it instead"
        case .nameTaken: return "someone in that room already has your name, or one that looks like it"
        case .notInRoom: return "you are not in a room"
        case .notSeated: return "you are watching: only players can do that"
        case .notYourTurn: return "not your turn"
        case .gameNotStarted: return "the game has not started yet"
        case .gameOver: return "the game is over: Enter offers a rematch"
        case .stale: return "too late"
        case .serverFull: return "the server is full; try again later"
        case .serverBusy: return serverMessage.contains("password") ? "the server is busy checking passwords; try again in a moment" : "the server has all the rooms it allows; try again in a minute"
        case .noSuchGame: return "that game has no replay here (replays are kept for a while, then removed)"
        case .storageUnavailable: return "the server cannot save right now (its disk is full); nothing changed: try again in a moment"
        case .badCredentials: return "no account has that name and password"
        case .badRequest, .illegalMove, .noSuchRoom, .rateLimited:
            // The rules' and the name rules' reasons are for people; only the JSON hints go.
            return withoutJSONHints(serverMessage)
        }
    }

    /// The message without its clauses that show JSON to send ("; send {…}", "like {…}").
    static func withoutJSONHints(_ message: String) -> String {
        let clauses = message.split(separator: ";", omittingEmptySubsequences: true).map { $0.trimmingCharacters() }
        let kept = clauses.filter { !$0.contains("{\"") }
        return kept.isEmpty ? "the server refused that" : kept.joined(separator: "; ")
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(self).trimmingSpaces
    }
}
