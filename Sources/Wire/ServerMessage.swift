import GameRules

/// Every message of protocol 1 the server sends.
///
/// Cases that answer a client command carry that command's ``RequestID``;
/// it is written last, and left out when the client sent none.
public enum ServerMessage: Equatable, Sendable {
    /// `startedMs`: when this server process started (ms since 1970); a client that kept a
    /// token from an earlier start knows its seat is gone (tokens live as long as the process).
    case hello(protocolVersion: Int, server: String, games: [String], startedMs: Int?)
    /// The reply to `help`: every command, one example line each.
    case help(commands: [String], id: RequestID?)
    /// The games this server plays, in `hello` order, with their seats and options.
    case games([GameInfo], id: RequestID?)
    /// The reply to `ping`.
    case pong(id: RequestID?)
    /// `room`: the room the session is in (after a resume), so a client goes back to it.
    /// `limits`: what applies to this connection (command rate and burst, rooms and games a
    /// minute, connections per address); nil from a server that does not say.
    case welcome(player: String, name: String, token: String, resumed: Bool, room: String?, limits: SessionLimits? = nil, id: RequestID?)
    /// A refused command (or a line that is not one): what kind of mistake, and in words what to do.
    case error(code: ErrorCode, message: String, id: RequestID?)
    /// The `rate_limited` error, which adds when to try again.
    case rateLimited(message: String, retryAfterMs: Int, id: RequestID?)
    /// The `storage_unavailable` error: the command was not carried out because what it
    /// changes could not be saved; it adds when to try again.
    case storageUnavailable(message: String, retryAfterMs: Int, id: RequestID?)
    /// A player's record from the results journal.
    case stats(PlayerStats, id: RequestID?)
    /// The best players of one game from the results journal.
    case leaderboard(game: String, entries: [PlayerStats.Line], id: RequestID?)
    /// One day's results of a daily deal, best first.
    case dailyLeaderboard(DailyLeaderboard, id: RequestID?)
    /// One page of the public rooms.
    case rooms(RoomsPage, id: RequestID?)
    /// The reply to `create` and `join`: the room and the seat taken.
    case joined(room: String, game: String, seat: Int, id: RequestID?)
    /// The reply to `watch`: the room now watched.
    case watching(room: String, id: RequestID?)
    /// The reply to `leave`.
    case left(room: String, id: RequestID?)
    /// A chat line, to every member (the sender's copy carries its `id`).
    case chat(room: String, from: String, text: String, id: RequestID?)
    /// Someone joined, left, went away or came back (`player_joined`, `player_left`, …).
    case member(MemberEvent, room: String, name: String, role: MemberRole)
    /// The room as one member sees it, after every change.
    case state(RoomState)
    /// A game ended: winners, scores and the seed, once the result is on disk.
    case gameOver(GameOver)
    /// The reply to a command that changes a room and has no reply of its own (`start`, `deal`, `draw`, …).
    case ok(id: RequestID?)
    /// rps: the throw was taken (to the thrower only; never says what).
    case thrown(id: RequestID?)
    /// rps: a decided round, to every member.
    case round(RoundReveal)
    /// rps-brain: the asker's answer was scored (to that player only), with how long it took
    /// from the prompt in milliseconds (nil from a server that does not say).
    case answered(correct: Bool, points: Int, reactionMs: Int? = nil, id: RequestID?)
    /// rps-brain: a round ended; everyone's answers revealed.
    case brainRound(BrainRoundReveal)
    /// concentration: a card was turned face up.
    /// `bonus`: with the time bonus on, the part of a match's `points` the bonus earned.
    case flipped(room: String, player: String, card: Int, face: String, result: String, points: Int, bonus: Int? = nil)
    /// klondike: a player put all 52 cards on the foundations.
    case solved(room: String, player: String, moves: Int, message: String)
    /// set: a claim was judged, to every member (the claimer's copy carries the id).
    case claimed(room: String, player: String, cards: [SetCard], valid: Bool, points: Int, id: RequestID?)
    /// set, solo: the cards of one Set revealed so far by hints.
    case hint(cards: [SetCard], hintsUsed: Int, id: RequestID?)
    /// klondike, solo: the move the hint suggests (nil when nothing makes progress), and it in words.
    case suggestion(move: ClientCommand?, text: String, id: RequestID?)
    /// The server is going down; the socket closes next.
    case shutdown
    /// A newer connection logged in with this session's token; this one closes next.
    case replaced
    /// A finished game's record (`replay`).
    case replay(GameReplay, id: RequestID?)
    /// One point of a finished game (`replay` with `step`).
    case replayFrame(ReplayFrame, id: RequestID?)

