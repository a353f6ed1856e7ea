import Foundation
import Glibc
import ServerTestSupport
import TestServers
import Testing
import Wire

/// Accounts on the real binary: a confirmed `register` and the sessions it and a password
/// login began survive SIGKILL and SIGTERM, a session logged out of stays dead, the accounts
/// file is the server's alone (0600), and a bit flipped in it stops the start, naming the line,
/// until `--repair` keeps the good records.
@Suite(.ownThread)
struct AccountRestartTests {
    /// The fewest iterations the server takes: 0.12 s a hash in a release build, about 7 s in
    /// a debug one, so every read here waits up to a minute.
    static let arguments = ["--password-iterations", "100000"]

    static func client(_ server: ServerProcess) throws -> TestClient {
        try TestClient(port: server.port, timeout: 60)
    }

    /// Sends `line` first (greeted at once), then reads `hello` and the answer.
    static func ask(_ server: ServerProcess, _ line: String) throws -> (client: TestClient, answer: JSONObject) {
        let client = try client(server)
        client.send(line)
        try client.expect("hello")
        return (client, try client.receive())
    }

    @Test func accountsAndSessionsSurviveACrashAndALoggedOutTokenStaysDead() throws {
        let server = try ServerProcess(Self.arguments)
        var current = server
        defer { current.stop() }
        let (ann, registered) = try Self.ask(server, #"{"type":"register","name":"ann","password":"correct horse battery"}"#)
        #expect(registered["type"]?.stringValue == "welcome")
        #expect(registered["account"]?.objectValue?["name"]?.stringValue == "ann")
        let first = try #require(registered["token"]?.stringValue)
        ann.send(#"{"type":"logout","id":1}"#)
        #expect(try ann.receive() == ["type": "ok", "id": 1])

        let (_, signedIn) = try Self.ask(server, #"{"type":"login","name":"ann","password":"correct horse battery"}"#)
        let second = try #require(signedIn["token"]?.stringValue)
        #expect(server.log.contains("registered the account ann"))
        #expect(!server.log.contains("correct horse") && !server.log.contains(first) && !server.log.contains(second))

        let path = server.dataURL.appendingPathComponent("accounts.log").path
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        for signal in [SIGKILL, SIGTERM] {
            current = try current.restart(after: signal)
            #expect(current.log.contains("read 1 account from \(path) in "), "\(current.log)")
            let (_, dead) = try Self.ask(current, #"{"type":"login","token":"\#(first)"}"#)
            #expect(dead["code"]?.stringValue == "bad_token")
            let (_, back) = try Self.ask(current, #"{"type":"login","token":"\#(second)"}"#)
            #expect(back["type"]?.stringValue == "welcome")
            #expect(back["account"]?.objectValue?["name"]?.stringValue == "ann")
            let (_, guest) = try Self.ask(current, #"{"type":"login","name":"Ann"}"#)
            #expect(guest["code"]?.stringValue == "name_taken")
        }
    }

    @Test func aBotSignedInWithAnAPITokenIsStillTheBotsAccountAfterACrash() throws {
        let server = try ServerProcess(Self.arguments)
        var current = server
        defer { current.stop() }
        let (owner, registered) = try Self.ask(server, #"{"type":"register","name":"robo","password":"beep boop beep","bot":true}"#)
        #expect(registered["type"]?.stringValue == "welcome")
        owner.send(#"{"type":"token_create","label":"ci","id":2}"#)
        let apiToken = try #require(try owner.receive()["token"]?.stringValue)
        let (bot, welcome) = try Self.ask(server, #"{"type":"login","api_token":"\#(apiToken)"}"#)
        let seatToken = try #require(welcome["token"]?.stringValue)
        bot.send(#"{"type":"create","game":"rps","seats":2,"options":{"rounds":5}}"#)
        let room = try #require(try bot.expect("joined")["room"]?.stringValue)
        let (guest, _) = try Self.ask(server, #"{"type":"login","name":"zed"}"#)
        guest.send(#"{"type":"join","room":"\#(room)"}"#)
        _ = try guest.expect("joined")
        _ = try guest.expect("state")

        current = try current.restart(after: SIGKILL)
        // The bot comes back to its seat with its token, as the bot's account.
        let (_, back) = try Self.ask(current, #"{"type":"login","token":"\#(seatToken)"}"#)
        #expect(back["type"]?.stringValue == "welcome")
        #expect(back["resumed"]?.boolValue == true)
        #expect(back["account"]?.objectValue?["name"]?.stringValue == "robo")
        #expect(back["account"]?.objectValue?["bot"]?.boolValue == true)
        let (watcher, _) = try Self.ask(current, #"{"type":"login","name":"amy"}"#)
        watcher.send(#"{"type":"watch","room":"\#(room)"}"#)
        _ = try watcher.expect("watching")
        let state = try watcher.expect("state")
        let robo = state["players"]?.arrayValue?.compactMap(\.objectValue).first { $0["name"]?.stringValue == "robo" }
        #expect(robo?["bot"]?.boolValue == true)
    }

    @Test func aFlippedBitStopsTheStartUntilRepairKeepsTheGoodRecords() throws {
        let server = try ServerProcess(Self.arguments)
        _ = try Self.ask(server, #"{"type":"register","name":"ann","password":"correct horse battery"}"#)
        server.stop(keepData: true)
        let directory = server.dataURL.path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/accounts.log"
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        // Two lines, the account then its session: a bit of the account's name flipped.
        #expect(bytes.split(separator: UInt8(ascii: "\n")).count == 2)
        bytes[27] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let start = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", "0", "--data", directory])
        #expect(start.exit == .exited(1))
        #expect(start.error.contains(
            "Error: \(path): line 1 is damaged (its checksum does not match its bytes) and records follow it, so the server does not start. "
                + "Run `cardserver --repair --data \(directory)`"), "\(start.error)")
        let repair = try BuiltProgram.run("cardserver", ["--repair", "--data", directory])
        #expect(repair.exit == .exited(0))
        #expect(repair.output.contains("\(path): kept 1 record; moved 1 line (1) to \(path).damaged; rewritten"), "\(repair.output)")
        // The session line kept has no account before it: left out at start, with a warning.
        let restarted = try ServerProcess(Self.arguments, data: URL(fileURLWithPath: directory))
        defer { restarted.stop(keepData: true) }
        #expect(restarted.log.contains("\(path) line 1: session record that does not fit the ones before it; left out"), "\(restarted.log)")
        let (_, guest) = try Self.ask(restarted, #"{"type":"login","name":"ann"}"#)
        #expect(guest["type"]?.stringValue == "welcome")
    }
}
