import CardServer
import Foundation
import ProtocolSchema
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// The schema is the server's limits (issue 27): each command at a limit and one past it
/// goes to the server on the scripted host and through `Protocol.schema.json`, and both
/// say the same. Each case is set up so that the limit alone decides: a claim names cards
/// on the board, a join names a room that exists.
struct SchemaBoundaryTests {
    /// What a case's connection has done before it sends the command.
    enum Setup: Sendable {
        /// Connected, not logged in.
        case connected
        /// Logged in as "ann", in no room.
        case loggedIn
        /// Logged in and alone in an rps room (chat needs a room).
        case inRoom
        /// Alone in a solo Set room of this variant; «c0»…«c4» are cards on its board.
        case setRoom(variant: String)
        /// Logged in, in no room; «code4» is a public room and «code7» a private one, both waiting.
        case rooms
        /// A new connection; «token» is the token of a player who logged in before.
        case token

        /// The server's seed: with 4, the public room's code is SQMG, which has an S.
        var seed: UInt64 {
            if case .rooms = self { 4 } else { 1 }
        }
    }

    /// One command and whether the server takes it.
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let setup: Setup
        /// The line, with the setup's placeholders.
        let line: String
        let accepted: Bool

        init(_ label: String, _ setup: Setup, _ line: String, accepted: Bool) {
            self.label = label
            self.setup = setup
            self.line = line
            self.accepted = accepted
        }

        var testDescription: String { label }
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String { JSONValue.string(text).jsonText }