    /// The `id` of the command this message answers; nil for events and for commands sent without one.
    public var replyID: RequestID? {
        switch self {
        case .help(_, let id), .games(_, let id), .pong(let id), .welcome(_, _, _, _, _, _, let id), .error(_, _, let id), .rateLimited(_, _, let id), .storageUnavailable(_, _, let id),
             .stats(_, let id), .leaderboard(_, _, let id), .dailyLeaderboard(_, let id), .rooms(_, let id), .joined(_, _, _, let id), .watching(_, let id),
             .left(_, let id), .chat(_, _, _, let id), .ok(let id), .thrown(let id), .answered(_, _, _, let id),
             .claimed(_, _, _, _, _, let id), .hint(_, _, let id), .suggestion(_, _, let id), .replay(_, let id), .replayFrame(_, let id):
            id
        case .hello, .member, .state, .gameOver, .round, .brainRound, .flipped, .solved, .shutdown, .replaced:
            nil
        }
    }

    /// The `type` tag as a static string, for the encoder.
    var wireType: StaticString {
        switch self {
        case .hello: "hello"
        case .help: "help"
        case .games: "games"
        case .pong: "pong"
        case .welcome: "welcome"
        case .error, .rateLimited, .storageUnavailable: "error"
        case .stats: "stats"
        case .leaderboard: "leaderboard"
        case .dailyLeaderboard: "daily_leaderboard"
        case .rooms: "rooms"
        case .joined: "joined"
        case .watching: "watching"
        case .left: "left"
        case .chat: "chat"
        case .member(let event, _, _, _): event.wireType
        case .state: "state"
        case .gameOver: "game_over"
        case .ok: "ok"
        case .thrown: "thrown"
        case .round: "round"
        case .answered: "answered"
        case .brainRound: "brain_round"
        case .flipped: "flipped"
        case .solved: "solved"
        case .claimed: "claimed"
        case .hint: "hint"
        case .suggestion: "suggestion"
        case .shutdown: "shutdown"
        case .replaced: "replaced"
        case .replay: "replay"
        case .replayFrame: "replay_frame"
        }
    }
}

/// What the results journal knows of one player.
public struct PlayerStats: Equatable, Sendable {
    /// One game's figures for one player.
    public struct Line: Equatable, Sendable {
        /// The game (in `stats`) or the player (in `leaderboard`).
        public let key: String
        public let games: Int
        public let wins: Int
        public let points: Int
        /// Creates a line.
        public init(key: String, games: Int, wins: Int, points: Int) {
            self.key = key
            self.games = games
            self.wins = wins
            self.points = points
        }
    }

    public let name: String
    public let games: Int
    public let wins: Int
    /// Per game, in the order of `hello.games`.
    public let byGame: [Line]
    /// The player's latest games with an id (newest first, at most ``PlayerStats/recentLimit``), for `replay`.
    public let recent: [RecentGame]
    /// Creates a player's record.
    public init(name: String, games: Int, wins: Int, byGame: [Line], recent: [RecentGame] = []) {
        self.name = name
        self.games = games
        self.wins = wins
        self.byGame = byGame
        self.recent = recent
    }

    /// How many recent games `stats` lists.
    public static let recentLimit = 10

