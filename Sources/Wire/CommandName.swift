/// The `type` of every command a client may send, in the order `help` lists them: the one
/// table of names that ``ClientCommand/type``, the encoder and the decoder all read.
enum CommandName: String, CaseIterable, Sendable {
    // Session
    case help, ping, games, login, register, logout
    // API tokens
    case tokenCreate = "token_create", tokens, tokenRevoke = "token_revoke"
    // An account's sessions and credentials
    case sessions, sessionRevoke = "session_revoke", passwordChange = "password_change", accountDelete = "account_delete"
    // Rooms
    case rooms, create, join, watch, leave, start, chat, resign, abort
    // Quick pairing
    case poolJoin = "pool_join", poolLeave = "pool_leave"
    // Challenges
    case challenge, challengeAccept = "challenge_accept", challengeDecline = "challenge_decline", challengeCancel = "challenge_cancel"
    case block, unblock
    // Seeks
    case seek, seeks, seekAccept = "seek_accept", seekCancel = "seek_cancel"
    // The lobby stream
    case subscribe, unsubscribe, players
    // Results
    case stats, leaderboard
    // rps, rps-brain, concentration
    case `throw`, answer, flip
    // klondike
    case draw, move, auto, undo, finish
    // set
    case claim, deal, hint
    // Replays
    case replay

    /// A well-formed line of the command, shown when one of its fields is missing.
    var example: String {
        switch self {
        case .help: #"{"type":"help"}"#
        case .ping: #"{"type":"ping"}"#
        case .games: #"{"type":"games"}"#
        case .login: #"{"type":"login","name":"ann"}"#
        case .register: #"{"type":"register","name":"ann","password":"correct horse battery"}"#
        case .logout: #"{"type":"logout"}"#
        case .tokenCreate: #"{"type":"token_create","label":"my bot","scopes":["play"]}"#
        case .tokens: #"{"type":"tokens"}"#
        case .tokenRevoke: #"{"type":"token_revoke","label":"my bot"}"#
        case .sessions: #"{"type":"sessions"}"#
        case .sessionRevoke: #"{"type":"session_revoke","session":"5c1f0e2d9a8b7c6d"}"#
        case .passwordChange: #"{"type":"password_change","old":"correct horse battery","new":"battery staple horse"}"#
        case .accountDelete: #"{"type":"account_delete","password":"correct horse battery"}"#
        case .rooms: #"{"type":"rooms"}"#
        case .create: #"{"type":"create","game":"set"}"#
        case .join: #"{"type":"join","room":"K7QX"}"#
        case .watch: #"{"type":"watch","room":"K7QX"}"#
        case .leave: #"{"type":"leave"}"#
        case .start: #"{"type":"start"}"#
        case .chat: #"{"type":"chat","text":"gg"}"#
        case .resign: #"{"type":"resign"}"#
        case .abort: #"{"type":"abort"}"#
        case .poolJoin: #"{"type":"pool_join","pool":"rps-3"}"#
        case .poolLeave: #"{"type":"pool_leave"}"#
        case .challenge: #"{"type":"challenge","name":"bob","game":"rps"}"#
        case .challengeAccept: #"{"type":"challenge_accept","challenge":"c1"}"#
        case .challengeDecline: #"{"type":"challenge_decline","challenge":"c1","reason":"later"}"#
        case .challengeCancel: #"{"type":"challenge_cancel","challenge":"c1"}"#
        case .block: #"{"type":"block","name":"bob"}"#
        case .unblock: #"{"type":"unblock","name":"bob"}"#
        case .seek: #"{"type":"seek","game":"rps"}"#
        case .seeks: #"{"type":"seeks"}"#
        case .seekAccept: #"{"type":"seek_accept","seek":"s1"}"#
        case .seekCancel: #"{"type":"seek_cancel","seek":"s1"}"#
        case .subscribe: #"{"type":"subscribe","lobby":true}"#
        case .unsubscribe: #"{"type":"unsubscribe","lobby":true}"#
        case .players: #"{"type":"players"}"#
        case .stats: #"{"type":"stats","name":"ann"}"#
        case .leaderboard: #"{"type":"leaderboard","game":"set"}"#
        case .throw: #"{"type":"throw","sign":"rock"}"#
        case .answer: #"{"type":"answer","sign":"paper"}"#
        case .flip: #"{"type":"flip","card":5}"#
        case .draw: #"{"type":"draw"}"#
        case .move: #"{"type":"move","from":"t3","to":"f1"}"#
        case .auto: #"{"type":"auto","from":"waste"}"#
        case .undo: #"{"type":"undo"}"#
        case .finish: #"{"type":"finish"}"#
        case .claim: #"{"type":"claim","cards":[4,17,60]}"#
        case .deal: #"{"type":"deal"}"#
        case .hint: #"{"type":"hint"}"#
        case .replay: #"{"type":"replay","game":"K7QX-mhz0k3xs-12"}"#
        }
    }
}

extension ClientCommand {
    /// The command's name in the table of names.
    var name: CommandName {
        switch self {
        case .help: .help
        case .ping: .ping
        case .games: .games
        case .login: .login
        case .register: .register
        case .logout: .logout
        case .tokenCreate: .tokenCreate
        case .tokens: .tokens
        case .tokenRevoke: .tokenRevoke
        case .sessions: .sessions
        case .sessionRevoke: .sessionRevoke
        case .passwordChange: .passwordChange
        case .accountDelete: .accountDelete
        case .rooms: .rooms
        case .create: .create
        case .join: .join
        case .watch: .watch
        case .leave: .leave
        case .start: .start
        case .chat: .chat
        case .resign: .resign
        case .abort: .abort
        case .poolJoin: .poolJoin
        case .poolLeave: .poolLeave
        case .challenge: .challenge
        case .challengeAccept: .challengeAccept
        case .challengeDecline: .challengeDecline
        case .challengeCancel: .challengeCancel
        case .block: .block
        case .unblock: .unblock
        case .seek: .seek
        case .seeks: .seeks
        case .seekAccept: .seekAccept
        case .seekCancel: .seekCancel
        case .subscribeLobby: .subscribe
        case .unsubscribeLobby: .unsubscribe
        case .players: .players
        case .stats: .stats
        case .leaderboard, .dailyLeaderboard, .ratingLeaderboard: .leaderboard
        case .throwSign: .throw
        case .answer: .answer
        case .flip: .flip
        case .draw: .draw
        case .move: .move
        case .auto: .auto
        case .undo: .undo
        case .finish: .finish
        case .claim: .claim
        case .deal: .deal
        case .hint: .hint
        case .replay: .replay
        }
    }

    /// The `type` tag of this command on the wire.
    public var type: String { name.rawValue }

    /// Every command's `type`, in the order `help` lists them.
    public static let types: [String] = CommandName.allCases.map(\.rawValue)
}
