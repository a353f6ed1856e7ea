import CardServer
import Foundation
import GameRules
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// `leaderboard` with `daily`: a day's results of a daily deal, from the results journal,
/// finished games first and then by the game's own measure; each player's first try only.
struct DailyLeaderboardTests {
    /// Plays a solo daily Set game to its end: claims the solver's Set every `think` seconds.
    static func playDailySet(_ host: ScriptedHost, _ player: ClientID, think: Int) throws {
        host.send(#"{"type":"create","game":"set","seats":1,"options":{"daily":true}}"#, from: player)
        var state = try #require(host.take(player).last { $0["type"] == .string("state") })
        while state["phase"] == .string("playing") {
            let board = state["board"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue.flatMap(SetCard.init(id:)) } ?? []
            let set = try #require(SetSolver.firstClaim(on: board, variant: .classic))
            host.advance(by: .seconds(think))
            host.send(#"{"type":"claim","cards":[\#(set.map { String($0.id) }.joined(separator: ","))]}"#, from: player)
            host.confirmJournalWrites()
            state = try #require(host.take(player).last { $0["type"] == .string("state") })
        }
        host.send(#"{"type":"leave"}"#, from: player)
        _ = host.take(player)
    }

    @Test func theDaysResultsRankFinishedGamesByTimeAndCountTheFirstTryOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("daily-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptedHost(seed: 5, journalDirectory: directory)
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        let cat = host.player("cat", peer: "127.0.0.3:1")

        try Self.playDailySet(host, cat, think: 9)
        try Self.playDailySet(host, ann, think: 4)
        // Ann's second try is quicker, but only the first counts: she knows the deal now.
        try Self.playDailySet(host, ann, think: 1)
        // Bob claims once and leaves: a result, but not a finished one.
        host.send(#"{"type":"create","game":"set","seats":1,"options":{"daily":true}}"#, from: bob)
        let board = try #require(host.take(bob).last { $0["type"] == .string("state") }?["board"]?.arrayValue)
        let first = try #require(SetSolver.firstClaim(
            on: board.compactMap { $0.objectValue?["id"]?.intValue.flatMap(SetCard.init(id:)) }, variant: .classic))
        host.send(#"{"type":"claim","cards":[\#(first.map { String($0.id) }.joined(separator: ","))]}"#, from: bob)
        host.send(#"{"type":"leave"}"#, from: bob)
        host.confirmJournalWrites()
        _ = host.take(bob)

        host.send(#"{"type":"leaderboard","game":"set","daily":true,"id":1}"#, from: bob)
        let line = try #require(host.takeLines(bob).first)
        let reply = try #require(try JSONParser.parse(Array(line.utf8)).objectValue)
        #expect(reply["type"] == .string("daily_leaderboard"))
        #expect(reply["day"] == .string("2026-11-24"))
        #expect(reply["deal"] == .string("set"))
        let entries = reply["entries"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(entries.map { $0["name"]?.stringValue } == ["ann", "cat", "bob"])
        #expect(entries.map { $0["finished"] } == [.bool(true), .bool(true), .bool(false)])
        // Each claim came `think` seconds after the last: the time is that many seconds a Set.
        let sets = try #require(entries[0]["sets_found"]?.intValue)
        #expect(entries[0]["time_ms"] == .int(sets * 4_000))
        #expect(entries[1]["time_ms"] == .int(sets * 9_000))
        #expect(entries[0]["score"] == .int(sets * 3))
        #expect(entries[2]["time_ms"] == nil)
        #expect(entries[2]["score"] == .int(3))
        // Bob's own place, wherever it is on the board: third of three.
        #expect(reply["players"] == .int(3))
        #expect(reply["you"] == .object(["rank": 3, "name": "bob", "finished": false, "score": 3]))
        // The journal keeps the day, the deal and the figures, so a restart ranks the same.
        let journal = try String(contentsOfFile: directory + "/results.jsonl", encoding: .utf8)
        #expect(journal.contains(#""daily":{"day":"2026-11-24","deal":"set"},"summary":{"time_ms":\#(sets * 9_000),"sets_found":\#(sets),"wrong_claims":0,"hints":0}"#))

        let reopened = try ScriptedHost(seed: 6, journalDirectory: directory)
        let dan = reopened.player("dan")
        reopened.send(#"{"type":"leaderboard","game":"set","daily":"2026-11-24","id":2}"#, from: dan)
        // Dan has no result: the same board, without `you`.
        var expected = reply
        expected["you"] = nil
        expected["id"] = 2
        #expect(try JSONParser.parse(Array(try #require(reopened.takeLines(dan).first).utf8)).objectValue == expected)
        let ann2 = reopened.player("ann", peer: "127.0.0.4:1")
        reopened.send(#"{"type":"leaderboard","game":"set","daily":"2026-11-24","id":3}"#, from: ann2)
        #expect(reopened.take(ann2).first?["you"]?.objectValue?["rank"] == 1, "the first again after a restart")
    }

    @Test func anotherDayOrOtherOptionsHaveTheirOwnRanking() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"leaderboard","game":"klondike","daily":"2026-11-23","options":{"draw":3},"id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"daily_leaderboard","game":"klondike","day":"2026-11-23","deal":"klondike draw=3 passes=none scoring=none","entries":[],"players":0,"id":1}"#,
        ])
        host.send(#"{"type":"leaderboard","game":"set","daily":true,"options":{"variant":"ultra"},"id":2}"#, from: ann)
        #expect(host.take(ann).first?["deal"] == .string("set ultra"))
    }

    @Test(arguments: [
        (#"{"type":"leaderboard","game":"rps","daily":true,"id":1}"#, "rps has no daily deal; the games with one: set, klondike"),
        (#"{"type":"leaderboard","game":"chess","daily":true,"id":1}"#, "there is no game 'chess'; games: set, rps, rps-brain, concentration, klondike"),
        (#"{"type":"leaderboard","game":"klondike","daily":true,"options":{"draw":2},"id":1}"#, "option 'draw' must be 1 or 3, not 2"),
        (#"{"type":"leaderboard","game":"klondike","daily":true,"options":{"seed":4},"id":1}"#, "give 'daily' or 'seed', not both"),
    ])
    func aQueryForNoDailyDealSaysWhy(line: String, message: String) {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(line, from: ann)
        #expect(host.take(ann).first?["message"] == .string(message))
    }
}
