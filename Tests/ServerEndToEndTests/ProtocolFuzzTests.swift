import Foundation
import GameRules
import Glibc
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Random, malformed and mutated lines against a live server over several connections at once.
///
/// The server must answer every line in well-formed JSON, keep every connection open and keep
/// running. The lines come from a seeded generator, so a run replays the same lines;
/// `CARDSERVER_FUZZ_SEED=n` tries another seed and `CARDSERVER_FUZZ_BATCHES=n` runs longer.
@Suite(.ownThread)
struct ProtocolFuzzTests {
    static let linesPerBatch = 200

    @Test func randomAndMutatedLinesNeverBreakTheServerOrAConnection() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["CARDSERVER_FUZZ_SEED"].flatMap(UInt64.init) ?? 2026
        let batches = environment["CARDSERVER_FUZZ_BATCHES"].flatMap(Int.init) ?? 100
        try #require(ReplyChecker.documentedCodes.contains("bad_json"), "no Errors table in Protocol.md")
        try #require(LineFuzzer.examples.count >= 20, "no client examples in Protocol.md")
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        var checker = ReplyChecker()
        let connections = try FuzzTable.seat(server, checker: &checker)
        checker.unexpectedTypes = ReplyChecker.closingTypes
        var fuzzer = LineFuzzer(seed: seed)

