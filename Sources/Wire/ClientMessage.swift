import GameRules

/// One decoded client line: the command and the `id` to echo on its direct reply.
public struct ClientRequest: Equatable, Sendable {
    /// The client's `id`, if it sent one.
    public var id: RequestID?
    /// What the client asks for.
    public var command: ClientCommand

    /// Creates a request.
    public init(id: RequestID? = nil, command: ClientCommand) {
        self.id = id
        self.command = command
    }
}

/// Every command of protocol 1 a client can send.
///
/// Each family's payloads, and how they are read and written, are in `Messages/`; its
/// `type` tag is ``CommandName``'s.
public enum ClientCommand: Equatable, Sendable {
    // MARK: Session (SessionMessages.swift, GameCatalogMessages.swift)

    /// The commands, one example line each (allowed before login).
    case help
    /// Asks for a `pong` (allowed before login).
    case ping
    /// The games the server plays, with their seats and options (allowed before login).
    case games
    /// Logs in as a new player or resumes a session.
    case login(LoginCredential)
    /// Makes an account and signs in to it.
    case register(RegisterRequest)
    /// Ends the session: an account's token stops working; the connection stays, logged out.
    case logout
    /// Makes an API token for the account signed in (`play`: sign in with it and play).
    case tokenCreate(label: String, scopes: [String])
    /// Lists the account's API tokens.
    case tokens
    /// Revokes the API token with this label.
    case tokenRevoke(label: String)
    /// Lists the account's sessions (AccountMessages.swift).
    case sessions
    /// Ends one of the account's sessions, by the id `sessions` gives it.
    case sessionRevoke(session: String)
    /// Changes the account's password; every other session of the account ends.
    case passwordChange(old: String, new: String)
    /// Deletes the account: its password, sessions and API tokens; its name stays retired.
    case accountDelete(password: String)

    // MARK: Rooms (RoomMessages.swift)

    /// One page of the public rooms, optionally of one game.
    case rooms(RoomsQuery)
    /// Creates a room and takes its first seat.
    case create(CreateRequest)
    /// Takes a seat in a room, by its code.
    case join(room: String)
    /// Watches a room, by its code, without a seat.
    case watch(room: String)
    /// Leaves the room.
    case leave
    /// Starts the room's game (or offers a rematch after one).
    case start
    /// Says a line to the room.
    case chat(text: String)
    /// Concedes the game (`resign`, answered `ok`): a head-to-head game ends at once, lost;
    /// in a race of three or more the player is out, as its loser, and the others play on.
    case resign
    /// Ends a game nobody has moved in yet (`abort`, answered `ok`): over for everyone,
    /// with no result and no rating change.
    case abort
    /// Waits in a quick-pairing pool (`pool_join`, answered `ok`) until a wave seats the
    /// player (`paired`).
    case poolJoin(pool: String)
    /// Stops waiting in the pool (`pool_leave`, answered `ok`).
    case poolLeave

    // MARK: Challenges (ChallengeMessages.swift)

    /// Asks an online player, by name, to a game of two (answered `challenge_sent`).
    case challenge(ChallengeRequest)
    /// Accepts a challenge: both are seated in a new room, each told `paired`.
    case challengeAccept(challenge: String)
    /// Declines a challenge, saying why; the challenger gets `challenge_declined`.
    case challengeDecline(challenge: String, reason: DeclineReason)
    /// Takes back a challenge one sent.
    case challengeCancel(challenge: String)
    /// Stops challenges and pairings between this account and another (answered `ok`).
    case block(name: String)
    /// Takes a block back (answered `ok`).
    case unblock(name: String)

    // MARK: Seeks (SeekMessages.swift)

    /// Opens a game of two in the lobby for anyone who may take it (answered `seek_open`).
    case seek(SeekRequest)
    /// The open seeks this player may take, newest first (answered `seeks`).
    case seeks
    /// Takes a seek: both are seated in a new room, each told `paired`.
    case seekAccept(seek: String)
    /// Takes back a seek one opened (answered `ok`).
    case seekCancel(seek: String)

    // MARK: The lobby stream (LobbyMessages.swift)

    /// `subscribe` with `"lobby":true`: the lobby once (`lobby`), then its changes.
    case subscribeLobby
    /// `unsubscribe` with `"lobby":true`: no more lobby changes (answered `ok`).
    case unsubscribeLobby
    /// The players online, with their ratings (answered `players`): whom to challenge.
    case players

    // MARK: Results (ResultMessages.swift)

    /// A player's record from the results journal.
    case stats(name: String)
    /// The best players of a game from the results journal.
    case leaderboard(game: String)
    /// The ranking of one day's daily deal of a game (a `leaderboard` with `daily`).
    case dailyLeaderboard(DailyQuery)
    /// A game's rating board (a `leaderboard` with `"rated":true`).
    case ratingLeaderboard(game: String)

    // MARK: Games (RPSMessages.swift, BrainMessages.swift, ConcentrationMessages.swift, KlondikeMessages.swift, SetMessages.swift)

    /// rps: throw a sign.
    case throwSign(Sign)
    /// rps-brain: answer this round's prompt.
    case answer(Sign)
    /// concentration: turn a card face up.
    case flip(card: Int)
    /// klondike: turn cards from the stock to the waste (or the waste back over).
    case draw
    /// klondike: move `count` cards from one pile to another.
    case move(from: KlondikePile, to: KlondikePile, count: Int)
    /// klondike: the double-tap move of a pile's top card.
    case auto(from: KlondikePile)
    /// klondike: take back your last action.
    case undo
    /// klondike: play every card home, once the stock and waste are empty and all cards face up.
    case finish
    /// set: claim three cards (by id) as a Set.
    case claim(cards: [Int])
    /// set: ask for three more cards.
    case deal
    /// set, solo: reveal one card of a Set on the board; klondike, solo: suggest a move.
    case hint

    // MARK: Replays (ReplayMessages.swift)

    /// A finished game's record by its id; with `step`, the state after that step (as `seat` saw it).
    case replay(game: String, step: Int?, seat: Int?)
}
