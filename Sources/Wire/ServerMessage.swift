import GameRules

/// Every message of protocol 1 the server sends.
///
/// Cases that answer a client command carry that command's ``RequestID``;
/// it is written last, and left out when the client sent none. Each family's payloads,
/// and how its messages are written and read, are in `Messages/`.
public enum ServerMessage: Equatable, Sendable {
    // MARK: Session (SessionMessages.swift, GameCatalogMessages.swift)

    /// Sent on connect, before anything else.
    /// `startedMs`: when this server process started (ms since 1970); a client that kept a
    /// token from an earlier start knows its seat is gone (tokens live as long as the process).
    case hello(protocolVersion: Int, server: String, games: [String], startedMs: Int?)
    /// The reply to `help`: every command, one example line each.
    case help(commands: [String], id: RequestID?)
    /// The games this server plays, in `hello` order, with their seats and options, and its
    /// quick-pairing pools.
    case games([GameInfo], pools: [PoolInfo] = [], id: RequestID?)
    /// The reply to `ping`.
    case pong(id: RequestID?)
    /// The reply to `login`: who the session is, and the token that resumes it.
    /// `room`: the room the session is in (after a resume), so a client goes back to it.
    /// `limits`: what applies to this connection (command rate and burst, rooms and games a
    /// minute, connections per address); nil from a server that does not say.
    /// `account`: the account signed in; nil for a guest.
    case welcome(player: String, name: String, token: String, resumed: Bool, room: String?, limits: SessionLimits? = nil, account: AccountInfo? = nil, id: RequestID?)
    /// A refused command (or a line that is not one): what kind of mistake, and in words what to do.
    case error(code: ErrorCode, message: String, id: RequestID?)
    /// The `rate_limited` error, which adds when to try again.
    case rateLimited(message: String, retryAfterMs: Int, id: RequestID?)
    /// The `storage_unavailable` error: the command was not carried out because what it
    /// changes could not be saved; it adds when to try again.
    case storageUnavailable(message: String, retryAfterMs: Int, id: RequestID?)
    /// The `server_busy` error with when to try again (a password check waits its turn on a
    /// full queue); `server_busy` without it is an ``error(code:message:id:)``.
    case serverBusy(message: String, retryAfterMs: Int, id: RequestID?)
    /// The server is going down; the socket closes next.
    case shutdown
    /// A newer connection logged in with this session's token; this one closes next.
    case replaced

    // MARK: Rooms (RoomMessages.swift)

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
    /// A word from the server to a room's members about the room itself (a game closed
    /// because the server's rules changed): `reason` for programs, `text` for people.
    case notice(room: String, reason: String, text: String)
    /// The reply to a command that changes a room and has no reply of its own (`start`, `deal`, `draw`, …).
    case ok(id: RequestID?)
    /// The reply to `token_create`: the new API token, shown this once.
    case token(label: String, token: String, id: RequestID?)
    /// The reply to `tokens`: the account's API tokens, without the tokens.
    case tokens([ApiTokenInfo], id: RequestID?)
    /// The reply to `sessions`: the account's sessions, without their tokens.
    case sessions([SessionInfo], id: RequestID?)
    /// This connection's session was ended elsewhere (`session_revoke`, `password_change`,
    /// `account_delete` from another connection): it is logged out and out of its room, and
    /// its token no longer signs in. `reason`: `revoked`, `password_changed` or `account_deleted`.
    case signedOut(reason: String)

    // MARK: Room state (RoomStateMessage.swift)

    /// The room as one member sees it, after every change.
    case state(RoomState)

    // MARK: Quick pairing (PoolMessages.swift)

    /// While a player waits in a pool: how many wait and for how long.
    case poolStatus(PoolStatus)
    /// A wave or an accepted challenge seated this player: the room, the pool or the challenge
    /// it came from, the game and the seat. The room's `state` follows, as after a `join`.
    case paired(room: String, pool: String?, game: String, seat: Int, challenge: String? = nil, seek: String? = nil)
    /// Another connection of this player's account was seated (the same fields as `paired`):
    /// this connection is not in the room, but may watch it or tell its user where the game is.
    case pairedElsewhere(room: String, pool: String?, game: String, seat: Int, challenge: String? = nil, seek: String? = nil)

    // MARK: Challenges (ChallengeMessages.swift)

    /// The challenge went to every connection of the player asked: its id, the name it went to,
    /// and the milliseconds it stands.
    case challengeSent(challenge: String, to: String, expiresMs: Int, id: RequestID?)
    /// Someone asks this player to a game (`challenge`).
    case challengeOffer(ChallengeOffer)
    /// The player asked said no, and why.
    case challengeDeclined(challenge: String, by: String, reason: DeclineReason)
    /// A challenge ended without a game: taken back, expired, a player gone or busy.
    case challengeClosed(challenge: String, reason: ChallengeEnd)

    // MARK: Seeks (SeekMessages.swift)

    /// The seek is open: its id and the milliseconds it stands.
    case seekOpen(seek: String, expiresMs: Int, id: RequestID?)
    /// The open seeks the asker may take, newest first.
    case seeks([SeekInfo], id: RequestID?)
    /// The creator's seek ended without a game: expired, or they sat down elsewhere.
    case seekClosed(seek: String, reason: SeekEnd)

    // MARK: The lobby stream (LobbyMessages.swift)

