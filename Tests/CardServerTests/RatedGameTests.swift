@testable import CardServer
import Ratings
import ScriptedServer
import Storage
import Testing
import Wire

/// Rated play on virtual time: which games are rated, the change `game_over` reports, what
/// `stats` and `state` show, and the ratings a start rebuilds from the journal.
struct RatedGameTests {
    /// A host with accounts (in memory) and a results journal on `journal`, read as a start reads it.
    static func host(journal: MemoryLog = MemoryLog(path: "memory/results.jsonl"), accounts: MemoryLog = MemoryLog(path: "memory/accounts.log")) throws -> ScriptedHost {
        let book = AccountBook()
        let accountLog = try AccountLog(log: accounts, dataDirectory: "DATA", policy: .always, book: book, warn: { _ in })
        let results = try ResultsJournal(log: journal, dataDirectory: "DATA", warn: { _ in })
        try results.startWriting(notify: {})
        return ScriptedHost(config: AccountTests.config(), journal: results, accounts: book, accountLog: accountLog)
    }

    /// Registers `name` on a new connection and empties its outbox.
    static func register(_ name: String, on host: ScriptedHost) -> ClientID {
        let client = host.connect(peer: "127.0.0.1:\(40_000 + name.utf8.count * 97 + Int(name.utf8.first ?? 0))")
        host.send(#"{"type":"register","name":"\#(name)","password":"correct horse battery"}"#, from: client)
        host.runBackgroundWork()
        _ = host.take(client)
        return client
    }

    /// Signs `name` in with its password on a new connection.
    static func signIn(_ name: String, on host: ScriptedHost) -> ClientID {
        let client = host.connect(peer: "127.0.0.1:41000")
        host.send(#"{"type":"login","name":"\#(name)","password":"correct horse battery"}"#, from: client)
        host.runBackgroundWork()
        _ = host.take(client)
        return client
    }

    /// ann creates a two-seat rps room of one round (rated unless told), bob joins: the game is
    /// under way. Returns ann's first state and the room's code.
    static func seatRPS(_ host: ScriptedHost, _ ann: ClientID, _ bob: ClientID, rated: Bool = true) throws -> (JSONObject, String) {
        host.send(#"{"type":"create","game":"rps","seats":2,"rated":\#(rated),"options":{"rounds":1}}"#, from: ann)
        let created = host.take(ann)
        let code = try #require(created.first?["room"]?.stringValue)
        let state = try #require(created.last)
        host.send(#"{"type":"join","room":"\#(code)"}"#, from: bob)
        return (state, code)
    }

    /// The last message of `type` sent to `client` since the last take.
    static func last(_ type: String, _ host: ScriptedHost, _ client: ClientID) -> JSONObject? {
        host.take(client).last { $0["type"]?.stringValue == type }
    }

    /// Glicko-2 for two new players, one win: 1500/350 → 1662.3 and 1337.7, both 290.3.
    static let firstWin: JSONValue = [
        "ann": ["before": 1500.0, "after": 1662.3, "diff": 162.3, "deviation": 290.3, "provisional": true],
        "bob": ["before": 1500.0, "after": 1337.7, "diff": -162.3, "deviation": 290.3, "provisional": true],
    ]

    @Test func aRatedMatchBetweenTwoAccountsChangesBothRatingsAndSaysSo() throws {
        let host = try Self.host()
        let ann = Self.register("ann", on: host)
        let bob = Self.register("bob", on: host)
        let (waiting, _) = try Self.seatRPS(host, ann, bob)
        // Waiting: rated if an account takes the empty seat; ann shows her (new) rating.
        #expect(waiting["rated"] == true)
        #expect(waiting["players"] == [["name": "ann", "seat": 0, "score": 0, "connected": true, "rating": 1500.0, "provisional": true]])
        // The lobby's line says the room is rated, with both ratings (bob has just joined).
        let zed = host.player("zed")
        host.send(#"{"type":"rooms"}"#, from: zed)
        let listed = try #require(host.take(zed).last?["rooms"]?.arrayValue?.first?.objectValue)
        #expect(listed["rated"] == true)
        #expect(listed["ratings"] == [["rating": 1500.0, "provisional": true], ["rating": 1500.0, "provisional": true]])
        let playing = try #require(Self.last("state", host, ann))
        #expect(playing["phase"] == "playing")
        #expect(playing["rated"] == true)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        host.confirmJournalWrites()
        let over = try #require(Self.last("game_over", host, ann))
        #expect(over["winners"] == ["ann"])
        #expect(over["ratings"] == Self.firstWin)
        #expect(Self.last("game_over", host, bob)?["ratings"] == Self.firstWin)

        host.send(#"{"type":"stats","name":"ann"}"#, from: bob)
        host.confirmJournalWrites()
        let stats = try #require(Self.last("stats", host, bob))
        // The history keeps the second a game ended.
        let endedMs = try #require(stats["recent"]?.arrayValue?.first?.objectValue?["ended_ms"]?.intValue)
        #expect(stats["ratings"] == [
            "rps": ["rating": 1662.3, "deviation": 290.3, "provisional": true, "games": 1,
                    "history": [["ended_ms": .int(endedMs / 1_000 * 1_000), "rating": 1662.3, "deviation": 290.3, "diff": 162.3]]],
        ])
        // The rematch's state shows the new ratings beside the names.
        host.send(#"{"type":"start"}"#, from: ann)
        host.send(#"{"type":"start"}"#, from: bob)
        let next = try #require(Self.last("state", host, ann))
        #expect(next["players"]?.arrayValue?.map { $0.objectValue?["rating"] } == [1662.3, 1337.7])
    }

    @Test func aGuestOrACasualRoomPlaysCasual() throws {
        let host = try Self.host()
        let ann = Self.register("ann", on: host)
        let zed = host.player("zed")
        let (_, _) = try Self.seatRPS(host, ann, zed)
        let playing = try #require(Self.last("state", host, ann))
        #expect(playing["rated"] == false)
        #expect(playing["players"]?.arrayValue?.map { $0.objectValue?["rating"] } == [1500.0, nil])
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: zed)
        host.confirmJournalWrites()
        let over = try #require(Self.last("game_over", host, ann))
        #expect(over["winners"] == ["ann"])
        #expect(over["ratings"] == nil)

        // Two accounts in a room not created rated: no `rated`, no ratings beside names.
        host.send(#"{"type":"leave"}"#, from: ann)
        host.send(#"{"type":"leave"}"#, from: zed)
        let bob = Self.register("bob", on: host)
        _ = host.take(ann)
        let (casual, _) = try Self.seatRPS(host, ann, bob, rated: false)
        #expect(casual["rated"] == nil)
        #expect(casual["players"]?.arrayValue?.first?.objectValue?["rating"] == nil)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        host.confirmJournalWrites()
        #expect(Self.last("game_over", host, ann)?["ratings"] == nil)
        host.send(#"{"type":"stats","name":"ann"}"#, from: ann)
        host.confirmJournalWrites()
        #expect(Self.last("stats", host, ann)?["ratings"] == nil)
    }

    @Test func aLeaverLosesAndAGameNobodyMovedInChangesNothing() throws {
        let host = try Self.host()
        let ann = Self.register("ann", on: host)
        let bob = Self.register("bob", on: host)
        // Nobody throws; ann leaves: no move, no result, no change.
        _ = try Self.seatRPS(host, ann, bob)
        host.send(#"{"type":"leave"}"#, from: ann)
        host.confirmJournalWrites()
        #expect(host.take(bob).contains { $0["type"] == "game_over" && $0["ratings"] == nil })
        host.send(#"{"type":"leave"}"#, from: bob)
        host.send(#"{"type":"stats","name":"bob"}"#, from: bob)
        host.confirmJournalWrites()
        #expect(Self.last("stats", host, bob)?["ratings"] == nil)

        // A two-round match: ann wins a round, then leaves: she loses though she leads.
        host.send(#"{"type":"create","game":"rps","seats":2,"rated":true,"options":{"rounds":3}}"#, from: bob)
        let code = try #require(host.take(bob).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(code)"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        host.send(#"{"type":"leave"}"#, from: ann)
        host.confirmJournalWrites()
        let over = try #require(Self.last("game_over", host, bob))
        #expect(over["ratings"] == [
            "bob": ["before": 1500.0, "after": 1662.3, "diff": 162.3, "deviation": 290.3, "provisional": true],
            "ann": ["before": 1500.0, "after": 1337.7, "diff": -162.3, "deviation": 290.3, "provisional": true],
        ])
    }

    @Test func aStartRebuildsTheRatingsFromTheJournalOnceAndIdleDaysWidenTheDeviation() throws {
        let journal = MemoryLog(path: "memory/results.jsonl")
        let accounts = MemoryLog(path: "memory/accounts.log")
        do {
            let host = try Self.host(journal: journal, accounts: accounts)
            let ann = Self.register("ann", on: host)
            let bob = Self.register("bob", on: host)
            _ = try Self.seatRPS(host, ann, bob)
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
            host.confirmJournalWrites()
            #expect(Self.last("game_over", host, ann)?["ratings"] == Self.firstWin)
        }
        // One record, its changes inside it.
        let lines = String(decoding: journal.bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines[0].contains(
            #""ratings":{"ann":{"account":"ann","before_e4":15000000,"rating_e4":16623109,"deviation_e4":2903190,"volatility_e9":59999675},"#
            + #""bob":{"account":"bob","before_e4":15000000,"rating_e4":13376891,"deviation_e4":2903190,"volatility_e9":59999675}}"#))

        let again = try Self.host(journal: journal, accounts: accounts)
        let carl = again.player("carl")
        again.send(#"{"type":"stats","name":"ann"}"#, from: carl)
        let stats = try #require(Self.last("stats", again, carl))
        let rps = try #require(stats["ratings"]?.objectValue?["rps"]?.objectValue)
        #expect(rps["rating"] == 1662.3)
        #expect(rps["games"] == 1)
        #expect(rps["history"]?.arrayValue?.count == 1)

        // 100 days without a rated game: the deviation grows as Glicko-2 says, to the cap.
        again.advance(by: .seconds(100 * 86_400))
        again.send(#"{"type":"stats","name":"ann"}"#, from: carl)
        let later = try #require(Self.last("stats", again, carl)?["ratings"]?.objectValue?["rps"]?.objectValue)
        let after = try #require(again.server.ratings.entry(account: "ann", game: "rps")).rating
        #expect(after == Rating(rating: 1662.3109, deviation: 290.319, volatility: 0.059999675))
        let grown = deviationAfterIdle(after, days: 100)
        #expect(grown > after.deviation && grown < 350)
        #expect(later["deviation"] == .double(roundedToTenth(grown)))
        #expect(later["rating"] == 1662.3)
    }

    /// The journal does not take the result (a crash before it was written, a full disk): no
    /// `game_over` goes out, and a start on that journal has neither the result nor the change.
    @Test func aResultTheJournalNeverTookLeavesNoRatingAfterAStart() throws {
        let journal = MemoryLog(path: "memory/results.jsonl")
        let accounts = MemoryLog(path: "memory/accounts.log")
        do {
            let host = try Self.host(journal: journal, accounts: accounts)
            let ann = Self.register("ann", on: host)
            let bob = Self.register("bob", on: host)
            _ = try Self.seatRPS(host, ann, bob)
            journal.failAppends = "write(memory/results.jsonl): No space left on device"
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
            host.confirmJournalWrites()
            #expect(!host.take(ann).contains { $0["type"] == "game_over" })
        }
        #expect(journal.bytes.isEmpty)
        let again = try Self.host(journal: journal, accounts: accounts)
        #expect(again.server.ratings.entry(account: "ann", game: "rps") == nil)
        let carl = again.player("carl")
        again.send(#"{"type":"stats","name":"ann"}"#, from: carl)
        let stats = try #require(Self.last("stats", again, carl))
        #expect(stats["games"] == 0)
        #expect(stats["ratings"] == nil)
    }

    /// Provisional while the deviation is 110 or more: games bring it under, idle months
    /// bring it back.
    @Test func theProvisionalMarkGoesWithGamesAndComesBackWithIdleTime() {
        var book = RatingBook()
        let day: Int64 = 86_400_000
        var games = 0
        while book.shown(account: "ann", game: "rps", nowMs: Int64(games) * day).provisional {
            let now = Int64(games) * day
            let changes = book.changes(
                game: "rps", players: [("ann", "ann", games % 2), ("bob", "bob", 1 - games % 2)], leavers: [], endedMs: now)
            book.record(changes, game: "rps", endedMs: now)
            games += 1
        }
        // A game a day, won and lost in turn: established after this many.
        #expect(games == 14)
        let settled = Int64(games - 1) * day
        #expect(book.entry(account: "ann", game: "rps")!.rating.deviation < 110)
        #expect(!book.shown(account: "ann", game: "rps", nowMs: settled).provisional)
        // Idle: the deviation grows back over 110, here in two days (it had just come under).
        let idleDays = (1...365).first { book.shown(account: "ann", game: "rps", nowMs: settled + Int64($0) * day).provisional }
        #expect(idleDays == 2)
        #expect(book.current(account: "ann", game: "rps", nowMs: settled + Int64(idleDays!) * day).deviation >= 110)
        #expect(book.current(account: "ann", game: "rps", nowMs: settled + Int64(idleDays! - 1) * day).deviation < 110)
    }

    /// Four players in one period: each is rated against the other three by score, a tie a draw.
    @Test func aFourPlayerGameRatesEachAgainstTheOtherThree() {
        var book = RatingBook()
        let players = [("ann", "ann", 9), ("bob", "bob", 6), ("cy", "cy", 6), ("di", "di", 0)].map { (name: $0.0, account: $0.1, score: $0.2) }
        let changes = book.changes(game: "set", players: players, leavers: [], endedMs: 1_000)
        book.record(changes, game: "set", endedMs: 1_000)
        let one = Rating.initial
        let expected = [
            updatedRating(one, results: [(one, .win), (one, .win), (one, .win)]),
            updatedRating(one, results: [(one, .loss), (one, .draw), (one, .win)]),
            updatedRating(one, results: [(one, .loss), (one, .draw), (one, .win)]),
            updatedRating(one, results: [(one, .loss), (one, .loss), (one, .loss)]),
        ]
        // On the record's grid: ten-thousandths of a point, billionths of volatility.
        let grid = { (rating: Rating) in RatingBook.Change(name: "", account: "", before: 0, after: rating).after }
        #expect(changes.map(\.after) == expected.map(grid))
        #expect(zip(changes, expected).allSatisfy { abs($0.after.rating - $1.rating) <= 0.00005 && abs($0.after.volatility - $1.volatility) <= 5e-10 })
        #expect(changes.map(\.shown.after) == [1799.6, 1500.0, 1500.0, 1200.4])
        // A leaver loses to the three who stayed, whatever the score; the three rank by score.
        let left = RatingBook().changes(game: "set", players: players, leavers: [0], endedMs: 1_000)
        #expect(left[0].after == grid(updatedRating(one, results: [(one, .loss), (one, .loss), (one, .loss)])))
        #expect(left[1].after == grid(updatedRating(one, results: [(one, .win), (one, .draw), (one, .win)])))
        #expect(book.entry(account: "cy", game: "set")?.games == 1)
        #expect(book.entry(account: "cy", game: "rps") == nil)
    }
}