    /// A finished game in `stats.recent`.
    public struct RecentGame: Equatable, Sendable {
        /// What `replay` takes.
        public let gameID: String
        public let game: String
        public let won: Bool
        public init(gameID: String, game: String, won: Bool) {
            self.gameID = gameID
            self.game = game
            self.won = won
        }
    }
}

/// The `game_over` message.
public struct GameOver: Equatable, Sendable {
    public let room: String
    /// Everyone with the best result; several on a tie, none when nobody won.
    public let winners: [String]
    /// Each player's points, in seat order.
    public let scores: [NamedScore]
    /// set, solo: hints used in the game; nil for other games.
    public let hintsUsed: Int?
    /// The seed the game was dealt from (at most 2^53 − 1), revealed now that the
    /// game is over so its deal can be replayed in a one-seat room; nil leaves it out.
    public let seed: Int?
    /// A one-seat game's figures (time taken, what was done); nil for other games.
    public let summary: SoloSummary?
    /// The game's id, which `replay` takes; nil from a server that keeps no replays.
    public let gameID: String?
    /// Creates a `game_over` message.
    public init(
        room: String, winners: [String], scores: [NamedScore], hintsUsed: Int? = nil, seed: Int? = nil, summary: SoloSummary? = nil,
        gameID: String? = nil
    ) {
        self.gameID = gameID
        self.room = room
        self.winners = winners
        self.scores = scores
        self.hintsUsed = hintsUsed
        self.seed = seed
        self.summary = summary
    }
}

/// What a one-seat game's `game_over` tells of it: the time it took and what was done, as
/// named whole numbers in a fixed order (`sets_found`, `wrong_claims`, `hints`; `moves`, `undos`;
/// `accuracy_percent`, `mean_reaction_ms`).
public struct SoloSummary: Equatable, Sendable {
    /// From the deal to the end, in milliseconds.
    public let timeMs: Int
    /// The game's own figures, in order.
    public let figures: [NamedScore]

    /// Creates a summary.
    public init(timeMs: Int, figures: [NamedScore]) {
        self.timeMs = timeMs
        self.figures = figures
    }

    /// The figure of this name, if the game reports it.
    public func figure(_ name: String) -> Int? {
        figures.first { $0.name == name }?.score
    }
}

/// The ranking of one daily deal: the game, the UTC day, the deal's name and the results,
/// best first (each player's first game of that deal that day).
public struct DailyLeaderboard: Equatable, Sendable {
    /// One player's result.
    public struct Entry: Equatable, Sendable {
        public let name: String
        /// Whether the game reached its end (a Klondike solved, a Set deck cleared), not abandoned.
        public let finished: Bool
        public let score: Int
        /// From the deal to the end; nil for a game that did not finish.
        public let timeMs: Int?
        /// The game's own figures (moves and undos; Sets found, wrong claims, hints).
        public let figures: [NamedScore]

        /// Creates an entry.
        public init(name: String, finished: Bool, score: Int, timeMs: Int?, figures: [NamedScore]) {
            self.name = name
            self.finished = finished
            self.score = score
            self.timeMs = timeMs
            self.figures = figures
        }
    }

    public let game: String
    /// `YYYY-MM-DD`, UTC.
    public let day: String
    /// The deal's name: the game and the options that shape it.
    public let deal: String
    public let entries: [Entry]

    /// Creates a ranking.
    public init(game: String, day: String, deal: String, entries: [Entry]) {
        self.game = game
        self.day = day
        self.deal = deal
        self.entries = entries
    }
}

/// A room membership change, as seen by the other members.
public enum MemberEvent: Sendable {
    case joined
    case left
    case away
    case back

    var wireType: StaticString {
        switch self {
        case .joined: "player_joined"
        case .left: "player_left"
        case .away: "player_away"
        case .back: "player_back"
        }
    }
}

/// Whether a member sits at the table or watches.
public enum MemberRole: String, Sendable {
    case player, spectator
}

/// A name with its points, kept in a fixed order so the JSON text is exact.
public struct NamedScore: Equatable, Sendable {
    public let name: String
    public let score: Int
    /// Creates a score entry.
    public init(name: String, score: Int) {
        self.name = name
        self.score = score
    }
}

