// An account's API tokens and sessions: `token_create`, `tokens`, `token_revoke`, `sessions`,
// `session_revoke`, `password_change` and `account_delete` from the client; `token`, `tokens`,
// `sessions` and `signed_out` from the server.

/// One of an account's API tokens as `tokens` lists it: never the token itself.
public struct ApiTokenInfo: Equatable, Sendable {
    /// The name its owner gave it, unique among the account's tokens.
    public let label: String
    /// What it may do: `play` (sign in and play).
    public let scopes: [String]
    /// When it was made, in ms since 1970.
    public let createdMs: Int64
    /// When it last signed in since the server started; nil when it has not.
    public let lastUsedMs: Int64?

    public init(label: String, scopes: [String], createdMs: Int64, lastUsedMs: Int64?) {
        self.label = label
        self.scopes = scopes
        self.createdMs = createdMs
        self.lastUsedMs = lastUsedMs
    }
}

/// One of an account's sessions as `sessions` lists it: never its token.
public struct SessionInfo: Equatable, Sendable {
    /// What `session_revoke` names it by: the first 16 hex digits of its token's SHA-256,
    /// which say nothing of the token.
    public let id: String
    /// When it began (a sign-in with the password, or `register`), in ms since 1970.
    public let createdMs: Int64
    /// When a connection last signed in or resumed with it since the server started; nil when none has.
    public let lastSeenMs: Int64?
    /// The transport of that connection: `tcp` or `websocket`; nil when none has.
    public let transport: String?
    /// The address of that connection; nil when none has.
    public let address: String?
    /// Whether a connection is signed in with it now.
    public let connected: Bool
    /// Whether it is the session of the connection asking.
    public let current: Bool

    public init(id: String, createdMs: Int64, lastSeenMs: Int64?, transport: String?, address: String?, connected: Bool, current: Bool) {
        self.id = id
        self.createdMs = createdMs
        self.lastSeenMs = lastSeenMs
        self.transport = transport
        self.address = address
        self.connected = connected
        self.current = current
    }
}

// MARK: Writing

extension ServerMessage {
    /// Writes the fields of an account message after its `type`.
    func writeAccountFields(into writer: inout JSONWriter) {
        switch self {
        case .token(let label, let token, _):
            writer.field("label", label)
            writer.field("token", token)
        case .tokens(let tokens, _):
            writer.field("tokens", array: tokens) { writer, token in
                writer.openObject()
                writer.field("label", token.label)
                writer.field("scopes", strings: token.scopes)
                writer.field("created_ms", Int(token.createdMs))
                writer.field("last_used_ms", token.lastUsedMs.map { Int($0) })
                writer.closeObject()
            }
        case .sessions(let sessions, _):
            writer.field("sessions", array: sessions) { writer, session in
                writer.openObject()
                writer.field("id", session.id)
                writer.field("created_ms", Int(session.createdMs))
                writer.field("last_seen_ms", session.lastSeenMs.map { Int($0) })
                writer.field("transport", session.transport)
                writer.field("address", session.address)
                writer.field("connected", session.connected)
                writer.field("current", session.current)
                writer.closeObject()
            }
        case .signedOut(let reason):
            writer.field("reason", reason)
        default:
            preconditionFailure("not an account message")
        }
    }
}

// MARK: Reading

extension ServerMessageDecoder {
    static let accountReaders: [(String, MessageReader)] = [
        ("token", { fields throws(ServerDecodeFailure) in
            .token(label: try fields.string("label"), token: try fields.string("token"), id: try fields.id())
        }),
        ("tokens", { fields throws(ServerDecodeFailure) in
            .tokens(
                try fields.objects("tokens").map { token throws(ServerDecodeFailure) in
                    ApiTokenInfo(
                        label: try token.string("label"), scopes: try token.strings("scopes"), createdMs: Int64(try token.int("created_ms")),
                        lastUsedMs: try token.optionalInt("last_used_ms").map { Int64($0) })
                }, id: try fields.id())
        }),
        ("sessions", { fields throws(ServerDecodeFailure) in
            .sessions(
                try fields.objects("sessions").map { session throws(ServerDecodeFailure) in
                    SessionInfo(
                        id: try session.string("id"), createdMs: Int64(try session.int("created_ms")),
                        lastSeenMs: try session.optionalInt("last_seen_ms").map { Int64($0) }, transport: try session.optionalString("transport"),
                        address: try session.optionalString("address"), connected: try session.bool("connected"), current: try session.bool("current"))
                }, id: try fields.id())
        }),
        ("signed_out", { fields throws(ServerDecodeFailure) in .signedOut(reason: try fields.string("reason")) }),
    ]
}

extension ClientCommand {
    /// `token_create`: a `label`, and `scopes` (`["play"]` when left out).
    static func readTokenCreate(_ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        .tokenCreate(label: try fields.string("label"), scopes: try fields.optionalArray("scopes").map { items throws(DecodeFailure) in
            try items.map { item throws(DecodeFailure) in
                guard case .string(let scope) = item else { throw fields.failure("field 'scopes' must hold strings, like [\"play\"]") }
                return scope
            }
        } ?? ["play"])
    }
}
