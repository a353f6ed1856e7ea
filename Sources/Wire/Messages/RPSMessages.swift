import GameRules

// rps: `throw` a sign, `thrown` to the thrower, `round` when a round is decided, and the
// room's `state` fields. The signs are read here for rps-brain too.

/// `state` fields of an rps room.
public struct RPSFields: Equatable, Sendable {
    /// The round being played (a draw replays it).
    public let round: Int
    /// Best of how many.
    public let rounds: Int
    /// Seconds a player has to throw.
    public let roundSeconds: Int
    /// Players who have not thrown this round.
    public let waitingOn: [String]
    /// Milliseconds left to throw this round; nil when no round is running.
    public let timeLeftMs: Int?
    /// The viewer's own throw this round, if the viewer is a player who threw.
    public let yourThrow: Sign?
    /// The last decided round, for a client that joins or resumes.
    public let lastRound: RoundReveal?
    /// Creates rps state fields.
    public init(round: Int, rounds: Int, roundSeconds: Int, waitingOn: [String], timeLeftMs: Int?, yourThrow: Sign?, lastRound: RoundReveal?) {
        self.round = round
        self.rounds = rounds
        self.roundSeconds = roundSeconds
        self.waitingOn = waitingOn
        self.timeLeftMs = timeLeftMs
        self.yourThrow = yourThrow
        self.lastRound = lastRound
    }
}

/// rps: the reveal of a decided round.
public struct RoundReveal: Equatable, Sendable {
    /// The room's code.
    public let room: String
    /// The round decided.
    public let round: Int
    /// Each player's sign, in seat order; a player who ran out of time is left out.
    public let throwsByName: [(name: String, sign: Sign)]
    /// The round's winner; nil on a draw (replayed) or when nobody threw.
    public let winner: String?
    /// Players who had not thrown when time ran out.
    public let timedOut: [String]
    /// Creates a reveal.
    public init(room: String, round: Int, throwsByName: [(name: String, sign: Sign)], winner: String?, timedOut: [String]) {
        self.room = room
        self.round = round
        self.throwsByName = throwsByName
        self.winner = winner
        self.timedOut = timedOut
    }

    /// Equal when every field is: the throws name for name and sign for sign.
    public static func == (lhs: RoundReveal, rhs: RoundReveal) -> Bool {
        lhs.room == rhs.room && lhs.round == rhs.round && lhs.winner == rhs.winner && lhs.timedOut == rhs.timedOut
            && lhs.throwsByName.map(\.name) == rhs.throwsByName.map(\.name)
            && lhs.throwsByName.map(\.sign) == rhs.throwsByName.map(\.sign)
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of an rps message after its `type`.
    func writeRPSFields(into writer: inout JSONWriter) {
        switch self {
        case .thrown: break
        case .round(let reveal):
            writer.field("room", reveal.room)
            reveal.write(into: &writer)
        default: preconditionFailure("not an rps message")
        }
    }
}

extension RPSFields {
    func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("rounds", rounds)
        writer.field("round_seconds", roundSeconds)
        writer.field("waiting_on", strings: waitingOn)
        writer.field("time_left_ms", timeLeftMs)
        writer.field("your_throw", yourThrow?.rawValue)
        writer.field("last_round", objectOrNull: lastRound) { writer, reveal in reveal.write(into: &writer) }
    }
}

extension RoundReveal {
    /// Writes `round`, `throws`, `winner` and `timed_out`: a `round` message's fields after
    /// its `room`, and all of a state's `last_round`.
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("throws", object: { writer in
            for entry in throwsByName {
                writer.key(escaping: entry.name)
                writer.string(entry.sign.rawValue)
            }
        })
        writer.field("winner", winner)
        writer.field("timed_out", strings: timedOut)
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let rpsReaders: [(String, MessageReader)] = [
        ("thrown", { fields throws(ServerDecodeFailure) in .thrown(id: try fields.id()) }),
        ("round", { fields throws(ServerDecodeFailure) in .round(try RoundReveal(fields, room: try fields.string("room"))) }),
    ]
}

extension RPSFields {
    init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            round: try fields.int("round"), rounds: try fields.int("rounds"), roundSeconds: try fields.int("round_seconds"),
            waitingOn: try fields.strings("waiting_on"), timeLeftMs: try fields.optionalInt("time_left_ms"),
            yourThrow: try fields.optionalSign("your_throw"),
            lastRound: try fields.optionalObject("last_round").map { reveal throws(ServerDecodeFailure) in
                try RoundReveal(reveal, room: try fields.string("room"))
            })
    }
}

extension RoundReveal {
    /// Reads a `round` message or a state's `last_round`, which has no `room` of its own.
    fileprivate init(_ fields: ServerFields, room: String) throws(ServerDecodeFailure) {
        var throwsByName: [(name: String, sign: Sign)] = []
        for (name, value) in try fields.object("throws").object.pairs {
            throwsByName.append((name, try fields.sign(value, "throws.\(name)")))
        }
        self.init(
            room: room, round: try fields.int("round"), throwsByName: throwsByName, winner: try fields.optionalString("winner"),
            timedOut: try fields.strings("timed_out"))
    }
}

extension Sign {
    /// The signs in words, as the errors name them.
    fileprivate static let names = #""rock", "paper" or "scissors""#
}

extension FieldReader {
    /// A command's sign: a string naming one.
    func sign(_ key: String) throws(Failure) -> Sign {
        let text = try string(key, kind: Sign.names)
        guard let sign = Sign(rawValue: text) else {
            throw failure("field '\(key)' must be \(Sign.names), not \"\(text)\"")
        }
        return sign
    }

    /// A sign the server wrote at `path`; anything else is shown as the JSON it is.
    func sign(_ value: JSONValue, _ path: String) throws(Failure) -> Sign {
        guard let sign = value.stringValue.flatMap(Sign.init(rawValue:)) else {
            throw failure("field '\(path)' must be \(Sign.names), not \(value.jsonText)")
        }
        return sign
    }

    func optionalSign(_ key: String) throws(Failure) -> Sign? {
        guard let value = value(key) else { return nil }
        return try sign(value, key)
    }
}
