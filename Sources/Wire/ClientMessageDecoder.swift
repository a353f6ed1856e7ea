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

/// A line ``ClientMessageDecoder/plainPing(_:)`` recognised: a ping, and its `id` if it has one.
public struct PlainPing: Equatable, Sendable {
    /// The ping's `id` (a plain ping's is an integer); nil without one.
    public let id: Int?

    /// The `id` to echo on the `pong`.
    public var requestID: RequestID? { id.map(RequestID.int) }

    /// The request ``ClientMessageDecoder/decode(_:)`` makes of the line.
    public var request: ClientRequest { ClientRequest(id: requestID, command: .ping) }
}

/// Turns one line of client JSON into a ``ClientRequest``.
public enum ClientMessageDecoder {
    /// Every command's name by its text. A dictionary, not `CommandName(rawValue:)`: the hot
    /// path looks a type up once instead of comparing it with every name in turn.
    private static let commandsByType: [String: CommandName] = Dictionary(
        uniqueKeysWithValues: CommandName.allCases.map { ($0.rawValue, $0) })

    /// The `type`s a client may send, in the order `help` lists them.
    public static let commandTypes = CommandName.allCases.map(\.rawValue)

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
        if let ping = plainPing(line) { return ping.request }
        return try decodeParsed(line)
    }

    /// Decodes one line through the JSON parser, as every line but a ``plainPing(_:)`` is.
    /// - Throws: ``DecodeFailure`` saying which field is wrong and how.
    static func decodeParsed(_ line: UnsafeRawBufferPointer) throws(DecodeFailure) -> ClientRequest {
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
        let type = try CommandFields(object, ClientLine(id: id, example: CommandName.help.example)).string("type")
        guard let name = commandsByType[type] else {
            throw DecodeFailure(
                code: .unknownType,
                message: "unknown message type '\(type)'; send {\"type\":\"help\"} for the list",
                id: id)
        }
        return ClientRequest(id: id, command: try command(name, CommandFields(object, ClientLine(id: id, example: name.example))))
    }

    /// A ping as bots and benchmarks send it, by the thousand: `{"type":"ping"}`, or the same
    /// with `,"id":` and an integer (`0`, or up to 18 digits without a leading zero, perhaps
    /// negative) before the `}`, byte for byte. The JSON parser reads each of these lines
    /// into the same request, so skipping it changes no answer; any other line, a space or
    /// a key more, is nil, and ``decodeParsed(_:)`` reads it. A server may answer a plain ping
    /// straight away, without making the request.
    public static func plainPing(_ line: UnsafeRawBufferPointer) -> PlainPing? {
        let count = line.count
        guard count >= 15, line[count - 1] == UInt8(ascii: "}"), startsWith(line, #"{"type":"ping""#) else { return nil }
        if count == 15 { return PlainPing(id: nil) }
        // `,"id":` then the digits, before the closing brace.
        guard count >= 22, line[14] == UInt8(ascii: ","), startsWith(UnsafeRawBufferPointer(rebasing: line[15...]), #""id":"#) else {
            return nil
        }
        var index = 20
        let end = count - 1
        let negative = line[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = end - index
        guard digits >= 1, digits <= 18 else { return nil }
        if line[index] == UInt8(ascii: "0") {
            // A zero alone; "-0" and leading zeros are the parser's to judge.
            return digits == 1 && !negative ? PlainPing(id: 0) : nil
        }
        var value = 0
        while index < end {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return PlainPing(id: negative ? -value : value)
    }

    /// Whether `bytes` begins with the bytes of `text`.
    @inline(__always)
    private static func startsWith(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        let prefix = text.utf8Start
        let length = text.utf8CodeUnitCount
        guard bytes.count >= length else { return false }
        for offset in 0..<length where bytes[offset] != prefix[offset] { return false }
        return true
    }

    /// Reads the fields of the command `name`.
    private static func command(_ name: CommandName, _ fields: CommandFields) throws(DecodeFailure) -> ClientCommand {
        switch name {
        case .help: .help
        case .ping: .ping
        case .games: .games
        case .login: .login(try LoginCredential(fields))
        case .register: .register(try RegisterRequest(fields))
        case .logout: .logout
        case .tokenCreate: try .readTokenCreate(fields)
        case .tokens: .tokens
        case .tokenRevoke: .tokenRevoke(label: try fields.string("label"))
        case .sessions: .sessions
        case .sessionRevoke: .sessionRevoke(session: try fields.string("session"))
        case .passwordChange: .passwordChange(old: try fields.string("old"), new: try fields.string("new"))
        case .accountDelete: .accountDelete(password: try fields.string("password"))
        case .rooms: .rooms(try RoomsQuery(fields))
        case .create: .create(try CreateRequest(fields))
        case .join: .join(room: try fields.string("room"))
        case .watch: .watch(room: try fields.string("room"))
        case .leave: .leave
        case .start: .start
        case .chat: .chat(text: try fields.string("text"))
        case .resign: .resign
        case .abort: .abort
        case .poolJoin: .poolJoin(pool: try fields.string("pool"))
        case .poolLeave: .poolLeave
        case .challenge: try .readChallenge(fields)
        case .challengeAccept: .challengeAccept(challenge: try fields.string("challenge"))
        case .challengeDecline: try .readDecline(fields)
        case .challengeCancel: .challengeCancel(challenge: try fields.string("challenge"))
        case .block: .block(name: try fields.string("name"))
        case .unblock: .unblock(name: try fields.string("name"))
        case .seek: .seek(try SeekRequest(fields))
        case .seeks: .seeks
        case .seekAccept: .seekAccept(seek: try fields.string("seek"))
        case .seekCancel: .seekCancel(seek: try fields.string("seek"))
        case .subscribe: try .readStream(fields, subscribing: true)
        case .unsubscribe: try .readStream(fields, subscribing: false)
        case .players: .players
        case .stats: .stats(name: try fields.string("name"))
        case .leaderboard: try .readLeaderboard(fields)
        case .throw: .throwSign(try fields.sign("sign"))
        case .answer: .answer(try fields.sign("sign"))
        case .flip: .flip(card: try fields.int("card"))
        case .draw: .draw
        case .move: try .readMove(fields)
        case .auto: .auto(from: try fields.pile("from"))
        case .undo: .undo
        case .finish: .finish
        case .claim: .claim(cards: try fields.claimedCardIDs("cards"))
        case .deal: .deal
        case .hint: .hint
        case .replay: try .readReplay(fields)
        }
    }

    /// What went wrong, and what to send instead: a netcat user who types a bare
    /// command word is shown its JSON form.
    private static func badJSONMessage(_ line: UnsafeRawBufferPointer, _ error: JSONParseError) -> String {
        let start = line.firstIndex { !LineFramer.isBlank($0) } ?? line.count
        let end = (line.lastIndex { !LineFramer.isBlank($0) } ?? -1) + 1
        let word = start < end ? String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self) : ""
        if commandsByType[word] != nil {
            return "\(word) is not JSON; send {\"type\":\"\(word)\"}"
        }
        return "not valid JSON: \(error.message); \(sendOneObject)"
    }

    private static let sendOneObject = #"send one JSON object per line, like {"type":"help"}"#

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
}
