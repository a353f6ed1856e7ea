import GameRules
import Wire

// What the client's views ask of Wire's message types: the protocol has one model,
// shared with the server, and these are only conveniences on it.

extension RoomState {
    /// The player of this name, if seated.
    public func player(named name: String?) -> PlayerEntry? {
        players.first { $0.name == name }
    }
}

extension RPSFields {
    /// Rounds a player must win to take the match.
    public var winsNeeded: Int { rounds / 2 + 1 }
}

extension RoundReveal {
    /// The sign this player threw; nil when they ran out of time.
    public func sign(of name: String) -> Sign? {
        throwsByName.first { $0.name == name }?.sign
    }
}

extension Sign {
    /// The hand: ✊, ✋ or ✌️.
    public var glyph: String {
        switch self {
        case .rock: "✊"
        case .paper: "✋"
        case .scissors: "✌️"
        }
    }
}
