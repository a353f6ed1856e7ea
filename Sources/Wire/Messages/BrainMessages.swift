import GameRules

// rps-brain: `answer` a prompt, `answered` to the answerer, `brain_round` when a round
// ends, and the room's `state` fields.

/// `state` fields of an rps-brain room.
public struct BrainFields: Equatable, Sendable {
    /// The round being played.
    public let round: Int
    /// How many rounds the game has.
    public let rounds: Int
    /// The prompt (`sign` and `goal`); nil before the game starts.
    public let prompt: BrainPrompt?
    /// Seconds a player has to answer.
    public let roundSeconds: Int
    /// Milliseconds left to answer this round; nil when no round is running.
    public let timeLeftMs: Int?
    /// Players who have answered this round (never what).
    public let answered: [String]
    /// The viewer's own answer this round.
    public let yourAnswer: Sign?
    /// The last round's reveal.
    public let lastRound: BrainRoundReveal?
    /// Creates rps-brain state fields.
    public init(round: Int, rounds: Int, prompt: BrainPrompt?, roundSeconds: Int, timeLeftMs: Int?, answered: [String], yourAnswer: Sign?, lastRound: BrainRoundReveal?) {
        self.round = round
        self.rounds = rounds
        self.prompt = prompt
        self.roundSeconds = roundSeconds
        self.timeLeftMs = timeLeftMs
        self.answered = answered
        self.yourAnswer = yourAnswer
        self.lastRound = lastRound
    }
}

/// rps-brain: the end of a round, with the right answer and what each player said.
public struct BrainRoundReveal: Equatable, Sendable {
    /// The room's code.
    public let room: String
    /// The round that ended.
    public let round: Int
    /// The round's sign and goal.
    public let prompt: BrainPrompt
    /// The right answer.
    public let answer: Sign
    /// Each player's answer, in seat order; nil for a player who did not answer in time.
    public let answers: [NamedAnswer]
    /// A player's answer to one prompt.
    public struct NamedAnswer: Equatable, Sendable {
        /// The player's name.
        public let name: String
        /// The sign answered; nil when the player did not answer in time.
        public let sign: Sign?
        /// The points the answer earned (or lost).
        public let points: Int
        /// Creates an answer line.
        public init(name: String, sign: Sign?, points: Int) {
            self.name = name
            self.sign = sign
            self.points = points
        }
    }
    /// Creates a round reveal.
    public init(room: String, round: Int, prompt: BrainPrompt, answers: [NamedAnswer]) {
        self.room = room
        self.round = round
        self.prompt = prompt
        self.answer = prompt.answer
        self.answers = answers
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of an rps-brain message after its `type`.
    func writeBrainFields(into writer: inout JSONWriter) {
        switch self {
        case .answered(let correct, let points, let reactionMs, _):
            writer.field("correct", correct)
            writer.field("points", points)
            if let reactionMs { writer.field("reaction_ms", reactionMs) }
        case .brainRound(let reveal):
            writer.field("room", reveal.room)
            reveal.write(into: &writer)
        default: preconditionFailure("not an rps-brain message")
        }
    }
}

extension BrainFields {
    func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("rounds", rounds)
        writer.field("prompt", objectOrNull: prompt) { writer, prompt in prompt.write(into: &writer) }
        writer.field("round_seconds", roundSeconds)
        writer.field("time_left_ms", timeLeftMs)
        writer.field("answered", strings: answered)
        writer.field("your_answer", yourAnswer?.rawValue)
        writer.field("last_round", objectOrNull: lastRound) { writer, reveal in reveal.write(into: &writer) }
    }
}

extension BrainRoundReveal {
    /// Writes `round`, `prompt`, `answer` and `answers`: a `brain_round` message's fields
    /// after its `room`, and all of a state's `last_round`.
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("round", round)
        writer.field("prompt", object: { writer in prompt.write(into: &writer) })
        writer.field("answer", answer.rawValue)
        writer.field("answers", object: { writer in
            for line in answers {
                writer.key(escaping: line.name)
                writer.openObject()
                writer.field("sign", line.sign?.rawValue)
                writer.field("points", line.points)
                writer.closeObject()
            }
        })
    }
}

extension BrainPrompt {
    /// Writes `sign` and `goal` into an open object.
    fileprivate func write(into writer: inout JSONWriter) {
        writer.field("sign", sign.rawValue)
        writer.field("goal", goal.rawValue)
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let brainReaders: [(String, MessageReader)] = [
        ("answered", { fields throws(ServerDecodeFailure) in
            .answered(
                correct: try fields.bool("correct"), points: try fields.int("points"), reactionMs: try fields.optionalInt("reaction_ms"),
                id: try fields.id())
        }),
        ("brain_round", { fields throws(ServerDecodeFailure) in .brainRound(try BrainRoundReveal(fields, room: try fields.string("room"))) }),
    ]
}

extension BrainFields {
    init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        self.init(
            round: try fields.int("round"), rounds: try fields.int("rounds"),
            prompt: try fields.optionalObject("prompt").map { prompt throws(ServerDecodeFailure) in try BrainPrompt(prompt) },
            roundSeconds: try fields.int("round_seconds"), timeLeftMs: try fields.optionalInt("time_left_ms"),
            answered: try fields.strings("answered"), yourAnswer: try fields.optionalSign("your_answer"),
            lastRound: try fields.optionalObject("last_round").map { reveal throws(ServerDecodeFailure) in
                try BrainRoundReveal(reveal, room: try fields.string("room"))
            })
    }
}

extension BrainPrompt {
    fileprivate init(_ fields: ServerFields) throws(ServerDecodeFailure) {
        let goalName = try fields.string("goal")
        guard let goal = BrainGoal(rawValue: goalName) else {
            throw fields.failure("field 'goal' must be \"win\" or \"lose\", not \"\(goalName)\"")
        }
        self.init(sign: try fields.sign(fields.object["sign"] ?? .null, "sign"), goal: goal)
    }
}

extension BrainRoundReveal {
    /// Reads a `brain_round` message or a state's `last_round`, which has no `room` of its own.
    fileprivate init(_ fields: ServerFields, room: String) throws(ServerDecodeFailure) {
        var answers: [NamedAnswer] = []
        for (name, value) in try fields.object("answers").object.pairs {
            let answer = try fields.nested(value, "answers.\(name)")
            let sign = try answer.optionalSign("sign")
            answers.append(NamedAnswer(name: name, sign: sign, points: try answer.int("points")))
        }
        let prompt = try BrainPrompt(try fields.object("prompt"))
        let answer = try fields.sign(fields.object["answer"] ?? .null, "answer")
        guard answer == prompt.answer else {
            throw fields.failure("field 'answer' is \(answer.rawValue), but the prompt's right answer is \(prompt.answer.rawValue)")
        }
        self.init(room: room, round: try fields.int("round"), prompt: prompt, answers: answers)
    }
}
