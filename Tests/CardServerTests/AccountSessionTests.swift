@testable import CardServer
import Foundation
import ScriptedServer
import Storage
import Testing
import Wire

/// An account's sessions and credentials on virtual time: `sessions` lists them without their
/// tokens, `session_revoke` and `password_change` end others at once and for good (after a
/// restart too), `account_delete` removes credentials and tokens and retires the name.
struct AccountSessionTests {
    static let password = "correct horse battery"

    /// ann signs in with her password on a new connection from `peer`; returns it and its token.
    static func signIn(_ host: ScriptedHost, peer: String, password: String = password) throws -> (ClientID, String) {
        let client = host.connect(peer: peer)
        host.send(#"{"type":"login","name":"ann","password":"\#(password)"}"#, from: client)
        host.runBackgroundWork()
        let welcome = try #require(host.take(client).last)
        #expect(welcome["type"]?.stringValue == "welcome")
        return (client, try #require(welcome["token"]?.stringValue))
    }

    static func sessionID(of token: String) -> String {
        String(SHA256.hex(Array(token.utf8)).prefix(16))
    }

    @Test func sessionsAreListedWithoutTokensAndOneRevokedIsOutOfItsRoomAndDeadForGood() throws {
        let (host, log) = try AccountTests.host()
        let (ann, welcome) = AccountTests.registerAnn(on: host, peer: "127.0.0.1:40001")
        let first = try #require(welcome?["token"]?.stringValue)
        host.advance(by: .seconds(5))
        let (laptop, second) = try Self.signIn(host, peer: "10.0.0.7:5555")
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: laptop)
        let room = try #require(host.take(laptop).first { $0["type"]?.stringValue == "joined" }?["room"]?.stringValue)
        let bob = host.connect(peer: "127.0.0.3:1")
        host.send(#"{"type":"login","name":"bob"}"#, from: bob)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(bob)

        host.send(#"{"type":"sessions","id":4}"#, from: ann)
        let reply = try #require(host.take(ann).last)
        let created = Int(host.wallMilliseconds) - 5_000
        #expect(reply == [
            "type": "sessions",
            "sessions": [
                ["id": .string(Self.sessionID(of: first)), "created_ms": .int(created), "last_seen_ms": .int(created), "transport": "tcp",
                 "address": "127.0.0.1", "connected": true, "current": true],
                ["id": .string(Self.sessionID(of: second)), "created_ms": .int(created + 5_000), "last_seen_ms": .int(created + 5_000),
                 "transport": "tcp", "address": "10.0.0.7", "connected": true, "current": false],
            ],
            "id": 4,
        ])
        #expect(!String(describing: reply).contains(first) && !String(describing: reply).contains(second))

        // Its own session is ended by logout, not here; an id that is no session is refused.
        host.send(#"{"type":"session_revoke","session":"\#(Self.sessionID(of: first))"}"#, from: ann)
        #expect(host.take(ann).last?["message"]?.stringValue == #"that is this connection's own session: end it with {"type":"logout"}"#)
        host.send(#"{"type":"session_revoke","session":"0123456789abcdef"}"#, from: ann)
        #expect(host.take(ann).last?["message"]?.stringValue == #"no session of ann has the id 0123456789abcdef; {"type":"sessions"} lists them"#)

        _ = host.take(laptop)
        host.send(#"{"type":"session_revoke","session":"\#(Self.sessionID(of: second).uppercased())","id":6}"#, from: ann)
        // Nothing happens until the end record is on disk.
        #expect(host.take(laptop).isEmpty)
        host.runBackgroundWork()
        #expect(host.take(ann).last == ["type": "ok", "id": 6])
        #expect(host.take(laptop).last == ["type": "signed_out", "reason": "revoked"])
        #expect(host.take(bob).contains { $0["type"]?.stringValue == "player_left" && $0["name"]?.stringValue == "ann" })
        #expect(String(decoding: log.bytes, as: UTF8.self).contains(#"{"k":"end","hash":"\#(SHA256.hex(Array(second.utf8)))""#))
        // Logged out, on a connection that stays open.
        host.send(#"{"type":"rooms"}"#, from: laptop)
        #expect(host.take(laptop).last?["code"]?.stringValue == "not_logged_in")
        host.send(#"{"type":"login","token":"\#(second)"}"#, from: laptop)
        #expect(host.take(laptop).last?["code"]?.stringValue == "bad_token")

        let (restarted, _) = try AccountTests.host(log: MemoryLog(path: "memory/accounts.log", contents: log.bytes))
        for (token, answer) in [(second, "error"), (first, "welcome")] {
            let client = restarted.connect()
            restarted.send(#"{"type":"login","token":"\#(token)"}"#, from: client)
            #expect(restarted.take(client).last?["type"]?.stringValue == answer)
        }
    }

    @Test func theThirtyThirdSignInEndsTheOldestSessionAndTheListKeepsThirtyTwo() throws {
        let (host, log) = try AccountTests.host()
        let (ann, welcome) = AccountTests.registerAnn(on: host)
        let oldest = try #require(welcome?["token"]?.stringValue)
        var tokens: [String] = []
        var newest = ann
        for number in 1...32 {
            let (client, token) = try Self.signIn(host, peer: "127.0.0.\(number % 200 + 2):1")
            tokens.append(token)
            newest = client
        }
        // The connection still using the oldest session is signed out with it.
        #expect(host.take(ann).last == ["type": "signed_out", "reason": "session_limit"])
        host.send(#"{"type":"sessions"}"#, from: newest)
        let listed = try #require(host.take(newest).last?["sessions"]?.arrayValue)
        #expect(listed.count == 32)
        #expect(listed.first?.objectValue?["id"]?.stringValue == Self.sessionID(of: tokens[0]))
        #expect(listed.last?.objectValue?["id"]?.stringValue == Self.sessionID(of: tokens[31]))
        // The oldest ended for good, in the file too; the second oldest still signs in.
        let (restarted, _) = try AccountTests.host(log: MemoryLog(path: "memory/accounts.log", contents: log.bytes))
        for (token, answer) in [(oldest, "error"), (tokens[0], "welcome")] {
            let client = restarted.connect()
            restarted.send(#"{"type":"login","token":"\#(token)"}"#, from: client)
            #expect(restarted.take(client).last?["type"]?.stringValue == answer)
        }
    }

    @Test func aNewPasswordEndsEveryOtherSessionAndTheOldOneNoLongerSignsIn() throws {
        let (host, log) = try AccountTests.host()
        let (ann, _) = AccountTests.registerAnn(on: host)
        let (phone, phoneToken) = try Self.signIn(host, peer: "127.0.0.2:1")

        host.send(#"{"type":"password_change","old":"correct horse battery","new":"short"}"#, from: ann)
        #expect(host.pendingBackgroundWork == 0)
        #expect(host.take(ann).last?["message"]?.stringValue == "a password needs at least 8 characters (this has 5); a few words make a good one")
        host.send(#"{"type":"password_change","old":"wrong horse battery","new":"staple battery horse"}"#, from: ann)
        host.runBackgroundWork()
        let wrong = try #require(host.take(ann).last)
        #expect(wrong["code"]?.stringValue == "bad_credentials")
        #expect(wrong["message"]?.stringValue == "that is not the account's password")
        #expect(host.take(phone).isEmpty)

        host.send(#"{"type":"password_change","old":"correct horse battery","new":"staple battery horse","id":3}"#, from: ann)
        host.runBackgroundWork()
        #expect(host.take(ann).last == ["type": "ok", "id": 3])
        #expect(host.take(phone).last == ["type": "signed_out", "reason": "password_changed"])
        let text = String(decoding: log.bytes, as: UTF8.self)
        #expect(!text.contains("staple battery horse"))
        #expect(text.contains(#"{"k":"end","hash":"\#(SHA256.hex(Array(phoneToken.utf8)))""#))

        let old = host.connect()
        host.send(#"{"type":"login","name":"ann","password":"correct horse battery"}"#, from: old)
        host.runBackgroundWork()
        #expect(host.take(old).last?["code"]?.stringValue == "bad_credentials")
        // After a restart the new password is the one (the file is rewritten with it).
        let (restarted, restartedLog) = try AccountTests.host(log: MemoryLog(path: "memory/accounts.log", contents: log.bytes))
        _ = try Self.signIn(restarted, peer: "127.0.0.9:1", password: "staple battery horse")
        #expect(!String(decoding: restartedLog.bytes, as: UTF8.self).contains(#""k":"password""#))
    }

    @Test func wrongPasswordsForAPasswordChangeCountTowardTheAccountsLockout() throws {
        let (host, _) = try AccountTests.host()
        let (ann, _) = AccountTests.registerAnn(on: host)
        for _ in 0..<5 {
            host.send(#"{"type":"account_delete","password":"guess guess guess"}"#, from: ann)
            host.runBackgroundWork()
            #expect(host.take(ann).last?["code"]?.stringValue == "bad_credentials")
        }
        host.send(#"{"type":"password_change","old":"correct horse battery","new":"staple battery horse"}"#, from: ann)
        let locked = try #require(host.take(ann).last)
        #expect(locked["code"]?.stringValue == "rate_limited")
        #expect(locked["retry_after_ms"]?.intValue == 60_000)
        #expect(host.pendingBackgroundWork == 0)
    }

    @Test func aDeletedAccountSignsOutEverywhereLosesItsTokensAndItsNameStaysRetired() throws {
        let (host, log) = try AccountTests.host()
        let (ann, _) = AccountTests.registerAnn(on: host)
        host.send(#"{"type":"token_create","label":"bot"}"#, from: ann)
        host.runBackgroundWork()
        let apiToken = try #require(host.take(ann).last?["token"]?.stringValue)
        let bot = host.connect(peer: "127.0.0.5:1")
        host.send(#"{"type":"login","api_token":"\#(apiToken)"}"#, from: bot)
        host.send(#"{"type":"create","game":"set","seats":2}"#, from: bot)
        _ = host.take(bot)

        host.send(#"{"type":"create","game":"set","seats":2}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"account_delete","password":"correct horse battery"}"#, from: ann)
        #expect(host.take(ann).last?["message"]?.stringValue == #"leave your room first ({"type":"leave"}), then delete the account"#)
        host.send(#"{"type":"leave"}"#, from: ann)
        host.send(#"{"type":"account_delete","password":"correct horse battery","id":8}"#, from: ann)
        host.runBackgroundWork()
        #expect(host.take(ann).last == ["type": "ok", "id": 8])
        #expect(host.take(bot).last == ["type": "signed_out", "reason": "account_deleted"])
        host.send(#"{"type":"rooms"}"#, from: ann)
        #expect(host.take(ann).last?["code"]?.stringValue == "not_logged_in")

        func retiredEverywhere(_ host: ScriptedHost) throws {
            let client = host.connect(peer: "127.0.0.8:1")
            host.send(#"{"type":"login","name":"ANN"}"#, from: client)
            #expect(host.take(client).last?["message"]?.stringValue
                == "the name ANN belonged to an account that was deleted, and stays retired so that no one takes over its records; pick another")
            host.send(#"{"type":"register","name":"ann","password":"another good one"}"#, from: client)
            #expect(host.take(client).last?["code"]?.stringValue == "name_taken")
            host.send(#"{"type":"login","api_token":"\#(apiToken)"}"#, from: client)
            #expect(host.take(client).last?["code"]?.stringValue == "bad_token")
            host.send(#"{"type":"login","name":"ann","password":"correct horse battery"}"#, from: client)
            host.runBackgroundWork()
            #expect(host.take(client).last?["code"]?.stringValue == "bad_credentials")
        }
        try retiredEverywhere(host)
        // A restart rewrites the file down to the retired name, with no password or token left.
        let (restarted, restartedLog) = try AccountTests.host(log: MemoryLog(path: "memory/accounts.log", contents: log.bytes))
        try retiredEverywhere(restarted)
        let lines = String(decoding: restartedLog.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(#"{"k":"account_end","name":"ann","crc":""#) == true)
    }

    @Test func aSeatTakenWhileTheDeleteWasCheckedIsLeftToo() throws {
        let (host, _) = try AccountTests.host()
        let (ann, _) = AccountTests.registerAnn(on: host)
        host.send(#"{"type":"account_delete","password":"correct horse battery","id":4}"#, from: ann)
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: ann)
        let room = try #require(host.take(ann).first { $0["type"]?.stringValue == "joined" }?["room"]?.stringValue)
        host.runBackgroundWork()
        let sent = host.take(ann)
        #expect(sent.suffix(2) == [["type": "signed_out", "reason": "account_deleted"], ["type": "ok", "id": 4]])
        let zed = host.connect(peer: "127.0.0.9:1")
        host.send(#"{"type":"login","name":"zed"}"#, from: zed)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: zed)
        // The room was left when its only member went: nothing of ann's is left behind.
        #expect(host.take(zed).last?["code"]?.stringValue == "no_such_room")
    }

    @Test func aSeatTakenWhileALogoutWasWrittenIsLeftToo() throws {
        let (host, _) = try AccountTests.host()
        let (ann, _) = AccountTests.registerAnn(on: host)
        host.send(#"{"type":"logout","id":2}"#, from: ann)
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: ann)
        let room = try #require(host.take(ann).first { $0["type"]?.stringValue == "joined" }?["room"]?.stringValue)
        host.runBackgroundWork()
        #expect(host.take(ann).last == ["type": "ok", "id": 2])
        let zed = host.connect(peer: "127.0.0.9:1")
        host.send(#"{"type":"login","name":"zed"}"#, from: zed)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: zed)
        #expect(host.take(zed).last?["code"]?.stringValue == "no_such_room")
    }

    @Test func aGuestHasNoSessionsToListAndADeleteTheDiskRefusesChangesNothing() throws {
        let (host, log) = try AccountTests.host()
        let guest = host.connect()
        host.send(#"{"type":"login","name":"zed"}"#, from: guest)
        host.send(#"{"type":"sessions"}"#, from: guest)
        #expect(host.take(guest).last?["message"]?.stringValue == "sessions belong to accounts: register or sign in first")

        let (ann, _) = AccountTests.registerAnn(on: host)
        log.failAppends = "write(memory/accounts.log): No space left on device"
        host.send(#"{"type":"account_delete","password":"correct horse battery"}"#, from: ann)
        host.runBackgroundWork()
        #expect(host.take(ann).last?["code"]?.stringValue == "storage_unavailable")
        log.failAppends = nil
        host.send(#"{"type":"sessions"}"#, from: ann)
        #expect(host.take(ann).last?["sessions"]?.arrayValue?.count == 1)
    }
}

/// Results that know accounts: a bot in the rooms list, accounts and bots marked in records
/// and leaderboards, a deleted account shown as "deleted player" in the others' records.
struct AccountMarkTests {
    @Test func roomsListsNameBotsAndResultsMarkAccountsAndHideADeletedOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = try ResultsJournal(directory: directory, warn: { _ in })
        try journal.startWriting(notify: {})
        let book = AccountBook()
        let accountLog = try AccountLog(log: MemoryLog(path: "memory/accounts.log"), dataDirectory: "DATA", policy: .always, book: book, warn: { _ in })
        let host = ScriptedHost(config: AccountTests.config(), journal: journal, accounts: book, accountLog: accountLog)
        let robo = host.connect(peer: "127.0.0.2:1")
        host.send(#"{"type":"register","name":"robo","password":"beep boop beep","bot":true}"#, from: robo)
        host.runBackgroundWork()
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: robo)
        let room = try #require(host.take(robo).first { $0["type"]?.stringValue == "joined" }?["room"]?.stringValue)
        let zed = host.connect(peer: "127.0.0.3:1")
        host.send(#"{"type":"login","name":"zed"}"#, from: zed)
        host.send(#"{"type":"rooms"}"#, from: zed)
        let listed = try #require(host.take(zed).last?["rooms"]?.arrayValue?.first?.objectValue)
        #expect(listed["players"] == ["robo"])
        #expect(listed["bots"] == ["robo"])

        // A match between the bot and the guest, to its end.
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: zed)
        for _ in 0..<2 {
            host.send(#"{"type":"throw","sign":"rock"}"#, from: robo)
            host.send(#"{"type":"throw","sign":"scissors"}"#, from: zed)
        }
        host.confirmJournalWrites()
        _ = host.take(zed)
        host.send(#"{"type":"leaderboard","game":"rps","id":1}"#, from: zed)
        host.confirmJournalWrites()
        let entries = try #require(host.take(zed).last?["entries"]?.arrayValue)
        #expect(entries.map { $0.objectValue?["name"] } == ["robo", "zed"])
        #expect(entries.first?.objectValue?["account"] == true)
        #expect(entries.first?.objectValue?["bot"] == true)
        #expect(entries.last?.objectValue?["account"] == nil)
        host.send(#"{"type":"stats","name":"robo"}"#, from: zed)
        host.confirmJournalWrites()
        let stats = try #require(host.take(zed).last)
        #expect(stats["account"] == true && stats["bot"] == true && stats["wins"] == 1)

        host.send(#"{"type":"leave"}"#, from: robo)
        host.send(#"{"type":"account_delete","password":"beep boop beep"}"#, from: robo)
        host.runBackgroundWork()
        host.send(#"{"type":"leaderboard","game":"rps"}"#, from: zed)
        host.confirmJournalWrites()
        #expect(host.take(zed).last?["entries"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["deleted player", "zed"])
        host.send(#"{"type":"stats","name":"zed"}"#, from: zed)
        host.confirmJournalWrites()
        let mine = try #require(host.take(zed).last)
        #expect(mine["recent"]?.arrayValue?.first?.objectValue?["winners"] == ["deleted player"])
        host.send(#"{"type":"stats","name":"robo"}"#, from: zed)
        host.confirmJournalWrites()
        #expect(host.take(zed).last?["name"] == "deleted player")
    }
}

extension AccountMarkTests {
    @Test func aDailyDealsEntryOfADeletedAccountIsADeletedPlayers() throws {
        let (host, _) = try AccountTests.host()
        let (ann, _) = AccountTests.registerAnn(on: host)
        let entries = [
            DailyLeaderboard.Entry(name: "ann", finished: true, score: 27, timeMs: 125_400, figures: []),
            DailyLeaderboard.Entry(name: "zed", finished: false, score: 3, timeMs: nil, figures: []),
        ]
        #expect(host.server.marked(entries) == entries)
        host.send(#"{"type":"account_delete","password":"correct horse battery"}"#, from: ann)
        host.runBackgroundWork()
        #expect(host.server.marked(entries).map(\.name) == ["deleted player", "zed"])
        #expect(host.server.marked(entries).first?.score == 27)
    }
}

/// What a start on 100,000 accounts holds per account: the table's values pack as the field
/// order says (cardbench startup --accounts measures the whole).
struct AccountLayoutTests {
    @Test func anAccountTakes88BytesItsSessionsIncluded() {
        #expect(MemoryLayout<StoredPassword>.size == 52)
        #expect(MemoryLayout<AccountBook.Account>.stride == 88)
    }
}
