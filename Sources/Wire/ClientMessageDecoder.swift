import GameRules

/// Why a client line could not be turned into a ``ClientRequest``.
public struct DecodeFailure: Error, Equatable, Sendable {
    /// `bad_json`, `bad_request` or `unknown_type`.
    public let code: ErrorCode
    /// One sentence for a person.
    public let message: String
    /// The line's `id`, when it could be read, so the error can carry it.
    public let id: RequestID?

    /// Creates a failure.
    public init(code: ErrorCode, message: String, id: RequestID?) {
        self.code = code
        self.message = message
        self.id = id
    }
}

/// Turns one line of client JSON into a ``ClientRequest``.
public enum ClientMessageDecoder {
    /// Reads one command's fields; the table below maps each `type` to its reader.
    private typealias CommandReader = @Sendable (Fields) throws(DecodeFailure) -> ClientCommand

    /// Every `type` a client may send and how to read it, in the order `help` lists them.
    /// A table, not a `switch`: the hot path looks a type up once instead of comparing
    /// it with every name in turn.
    private static let readers: [(type: String, example: String, read: CommandReader)] = [
        ("help", #"{"type":"help"}"#, { _ in .help }),
        ("ping", #"{"type":"ping"}"#, { _ in .ping }),
        ("games", #"{"type":"games"}"#, { _ in .games }),
        ("login", #"{"type":"login","name":"ann"}"#, { fields throws(DecodeFailure) in try login(fields) }),
        ("rooms", #"{"type":"rooms"}"#, { fields throws(DecodeFailure) in try rooms(fields) }),
        ("create", #"{"type":"create","game":"set"}"#, { fields throws(DecodeFailure) in try create(fields) }),
        ("join", #"{"type":"join","room":"K7QX"}"#, { fields throws(DecodeFailure) in .join(room: try fields.string("room")) }),
        ("watch", #"{"type":"watch","room":"K7QX"}"#, { fields throws(DecodeFailure) in .watch(room: try fields.string("room")) }),
        ("leave", #"{"type":"leave"}"#, { _ in .leave }),
        ("start", #"{"type":"start"}"#, { _ in .start }),
        ("chat", #"{"type":"chat","text":"gg"}"#, { fields throws(DecodeFailure) in .chat(text: try fields.string("text")) }),
        ("stats", #"{"type":"stats","name":"ann"}"#, { fields throws(DecodeFailure) in .stats(name: try fields.string("name")) }),
        ("leaderboard", #"{"type":"leaderboard","game":"set"}"#, { fields throws(DecodeFailure) in try leaderboard(fields) }),
        ("throw", #"{"type":"throw","sign":"rock"}"#, { fields throws(DecodeFailure) in .throwSign(try fields.sign("sign")) }),
        ("answer", #"{"type":"answer","sign":"paper"}"#, { fields throws(DecodeFailure) in .answer(try fields.sign("sign")) }),
        ("flip", #"{"type":"flip","card":5}"#, { fields throws(DecodeFailure) in .flip(card: try fields.int("card")) }),
        ("draw", #"{"type":"draw"}"#, { _ in .draw }),
        ("move", #"{"type":"move","from":"t3","to":"f1"}"#, { fields throws(DecodeFailure) in try move(fields) }),
        ("auto", #"{"type":"auto","from":"waste"}"#, { fields throws(DecodeFailure) in .auto(from: try fields.pile("from")) }),
        ("undo", #"{"type":"undo"}"#, { _ in .undo }),
        ("finish", #"{"type":"finish"}"#, { _ in .finish }),
        ("claim", #"{"type":"claim","cards":[4,17,60]}"#, { fields throws(DecodeFailure) in .claim(cards: try fields.threeCardIDs("cards")) }),
        ("deal", #"{"type":"deal"}"#, { _ in .deal }),
        ("hint", #"{"type":"hint"}"#, { _ in .hint }),
        ("replay", #"{"type":"replay","game":"K7QX-mhz0k3xs-12"}"#, { fields throws(DecodeFailure) in try replay(fields) }),
    ]

    private static let readersByType: [String: (example: String, read: CommandReader)] = Dictionary(
        uniqueKeysWithValues: readers.map { ($0.type, ($0.example, $0.read)) })

    /// The `type`s a client may send, in the order `help` lists them.
    public static let commandTypes = readers.map(\.type)

    /// Decodes one line (without its newline).
    /// - Throws: ``DecodeFailure`` saying which field is wrong and how.
    public static func decode(_ line: [UInt8]) throws(DecodeFailure) -> ClientRequest {
        let result = line.withUnsafeBytes { bytes in
            Result { () throws(DecodeFailure) in try decode(bytes) }
        }
        return try result.get()
    }

    /// Decodes one line (without its newline).
    /// - Throws: ``DecodeFailure`` saying which field is wrong and how.
    public static func decode(_ line: UnsafeRawBufferPointer) throws(DecodeFailure) -> ClientRequest {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw DecodeFailure(code: .badJSON, message: badJSONMessage(line, error), id: nil)
        }
        guard case .object(let object) = value else {
            throw DecodeFailure(
                code: .badRequest, message: "a message must be a JSON object, not \(value.kindName); \(sendOneObject)", id: nil)
        }
        let id = try requestID(in: object)
        let type = try Fields(object: object, id: id, example: #"{"type":"help"}"#).string("type")
        guard let command = readersByType[type] else {
            throw DecodeFailure(
                code: .unknownType,
                message: "unknown message type '\(type)'; send {\"type\":\"help\"} for the list",
                id: id)
        }
        return ClientRequest(id: id, command: try command.read(Fields(object: object, id: id, example: command.example)))
    }

    /// What went wrong, and what to send instead: a netcat user who types a bare
    /// command word is shown its JSON form.
    private static func badJSONMessage(_ line: UnsafeRawBufferPointer, _ error: JSONParseError) -> String {
        let start = line.firstIndex { !LineFramer.isBlank($0) } ?? line.count
        let end = (line.lastIndex { !LineFramer.isBlank($0) } ?? -1) + 1
        let word = start < end ? String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self) : ""
        if readersByType[word] != nil {
            return "\(word) is not JSON; send {\"type\":\"\(word)\"}"
        }
        return "not valid JSON: \(error.message); \(sendOneObject)"
    }

    private static let sendOneObject = #"send one JSON object per line, like {"type":"help"}"#

    private static func move(_ fields: Fields) throws(DecodeFailure) -> ClientCommand {
        let count = try fields.optionalInt("count") ?? 1
        guard count >= 1 else { throw fields.failure("field 'count' must be at least 1, not \(count)") }
        return .move(from: try fields.pile("from"), to: try fields.pile("to"), count: count)
    }

    private static func requestID(in object: JSONObject) throws(DecodeFailure) -> RequestID? {
        switch object["id"] {
        // Unlike other optional fields, a null id is refused, not taken as absent: protocol 1
        // says an id is an integer or a string, and the schema says the same.
        case nil: return nil
        case .int(let value)?: return .int(value)
        case .string(let value)?:
            let bytes = value.utf8.count
            guard bytes <= RequestID.maxStringBytes else {
                throw DecodeFailure(
                    code: .badRequest,
                    message: "a string id may be at most \(RequestID.maxStringBytes) bytes of UTF-8; that one has \(bytes)",
                    id: nil)
            }
            return .string(value)
        case let other?:
            throw DecodeFailure(code: .badRequest, message: "id must be an integer or a string, not \(other.kindName)", id: nil)
        }
    }

    private static func login(_ fields: Fields) throws(DecodeFailure) -> ClientCommand {
        if let token = try fields.optionalString("token") {
            return .login(.token(token))
        }
        if let name = try fields.optionalString("name") {
            return .login(.name(name))
        }
        throw fields.failure("login needs a name (a new player) or a token (to resume), like \(fields.example)")
    }

    private static func rooms(_ fields: Fields) throws(DecodeFailure) -> ClientCommand {
        let after = try fields.optionalInt("after")
        if let after, after < 0 {
            throw fields.failure("field 'after' must be a position from a rooms reply's next, 0 or more, not \(after)")
        }
        return .rooms(RoomsQuery(game: try fields.optionalString("game"), after: after))
    }

    /// A leaderboard, or with `daily` (true for today, or a UTC day) the ranking of a daily deal.
    private static func leaderboard(_ fields: Fields) throws(DecodeFailure) -> ClientCommand {
        let game = try fields.string("game")
        let day: String?
        switch fields.object["daily"] {
        case nil, .null?, .bool(false)?:
            guard fields.object["options"] == nil else { throw fields.failure("field 'options' names a daily deal's options; give it with \"daily\"") }
            return .leaderboard(game: game)
        case .bool(true)?: day = nil
        case .string(let text)?:
            guard DailyQuery.isDay(text) else {
                throw fields.failure("field 'daily' must be true (today) or a UTC day like \"2026-11-24\", not \"\(text.prefix(40))\"")
            }
            day = text
        case let other?:
            throw fields.failure("field 'daily' must be true (today) or a UTC day like \"2026-11-24\", not \(other.kindName)")
        }
        return .dailyLeaderboard(DailyQuery(game: game, day: day, options: try fields.optionalObject("options") ?? JSONObject()))
    }

    private static func replay(_ fields: Fields) throws(DecodeFailure) -> ClientCommand {
        let game = try fields.string("game")
        let step = try fields.optionalInt("step")
        if let step, step < 0 { throw fields.failure("field 'step' must be 0 (the deal) or more, not \(step)") }
        let seat = try fields.optionalInt("seat")
        if let seat, seat < 0 { throw fields.failure("field 'seat' must be a seat number, 0 or more, not \(seat)") }
        return .replay(game: game, step: step, seat: seat)
    }

    private static func create(_ fields: Fields) throws(DecodeFailure) -> ClientCommand {
        let game = try fields.string("game")
        let seats = try fields.optionalInt("seats")
        let isPrivate = try fields.optionalBool("private") ?? false
        let options = try fields.optionalObject("options") ?? JSONObject()
        return .create(CreateRequest(game: game, seats: seats, isPrivate: isPrivate, options: options))
    }
}

/// Typed access to a message's fields, failing with a `bad_request` that names the field.
private struct Fields {
    let object: JSONObject
    let id: RequestID?
    /// A well-formed line of this command, shown when a field is missing.
    let example: String

    func failure(_ message: String) -> DecodeFailure {
        DecodeFailure(code: .badRequest, message: message, id: id)
    }

    /// "missing field 'room' (a string), like {"type":"join","room":"K7QX"}"
    func missing(_ key: String, _ kind: String) -> DecodeFailure {
        failure("missing field '\(key)' (\(kind)), like \(example)")
    }

    func string(_ key: String) throws(DecodeFailure) -> String {
        guard let value = try optionalString(key) else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) throws(DecodeFailure) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw failure("field '\(key)' must be a string, not \(other.kindName)")
        }
    }

    func int(_ key: String) throws(DecodeFailure) -> Int {
        guard let value = try optionalInt(key) else { throw missing(key, "an integer") }
        return value
    }

    func optionalInt(_ key: String) throws(DecodeFailure) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .int(let value)?: return value
        case let other?: throw failure("field '\(key)' must be an integer, not \(other.kindName)")
        }
    }

    func optionalBool(_ key: String) throws(DecodeFailure) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw failure("field '\(key)' must be true or false, not \(other.kindName)")
        }
    }

    func optionalObject(_ key: String) throws(DecodeFailure) -> JSONObject? {
        switch object[key] {
        case nil, .null?: return nil
        case .object(let value)?: return value
        case let other?: throw failure("field '\(key)' must be an object, not \(other.kindName)")
        }
    }

    /// Three different card ids, or four (an UltraSet claim); the room's game says which it takes.
    func threeCardIDs(_ key: String) throws(DecodeFailure) -> [Int] {
        // Built only on failure: a claim is the hottest command, and most are well formed.
        func expected() -> String { "field '\(key)' must be an array of three different card ids, like [4,17,60] (four in UltraSet)" }
        guard let value = object[key], !value.isNull else { throw missing(key, "an array of three different card ids") }
        guard let items = value.arrayValue else { throw failure("\(expected()), not \(value.kindName)") }
        var ids: [Int] = []
        ids.reserveCapacity(4)
        for item in items {
            guard case .int(let id) = item else { throw failure("\(expected()); \(item.jsonText) is not a card id") }
            ids.append(id)
        }
        guard ids.count == 3 || ids.count == 4, Set(ids).count == ids.count else { throw failure(expected()) }
        return ids
    }

    func pile(_ key: String) throws(DecodeFailure) -> KlondikePile {
        let name = try string(key, kind: "a pile: waste, t1 to t7 or f1 to f4")
        guard let pile = KlondikePile(name: name) else {
            throw failure("field '\(key)' must name a pile: waste, t1 to t7 or f1 to f4, not \"\(name)\"")
        }
        return pile
    }

    func sign(_ key: String) throws(DecodeFailure) -> Sign {
        let text = try string(key, kind: #""rock", "paper" or "scissors""#)
        guard let sign = Sign(rawValue: text) else {
            throw failure("field '\(key)' must be \"rock\", \"paper\" or \"scissors\", not \"\(text)\"")
        }
        return sign
    }

    /// A string field whose missing-field message names the values it takes.
    private func string(_ key: String, kind: String) throws(DecodeFailure) -> String {
        guard let value = try optionalString(key) else { throw missing(key, kind) }
        return value
    }
}
