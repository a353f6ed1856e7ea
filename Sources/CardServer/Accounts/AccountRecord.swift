import Storage
import Wire

/// One line of the accounts file (`accounts.log` under `--data`), sealed with its CRC like
/// every record the server writes (``RecordSeal``):
///
///     {"k":"account","name":"ann","bot":false,"password":"pbkdf2-sha256$600000$…$…","created":1795000000000,"crc":"…"}
///     {"k":"session","name":"ann","hash":"<SHA-256 of the token, 64 hex digits>","created":1795000000000,"crc":"…"}
///     {"k":"end","hash":"<64 hex digits>","crc":"…"}
///     {"k":"api_token","name":"robo","label":"ci bot","scopes":["play"],"hash":"<64 hex digits>","created":1795000000000,"crc":"…"}
///     {"k":"api_token_end","hash":"<64 hex digits>","crc":"…"}
///     {"k":"password","name":"ann","password":"pbkdf2-sha256$600000$…$…","crc":"…"}
///     {"k":"account_end","name":"ann","crc":"…"}
///     {"k":"block","name":"ann","blocked":"bob","crc":"…"}
///     {"k":"unblock","name":"ann","blocked":"bob","crc":"…"}
///
/// A session's token is kept only as its SHA-256, as the room log keeps it: the file lets no
/// one sign in. The password is kept only as its PBKDF2 (``StoredPassword``).
enum AccountRecord: Equatable, Sendable {
    /// An account was registered.
    case account(name: String, bot: Bool, password: StoredPassword, createdMs: Int64)
    /// A session of the account `name` began; its token's digest.
    case session(name: String, hash: TokenDigest, createdMs: Int64)
    /// The session with that token's digest ended (a `logout`, or the account's oldest session
    /// making room for a new one).
    case end(hash: TokenDigest)
    /// An API token of the account `name` was made: its label, scopes and digest.
    case apiToken(name: String, label: String, scopes: [String], hash: TokenDigest, createdMs: Int64)
    /// The API token with that digest was revoked.
    case apiTokenEnd(hash: TokenDigest)
    /// The account `name` has a new password (`password_change`).
    case password(name: String, password: StoredPassword)
    /// The account `name` was deleted with its sessions and tokens; the name stays retired, so
    /// no one takes over the records kept under it.
    case accountEnd(name: String)
    /// The account `name` blocked the account `blocked` (by its name): no challenges and no
    /// pairings between the two.
    case block(name: String, blocked: String)
    /// The block is taken back.
    case unblock(name: String, blocked: String)

    /// The record as one sealed JSON line with its newline.
    var line: [UInt8] {
        let pairs: [(String, JSONValue)]
        switch self {
        case .account(let name, let bot, let password, let createdMs):
            pairs = [("k", "account"), ("name", .string(name)), ("bot", .bool(bot)), ("password", .string(password.text)), ("created", .int(Int(createdMs)))]
        case .session(let name, let hash, let createdMs):
            pairs = [("k", "session"), ("name", .string(name)), ("hash", .string(hash.hex)), ("created", .int(Int(createdMs)))]
        case .end(let hash):
            pairs = [("k", "end"), ("hash", .string(hash.hex))]
        case .apiToken(let name, let label, let scopes, let hash, let createdMs):
            pairs = [("k", "api_token"), ("name", .string(name)), ("label", .string(label)), ("scopes", .array(scopes.map { .string($0) })),
                     ("hash", .string(hash.hex)), ("created", .int(Int(createdMs)))]
        case .apiTokenEnd(let hash):
            pairs = [("k", "api_token_end"), ("hash", .string(hash.hex))]
        case .password(let name, let password):
            pairs = [("k", "password"), ("name", .string(name)), ("password", .string(password.text))]
        case .accountEnd(let name):
            pairs = [("k", "account_end"), ("name", .string(name))]
        case .block(let name, let blocked):
            pairs = [("k", "block"), ("name", .string(name)), ("blocked", .string(blocked))]
        case .unblock(let name, let blocked):
            pairs = [("k", "unblock"), ("name", .string(name)), ("blocked", .string(blocked))]
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(200)
        JSONValue.object(JSONObject(pairs)).write(into: &bytes)
        RecordSeal.seal(&bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Reads a record's JSON object, its seal already checked and taken off; nil for anything
    /// this server does not write.
    init?(body: [UInt8]) {
        guard let object = (try? JSONParser.parse(body))?.objectValue, let kind = object["k"]?.stringValue else { return nil }
        switch kind {
        case "account":
            guard let name = object["name"]?.stringValue, let bot = object["bot"]?.boolValue,
                  let password = object["password"]?.stringValue.flatMap(StoredPassword.init(text:)),
                  let created = object["created"]?.intValue
            else { return nil }
            self = .account(name: name, bot: bot, password: password, createdMs: Int64(created))
        case "session":
            guard let name = object["name"]?.stringValue, let hash = object["hash"]?.stringValue.flatMap(TokenDigest.init(hex:)),
                  let created = object["created"]?.intValue
            else { return nil }
            self = .session(name: name, hash: hash, createdMs: Int64(created))
        case "end":
            guard let hash = object["hash"]?.stringValue.flatMap(TokenDigest.init(hex:)) else { return nil }
            self = .end(hash: hash)
        case "api_token":
            guard let name = object["name"]?.stringValue, let label = object["label"]?.stringValue,
                  let scopes = object["scopes"]?.arrayValue?.compactMap(\.stringValue),
                  let hash = object["hash"]?.stringValue.flatMap(TokenDigest.init(hex:)), let created = object["created"]?.intValue
            else { return nil }
            self = .apiToken(name: name, label: label, scopes: scopes, hash: hash, createdMs: Int64(created))
        case "api_token_end":
            guard let hash = object["hash"]?.stringValue.flatMap(TokenDigest.init(hex:)) else { return nil }
            self = .apiTokenEnd(hash: hash)
        case "password":
            guard let name = object["name"]?.stringValue, let password = object["password"]?.stringValue.flatMap(StoredPassword.init(text:)) else { return nil }
            self = .password(name: name, password: password)
        case "account_end":
            guard let name = object["name"]?.stringValue else { return nil }
            self = .accountEnd(name: name)
        case "block", "unblock":
            guard let name = object["name"]?.stringValue, let blocked = object["blocked"]?.stringValue else { return nil }
            self = kind == "block" ? .block(name: name, blocked: blocked) : .unblock(name: name, blocked: blocked)
        default:
            return nil
        }
    }
}