/// One line of the `rooms` listing.
public struct RoomSummary: Equatable, Sendable {
    public let room: String
    public let game: String
    public let players: [String]
    public let seats: Int
    public let phase: Phase
    public let spectators: Int
    /// Creates a listing line.
    public init(room: String, game: String, players: [String], seats: Int, phase: Phase, spectators: Int) {
        self.room = room
        self.game = game
        self.players = players
        self.seats = seats
        self.phase = phase
        self.spectators = spectators
    }
}

/// One page of the `rooms` listing: the rooms, how many match in all, and how to ask for the rest.
public struct RoomsPage: Equatable, Sendable {
    /// At most a page of rooms, oldest first.
    public let rooms: [RoomSummary]
    /// How many listed rooms match the query's game, on every page.
    public let total: Int
    /// The `rooms` message that asks for the next page; nil on the last page.
    public let next: RoomsQuery?
    /// Creates a page.
    public init(rooms: [RoomSummary], total: Int, next: RoomsQuery?) {
        self.rooms = rooms
        self.total = total
        self.next = next
    }
}

/// Where a room's game stands.
public enum Phase: String, Sendable {
    case waiting, playing, over
}

/// A seated player as `state` shows them.
public struct PlayerEntry: Equatable, Sendable {
    public let name: String
    public let seat: Int
    public let score: Int
    public let connected: Bool
    /// Creates a player entry.
    public init(name: String, seat: Int, score: Int, connected: Bool) {
        self.name = name
        self.seat = seat
        self.score = score
        self.connected = connected
    }
}

/// The `state` message: one viewer's view of a room.
public struct RoomState: Equatable, Sendable {
    public let room: String
    public let game: String
    public let seq: Int
    public let phase: Phase
    public let players: [PlayerEntry]
    public let spectators: Int
    /// How many seats the room has (`players` lists the taken ones); nil from a server that does not say.
    public let seats: Int?
    /// After a game: the seated players who offered a rematch, in seat order (empty otherwise).
    public let rematchVotes: [String]
    /// While a game dealt from a secret seed is under way or over: SHA-256 (lowercase hex) of
    /// the seed's decimal digits, the same for every member from the first state of the game;
    /// `game_over` reveals the seed, and a player checks it against this. nil otherwise.
    public let seedCommitment: String?
    /// What changed the room to this `seq`; nil from a server that does not say.
    public let cause: StateCause?
    /// The game's own fields, written after the common ones.
    public let gameFields: GameFields
    /// Creates a state message.
    public init(
        room: String, game: String, seq: Int, phase: Phase, players: [PlayerEntry], spectators: Int, seats: Int? = nil,
        rematchVotes: [String] = [], seedCommitment: String? = nil, cause: StateCause? = nil, gameFields: GameFields
    ) {
        self.seedCommitment = seedCommitment
        self.cause = cause
        self.seats = seats
        self.room = room
        self.game = game
        self.seq = seq
        self.phase = phase
        self.players = players
        self.spectators = spectators
        self.rematchVotes = rematchVotes
        self.gameFields = gameFields
    }
}

/// What made a room send a `state` (its `cause`): one player's command, named by its
/// `type`, or something that happened to the room. The same for every member of the room,
/// so a bot tells the state that shows its own move from one a rival's move caused.
public struct StateCause: Equatable, Sendable {
    /// The kinds of cause protocol 1 names; a newer server may add others.
    public enum Kind: String, Sendable, CaseIterable {
        /// A player's command: `player` sent `command` (`claim`, `move`, `join`, `start`, …).
        case command
        /// The game's clock ran out (a round, a turn, a deal vote).
        case deadline
        /// `player`'s connection dropped; the seat is kept for the grace period.
        case away
        /// `player` came back (a resume with their token).
        case back
        /// `player` did not come back within the grace period and left the room.
        case gone
        /// The game began by itself: its deal was ready (searched off the loop), or the disk
        /// took its record again after refusing it.
        case begin
        /// The server restarted and restored the room from its log; what changed it last
        /// before the restart is not known.
        case restart
    }