        for batch in 1...batches {
            var outgoing = [[UInt8]](repeating: [], count: connections.count)
            let setsByConnection = connections.map { SetTestSolver.sets(on: $0.setBoard ?? []) }
            let rooms = checker.rooms
            for _ in 0..<Self.linesPerBatch {
                let index = fuzzer.random.below(connections.count)
                let line = fuzzer.line(rooms: rooms, sets: setsByConnection[index])
                outgoing[index] += line + fuzzer.terminator()
            }
            fuzzer.sendInterleaved(outgoing, over: connections)

            let pingID = "batch-\(batch)"
            for connection in connections {
                connection.client.send(#"{"type":"ping","id":"\#(pingID)"}"#)
            }
            for (index, connection) in connections.enumerated() {
                do {
                    try connection.read(untilPong: pingID, checker: &checker)
                } catch {
                    let saved = Self.save(outgoing[index], name: "seed\(seed)-batch\(batch)-\(connection.name)")
                    Issue.record("seed \(seed), batch \(batch), \(connection.name): \(error); its lines are in \(saved)\nserver log tail:\n\(server.log.suffix(3000))")
                    return
                }
            }
            try #require(server.isRunning, "the server died in batch \(batch) (seed \(seed))\n\(server.log.suffix(3000))")
        }
        #expect(checker.problems.isEmpty, "seed \(seed): \(checker.problems.count) bad replies, first ones:\n\(checker.problems.prefix(20).joined(separator: "\n"))")
        #expect(checker.replies > batches * Self.linesPerBatch / 2, "too few replies: \(checker.replies)")

        // A newcomer is still served as usual.
        let newcomer = try server.connect()
        try newcomer.expect("hello")
        newcomer.send(#"{"type":"login","name":"newcomer","id":1}"#)
        #expect(try newcomer.expect("welcome")["id"] == .int(1))

        for connection in connections { connection.client.close() }
        newcomer.close()
        let status = server.stop()
        let log = server.log
        // A sanitizer's report starts with "ERROR:"; show its beginning, else the end of the log.
        let report = log.range(of: "ERROR: ").map { String(log[$0.lowerBound...].prefix(6000)) } ?? String(log.suffix(4000))
        #expect(status == .exited(0), "the server ended with \(status) after SIGTERM (seed \(seed))\n\(report)")
    }

    /// A field of the wrong kind is refused the same way before login, in the lobby and in a game.
    @Test(arguments: FuzzTable.Place.allCases)
    func aFieldOfTheWrongKindIsBadRequestNamingTheField(place: FuzzTable.Place) throws {
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        var checker = ReplyChecker()
        let connection = try FuzzTable.connection(at: place, on: server, checker: &checker)
        checker.unexpectedTypes = ReplyChecker.closingTypes
        for (number, wrong) in WrongField.all.enumerated() {
            let id = "w\(number)"
            connection.client.send(wrong.line(id: id))
            let reply = try connection.readMessage(checker: &checker)
            #expect(reply["code"] == .string("bad_request"), "\(wrong.line(id: id)) -> \(reply.jsonText)")
            #expect(reply["message"]?.stringValue?.contains(wrong.mention) == true, "\(wrong.line(id: id)) -> \(reply.jsonText)")
            let expectedKeys = wrong.echoesID ? ["type", "code", "message", "id"] : ["type", "code", "message"]
            #expect(reply.keys == expectedKeys, "\(wrong.line(id: id)) -> \(reply.jsonText)")
            if wrong.echoesID {
                #expect(reply["id"] == .string(id))
            }
        }
        connection.client.send(#"{"type":"ping","id":"after"}"#)
        #expect(try connection.readMessage(checker: &checker)["id"] == .string("after"))
        #expect(checker.problems.isEmpty, "\(checker.problems.prefix(20).joined(separator: "\n"))")
    }

    /// Writes a batch's bytes to a temporary file, to replay with `nc` after a failure.
    static func save(_ bytes: [UInt8], name: String) -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-fuzz-\(name).bin")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

}

// MARK: - Connections

/// The connections a fuzz run spreads its lines over: in every state a client can be in.
enum FuzzTable {
    /// Where a connection stands when its lines arrive.
    enum Place: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case notLoggedIn, lobby, seatedInGame
        var testDescription: String { rawValue }
    }

    /// A connection that has only read `hello` and sent one ping (so no later line counts as a first line).
    static func anonymous(_ server: ServerProcess, checker: inout ReplyChecker) throws -> FuzzConnection {
        let connection = FuzzConnection(name: "anonymous", client: try server.connect())
        try connection.expect("hello", checker: &checker)
        connection.client.send(#"{"type":"ping","id":"first"}"#)
        try connection.expect("pong", checker: &checker)
        return connection
    }

    static func player(_ name: String, _ server: ServerProcess, checker: inout ReplyChecker) throws -> FuzzConnection {
        let connection = FuzzConnection(name: name, client: try server.connect())
        try connection.expect("hello", checker: &checker)
        connection.client.send(#"{"type":"login","name":"\#(name)"}"#)
        try connection.expect("welcome", checker: &checker)
        return connection
    }

    /// Sends a command that puts the connection in a room; returns the room's code.
    @discardableResult
    static func enter(_ connection: FuzzConnection, _ line: String, reply: String, checker: inout ReplyChecker) throws -> String {
        connection.client.send(line)
        let message = try connection.expect(reply, checker: &checker)
        return try #require(message["room"]?.stringValue)
    }

    static func connection(at place: Place, on server: ServerProcess, checker: inout ReplyChecker) throws -> FuzzConnection {
        switch place {
        case .notLoggedIn:
            return try anonymous(server, checker: &checker)
        case .lobby:
            return try player("lou", server, checker: &checker)
        case .seatedInGame:
            let sol = try player("sol", server, checker: &checker)
            try enter(sol, #"{"type":"create","game":"set","seats":1,"options":{"seed":2026}}"#, reply: "joined", checker: &checker)
            try sol.expect("state", checker: &checker)
            return sol
        }
    }

    /// Twelve connections: one not logged in, one in the lobby, an rps match with one-second rounds
    /// and a spectator, a solo Set game, a three-seat Set room with two players waiting, rps
    /// against the robot, solo Klondike, and a concentration game for two with one-second turns.
    static func seat(_ server: ServerProcess, checker: inout ReplyChecker) throws -> [FuzzConnection] {
        let anonymous = try anonymous(server, checker: &checker)
        let lou = try player("lou", server, checker: &checker)
        let ann = try player("ann", server, checker: &checker)
        let rps = try enter(ann, #"{"type":"create","game":"rps","options":{"rounds":99,"round_seconds":1}}"#, reply: "joined", checker: &checker)
        let bob = try player("bob", server, checker: &checker)
        try enter(bob, #"{"type":"join","room":"\#(rps)"}"#, reply: "joined", checker: &checker)
        let vic = try player("vic", server, checker: &checker)
        try enter(vic, #"{"type":"watch","room":"\#(rps)"}"#, reply: "watching", checker: &checker)
        let sol = try player("sol", server, checker: &checker)
        try enter(sol, #"{"type":"create","game":"set","seats":1,"options":{"seed":2026}}"#, reply: "joined", checker: &checker)
        let sue = try player("sue", server, checker: &checker)
        let waiting = try enter(sue, #"{"type":"create","game":"set","seats":3}"#, reply: "joined", checker: &checker)
        let sam = try player("sam", server, checker: &checker)
        try enter(sam, #"{"type":"join","room":"\#(waiting)"}"#, reply: "joined", checker: &checker)
        let rob = try player("rob", server, checker: &checker)
        try enter(rob, #"{"type":"create","game":"rps","options":{"bot":"adaptive","rounds":99,"round_seconds":1}}"#, reply: "joined", checker: &checker)
        let kim = try player("kim", server, checker: &checker)
        try enter(kim, #"{"type":"create","game":"klondike","options":{"draw":3,"seed":42}}"#, reply: "joined", checker: &checker)
        let cid = try player("cid", server, checker: &checker)
        let pairs = try enter(cid, #"{"type":"create","game":"concentration","seats":2,"options":{"pairs":4,"turn_seconds":1}}"#, reply: "joined", checker: &checker)
        let cal = try player("cal", server, checker: &checker)
        try enter(cal, #"{"type":"join","room":"\#(pairs)"}"#, reply: "joined", checker: &checker)
        return [anonymous, lou, ann, bob, vic, sol, sue, sam, rob, kim, cid, cal]
    }
}

/// One fuzzing connection: a socket, a byte-exact line reader (so invalid UTF-8 from the server
/// would show) and what the replies said about the connection's room.
@Suite(.ownThread)
final class FuzzConnection {
    let name: String
    let client: TestClient
    private var pending: [UInt8] = []
    /// The board of the Set game this connection plays, from its last `state`.
    var setBoard: [JSONObject]?

    init(name: String, client: TestClient) {
        self.name = name
        self.client = client
    }

    /// The next line's bytes, without the newline.
    func readLine() throws -> [UInt8] {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw TestFailure("connection closed by the server") }
            if count < 0 { throw TestFailure("no line within the timeout (errno \(errno))") }
            pending += chunk[..<count]
        }
    }

    /// The next message, checked; a line that is not a JSON object is a failure.
    func readMessage(checker: inout ReplyChecker) throws -> JSONObject {
        let line = try readLine()
        guard let message = checker.check(line, from: name) else {
            throw TestFailure("bad line: \(String(decoding: line, as: UTF8.self))")
        }
        note(message)
        return message
    }

    /// Reads (and checks) messages until one of `type`.
    @discardableResult
    func expect(_ type: String, checker: inout ReplyChecker, limit: Int = 100) throws -> JSONObject {
        for _ in 0..<limit {
            let message = try readMessage(checker: &checker)
            if message["type"] == .string(type) { return message }
        }
        throw TestFailure("\(name): no \(type) within \(limit) messages")
    }

    /// Reads (and checks) everything up to the `pong` carrying `id`; bounded, since replies to a
    /// batch of 200 lines are far fewer than this.
    func read(untilPong id: String, checker: inout ReplyChecker) throws {
        for _ in 0..<20_000 {
            let line = try readLine()
            guard let message = checker.check(line, from: name) else { continue }
            note(message)
            if message["type"] == .string("pong"), message["id"] == .string(id) { return }
        }
        throw TestFailure("no pong \(id) within 20000 lines")
    }

    private func note(_ message: JSONObject) {
        switch message["type"]?.stringValue {
        case "state":
            let playing = message["game"] == .string("set") && message["phase"] == .string("playing")
            setBoard = playing ? SetTestSolver.board(of: message) : nil
        case "left":
            setBoard = nil
        default:
            break
        }
    }
}

// MARK: - Checking replies

/// Checks every line the server sends: JSON, an object with a string `type`, an `id` only as
/// the last field, and each `error` with a documented `code` and a message.
@Suite(.ownThread)
struct ReplyChecker {
    /// The codes of the Errors table in Protocol.md: the contract, not the server's enum.
    static let documentedCodes = ProtocolDoc.errorCodes

    static let closingTypes: Swift.Set<String> = ["hello", "replaced", "shutdown"]

    /// Message types that mean a connection is being closed or reset; none is expected once set up.
    var unexpectedTypes: Swift.Set<String> = []
    private(set) var problems: [String] = []
    private(set) var replies = 0
    /// The room codes seen most recently in replies (oldest first), for lines that name a real room.
    private(set) var rooms: [String] = []

    /// - Returns: the message, or nil (and a problem noted) when the line is not a JSON object.
    mutating func check(_ line: [UInt8], from connection: String) -> JSONObject? {
        replies += 1
        let text = String(decoding: line.prefix(300), as: UTF8.self)
        guard let value = try? JSONParser.parse(line) else {
            problems.append("\(connection): not JSON (or not UTF-8): \(text)")
            return nil
        }
        guard let message = value.objectValue else {
            problems.append("\(connection): not an object: \(text)")
            return nil
        }
        if message["type"]?.stringValue?.isEmpty != false {
            problems.append("\(connection): no string type: \(text)")
        }
        if let id = message["id"] {
            if id.intValue == nil && id.stringValue == nil { problems.append("\(connection): id neither integer nor string: \(text)") }
            if message.keys.last != "id" { problems.append("\(connection): id is not the last field: \(text)") }
        }
        if message["type"] == .string("error") {
            let code = message["code"]?.stringValue ?? ""
            if !Self.documentedCodes.contains(code) { problems.append("\(connection): undocumented error code: \(text)") }
            if message["message"]?.stringValue?.isEmpty != false { problems.append("\(connection): error without a message: \(text)") }
            if code == "rate_limited", message["retry_after_ms"]?.intValue == nil {
                problems.append("\(connection): rate_limited without retry_after_ms: \(text)")
            }
        }
        if let room = message["room"]?.stringValue, room.count == 4, rooms.last != room {
            rooms.removeAll { $0 == room }
            rooms.append(room)
            if rooms.count > 16 { rooms.removeFirst() }
        }
        if let type = message["type"]?.stringValue, unexpectedTypes.contains(type) {
            problems.append("\(connection): unexpected \(text)")
        }
        return message
    }
}

/// What the tests take from Protocol.md, so they follow the contract as it grows.
enum ProtocolDoc {
    static let text: String = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Protocol.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The lines of `section` (from its heading to the next `## `).
    static func lines(of section: String) -> [Substring] {
        guard let start = text.range(of: "\n\(section)\n") else { return [] }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return rest[..<end].split(separator: "\n")
    }

    /// The first column of the Errors table.
    static let errorCodes: Swift.Set<String> = Swift.Set(
        lines(of: "## Errors").filter { $0.hasPrefix("| `") }.map { String($0.dropFirst(3).prefix { $0 != "`" }) })

    /// The client example lines ("Examples, one per line").
    static let clientExamples: [String] = lines(of: "## Messages from the client")
        .filter { $0.hasPrefix(#"{"type":"#) }
        .map(String.init)
}

// MARK: - Wrongly typed fields

/// A command with one field of the wrong kind, and the words its error message must contain.
@Suite(.ownThread)
struct WrongField: Sendable {
    /// The `type` value as JSON text (not always a string).
    let typeJSON: String
    let fields: [(String, String)]
    /// What the error's message must contain: the field's name in quotes.
    let mention: String
    /// False when the `id` itself is the wrong field, so the error cannot carry it.
    let echoesID: Bool

    func line(id: String) -> String {
        let body = fields.map { #""\#($0.0)":\#($0.1)"# }
        let idPart = echoesID ? [#""id":"\#(id)""#] : []
        return "{" + ([#""type":\#(typeJSON)"#] + body + idPart).joined(separator: ",") + "}"
    }

    static let strings = ["[]", "{}", "1", "-1", "1.5", "true", "false", "99999999999999999999999", #"["x"]"#]
    static let requiredStrings = strings + ["null"]
    static let integers = [#""2""#, "1.5", "1e3", "2.0", "99999999999999999999999", "-99999999999999999999999", "true", "[]", "{}", "[2]"]
    static let booleans = [#""true""#, "1", "0", "[]", "{}", #""false""#]
    static let objects = ["[]", #""x""#, "1", "true", "[{}]"]
    static let signs = [#""lizard""#, #""ROCK""#, #""""#, #"" rock""#, "1", "[]", "{}", "null", "true"]
    static let requiredIntegers = integers + ["null"]
    static let counts = integers + ["0", "-1", "-9223372036854775808"]
    static let piles = requiredStrings + [#""t0""#, #""t8""#, #""T1""#, #""t01""#, #""f5""#, #""stock""#, #""""#, #"" waste""#]
    static let cardLists = [
        #""x""#, "1", "{}", "true", "null", "[]", "[1,2]", "[1,2,3,4,5]", "[1,1,2]", #"[1,2,"3"]"#, "[1.5,2,3]",
        "[true,2,3]", "[[1],2,3]", "[null,2,3]", "[1,2,3e0]", "[99999999999999999999999,2,3]",
    ]

    /// Every command's every field, each with every wrong kind of value.
    static let all: [WrongField] = {
        var cases: [WrongField] = []
        func add(_ type: String, _ field: String, _ values: [String], base: [(String, String)] = []) {
            for value in values {
                cases.append(WrongField(typeJSON: #""\#(type)""#, fields: base + [(field, value)], mention: "'\(field)'", echoesID: true))
            }
        }
        add("login", "name", strings)
        add("login", "token", strings)
        add("create", "game", requiredStrings)
        add("create", "seats", integers, base: [("game", #""set""#)])
        add("create", "private", booleans, base: [("game", #""rps""#)])
        add("create", "options", objects, base: [("game", #""rps""#)])
        add("join", "room", requiredStrings)
        add("watch", "room", requiredStrings)
        add("chat", "text", requiredStrings)
        add("stats", "name", requiredStrings)
        add("leaderboard", "game", requiredStrings)
        add("throw", "sign", signs)
        add("answer", "sign", signs)
        add("flip", "card", requiredIntegers)
        add("move", "from", piles, base: [("to", #""t1""#)])
        add("move", "to", piles, base: [("from", #""t7""#)])
        add("move", "count", counts, base: [("from", #""t7""#), ("to", #""t2""#)])
        add("auto", "from", piles)
        add("claim", "cards", cardLists)
        for type in ["1", "[]", "{}", "null", "true", "1.5", #"["ping"]"#] {
            cases.append(WrongField(typeJSON: type, fields: [], mention: "'type'", echoesID: true))
        }
        for id in ["[]", "{}", "1.5", "true", "false", "99999999999999999999999", #"["x"]"#] {
            cases.append(WrongField(typeJSON: #""ping""#, fields: [("id", id)], mention: "id must be", echoesID: false))
        }
        return cases
    }()
}

// MARK: - Generating lines

/// The fuzzer's only randomness, GameRules' SplitMix64, so a seed replays a run.
@Suite(.ownThread)
struct FuzzRandom {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Makes the lines: protocol examples as they are and mutated, random commands with plausible
/// and wild fields, wrongly typed fields, edge cases of framing, JSON and UTF-8, and noise.
@Suite(.ownThread)
struct LineFuzzer {
    var random: FuzzRandom

    init(seed: UInt64) { random = FuzzRandom(seed: seed) }

    /// The example lines of Protocol.md ("Messages from the client").
    static let examples = ProtocolDoc.clientExamples

    static let commandTypes = ClientMessageDecoder.commandTypes
    static let otherTypes = ["", "PING", "Ping", "pong", "hello", "error", "state", "klondike", "ping ", "help\u{0}", "x"]
    static let keys = [
        "type", "id", "name", "token", "game", "seats", "private", "options", "room", "text", "cards", "sign", "card", "from",
        "to", "count", "rounds", "seed", "",
    ]
    static let pileNames = ["waste", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "f1", "f2", "f3", "f4", "t0", "t8", "f5", "stock"]
    static let integers = [
        "0", "1", "-1", "2", "3", "4", "8", "9", "80", "81", "99", "100", "3600", "3601", "-0", "2147483647", "-2147483648",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809", "99999999999999999999999",
    ]
    static let numbers = [
        "1.5", "-0.0", "1e3", "1E400", "1e400", "-1e400", "1e-400", "0.1e1", "2e0", "123456789012345678901234567890.5",
        "4.9e-324", "1.7976931348623157e308", "1.7976931348623159e308", "1e+2", "00", "01", "1.", ".5", "-", "+1", "0x10", "NaN", "Infinity",
    ]
    static let strings = [
        #""""#, #"" ""#, #""x""#, #""ann""#, #""rock""#, #""paper""#, #""scissors""#, #""set""#, #""rps""#, #""K7QX""#,
        #"" k7qx ""#, #""\u0000""#, #""\ud83d\ude00""#, #""\ud800""#, #""\udc00""#, #""\n""#, #""\"""#, #""\\""#, #""\/""#,
        #""\u2028""#, #""é""#, #""👩‍👩‍👧‍👦""#, #""\x41""#, #""\uZZZZ""#, #""tab\there""#, #""\u00e9\u0301""#,
        "\"" + String(repeating: "n", count: 20) + "\"", "\"" + String(repeating: "n", count: 21) + "\"",
        "\"" + String(repeating: "é", count: 300) + "\"", "\"" + String(repeating: "x", count: 301) + "\"",
    ]
    static let badUTF8: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3], [0xEF, 0xBB, 0xBF],
    ]
    static let interestingBytes: [UInt8] = Array(#"{}[]":,\ 0-e."#.utf8) + [0x00, 0x0D, 0x09, 0x7F, 0x80, 0xC3, 0xFF]

    /// One line, without its terminator.
    /// - Parameters:
    ///   - rooms: the room codes seen so far, for lines that name a real room.
    ///   - sets: the Sets (card ids) on the board of the connection's Set game, if any.
    mutating func line(rooms: [String], sets: [[Int]]) -> [UInt8] {
        switch random.below(100) {
        case 0..<14: return Array(example(rooms: rooms).utf8)
        case 14..<34: return mutated(Array(example(rooms: rooms).utf8))
        case 34..<50: return Array(command(rooms: rooms).utf8)
        case 50..<57: return Array(random.pick(WrongField.all).line(id: "w\(random.below(100))").utf8)
        case 57..<70: return edgeCase()
        case 70..<76: return noise()
        case 76..<84: return tokenSoup()
        default: return Array(move(rooms: rooms, sets: sets).utf8)
        }
    }

    /// A newline, sometimes after a "\r" or after a blank line.
    mutating func terminator() -> [UInt8] {
        switch random.below(20) {
        case 0, 1: return Array("\r\n".utf8)
        case 2: return Array("\n \t\r\n".utf8)
        default: return [0x0A]
        }
    }

    /// Sends each connection's bytes in random chunks, taking turns between the connections.
    mutating func sendInterleaved(_ outgoing: [[UInt8]], over connections: [FuzzConnection]) {
        var offsets = [Int](repeating: 0, count: outgoing.count)
        while offsets.indices.contains(where: { offsets[$0] < outgoing[$0].count }) {
            for index in outgoing.indices where offsets[index] < outgoing[index].count {
                let size = random.chance(percent: 20) ? 1 + random.below(16) : 1 + random.below(4096)
                let end = min(outgoing[index].count, offsets[index] + size)
                connections[index].client.sendRaw(Array(outgoing[index][offsets[index]..<end]))
                offsets[index] = end
            }
        }
    }

    private mutating func room(from rooms: [String]) -> String {
        let choice = random.below(8)
        let known = rooms.isEmpty ? "K7QX" : rooms[random.below(rooms.count)]
        switch choice {
        case 0: return known.lowercased()
        case 1: return " \(known) "
        case 2: return String((0..<4).map { _ in random.pick(Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")) })
        default: return known
        }
    }

    private mutating func example(rooms: [String]) -> String {
        let line = random.pick(Self.examples)
        let code = room(from: rooms)
        return line.replacingOccurrences(of: "K7QX", with: code)
    }

    /// A command of a random (mostly real) type with up to four fields, plausible or wild.
    private mutating func command(rooms: [String]) -> String {
        let type = random.chance(percent: 90) ? random.pick(Self.commandTypes) : random.pick(Self.otherTypes)
        var fields = [#""type":\#(quoted(type))"#]
        for _ in 0..<random.below(5) {
            let key = random.pick(Self.keys)
            let value = random.chance(percent: 60) ? plausible(for: key, rooms: rooms) : value(depth: 0)
            fields.append("\(quoted(key)):\(value)")
        }
        for index in fields.indices.reversed() where index > 0 {
            fields.swapAt(index, random.below(index + 1))
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private mutating func plausible(for key: String, rooms: [String]) -> String {
        switch key {
        case "type": return quoted(random.pick(Self.commandTypes))
        case "id": return random.chance(percent: 50) ? random.pick(Self.integers) : quoted("id\(random.below(1000))")
        case "name": return random.pick([#""ann""#, #""bob""#, #""sol""#, #"" ann ""#, #""""#, #""   ""#] + Self.strings)
        case "token": return quoted(String((0..<32).map { _ in random.pick(Array("0123456789abcdef")) }))
        case "game": return random.pick([#""set""#, #""rps""#, #""rps-brain""#, #""concentration""#, #""klondike""#, #""SET""#, #""chess""#, #""""#])
        case "seats": return random.pick(["-1", "0", "1", "2", "3", "4", "8", "9", "1000000000", "9223372036854775807", "-9223372036854775808"])
        case "private": return random.pick(["true", "false"])
        case "options":
            return random.pick([
                "{}", #"{"seed":\#(random.pick(Self.integers))}"#, #"{"rounds":\#(random.pick(Self.integers))}"#,
                #"{"round_seconds":\#(random.pick(Self.integers))}"#, #"{"bot":true}"#, #"{"x":1}"#, #"{"seed":1.5}"#,
                #"{"rounds":"3"}"#, #"{"rounds":1,"round_seconds":1}"#, #"{"seed":null}"#, #"{"bot":"random"}"#,
                #"{"bot":"adaptive","rounds":\#(random.pick(Self.integers))}"#, #"{"bot":"smart"}"#, #"{"draw":\#(random.pick(Self.integers))}"#,
                #"{"pairs":\#(random.pick(Self.integers)),"theme":\#(random.pick(Self.strings))}"#, #"{"theme":"animals","turn_seconds":1}"#,
            ])
        case "room": return quoted(room(from: rooms))
        case "text": return random.pick([#""gg""#, #""""#, #""   ""#] + Self.strings)
        case "cards": return "[" + (0..<random.pick([3, 3, 3, 2, 4, 0])).map { _ in random.pick(["\(random.below(81))", "-1", "81", "0", "80"]) }.joined(separator: ",") + "]"
        case "sign": return quoted(random.pick(["rock", "paper", "scissors", "lizard", "Rock", ""]))
        case "card", "count": return random.pick(Self.integers)
        case "from", "to": return quoted(random.pick(Self.pileNames))
        default: return value(depth: 0)
        }
    }

    /// Any JSON value, nested a little, with numbers and strings from the edge-case pools.
    private mutating func value(depth: Int) -> String {
        switch random.below(depth > 2 ? 6 : 9) {
        case 0: return "null"
        case 1: return random.pick(["true", "false"])
        case 2: return random.pick(Self.integers)
        case 3: return random.pick(Self.numbers)
        case 4, 5: return random.pick(Self.strings)
        case 6: return "[" + (0..<random.below(5)).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
        case 7: return "{" + (0..<random.below(5)).map { _ in "\(quoted(random.pick(Self.keys))):\(value(depth: depth + 1))" }.joined(separator: ",") + "}"
        default:
            let levels = 60 + random.below(10)
            return String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        }
    }

    /// A command that makes sense somewhere: moves, room changes, and real Sets when one is known.
    private mutating func move(rooms: [String], sets: [[Int]]) -> String {
        let setPick = random.below(1000)
        let id = random.chance(percent: 50) ? #","id":\#(random.below(1000))"# : ""
        let sign = random.pick(["rock", "paper", "scissors"])
        let from = random.pick(Array(Self.pileNames.prefix(12)))
        let to = random.pick(Array(Self.pileNames.prefix(12)))
        switch random.below(30) {
        case 0..<5: return #"{"type":"throw","sign":"\#(sign)"\#(id)}"#
        case 5..<9:
            let cards = sets.isEmpty ? [random.below(81), random.below(81), random.below(81)] : sets[setPick % sets.count]
            return #"{"type":"claim","cards":[\#(cards.map(String.init).joined(separator: ","))]\#(id)}"#
        case 9, 10: return #"{"type":"deal"\#(id)}"#
        case 11: return #"{"type":"hint"\#(id)}"#
        case 12: return #"{"type":"start"\#(id)}"#
        case 13: return #"{"type":"chat","text":"hello \#(random.below(100))"\#(id)}"#
        case 14: return #"{"type":"leave"\#(id)}"#
        case 15:
            let seats = 1 + random.below(3)
            let seed = random.below(100)
            // A seed is for one-seat rooms only: larger rooms get a secret one.
            let options = seats == 1 ? #","options":{"seed":\#(seed)}"# : ""
            return #"{"type":"create","game":"set","seats":\#(seats)\#(options)\#(id)}"#
        case 16: return #"{"type":"create","game":"rps","options":{"round_seconds":1}\#(id)}"#
        case 17: return #"{"type":"join","room":"\#(room(from: rooms))"\#(id)}"#
        case 18: return #"{"type":"watch","room":"\#(room(from: rooms))"\#(id)}"#
        case 19: return #"{"type":"answer","sign":"\#(sign)"\#(id)}"#
        case 20, 21: return #"{"type":"flip","card":\#(random.below(10))\#(id)}"#
        case 22, 23: return #"{"type":"draw"\#(id)}"#
        case 24, 25: return #"{"type":"move","from":"\#(from)","to":"\#(to)","count":\#(1 + random.below(3))\#(id)}"#
        case 26: return #"{"type":"auto","from":"\#(from)"\#(id)}"#
        case 27: return #"{"type":"undo"\#(id)}"#
        case 28: return #"{"type":"create","game":"\#(random.pick(["klondike", "concentration", "rps-brain"]))"\#(id)}"#
        default: return #"{"type":"rooms"\#(id)}"#
        }
    }

    /// Framing, nesting, number, length, NUL, "\r" and UTF-8 edge cases.
    private mutating func edgeCase() -> [UInt8] {
        let limit = LineFramer.defaultMaxLineBytes
        func sized(_ prefix: String, _ filler: String, _ suffix: String, total: Int) -> [UInt8] {
            let fillBytes = total - prefix.utf8.count - suffix.utf8.count
            let fill = String(repeating: filler, count: fillBytes / filler.utf8.count)
            let pad = String(repeating: "x", count: fillBytes - fill.utf8.count)
            return Array((prefix + fill + pad + suffix).utf8)
        }
        switch random.below(40) {
        case 0: return Array(repeating: UInt8(ascii: "["), count: 10_000)
        case 1: return Array(repeating: UInt8(ascii: "["), count: 8000)
        case 2: return Array(String(repeating: #"{"a":"#, count: 1000).utf8)
        case 3: return Array((#"{"type":"ping","x":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}").utf8)
        case 4: return Array((#"{"type":"ping","x":"# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}").utf8)
        case 5: return Array(#"{"type":"ping","id":\#(random.pick(Self.integers + Self.numbers))}"#.utf8)
        case 6: return Array(#"{"type":"create","game":"set","seats":\#(random.pick(Self.integers + Self.numbers))}"#.utf8)
        case 7: return sized(#"{"type":"chat","text":""#, "x", #""}"#, total: limit)
        case 8: return sized(#"{"type":"chat","text":""#, "x", #""}"#, total: limit + 1)
        case 9: return sized(#"{"type":"chat","text":""#, "é", #""}"#, total: limit) + [0x0D]
        case 10: return sized(#"{"type":"stats","name":""#, "€", #""}"#, total: limit - random.below(4))
        case 11: return sized(#"{"type":"join","room":""#, "k", #""}"#, total: limit)
        case 12: return sized(#"{"type":"login","name":""#, " ", #"a"}"#, total: limit)
        case 13: return sized(#"{"type":"ping","pad":""#, "x", #""}"#, total: 20_000)
        case 14: return Array(repeating: UInt8(ascii: " "), count: random.pick([limit - 1, limit, limit + 1, 9000]))
        case 15: return random.pick([[0x00], Array(#"{"type":"ping"}"#.utf8) + [0x00], [0x00] + Array(#"{"type":"ping"}"#.utf8)])
        case 16: return Array(#"{"type":"ch"#.utf8) + [0x00] + Array(#"at","text":"a"}"#.utf8)
        case 17: return Array(#"{"type":"chat","text":"a"#.utf8) + [0x00] + Array(#"b"}"#.utf8)
        case 18: return random.pick([[0x0D], [0x0D, 0x0D], [0x0D, 0x20, 0x09]])
        case 19: return random.pick([Array(#"{"type":"ping"}"#.utf8) + [0x0D, 0x0D], [0x0D] + Array(#"{"type":"ping"}"#.utf8)])
        case 20: return Array(#"{"type":"#.utf8) + [0x0D] + Array(#""ping","id":"cr"}"#.utf8)
        case 21: return Array(random.pick(["{}", "[]", #""""#, "null", "0", "true", #"{"type":""}"#, #"{"type":null}"#, #"{"":""}"#, "{,}", "{", "}", "\"", "[", "]"]).utf8)
        case 22: return Array(random.pick([#"{"type":"ping",}"#, #"{"type":"ping""#, #"{"type":"ping"}}"#, #"{"type":"ping"} {"type":"ping"}"#, #"{"type" "ping"}"#, #"{'type':'ping'}"#, #"{type:"ping"}"#]).utf8)
        case 23: return Array(#"{"type":"chat","text":""#.utf8) + random.pick(Self.badUTF8) + Array(#""}"#.utf8)
        case 24: return Array(#"{"type":"login","name":"a"#.utf8) + random.pick(Self.badUTF8)
        case 25: return random.pick(Self.badUTF8) + Array(#"{"type":"ping"}"#.utf8)
        case 26: return Array(#"{""#.utf8) + random.pick(Self.badUTF8) + Array(#"":1,"type":"ping"}"#.utf8)
        case 27: return Array(random.pick([#"{"type":"login","name":"\u0000"}"#, #"{"type":"login","name":"a\u2028b"}"#, #"{"type":"login","name":"\ud800"}"#, #"{"type":"chat","text":"\udc00\ud800"}"#, #"{"type":"chat","text":"\ud83d\ude00"}"#, #"{"type":"chat","text":"\u00"}"#, #"{"type":"chat","text":"\"#]).utf8)
        case 28: return Array(random.pick(["GET / HTTP/1.1", "POST /login HTTP/1.0", "HEAD / HTTP/1.1"]).utf8)
        case 29: return Array(random.pick([#"{"type":"ping","type":"help"}"#, #"{"type":"login","name":"a","name":[]}"#, #"{"type":"ping","id":1,"id":"two"}"#, #"{"id":1,"type":"ping","id":null}"#]).utf8)
        case 30: return Array((#"{"type":"claim","cards":["# + (0..<2000).map(String.init).joined(separator: ",") + "]}").utf8)
        case 31: return Array(("{" + (0..<400).map { #""k\#($0 % 150)":\#($0)"# }.joined(separator: ",") + #","type":"ping","id":"big"}"#).utf8)
        case 32: return Array((#"{"type":"login","name":""# + String(repeating: "👍", count: random.pick([19, 20, 21])) + #""}"#).utf8)
        case 33: return Array((#"{"type":"login","name":""# + String(repeating: "e\u{301}", count: 20) + #""}"#).utf8)
        case 34: return Array((#"{"type":"chat","text":""# + String(repeating: "\\u0041", count: random.pick([300, 301])) + #""}"#).utf8)
        case 35: return Array((#"{"type":"chat","text":""# + String(repeating: "\\n", count: 50) + #""}"#).utf8)
        case 36: return Array(String(repeating: #"{"type":"ping"}"#, count: 500).utf8)
        case 37: return Array(#"{"type":"create","game":"rps","options":{"rounds":1,"round_seconds":1,"seed":1}}"#.utf8)
        case 38: return Array((#"{"type":"create","game":"set","options":"# + String(repeating: #"{"a":"#, count: 63) + "1" + String(repeating: "}", count: 64)).utf8)
        default: return Array((#"{"type":"ping","id":""# + String(repeating: "\\\"", count: 2000) + #""}"#).utf8)
        }
    }

    /// Random bytes, sometimes printable only.
    private mutating func noise() -> [UInt8] {
        let printable = random.chance(percent: 40)
        return (0..<(1 + random.below(300))).map { _ in
            printable ? UInt8(0x20 + random.below(0x5F)) : UInt8(truncatingIfNeeded: random.next())
        }
    }

    /// JSON-ish tokens in random order.
    private mutating func tokenSoup() -> [UInt8] {
        let tokens = ["{", "}", "[", "]", ":", ",", #""type""#, #""ping""#, #""chat""#, #""id""#, "1", "-", "0", "e", "E", ".", "+",
                      "true", "false", "null", "\"", "\\", #""\u"#, #""x""#, " ", "\t", "\r", "9999999999999999999999", "1e400"]
        return Array((0..<(1 + random.below(40))).map { _ in random.pick(tokens) }.joined().utf8)
    }

    /// One to four byte flips, replacements, insertions, deletions, truncations, duplications or splices.
    private mutating func mutated(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        for _ in 0..<(1 + random.below(4)) {
            let position = bytes.isEmpty ? 0 : random.below(bytes.count)
            switch random.below(8) {
            case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << UInt8(random.below(8))
            case 1 where !bytes.isEmpty: bytes[position] = random.pick(Self.interestingBytes)
            case 2: bytes.insert(random.chance(percent: 50) ? random.pick(Self.interestingBytes) : UInt8(truncatingIfNeeded: random.next()), at: position)
            case 3 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + 1 + random.below(8)))
            case 4: bytes = Array(bytes.prefix(position))
            case 5 where !bytes.isEmpty:
                let end = min(bytes.count, position + 1 + random.below(16))
                bytes.insert(contentsOf: bytes[position..<end], at: end)
            case 6:
                let other = Array(random.pick(Self.examples).utf8)
                bytes = Array(bytes.prefix(position)) + other[random.below(other.count)...]
            default: bytes += random.pick(Self.badUTF8)
            }
        }
        return bytes
    }

    private func quoted(_ text: String) -> String {
        JSONValue.string(text).jsonText
    }
}
