@testable import CardServer
import ScriptedServer
import Storage
import Testing
import Wire

/// Accounts on virtual time: `register`, `login` with a password, tokens that outlive a
/// player, `logout`, the names they keep from guests, the throttles, and the worker that does
/// every password's hashing while the loop goes on.
struct AccountTests {
    /// A server whose passwords take 1,000 iterations (600,000 in production: 40 s each in a debug build).
    static func config(_ change: (inout ServerConfig) -> Void = { _ in }) -> ServerConfig {
        var config = ServerConfig(version: "test")
        config.passwordIterations = 1_000
        change(&config)
        return config
    }

    /// A host with an accounts file in memory (`log`), read as a start reads it.
    static func host(
        config: ServerConfig = AccountTests.config(), log: MemoryLog = MemoryLog(path: "memory/accounts.log")
    ) throws -> (ScriptedHost, MemoryLog) {
        let book = AccountBook()
        let accountLog = try AccountLog(log: log, dataDirectory: "DATA", policy: .always, book: book, warn: { _ in })
        return (ScriptedHost(config: config, accounts: book, accountLog: accountLog), log)
    }

    static let register = #"{"type":"register","name":"ann","password":"correct horse battery","id":1}"#

    /// Registers ann on a new connection; returns it and its welcome.
    static func registerAnn(on host: ScriptedHost, peer: String = "127.0.0.1:40001") -> (ClientID, JSONObject?) {
        let ann = host.connect(peer: peer)
        host.send(register, from: ann)
        host.runBackgroundWork()
        return (ann, host.take(ann).first { $0["type"]?.stringValue == "welcome" })
    }