    /// The kind, as the wire spells it (``Kind`` names the ones protocol 1 has).
    public let kind: String
    /// The player who sent the command, went away, came back or left; nil otherwise.
    public let player: String?
    /// The command's `type`, for ``Kind/command``; nil otherwise.
    public let command: String?

    /// Creates a cause as the wire has it.
    public init(kind: String, player: String? = nil, command: String? = nil) {
        self.kind = kind
        self.player = player
        self.command = command
    }

    /// `player` sent a command of type `command`.
    public static func command(_ command: String, by player: String) -> StateCause {
        StateCause(kind: Kind.command.rawValue, player: player, command: command)
    }

    /// Something that happened to `player`, or to the room (nil).
    public static func event(_ kind: Kind, player: String? = nil) -> StateCause {
        StateCause(kind: kind.rawValue, player: player)
    }
}

/// The game-specific part of `state`.
public enum GameFields: Equatable, Sendable {
    case rps(RPSFields)
    case set(SetFields)
    case brain(BrainFields)
    case concentration(ConcentrationFields)
    case klondike(KlondikeFields)
    /// The fields of a game this reader does not know, in the order they came: a
    /// client built before a game was added still shows its state, generically.
    case unknown(JSONObject)
}

/// One player's progress in a klondike room: public, even in a race.
public struct KlondikeProgress: Equatable, Sendable {
    public let name: String
    /// Cards on the player's foundations, 0...52.
    public let cardsHome: Int
    public let moves: Int
    /// Creates a progress entry.
    public init(name: String, cardsHome: Int, moves: Int) {
        self.name = name
        self.cardsHome = cardsHome
        self.moves = moves
    }
}

/// `state` fields of a klondike room: one player's own game, and the others' progress.
public struct KlondikeFields: Equatable, Sendable {
    /// Whose game this is: the viewer's own; a spectator of a one-seat room sees the
    /// player's, a spectator of a race sees none until it is over (nil, no cards).
    public let player: String?
    /// Cards turned per draw: 1 or 3.
    public let draw: Int
    public let stock: Int
    public let wasteCount: Int
    /// The top of the waste, playable card first, at most `draw` cards.
    public let waste: [PlayingCard]
    /// Four piles, bottom to top.
    public let foundations: [[PlayingCard]]
    /// Seven piles: face-down count and face-up cards bottom to top.
    public let tableau: [(down: Int, up: [PlayingCard])]
    public let moves: Int
    /// Every other player still in the game: their foundation count, in seat order.
    public let rivals: [NamedScore]
    /// Every player still in the game, in seat order: cards home and moves.
    public let progress: [KlondikeProgress]
    /// With the `scoring` option: this game's score by its table; nil without.
    public let score: Int?
    /// With the `passes` option: how many more times the waste may be turned over; nil for no limit.
    public let passesLeft: Int?
    /// Creates klondike state fields.
    public init(player: String?, draw: Int, stock: Int, wasteCount: Int, waste: [PlayingCard], foundations: [[PlayingCard]], tableau: [(down: Int, up: [PlayingCard])], moves: Int, rivals: [NamedScore], progress: [KlondikeProgress] = [], score: Int? = nil, passesLeft: Int? = nil) {
        self.progress = progress
        self.score = score
        self.passesLeft = passesLeft
        self.player = player
        self.draw = draw
        self.stock = stock
        self.wasteCount = wasteCount
        self.waste = waste
        self.foundations = foundations
        self.tableau = tableau
        self.moves = moves
        self.rivals = rivals
    }

    public static func == (lhs: KlondikeFields, rhs: KlondikeFields) -> Bool {
        lhs.player == rhs.player && lhs.draw == rhs.draw && lhs.stock == rhs.stock && lhs.wasteCount == rhs.wasteCount
            && lhs.waste == rhs.waste && lhs.foundations == rhs.foundations && lhs.moves == rhs.moves && lhs.rivals == rhs.rivals
            && lhs.progress == rhs.progress && lhs.score == rhs.score && lhs.passesLeft == rhs.passesLeft
            && lhs.tableau.map(\.down) == rhs.tableau.map(\.down) && lhs.tableau.map(\.up) == rhs.tableau.map(\.up)
    }
}

