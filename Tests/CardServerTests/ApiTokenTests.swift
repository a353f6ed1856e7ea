@testable import CardServer
import ScriptedServer
import Storage
import Testing
import Wire

/// API tokens on virtual time: made by an account and shown once, kept only hashed, signing in
/// several connections at once, listed without the secret, revoked for good.
struct ApiTokenTests {
    /// robo's account, signed in on a connection; returns the host, the file and the connection.
    static func robo() throws -> (ScriptedHost, MemoryLog, ClientID) {
        let (host, log) = try AccountTests.host()
        let robo = host.connect()
        host.send(#"{"type":"register","name":"robo","password":"beep boop beep","bot":true}"#, from: robo)
        host.runBackgroundWork()
        _ = host.take(robo)
        return (host, log, robo)
    }

    static func makeToken(_ label: String, on host: ScriptedHost, from client: ClientID) throws -> String {
        host.send(#"{"type":"token_create","label":"\#(label)","scopes":["play"],"id":5}"#, from: client)
        host.runBackgroundWork()
        let reply = try #require(host.take(client).last)
        #expect(reply["type"]?.stringValue == "token")
        #expect(reply["label"]?.stringValue == label)
        #expect(reply["id"]?.intValue == 5)
        return try #require(reply["token"]?.stringValue)
    }

    @Test func aTokenSignsInTwoConnectionsAtOnceEachInItsOwnRoom() throws {
        let (host, log, robo) = try Self.robo()
        let token = try Self.makeToken("ci bot", on: host, from: robo)
        #expect(token.hasPrefix("cst_") && token.count == 36)
        let text = String(decoding: log.bytes, as: UTF8.self)
        #expect(!text.contains(token))
        #expect(text.contains(#"{"k":"api_token","name":"robo","label":"ci bot","scopes":["play"],"hash":"\#(SHA256.hex(Array(token.utf8)))","#))

        var rooms: [String] = []
        for _ in 0..<2 {
            let bot = host.connect()
            host.send(#"{"type":"login","api_token":"\#(token)"}"#, from: bot)
            let welcome = try #require(host.take(bot).last)
            #expect(welcome["name"]?.stringValue == "robo")
            #expect(welcome["account"]?.objectValue == ["name": "robo", "bot": true, "created_ms": .int(Int(host.wallMilliseconds))])
            host.send(#"{"type":"create","game":"rps","seats":2}"#, from: bot)
            let sent = host.take(bot)
            rooms.append(try #require(sent.first { $0["type"]?.stringValue == "joined" }?["room"]?.stringValue))
            // Marked a bot in the room's state, for everyone to see.
            let state = try #require(sent.first { $0["type"]?.stringValue == "state" })
            #expect(state["players"]?.arrayValue?.first?.objectValue?["bot"] == .bool(true))
        }
        #expect(Set(rooms).count == 2)

        host.send(#"{"type":"tokens"}"#, from: robo)
        let listed = try #require(host.take(robo).last?["tokens"]?.arrayValue)
        #expect(listed == [["label": "ci bot", "scopes": ["play"], "created_ms": .int(Int(host.wallMilliseconds)), "last_used_ms": .int(Int(host.wallMilliseconds))]])
    }

    @Test func aRevokedTokenIsRefusedAndStaysRevokedAfterARestart() throws {
        let (host, log, robo) = try Self.robo()
        let revoked = try Self.makeToken("old", on: host, from: robo)
        let kept = try Self.makeToken("new", on: host, from: robo)
        host.send(#"{"type":"token_revoke","label":"old","id":9}"#, from: robo)
        host.runBackgroundWork()
        #expect(host.take(robo).last == ["type": "ok", "id": 9])
        let bot = host.connect()
        host.send(#"{"type":"login","api_token":"\#(revoked)"}"#, from: bot)
        #expect(host.take(bot).last?["code"]?.stringValue == "bad_token")

        let (second, _) = try AccountTests.host(log: MemoryLog(path: "memory/accounts.log", contents: log.bytes))
        for (token, answer) in [(revoked, "error"), (kept, "welcome")] {
            let client = second.connect()
            second.send(#"{"type":"login","api_token":"\#(token)"}"#, from: client)
            #expect(second.take(client).last?["type"]?.stringValue == answer)
        }
    }

    @Test func onlyAnAccountMakesTokensAndLabelsAndScopesAreChecked() throws {
        let (host, _, robo) = try Self.robo()
        let guest = host.connect()
        host.send(#"{"type":"login","name":"gus"}"#, from: guest)
        host.send(#"{"type":"token_create","label":"x"}"#, from: guest)
        #expect(host.take(guest).last?["message"]?.stringValue == "API tokens belong to accounts: register or sign in first")
        let refusals = [
            (#"{"type":"token_create","label":"   "}"#, "a token's label has 1 to 40 characters (at most 120 bytes), none of them control characters"),
            (#"{"type":"token_create","label":"x","scopes":["admin"]}"#, "scopes must be one or more of: play; not admin"),
            (#"{"type":"token_revoke","label":"nope"}"#, #"no token of robo is labelled nope; {"type":"tokens"} lists them"#),
        ]
        for (line, message) in refusals {
            host.send(line, from: robo)
            #expect(host.take(robo).last?["message"]?.stringValue == message)
        }
        _ = try Self.makeToken("x", on: host, from: robo)
        host.send(#"{"type":"token_create","label":"x"}"#, from: robo)
        #expect(host.take(robo).last?["message"]?.stringValue?.hasPrefix("a token labelled x exists; revoke it first") == true)
        #expect(host.pendingBackgroundWork == 0)
    }

    /// Making and revoking in a loop writes to the accounts file each time: 20 an hour.
    @Test func anAccountMakesTwentyTokensAnHour() throws {
        let (host, _, robo) = try Self.robo()
        for number in 1...20 {
            _ = try Self.makeToken("t\(number)", on: host, from: robo)
            host.send(#"{"type":"token_revoke","label":"t\#(number)"}"#, from: robo)
            host.runBackgroundWork()
            #expect(host.take(robo).last?["type"]?.stringValue == "ok")
        }
        host.send(#"{"type":"token_create","label":"one more"}"#, from: robo)
        let refusal = try #require(host.take(robo).last)
        #expect(refusal["code"]?.stringValue == "rate_limited")
        #expect(refusal["retry_after_ms"]?.intValue == 3_600_000)
        #expect(host.pendingBackgroundWork == 0)
    }
}
