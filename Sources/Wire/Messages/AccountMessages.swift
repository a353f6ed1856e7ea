// An account's API tokens: `token_create`, `tokens`, `token_revoke` from the client, and
// `token` and `tokens` from the server.

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