/// rps-brain: the end of a round, with the right answer and what each player said.
public struct BrainRoundReveal: Equatable, Sendable {
    public let room: String
    public let round: Int
    /// The round's sign and goal.
    public let prompt: BrainPrompt
    /// The right answer.
    public let answer: Sign
    /// Each player's answer, in seat order; nil for a player who did not answer in time.
    public let answers: [NamedAnswer]
    /// A player's answer to one prompt.
    public struct NamedAnswer: Equatable, Sendable {
        public let name: String
        public let sign: Sign?
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

/// `state` fields of an rps-brain room.
public struct BrainFields: Equatable, Sendable {
    public let round: Int
    public let rounds: Int
    /// The prompt (`sign` and `goal`); nil before the game starts.
    public let prompt: BrainPrompt?
    public let roundSeconds: Int
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

/// `state` fields of a concentration room.
public struct ConcentrationFields: Equatable, Sendable {
    public let theme: String
    public let pairs: Int
    /// The player to flip.
    public let turn: String?
    public let flips: Int
    public let turnSeconds: Int
    public let timeLeftMs: Int?
    /// Every card: its face only while face up or matched.
    public let cards: [CardView]
    /// With the time bonus on: milliseconds on the bonus clock when the state was sent (a match
    /// earns 10 minus the whole seconds on it, down to 0); nil when the room has no time bonus.
    public let bonusClockMs: Int?
    /// One card as a viewer sees it.
    public struct CardView: Equatable, Sendable {
        public let face: String?
        public let matched: Bool
        /// Creates a card view.
        public init(face: String?, matched: Bool) {
            self.face = face
            self.matched = matched
        }
    }
    /// Creates concentration state fields.
    public init(
        theme: String, pairs: Int, turn: String?, flips: Int, turnSeconds: Int, timeLeftMs: Int?, cards: [CardView],
        bonusClockMs: Int? = nil
    ) {
        self.bonusClockMs = bonusClockMs
        self.theme = theme
        self.pairs = pairs
        self.turn = turn
        self.flips = flips
        self.turnSeconds = turnSeconds
        self.timeLeftMs = timeLeftMs
        self.cards = cards
    }
}

/// `state` fields of a set room.
public struct SetFields: Equatable, Sendable {
    /// The cards on the table, in position order.
    public let board: [SetCard]
    /// Cards left in the deck (never which).
    public let deck: Int
    /// Players who asked for three more cards.
    public let dealVotes: [String]
    /// Hints used (solo).
    public let hintsUsed: Int
    /// Ids of the cards the current hint reveals (solo).
    public let hint: [Int]
    /// Which Set is played; `variant` is sent only when it is not classic.
    public let variant: SetVariant
    /// Set-chain: the last Set found, one card of which the next Set must use; sent only in chain.
    public let chain: [SetCard]
    /// Creates set state fields.
    public init(
        board: [SetCard], deck: Int, dealVotes: [String], hintsUsed: Int, hint: [Int], variant: SetVariant = .classic,
        chain: [SetCard] = []
    ) {
        self.board = board
        self.deck = deck
        self.dealVotes = dealVotes
        self.hintsUsed = hintsUsed
        self.hint = hint
        self.variant = variant
        self.chain = chain
    }
}

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
    public let room: String
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

    public static func == (lhs: RoundReveal, rhs: RoundReveal) -> Bool {
        lhs.room == rhs.room && lhs.round == rhs.round && lhs.winner == rhs.winner && lhs.timedOut == rhs.timedOut
            && lhs.throwsByName.map(\.name) == rhs.throwsByName.map(\.name)
            && lhs.throwsByName.map(\.sign) == rhs.throwsByName.map(\.sign)
    }
}
