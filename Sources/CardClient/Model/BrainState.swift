import Wire

/// What an rps-brain prompt asks: to win or to lose against its sign.
public enum BrainGoal: String, Sendable {
    case win, lose
}

/// One rps-brain prompt: a sign and a goal.
public struct BrainPrompt: Equatable, Sendable {
    /// The sign shown.
    public var sign: RPSSign
    /// Whether to beat it or lose to it.
    public var goal: BrainGoal

    /// Makes a prompt.
    public init(sign: RPSSign, goal: BrainGoal) {
        self.sign = sign
        self.goal = goal
    }

    /// Reads `{"sign":"rock","goal":"win"}`; nil when a field is missing or unknown.
    public init?(json: JSONObject) {
        guard let sign = json.string("sign").flatMap(RPSSign.init(rawValue:)),
              let goal = json.string("goal").flatMap(BrainGoal.init(rawValue:))
        else { return nil }
        self.init(sign: sign, goal: goal)
    }
}

/// A finished rps-brain round: the prompt, the right answer, and each player's answer and points.
public struct BrainReveal: Equatable, Sendable {
    /// One player's answer (nil when missing) and the points it earned.
    public struct Answer: Equatable, Sendable {
        /// The sign answered; nil when the player did not answer in time.
        public var sign: RPSSign?
        /// +10 or −10.
        public var points: Int

        /// Makes an answer.
        public init(sign: RPSSign?, points: Int) {
            self.sign = sign
            self.points = points
        }
    }

    /// The round number.
    public var round: Int
    /// The round's prompt.
    public var prompt: BrainPrompt?
    /// The right answer.
    public var answer: RPSSign?
    /// Each player's answer, in the order the server listed them.
    public var answers: [(name: String, answer: Answer)]

    /// Reads a `brain_round` message or a state's `last_round`; nil without a round number.
    public init?(json: JSONObject) {
        guard let round = json.int("round") else { return nil }
        self.round = round
        prompt = json.object("prompt").flatMap(BrainPrompt.init(json:))
        answer = json.string("answer").flatMap(RPSSign.init(rawValue:))
        answers = (json.object("answers")?.pairs ?? []).compactMap { pair in
            guard let entry = pair.value.objectValue else { return nil }
            let sign = entry.string("sign").flatMap(RPSSign.init(rawValue:))
            return (pair.key, Answer(sign: sign, points: entry.int("points") ?? 0))
        }
    }

    /// Equal when round, prompt, answer and the answers in order are.
    public static func == (lhs: BrainReveal, rhs: BrainReveal) -> Bool {
        lhs.round == rhs.round && lhs.prompt == rhs.prompt && lhs.answer == rhs.answer
            && lhs.answers.map(\.name) == rhs.answers.map(\.name) && lhs.answers.map(\.answer) == rhs.answers.map(\.answer)
    }
}

/// rps-brain's part of `state`.
public struct BrainState: Equatable, Sendable {
    /// The round being played.
    public var round: Int
    /// Rounds in the game.
    public var rounds: Int
    /// The prompt to answer; nil when the game is not being played.
    public var prompt: BrainPrompt?
    /// Seconds to answer.
    public var roundSeconds: Int
    /// Milliseconds left when the state was sent; nil unless playing.
    public var timeLeftMs: Int?
    /// Players who have answered this round (never what).
    public var answered: [String]
    /// This viewer's own answer this round.
    public var yourAnswer: RPSSign?
    /// The last finished round.
    public var lastRound: BrainReveal?

    /// Reads the rps-brain fields of a `state` message.
    public init(json: JSONObject) {
        round = json.int("round") ?? 1
        rounds = json.int("rounds") ?? 10
        prompt = json.object("prompt").flatMap(BrainPrompt.init(json:))
        roundSeconds = json.int("round_seconds") ?? 15
        timeLeftMs = json.int("time_left_ms")
        answered = json.strings("answered")
        yourAnswer = json.string("your_answer").flatMap(RPSSign.init(rawValue:))
        lastRound = json.object("last_round").flatMap(BrainReveal.init(json:))
    }
}