    @Test func registerHashesOnTheWorkerWhileTheLoopAnswersThenSignsIn() throws {
        let (host, log) = try Self.host()
        let ann = host.connect()
        host.send(Self.register, from: ann)
        // The worker has not run: nothing answered, nothing written, and pings still answered.
        #expect(host.pendingBackgroundWork == 1)
        #expect(host.types(ann) == ["hello"])
        let bob = host.connect(peer: "127.0.0.2:1")
        host.send(#"{"type":"ping","id":7}"#, from: bob)
        #expect(host.types(bob) == ["hello", "pong"])
        #expect(log.bytes.isEmpty)

        host.runBackgroundWork()
        let welcome = try #require(host.take(ann).first)
        #expect(welcome["type"]?.stringValue == "welcome")
        #expect(welcome["id"]?.intValue == 1)
        #expect(welcome["name"]?.stringValue == "ann")
        #expect(welcome["resumed"]?.boolValue == false)
        let account = try #require(welcome["account"]?.objectValue)
        #expect(account["name"]?.stringValue == "ann")
        #expect(account["bot"]?.boolValue == false)
        #expect(account["created_ms"]?.intValue == Int(host.wallMilliseconds))
        let token = try #require(welcome["token"]?.stringValue)

        // The file holds the account and its session: the password and the token only hashed.
        let text = String(decoding: log.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"k":"account","name":"ann","bot":false,"password":"pbkdf2-sha256$1000$"#))
        #expect(lines[1].hasPrefix(#"{"k":"session","name":"ann","hash":"\#(SHA256.hex(Array(token.utf8)))","created":"#))
        #expect(!text.contains("correct horse") && !text.contains(token))
        #expect(log.syncs == 1)
    }

    @Test func aBotAccountSaysSo() throws {
        let (host, _) = try Self.host()
        let bot = host.connect()
        host.send(#"{"type":"register","name":"robo","password":"beep boop beep","bot":true}"#, from: bot)
        host.runBackgroundWork()
        let welcome = try #require(host.take(bot).last)
        #expect(welcome["account"]?.objectValue?["bot"]?.boolValue == true)
    }

    @Test func aPasswordLoginSignsInAndAWrongNameOrPasswordGetTheSameAnswerAfterTheSameWork() throws {
        let (host, _) = try Self.host()
        _ = Self.registerAnn(on: host)

        var answers: [JSONObject] = []
        for login in [#"{"type":"login","name":"ann","password":"wrong horse battery"}"#, #"{"type":"login","name":"nobody","password":"correct horse battery"}"#] {
            let client = host.connect()
            host.send(login, from: client)
            // Each is one job on the worker, whatever the name.
            #expect(host.pendingBackgroundWork == 1)
            host.runBackgroundWork()
            answers.append(try #require(host.take(client).last))
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0]["code"]?.stringValue == "bad_credentials")
        #expect(answers[0]["message"]?.stringValue == "no account has that name and password")

        // The name as registered, whatever case it is typed in.
        let again = host.connect()
        host.send(#"{"type":"login","name":"ANN","password":"correct horse battery"}"#, from: again)
        host.runBackgroundWork()
        let welcome = try #require(host.take(again).last)
        #expect(welcome["type"]?.stringValue == "welcome")
        #expect(welcome["name"]?.stringValue == "ann")
        #expect(welcome["account"]?.objectValue?["name"]?.stringValue == "ann")
    }

    @Test func aGuestCannotTakeARegisteredNameOrALookAlikeNorCanASecondAccount() throws {
        let (host, _) = try Self.host()
        _ = Self.registerAnn(on: host)
        for name in ["ann", "ANN", "\u{0430}nn"] {  // the last one's "а" is Cyrillic
            let guest = host.connect()
            host.send(#"{"type":"login","name":"\#(name)"}"#, from: guest)
            let refusal = try #require(host.take(guest).last)
            #expect(refusal["code"]?.stringValue == "name_taken", "\(name)")
            #expect(refusal["message"]?.stringValue?.hasPrefix("the name \(name) belongs to a registered account (ann): sign in with ") == true)
        }
        let other = host.connect()
        host.send(#"{"type":"register","name":"\#u{0410}nn","password":"another password"}"#, from: other)
        #expect(host.pendingBackgroundWork == 0)
        #expect(host.take(other).last?["code"]?.stringValue == "name_taken")
        // A name nobody registered is a guest's as before.
        let guest = host.connect()
        host.send(#"{"type":"login","name":"bob"}"#, from: guest)
        #expect(host.take(guest).last?["type"]?.stringValue == "welcome")
    }

    @Test func passwordsThatBreakTheRulesAreRefusedBeforeAnyHashing() throws {
        let (host, _) = try Self.host()
        let cases = [
            ("short", "a password needs at least 8 characters (this has 5); a few words make a good one"),
            ("annabelle", "a password cannot be the account's name, or the name backwards"),
            ("ELLEBANNA", "a password cannot be the account's name, or the name backwards"),
            (String(repeating: "x", count: 257), "a password may have at most 256 characters (this has 257)"),
        ]
        for (password, message) in cases {
            let client = host.connect()
            host.send(#"{"type":"register","name":"annabelle","password":"\#(password)"}"#, from: client)
            let refusal = try #require(host.take(client).last)
            #expect(refusal["code"]?.stringValue == "bad_request")
            #expect(refusal["message"]?.stringValue == message)
        }
        #expect(host.pendingBackgroundWork == 0)
    }

    @Test func theSixthWrongPasswordInAMinuteWaitsAndTheWaitDoublesUntilASuccess() throws {
        let (host, _) = try Self.host()
        _ = Self.registerAnn(on: host)
        let guesser = host.connect(peer: "192.0.2.1:1")
        func tryPassword(_ password: String) -> JSONObject? {
            host.send(#"{"type":"login","name":"ann","password":"\#(password)"}"#, from: guesser)
            host.runBackgroundWork()
            return host.take(guesser).last
        }
        for _ in 0..<5 { #expect(tryPassword("wrong guess!")?["code"]?.stringValue == "bad_credentials") }
        var refusal = tryPassword("correct horse battery")
        #expect(refusal?["code"]?.stringValue == "rate_limited")
        #expect(refusal?["retry_after_ms"]?.intValue == 60_000)
        #expect(refusal?["message"]?.stringValue == "too many wrong passwords for ann lately; wait, then try again")

        // After the minute, five more wrong: the next lockout lasts twice as long.
        host.advance(by: .seconds(60))
        for _ in 0..<5 { #expect(tryPassword("wrong guess!")?["code"]?.stringValue == "bad_credentials") }
        refusal = tryPassword("correct horse battery")
        #expect(refusal?["retry_after_ms"]?.intValue == 120_000)

        // The owner, after the wait: signed in, and the streak is over.
        host.advance(by: .seconds(120))
        let owner = host.connect(peer: "198.51.100.1:1")
        host.send(#"{"type":"login","name":"ann","password":"correct horse battery"}"#, from: owner)
        host.runBackgroundWork()
        #expect(host.take(owner).last?["type"]?.stringValue == "welcome")
        for _ in 0..<5 { #expect(tryPassword("wrong guess!")?["code"]?.stringValue == "bad_credentials") }
        #expect(tryPassword("correct horse battery")?["retry_after_ms"]?.intValue == 60_000)
    }

    @Test func anAddressHasAFewFailedSignInsAMinuteAcrossAccounts() throws {
        let (host, _) = try Self.host(config: Self.config { $0.failedLoginsPerMinutePerAddress = 3 })
        let guesser = host.connect(peer: "192.0.2.1:1")
        for name in ["a1", "a2", "a3"] {
            host.send(#"{"type":"login","name":"\#(name)","password":"password1"}"#, from: guesser)
            host.runBackgroundWork()
            #expect(host.take(guesser).last?["code"]?.stringValue == "bad_credentials")
        }
        host.send(#"{"type":"login","name":"a4","password":"password1"}"#, from: guesser)
        #expect(host.pendingBackgroundWork == 0)
        let refusal = try #require(host.take(guesser).last)
        #expect(refusal["code"]?.stringValue == "rate_limited")
        #expect(refusal["retry_after_ms"]?.intValue == 60_000)
        // Another address is not held back.
        let other = host.connect(peer: "198.51.100.1:1")
        host.send(#"{"type":"login","name":"a4","password":"password1"}"#, from: other)
        #expect(host.pendingBackgroundWork == 1)
    }

    @Test func anAddressRegistersFiveAccountsAnHour() throws {
        let (host, _) = try Self.host()
        let maker = host.connect(peer: "192.0.2.1:1")
        for number in 1...6 {
            let client = number == 1 ? maker : host.connect(peer: "192.0.2.1:\(number)")
            host.send(#"{"type":"register","name":"user\#(number)","password":"long enough"}"#, from: client)
            host.runBackgroundWork()
            let answer = host.take(client).last
            if number <= 5 {
                #expect(answer?["type"]?.stringValue == "welcome")
            } else {
                #expect(answer?["code"]?.stringValue == "rate_limited")
                #expect(answer?["retry_after_ms"]?.intValue == 3_600_000)
            }
        }
    }

    @Test func aFullQueueOfPasswordJobsAnswersServerBusyAtOnce() throws {
        let (host, _) = try Self.host(config: Self.config { $0.maxPasswordJobs = 2 })
        let clients = (1...3).map { host.connect(peer: "192.0.2.\($0):1") }
        for client in clients { host.send(#"{"type":"login","name":"ann","password":"password1","id":1}"#, from: client) }
        #expect(host.pendingBackgroundWork == 2)
        let busy = try #require(host.take(clients[2]).last)
        #expect(busy["code"]?.stringValue == "server_busy")
        #expect(busy["retry_after_ms"]?.intValue == 1_000)
        #expect(busy["id"]?.intValue == 1)
        host.runBackgroundWork()
        host.send(#"{"type":"login","name":"ann","password":"password1"}"#, from: clients[2])
        #expect(host.pendingBackgroundWork == 1)
    }

    @Test func anAccountsTokenOutlivesItsPlayerUntilLogout() throws {
        let (host, _) = try Self.host()
        let (ann, welcome) = Self.registerAnn(on: host)
        let token = try #require(welcome?["token"]?.stringValue)
        // Closed in no room: a guest's session would end here for good.
        host.drop(ann)
        let back = host.connect()
        host.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        let resumed = try #require(host.take(back).last)
        #expect(resumed["type"]?.stringValue == "welcome")
        #expect(resumed["name"]?.stringValue == "ann")
        #expect(resumed["account"]?.objectValue?["name"]?.stringValue == "ann")

        host.send(#"{"type":"logout","id":2}"#, from: back)
        host.runBackgroundWork()
        #expect(host.take(back).last == ["type": "ok", "id": 2])
        host.send(#"{"type":"rooms"}"#, from: back)
        #expect(host.take(back).last?["code"]?.stringValue == "not_logged_in")
        host.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        #expect(host.take(back).last?["code"]?.stringValue == "bad_token")
    }

    @Test func aRestartKeepsAccountsAndLiveSessionsAndNotEndedOnes() throws {
        let (first, log) = try Self.host()
        let (ann, welcome) = Self.registerAnn(on: first)
        let kept = try #require(welcome?["token"]?.stringValue)
        let other = first.connect()
        first.send(#"{"type":"login","name":"ann","password":"correct horse battery"}"#, from: other)
        first.runBackgroundWork()
        let ended = try #require(first.take(other).last?["token"]?.stringValue)
        first.send(#"{"type":"logout"}"#, from: other)
        first.runBackgroundWork()
        _ = ann

        // The same file read by a new start: rewritten with what is live.
        let (second, _) = try Self.host(log: MemoryLog(path: "memory/accounts.log", contents: log.bytes))
        let back = second.connect()
        second.send(#"{"type":"login","token":"\#(kept)"}"#, from: back)
        #expect(second.take(back).last?["account"]?.objectValue?["name"]?.stringValue == "ann")
        let dead = second.connect()
        second.send(#"{"type":"login","token":"\#(ended)"}"#, from: dead)
        #expect(second.take(dead).last?["code"]?.stringValue == "bad_token")
        let password = second.connect()
        second.send(#"{"type":"login","name":"ann","password":"correct horse battery"}"#, from: password)
        second.runBackgroundWork()
        #expect(second.take(password).last?["type"]?.stringValue == "welcome")
    }

    @Test func aStartStopsAtADamagedLineBeforeTheEndAndCutsATornLastOne() throws {
        let (first, log) = try Self.host()
        _ = Self.registerAnn(on: first)
        let lines = log.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        // A bit flipped in the account line, with the session line after it.
        var damaged = lines[0]
        damaged[30] ^= 0x01
        let bytes = damaged + [10] + lines[1] + [10]
        #expect(throws: AccountLog.Failure.self) {
            _ = try AccountLog(log: MemoryLog(path: "DATA/accounts.log", contents: bytes), dataDirectory: "DATA", policy: .always, book: AccountBook(), warn: { _ in })
        }
        do {
            _ = try AccountLog(log: MemoryLog(path: "DATA/accounts.log", contents: bytes), dataDirectory: "DATA", policy: .always, book: AccountBook(), warn: { _ in })
        } catch {
            #expect(error.description == "DATA/accounts.log: line 1 is damaged (its checksum does not match its bytes) and records follow it, "
                + "so the server does not start. Run `cardserver --repair --data DATA`: it keeps every good record and moves the damaged ones "
                + "to DATA/accounts.log.damaged")
        }
        // The session line torn by a crash: cut off with a warning; the account stays.
        let torn = lines[0] + [10] + lines[1].prefix(20)
        var warnings: [String] = []
        let book = AccountBook()
        let memory = MemoryLog(path: "DATA/accounts.log", contents: torn)
        _ = try AccountLog(log: memory, dataDirectory: "DATA", policy: .always, book: book, warn: { warnings.append($0) })
        #expect(book.count == 1 && book.sessions.isEmpty)
        #expect(warnings.count == 1)
        #expect(memory.bytes == lines[0] + [10])
    }

    @Test func aRegisterTheDiskRefusesIsNotMadeAndTheNameStaysFree() throws {
        let (host, log) = try Self.host()
        log.failAppends = "write(memory/accounts.log): No space left on device"
        let ann = host.connect()
        host.send(Self.register, from: ann)
        host.runBackgroundWork()
        let refusal = try #require(host.take(ann).last)
        #expect(refusal["code"]?.stringValue == "storage_unavailable")
        #expect(refusal["retry_after_ms"]?.intValue == 1_000)
        #expect(log.bytes.isEmpty)
        #expect(host.logLines.contains { $0.hasPrefix("accounts: the account ann was not registered: write(memory/accounts.log): No space left on device") })

        // Not registered: nothing to sign in to. Once the disk takes it, the same register works.
        log.failAppends = nil
        host.send(Self.register, from: ann)
        host.runBackgroundWork()
        #expect(host.take(ann).last?["type"]?.stringValue == "welcome")
    }

    @Test func aConnectionSignsInOnceAndOneSignInAtATime() throws {
        let (host, _) = try Self.host()
        let ann = host.connect()
        host.send(Self.register, from: ann)
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        #expect(host.take(ann).last?["message"]?.stringValue == "a sign-in of this connection is under way; wait for its answer")
        host.runBackgroundWork()
        _ = host.take(ann)
        host.send(#"{"type":"register","name":"other","password":"long enough"}"#, from: ann)
        #expect(host.take(ann).last?["message"]?.stringValue?.hasPrefix("you are already logged in as ann; log out first") == true)
    }
}