    /// The lobby as it is: on `subscribe`, and after a subscriber fell behind and caught up.
    case lobby(LobbySnapshot, id: RequestID?)
    /// A public room came to be listed.
    case roomOpened(RoomSummary)
    /// A listed room's line changed.
    case roomChanged(RoomSummary)
    /// A listed room is listed no more (closed, private now, or nobody in it connected).
    case roomClosed(room: String)
    /// A seek the subscriber may take was opened.
    case seekAdded(SeekInfo)
    /// A seek was taken, taken back or expired.
    case seekRemoved(seek: String)
    /// The pools' counts changed (`pools`).
    case poolCounts([PoolCount])
    /// How many players are online changed.
    case online(players: Int)
    /// Players online (at most 100 of `total`), with their ratings: the reply to `players`.
    case players([OnlinePlayer], total: Int, id: RequestID?)

    // MARK: Results (ResultMessages.swift)

    /// A player's record from the results journal.
    case stats(PlayerStats, id: RequestID?)
    /// The best players of one game from the results journal.
    case leaderboard(game: String, entries: [PlayerStats.Line], id: RequestID?)
    /// One day's results of a daily deal, best first.
    case dailyLeaderboard(DailyLeaderboard, id: RequestID?)
    /// A game's rating board: the reply to a `leaderboard` with `"rated":true`.
    case ratingLeaderboard(RatingLeaderboard, id: RequestID?)
    /// A game ended: winners, scores and the seed, once the result is on disk.
    case gameOver(GameOver)

    // MARK: Games (RPSMessages.swift, BrainMessages.swift, ConcentrationMessages.swift, KlondikeMessages.swift, SetMessages.swift)

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
    /// klondike, solo: the move the hint suggests (nil when nothing makes progress), and it in words.
    case suggestion(move: ClientCommand?, text: String, id: RequestID?)
    /// set: a claim was judged, to every member (the claimer's copy carries the id).
    case claimed(room: String, player: String, cards: [SetCard], valid: Bool, points: Int, id: RequestID?)
    /// set, solo: the cards of one Set revealed so far by hints.
    case hint(cards: [SetCard], hintsUsed: Int, id: RequestID?)

    // MARK: Replays (ReplayMessages.swift)

    /// A finished game's record (`replay`).
    case replay(GameReplay, id: RequestID?)
    /// One point of a finished game (`replay` with `step`).
    case replayFrame(ReplayFrame, id: RequestID?)

    /// The `id` of the command this message answers; nil for events and for commands sent without one.
    public var replyID: RequestID? {
        switch self {
        case .help(_, let id), .games(_, _, let id), .pong(let id), .welcome(_, _, _, _, _, _, _, let id), .error(_, _, let id), .rateLimited(_, _, let id), .storageUnavailable(_, _, let id), .serverBusy(_, _, let id),
             .stats(_, let id), .token(_, _, let id), .tokens(_, let id), .sessions(_, let id), .leaderboard(_, _, let id), .dailyLeaderboard(_, let id), .ratingLeaderboard(_, let id), .rooms(_, let id), .joined(_, _, _, let id), .watching(_, let id),
             .left(_, let id), .chat(_, _, _, let id), .ok(let id), .thrown(let id), .answered(_, _, _, let id),
             .claimed(_, _, _, _, _, let id), .hint(_, _, let id), .suggestion(_, _, let id), .replay(_, let id), .replayFrame(_, let id),
             .challengeSent(_, _, _, let id), .seekOpen(_, _, let id), .seeks(_, let id), .lobby(_, let id), .players(_, _, let id):
            id
        case .hello, .member, .notice, .state, .gameOver, .round, .brainRound, .flipped, .solved, .shutdown, .replaced, .signedOut,
             .poolStatus, .paired, .pairedElsewhere, .challengeOffer, .challengeDeclined, .challengeClosed, .seekClosed,
             .roomOpened, .roomChanged, .roomClosed, .seekAdded, .seekRemoved, .poolCounts, .online:
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
        case .error, .rateLimited, .storageUnavailable, .serverBusy: "error"
        case .shutdown: "shutdown"
        case .replaced: "replaced"
        case .rooms: "rooms"
        case .joined: "joined"
        case .watching: "watching"
        case .left: "left"
        case .chat: "chat"
        case .notice: "notice"
        case .member(let event, _, _, _): event.wireType
        case .ok: "ok"
        case .token: "token"
        case .tokens: "tokens"
        case .sessions: "sessions"
        case .signedOut: "signed_out"
        case .state: "state"
        case .poolStatus: "pool_status"
        case .paired: "paired"
        case .pairedElsewhere: "paired_elsewhere"
        case .challengeSent: "challenge_sent"
        case .challengeOffer: "challenge"
        case .challengeDeclined: "challenge_declined"
        case .challengeClosed: "challenge_closed"
        case .seekOpen: "seek_open"
        case .seeks: "seeks"
        case .seekClosed: "seek_closed"
        case .lobby: "lobby"
        case .roomOpened: "room_opened"
        case .roomChanged: "room_changed"
        case .roomClosed: "room_closed"
        case .seekAdded: "seek_added"
        case .seekRemoved: "seek_removed"
        case .poolCounts: "pools"
        case .online: "online"
        case .players: "players"
        case .stats: "stats"
        case .leaderboard: "leaderboard"
        case .dailyLeaderboard: "daily_leaderboard"
        case .ratingLeaderboard: "rating_leaderboard"
        case .gameOver: "game_over"
        case .thrown: "thrown"
        case .round: "round"
        case .answered: "answered"
        case .brainRound: "brain_round"
        case .flipped: "flipped"
        case .solved: "solved"
        case .suggestion: "suggestion"
        case .claimed: "claimed"
        case .hint: "hint"
        case .replay: "replay"
        case .replayFrame: "replay_frame"
        }
    }
}