    static func login(_ name: String) -> String { #"{"type":"login","name":\#(json(name))}"# }
    static func chat(_ text: String) -> String { #"{"type":"chat","text":\#(json(text))}"# }
    static func ping(id: String) -> String { #"{"type":"ping","id":\#(id)}"# }
    static func daily(_ day: String) -> String { #"{"type":"leaderboard","game":"klondike","daily":\#(day)}"# }
    static func claim(_ cards: String) -> String { #"{"type":"claim","cards":[\#(cards)]}"# }
    static func join(_ room: String) -> String { #"{"type":"join","room":\#(json(room))}"# }

    static let names: [Case] = [
        Case("name of 20 characters", .connected, login("abcdefghijklmnopqrst"), accepted: true),
        Case("name of 21 characters", .connected, login("abcdefghijklmnopqrstu"), accepted: false),
        Case("name of 20 characters, one with a mark (21 code points)", .connected, login("e\u{301}" + String(repeating: "a", count: 19)), accepted: true),
        Case("name of 20 CJK characters (60 bytes)", .connected, login(String(repeating: "李", count: 20)), accepted: true),
        Case("name of 16 four-byte letters (64 bytes)", .connected, login(String(repeating: "𝐚", count: 16)), accepted: true),
        Case("name of 21 four-byte letters (84 bytes)", .connected, login(String(repeating: "𝐚", count: 21)), accepted: false),
        Case("empty name", .connected, login(""), accepted: false),
        Case("name of spaces only", .connected, login("   "), accepted: false),
        Case("name of an emoji only", .connected, login("🙂"), accepted: false),
        Case("name of punctuation only", .connected, login("-- !"), accepted: false),
        Case("name with an emoji and letters", .connected, login("🙂ann"), accepted: true),
        Case("name with a flag", .connected, login("🇫🇷ann"), accepted: true),
        Case("name with an emoji-style selector", .connected, login("❤\u{FE0F}ann"), accepted: true),
        Case("name with surrounding whitespace (trimmed)", .connected, login(" \tann \n"), accepted: true),
        Case("name with a run of inner spaces (collapsed)", .connected, login("ann   b"), accepted: true),
        Case("name with ideographic and no-break spaces (collapsed)", .connected, login("ann\u{3000}\u{A0}b"), accepted: true),
        Case("20 characters once inner spaces collapse", .connected, login("abcdefghi     jklmnopqrs"), accepted: true),
        Case("21 characters once inner spaces collapse", .connected, login("abcdefghij     klmnopqrst"), accepted: false),
        Case("name with a tab inside", .connected, login("a\tb"), accepted: false),
        Case("name with an escape sequence", .connected, login("a\u{1B}[31mb"), accepted: false),
        Case("name with a line separator inside", .connected, login("a\u{2028}b"), accepted: false),
        Case("name with a zero-width space", .connected, login("ann\u{200B}"), accepted: false),
        Case("name with a right-to-left override", .connected, login("ann\u{202E}"), accepted: false),
        Case("name with a zero-width joiner", .connected, login("a\u{200D}b"), accepted: false),
        Case("name with a Hangul filler", .connected, login("ann\u{3164}"), accepted: false),
        Case("name with a blank braille pattern", .connected, login("ann\u{2800}"), accepted: false),
        Case("name with a private-use character", .connected, login("ann\u{E000}"), accepted: false),
        Case("name with an unassigned code point", .connected, login("ann\u{378}"), accepted: false),
        Case("name starting with a combining mark", .connected, login("\u{301}ann"), accepted: false),
        Case("name with four marks on a character", .connected, login("a\u{301}\u{302}\u{303}\u{304}"), accepted: true),
        Case("name with five marks on a character", .connected, login("a\u{301}\u{302}\u{303}\u{304}\u{305}"), accepted: false),
        Case("name with a decomposed letter", .connected, login("Zoe\u{308}"), accepted: true),
        Case("name with an inner space", .connected, login("José María"), accepted: true),
    ]

    static let chats: [Case] = [
        Case("chat of 300 characters", .inRoom, chat(String(repeating: "c", count: 300)), accepted: true),
        Case("chat of 301 characters", .inRoom, chat(String(repeating: "c", count: 301)), accepted: false),
        Case("chat of 300 characters and surrounding spaces (trimmed)", .inRoom, chat("  " + String(repeating: "c", count: 300) + "  "), accepted: true),
        Case("chat of 300 emoji (1,200 bytes)", .inRoom, chat(String(repeating: "🙂", count: 300)), accepted: true),
        Case("chat of 301 emoji (1,204 bytes)", .inRoom, chat(String(repeating: "🙂", count: 301)), accepted: false),
        Case("chat of 300 characters with a mark each (600 code points)", .inRoom, chat(String(repeating: "e\u{301}", count: 300)), accepted: true),
        Case("chat of 66 families (66 characters, 1,188 bytes)", .inRoom, chat(String(repeating: "👨‍👩‍👧", count: 66)), accepted: true),
        Case("chat of 150 flags (1,200 bytes)", .inRoom, chat(String(repeating: "🇫🇷", count: 150)), accepted: true),
        Case("chat of one character with 40 marks (cut to four)", .inRoom, chat("a" + String(repeating: "\u{301}", count: 40)), accepted: true),
        Case("empty chat", .inRoom, chat(""), accepted: false),
        Case("chat of spaces only", .inRoom, chat("   "), accepted: false),
        Case("chat of a line break only", .inRoom, chat("\r\n"), accepted: false),
        Case("chat of invisible characters only", .inRoom, chat("\u{200B}\u{202E}\u{FEFF}"), accepted: false),
        Case("chat of a control character only", .inRoom, chat("\u{7}"), accepted: false),
        Case("chat with an invisible character and text", .inRoom, chat("\u{200B}gg"), accepted: true),
    ]

    static let ids: [Case] = [
        Case("integer id", .connected, ping(id: "7"), accepted: true),
        Case("negative integer id", .connected, ping(id: "-7"), accepted: true),
        Case("empty string id", .connected, ping(id: #""""#), accepted: true),
        Case("id of 64 bytes", .connected, ping(id: json(String(repeating: "a", count: 64))), accepted: true),
        Case("id of 65 bytes", .connected, ping(id: json(String(repeating: "a", count: 65))), accepted: false),
        Case("id of 32 two-byte characters (64 bytes)", .connected, ping(id: json(String(repeating: "é", count: 32))), accepted: true),
        Case("id of 16 emoji (64 bytes)", .connected, ping(id: json(String(repeating: "🙂", count: 16))), accepted: true),
        Case("id of 65 two-byte characters", .connected, ping(id: json(String(repeating: "é", count: 65))), accepted: false),
        Case("null id", .connected, ping(id: "null"), accepted: false),
        Case("fractional id", .connected, ping(id: "1.5"), accepted: false),
        Case("boolean id", .connected, ping(id: "true"), accepted: false),
        Case("array id", .connected, ping(id: "[1]"), accepted: false),
        Case("object id", .connected, ping(id: "{}"), accepted: false),
    ]

    static let days: [Case] = [
        Case("daily today", .loggedIn, daily("true"), accepted: true),
        Case("day 2026-11-24", .loggedIn, daily(#""2026-11-24""#), accepted: true),
        Case("day 2026-12-31", .loggedIn, daily(#""2026-12-31""#), accepted: true),
        Case("day 2028-02-29 (leap year)", .loggedIn, daily(#""2028-02-29""#), accepted: true),
        Case("day 2000-02-29 (leap century)", .loggedIn, daily(#""2000-02-29""#), accepted: true),
        Case("day 2100-02-29 (no leap century)", .loggedIn, daily(#""2100-02-29""#), accepted: false),
        Case("day 2026-02-29", .loggedIn, daily(#""2026-02-29""#), accepted: false),
        Case("day 2026-04-31", .loggedIn, daily(#""2026-04-31""#), accepted: false),
        Case("day 2026-13-45", .loggedIn, daily(#""2026-13-45""#), accepted: false),
        Case("day 2026-00-10", .loggedIn, daily(#""2026-00-10""#), accepted: false),
        Case("day 2026-11-00", .loggedIn, daily(#""2026-11-00""#), accepted: false),
        Case("day 2026-1-05", .loggedIn, daily(#""2026-1-05""#), accepted: false),
        Case("day with fullwidth digits", .loggedIn, daily(#""２０２６-11-24""#), accepted: false),
        Case("day with a time", .loggedIn, daily(#""2026-11-24T00:00""#), accepted: false),
        Case("day as a word", .loggedIn, daily(#""today""#), accepted: false),
    ]

    static let claims: [Case] = [
        Case("claim of three cards", .setRoom(variant: "classic"), claim("«c0»,«c1»,«c2»"), accepted: true),
        Case("claim naming a card twice", .setRoom(variant: "classic"), claim("«c0»,«c0»,«c1»"), accepted: false),
        Case("claim naming one card three times", .setRoom(variant: "classic"), claim("«c0»,«c0»,«c0»"), accepted: false),
        Case("claim of two cards", .setRoom(variant: "classic"), claim("«c0»,«c1»"), accepted: false),
        Case("claim of no cards", .setRoom(variant: "classic"), claim(""), accepted: false),
        Case("claim of four cards in UltraSet", .setRoom(variant: "ultra"), claim("«c0»,«c1»,«c2»,«c3»"), accepted: true),
        Case("claim of four cards, one twice, in UltraSet", .setRoom(variant: "ultra"), claim("«c0»,«c1»,«c2»,«c2»"), accepted: false),
        Case("claim of five cards in UltraSet", .setRoom(variant: "ultra"), claim("«c0»,«c1»,«c2»,«c3»,«c4»"), accepted: false),
        Case("claim with card id 81", .setRoom(variant: "classic"), claim("«c0»,«c1»,81"), accepted: false),
        Case("claim with card id -1", .setRoom(variant: "classic"), claim("«c0»,«c1»,-1"), accepted: false),
        Case("claim with a string card id", .setRoom(variant: "classic"), claim(#"«c0»,«c1»,"3""#), accepted: false),
    ]

    static let roomCodes: [Case] = [
        Case("public room code", .rooms, join("«code4»"), accepted: true),
        Case("public room code in lowercase", .rooms, join("«lower4»"), accepted: true),
        Case("public room code with surrounding whitespace", .rooms, join(" «code4»\t"), accepted: true),
        Case("private room code", .rooms, join("«code7»"), accepted: true),
        Case("private room code in lowercase", .rooms, join("«lower7»"), accepted: true),
        Case("room code cut to 3 characters", .rooms, join("«code3»"), accepted: false),
        Case("room code and a fifth character", .rooms, join("«code4»2"), accepted: false),
        Case("private room code cut to 6 characters", .rooms, join("«code6»"), accepted: false),
        Case("room code with an O for a 0", .rooms, join("«code3»O"), accepted: false),
        Case("room code with a space inside", .rooms, join("«code2» «code2»"), accepted: false),
        Case("empty room code", .rooms, join(""), accepted: false),
        Case("room code with a long s, which uppercases to S", .rooms, join("«longS4»"), accepted: false),
    ]

    static let logins: [Case] = [
        Case("login with a token", .token, #"{"type":"login","token":"«token»"}"#, accepted: true),
        Case("login with a name and a token: the token wins", .token, #"{"type":"login","name":"bob","token":"«token»"}"#, accepted: true),
        Case("login with a token and a name the rules refuse: the name is not read", .token, #"{"type":"login","name":"   ","token":"«token»"}"#, accepted: true),
        Case("login with neither", .token, #"{"type":"login"}"#, accepted: false),
        Case("login with a token that is not a string", .token, #"{"type":"login","name":"bob","token":7}"#, accepted: false),
        Case("login with a name that is not a string", .token, #"{"type":"login","name":["bob"]}"#, accepted: false),
    ]

    /// Sets up a fresh server, sends the case's line and says whether any reply was an error.
    static func run(_ testCase: Case) throws -> (line: String, replies: [JSONObject]) {
        let host = ScriptedHost(seed: testCase.setup.seed)
        var values: [String: String] = [:]
        let client: ClientID
        switch testCase.setup {
        case .connected:
            client = host.connect()
            _ = host.take(client)
        case .loggedIn:
            client = host.player("ann")
        case .inRoom:
            client = host.player("ann")
            host.send(#"{"type":"create","game":"rps"}"#, from: client)
            _ = host.take(client)
        case .setRoom(let variant):
            client = host.player("ann")
            host.send(#"{"type":"create","game":"set","seats":1,"options":{"variant":"\#(variant)","seed":5}}"#, from: client)
            let state = try #require(host.take(client).last { $0["type"] == .string("state") })
            let board = state["board"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue } ?? []
            try #require(board.count >= 5)
            for (index, card) in board.prefix(5).enumerated() { values["c\(index)"] = String(card) }
        case .rooms:
            for (owner, isPrivate, key) in [("cy", false, "4"), ("dee", true, "7")] {
                let id = host.player(owner, peer: "127.0.0.\(key):40000")
                host.send(#"{"type":"create","game":"set","seats":2,"private":\#(isPrivate)}"#, from: id)
                let code = try #require(host.take(client: id, type: "joined")?["room"]?.stringValue)
                values["code" + key] = code
                values["lower" + key] = code.lowercased()
            }
            let code4 = try #require(values["code4"])
            values["code3"] = String(code4.prefix(3))
            values["code2"] = String(code4.prefix(2))
            values["code6"] = String(try #require(values["code7"]).prefix(6))
            try #require(code4.contains("S"))
            values["longS4"] = code4.replacingOccurrences(of: "S", with: "ſ")
            client = host.player("ann")
        case .token:
            let first = host.connect(peer: "127.0.0.9:40000")
            host.send(#"{"type":"login","name":"ann"}"#, from: first)
            values["token"] = try #require(host.take(client: first, type: "welcome")?["token"]?.stringValue)
            client = host.connect()
            _ = host.take(client)
        }
        var line = testCase.line
        for (key, value) in values { line = line.replacingOccurrences(of: "«\(key)»", with: value) }
        host.send(line, from: client)
        return (line, host.take(client))
    }

    static let allCases = names + chats + ids + days + claims + roomCodes + logins

    @Test(arguments: allCases)
    func theServerAndTheSchemaAgreeAtEachLimit(_ testCase: Case) throws {
        let (line, replies) = try Self.run(testCase)
        let error = replies.first { $0["type"] == .string("error") }
        #expect(!replies.isEmpty, "no reply to \(line)")
        #expect((error == nil) == testCase.accepted, "server: \(line) -> \(error.map { JSONValue.object($0).jsonText } ?? "accepted")")
        let problems = SchemaValidator.protocolSchema.problems(ofLine: line, against: "clientMessage")
        #expect(problems.isEmpty == testCase.accepted, "schema: \(line) -> \(problems)")
    }

    /// The schema cannot count bytes: these are within its keywords, so it accepts them,
    /// and the server refuses them. The description of the field says the byte limit.
    @Test(arguments: [
        (Case("name of 17 characters and 65 bytes", .connected, login(String(repeating: "𝐚", count: 16) + "b"), accepted: false),
         "a name may be at most 64 bytes of UTF-8; that one has 65", "name", "64 bytes of UTF-8"),
        (Case("chat of 300 characters and 1,201 bytes", .inRoom, chat(String(repeating: "🙂", count: 299) + "e\u{301}\u{301}"), accepted: false),
         "a chat message may be at most 1200 bytes of UTF-8; that one has 1201", "client.chat", "1,200 bytes of UTF-8"),
        (Case("id of 33 two-byte characters (66 bytes)", .connected, ping(id: json(String(repeating: "é", count: 33))), accepted: false),
         "a string id may be at most 64 bytes of UTF-8; that one has 66", "id", "64 bytes of UTF-8"),
        (Case("id of 40 two-byte characters (80 bytes)", .connected, ping(id: json(String(repeating: "é", count: 40))), accepted: false),
         "a string id may be at most 64 bytes of UTF-8; that one has 80", "id", "64 bytes of UTF-8"),
    ])
    func byteLimitsAreSaidInTheDescription(_ testCase: Case, message: String, definition: String, rule: String) throws {
        let (line, replies) = try Self.run(testCase)
        #expect(replies.first?["type"] == .string("error"))
        #expect(replies.first?["code"] == .string("bad_request"))
        #expect(replies.first?["message"] == .string(message))
        let schema = SchemaValidator.protocolSchema
        #expect(schema.problems(ofLine: line, against: "clientMessage") == [])
        let definitions = schema.root["$defs"]?.objectValue
        let described = definitions?[definition]?.objectValue.flatMap { definition in
            definition["description"]?.stringValue
                ?? definition["properties"]?.objectValue?["text"]?.objectValue?["description"]?.stringValue
        }
        #expect(described?.contains(rule) == true, "\(definition): \(described ?? "no description")")
    }

    /// The keywords the validator gained for these limits: `uniqueItems` and `format: date`.
    @Test(arguments: [
        (#"[1,2,3]"#, true), (#"[1,2,2]"#, false), (#"[1,1.0]"#, false), (#"["é","e\u0301"]"#, true),
        (#"[{"a":1,"b":2},{"b":2,"a":1}]"#, false), (#"[[1],[1,1]]"#, true), (#"[]"#, true),
    ])
    func uniqueItemsComparesAsJSONSchemaDoes(array: String, valid: Bool) throws {
        let validator = SchemaValidator(root: ["$defs": ["list": ["type": "array", "uniqueItems": true]]])
        let value = try JSONParser.parse(array)
        #expect(validator.problems(of: value, against: "list").isEmpty == valid, "\(array)")
    }

    @Test(arguments: [
        ("2026-11-24", true), ("2024-02-29", true), ("2026-02-29", false), ("1900-02-29", false), ("2000-02-29", true),
        ("2026-06-31", false), ("2026-13-01", false), ("2026-1-01", false), ("20261124", false), ("２０２６-11-24", false),
    ])
    func formatDateIsADayOfTheCalendar(text: String, valid: Bool) {
        let validator = SchemaValidator(root: ["$defs": ["day": ["type": "string", "format": "date"]]])
        #expect(validator.problems(of: .string(text), against: "day").isEmpty == valid, "\(text)")
        // The server's reading of a day agrees.
        #expect(DailyQuery.isDay(text) == valid, "\(text)")
    }
}

extension ScriptedHost {
    /// The first message of `type` sent to a client since the last take; empties its outbox.
    fileprivate func take(client: ClientID, type: String) -> JSONObject? {
        take(client).first { $0["type"] == .string(type) }
    }
}
