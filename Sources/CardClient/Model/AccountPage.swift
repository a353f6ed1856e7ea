import Wire

/// The account screen: the account's sessions (`sessions`) and API tokens (`tokens`), one
/// cursor over both; `x` ends the chosen session or revokes the chosen token (after a yes),
/// `t` makes a token, shown here once.
public struct AccountPage: Equatable, Sendable {
    /// The sessions, oldest first; nil until the reply comes.
    public var sessions: [SessionInfo]?
    /// The API tokens, oldest first; nil until the reply comes.
    public var tokens: [ApiTokenInfo]?
    /// The chosen row: the sessions first, then the tokens.
    public var cursor = 0
    /// The token just made, shown until the screen closes: the server never shows it again.
    public var madeToken: MadeToken?

    /// A token as `token_create` answered it.
    public struct MadeToken: Equatable, Sendable {
        public let label: String
        public let token: String
    }

    /// One row of the list.
    public enum Row: Equatable, Sendable {
        case session(SessionInfo)
        case token(ApiTokenInfo)
    }

    public init() {}

    /// Every row, sessions first.
    public var rows: [Row] {
        (sessions ?? []).map(Row.session) + (tokens ?? []).map(Row.token)
    }

    /// The row under the cursor.
    public var chosen: Row? {
        let rows = rows
        return rows.indices.contains(cursor) ? rows[cursor] : nil
    }

    mutating func move(by delta: Int) {
        cursor = max(0, min(rows.count - 1, cursor + delta))
    }

    /// Keeps the cursor on a row after a list shrank.
    mutating func clampCursor() {
        cursor = max(0, min(cursor, rows.count - 1))
    }
}

/// What a key asks of the account screen.
public enum AccountAction: Equatable, Sendable {
    case open, close
    case move(Int)
    /// Asks to end the chosen session or revoke the chosen token.
    case endChosen
    /// Opens the prompt for a new token's label.
    case makeToken
}

extension ClientModel {
    /// Works the account screen.
    mutating func accountAction(_ action: AccountAction, now: Int) -> [Effect] {
        switch action {
        case .open:
            guard account != nil else {
                setStatus("a guest has no account: start cardclient with --account NAME (or --register)", tone: .neutral, now: now)
                return []
            }
            accountPage = AccountPage()
            return refreshAccountPage()
        case .close:
            accountPage = nil
        case .move(let delta):
            accountPage?.move(by: delta)
        case .makeToken:
            prompt = Prompt(.tokenLabel)
        case .endChosen:
            switch accountPage?.chosen {
            case .session(let session)?:
                guard !session.current else {
                    setStatus("that is this client's own session: it ends when you log out", tone: .neutral, now: now)
                    return []
                }
                question = .endSession(session.id)
            case .token(let token)?:
                question = .revokeToken(token.label)
            case nil:
                break
            }
        }
        return []
    }

    /// Asks for both lists again.
    mutating func refreshAccountPage() -> [Effect] {
        [send(.sessions), send(.tokens)]
    }
}
