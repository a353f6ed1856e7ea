import Wire
/// What a key press asks for: the pure result of key handling, performed by
/// ``ClientModel/perform(_:now:)``.
public enum ClientAction: Equatable, Sendable {
    /// Send a command to the server.
    case send(ClientCommand)
    /// Set: make these card ids the selection.
    case select([Int])
    /// Lobby: move the cursor by this many rooms.
    case moveCursor(Int)
    /// Open a line of text input.
    case openPrompt(PromptKind)
    /// Replace the text being typed.
    case editPrompt(String)
    /// Edit the input line where its cursor is.
    case editLine(LineEdit)
    /// Chat: scroll the log back (positive) or forward by this many lines.
    case scrollChat(Int)
    /// Close the input line without sending.
    case closePrompt
    /// Send what was typed (Enter in the input line).
    case submitPrompt
    /// Show or hide the list of all keys.
    case toggleKeys
    /// Connect again after the connection was lost.
    case reconnect
    /// Leave the program.
    case quit
    /// Say on the status line why a key did nothing.
    case explain(String)
    /// Work the lobby's new-game form.
    case form(FormEdit)
    /// Open (true) or close the records screen: your stats and the leaderboards.
    case records(Bool)
    /// Choose a recent game, open its replay, step through it.
    case replay(ReplayAction)
    /// Ask before doing something that cannot be taken back.
    case ask(Question)
    /// The answer to the open question: yes does it, no forgets it.
    case answer(Bool)
    /// Klondike: the cursor moved, or cards were picked up or put back.
    case klondike(KlondikePlay)
    /// Klondike: auto-play of safe cards home on or off.
    case toggleAutoPlay
    /// Works the account screen (sessions and API tokens).
    case account(AccountAction)
    /// Works the quick-play screen (the pools).
    case quickPlay(QuickPlayAction)
}

/// What a key does to the new-game form.
public enum FormEdit: Equatable, Sendable {
    /// `challenge`: ask for a player's name, then send them the form's game as a challenge.
    /// `seek`: open the form's game, for two, as a seek in the lobby.
    case open, close, submit, erase, challenge, seek
    case move(Int)
    case change(Int)
    case type(Character)
}

/// A yes-or-no question the client asks before an act that costs the player.
public enum Question: Equatable, Sendable {
    /// Leaving a game under way forfeits it.
    case leaveGame
    /// Ctrl-C during a game: the seat is kept only for the server's grace period.
    case quitGame
    /// Conceding the game under way: it is lost (a race goes on without the player).
    case resignGame
    /// Ending a game nobody has moved in: no result for anyone.
    case abortGame
    /// Ending one of the account's other sessions (by its id): whoever uses it is signed out.
    case endSession(String)
    /// Revoking an API token (by its label): a bot using it can no longer sign in.
    case revokeToken(String)
    /// A challenge came (its id, and it in words): yes accepts, no declines.
    case challenge(id: String, text: String)

    /// The question, on the status line.
    public var text: String {
        switch self {
        case .leaveGame: "Leave? The game is under way, so you forfeit it."
        case .quitGame: "Quit? Your seat is kept for a while: start cardclient again to come back."
        case .resignGame: "Resign? You lose this game (you stay in the room)."
        case .abortGame: "Abort? Nobody has moved yet: the game ends with no result for anyone."
        case .endSession: "End that session? Whoever uses it is signed out."
        case .revokeToken(let label): "Revoke the token \(label)? A bot using it can no longer sign in."
        case .challenge(_, let text): text
        }
    }

    /// What yes does, for the key help.
    public var yes: String {
        switch self {
        case .leaveGame: "leave"
        case .quitGame: "quit"
        case .resignGame: "resign"
        case .abortGame: "abort"
        case .endSession: "end it"
        case .revokeToken: "revoke it"
        case .challenge: "accept"
        }
    }

    /// What no does, for the key help.
    public var no: String {
        if case .challenge = self { return "decline" }
        return "stay"
    }
}

/// What a line of text input is for.
public enum PromptKind: Equatable, Sendable {
    /// The player's name, before login.
    case name
    /// A chat message.
    case chat
    /// A room code to join.
    case joinCode
    /// A room code to watch.
    case watchCode
    /// A new API token's label.
    case tokenLabel
    /// The name of the player to challenge (the new-game form's game).
    case challengeName
    /// The password of the account the client was started for, typed again after its session
    /// ended (shown as dots).
    case password

    /// Whether Esc quits rather than closes it: the prompts without which there is no session.
    public var escapeQuits: Bool { self == .name || self == .password }

    /// The label in front of the text.
    public var label: String {
        switch self {
        case .name: "your name: "
        case .chat: "say: "
        case .joinCode: "join room: "
        case .watchCode: "watch room: "
        case .tokenLabel: "new token's label: "
        case .challengeName: "challenge who: "
        case .password: "password: "
        }
    }

    /// The most characters it takes (the server's limits: names 20, chat 300, codes 4 but be lenient).
    public var limit: Int {
        switch self {
        case .name: 20
        case .chat: 300
        case .joinCode, .watchCode: 8
        case .tokenLabel: 40
        case .challengeName: 20
        case .password: 256
        }
    }
}

/// A line of text being typed.
public struct Prompt: Equatable, Sendable {
    /// What it is for.
    public var kind: PromptKind
    /// What has been typed so far.
    public var text: String
    /// Where the cursor is: before the character of this index (the text's length: at the end).
    public var cursor: Int

    /// Makes a prompt, its cursor at the end of `text`.
    public init(_ kind: PromptKind, text: String = "") {
        self.kind = kind
        self.text = text
        cursor = text.count
    }
}

/// Something the app must do outside the model: talk to the server, reconnect, or stop.
public enum Effect: Equatable, Sendable {
    /// Send this line (compact JSON, without the newline).
    case transmit(String)
    /// Open a new connection and resume the session.
    case reconnect
    /// Keep this session for the next run against this server.
    case saveSession(SavedSession)
    /// Forget the session kept for this server: the server no longer knows its token.
    case forgetSession
    /// Keep the new-game form's choices for next time.
    case saveForm(NewGameForm.Memory)
    /// Keep the player's settings for next time.
    case saveSettings(ClientSettings)
    /// Restore the terminal and exit.
    case quit
}
