import GameRules
import Wire

/// A rock-paper-scissors sign: the rules' own type, so a throw needs no translation.
public typealias RPSSign = Sign

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

/// A decided round: who threw what, and who won.
public struct RPSReveal: Equatable, Sendable {
    /// The round number (a draw is replayed under the same number).
    public var round: Int
    /// Each player's sign; a player who did not throw in time has none.
    public var throwsByName: [String: RPSSign]
    /// The winner's name; nil on a draw or a void round.
    public var winner: String?
    /// Players who did not throw in time.
    public var timedOut: [String]

    /// Makes a reveal.
    public init(round: Int, throwsByName: [String: RPSSign], winner: String?, timedOut: [String] = []) {
        self.round = round
        self.throwsByName = throwsByName
        self.winner = winner
        self.timedOut = timedOut
    }

    /// Reads a `round` message or a state's `last_round`; nil without a round number.
    public init?(json: JSONObject) {
        guard let round = json.int("round") else { return nil }
        var signs: [String: RPSSign] = [:]
        for (name, value) in json.object("throws")?.pairs ?? [] {
            signs[name] = value.stringValue.flatMap(RPSSign.init(rawValue:))
        }
        self.init(round: round, throwsByName: signs, winner: json.string("winner"), timedOut: json.strings("timed_out"))
    }
}

/// rock-paper-scissors' part of `state`.
public struct RPSState: Equatable, Sendable {
    /// The round being played.
    public var round: Int
    /// Best of how many.
    public var rounds: Int
    /// Seconds a round lasts.
    public var roundSeconds: Int
    /// Players who have not thrown this round.
    public var waitingOn: [String]
    /// Milliseconds left in the round when the state was sent; nil unless playing.
    public var timeLeftMs: Int?
    /// This viewer's own sign this round, once thrown.
    public var yourThrow: RPSSign?
    /// The last decided round.
    public var lastRound: RPSReveal?

    /// Makes an rps state.
    public init(
        round: Int, rounds: Int, roundSeconds: Int, waitingOn: [String], timeLeftMs: Int?,
        yourThrow: RPSSign? = nil, lastRound: RPSReveal? = nil
    ) {
        self.round = round
        self.rounds = rounds
        self.roundSeconds = roundSeconds
        self.waitingOn = waitingOn
        self.timeLeftMs = timeLeftMs
        self.yourThrow = yourThrow
        self.lastRound = lastRound
    }

    /// Reads the rps fields of a `state` message.
    public init(json: JSONObject) {
        self.init(
            round: json.int("round") ?? 1,
            rounds: json.int("rounds") ?? 3,
            roundSeconds: json.int("round_seconds") ?? 30,
            waitingOn: json.strings("waiting_on"),
            timeLeftMs: json.int("time_left_ms"),
            yourThrow: json.string("your_throw").flatMap(RPSSign.init(rawValue:)),
            lastRound: json.object("last_round").flatMap(RPSReveal.init(json:)))
    }

    /// Rounds a player must win to take the match.
    public var winsNeeded: Int { rounds / 2 + 1 }
}
