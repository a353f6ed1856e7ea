@testable import CardServer
import Foundation
import GameRules
import ServerTestSupport
import Testing
import Wire

/// Leaderboards kept in order as results arrive: the same answers as sorting every player
/// on each request, at a cost that does not grow with the players; and sums of figures
/// read from the journal that saturate instead of trapping.
struct LeaderboardTests {
    /// Thousands of random inserts and removes, some of elements already there or absent:
    /// after each, the set is exactly the sorted array of the same elements, and stays balanced.
    @Test func aRankedSetIsAlwaysTheSortedElementsAndStaysBalanced() {
        var generator = SplitMix64(seed: 26)
        var set = RankedSet<Int>()
        var naive: [Int] = []
        for step in 0..<6_000 {
            let value = Int.random(in: 0..<1_500, using: &generator)
            // Mostly inserts at first, then as many removes as inserts.
            if step < 2_000 || Bool.random(using: &generator) {
                #expect(set.insert(value) == !naive.contains(value))
                if !naive.contains(value) { naive.append(value) }
            } else {
                #expect(set.remove(value) == naive.contains(value))
                naive.removeAll { $0 == value }
            }
            naive.sort()
            let size = Int.random(in: 0...12, using: &generator)
            #expect(set.prefix(size) == Array(naive.prefix(size)))
            #expect(set.count == naive.count)
            #expect(Double(set.depth) <= 1.45 * log2(Double(set.count + 2)))
            // Ranks: of an element held, its place (1 for the least); of one absent, nil.
            let probe = Int.random(in: 0..<1_500, using: &generator)
            #expect(set.rank(of: probe) == naive.firstIndex(of: probe).map { $0 + 1 })
        }
        #expect(set.prefix(set.count) == naive)
        #expect(set.count > 500)
    }

    @Test func aRankedSetFilledInOrderStaysBalanced() {
        var set = RankedSet<Int>()
        for value in 0..<100_000 { set.insert(value) }
        #expect(set.depth == 17)
        #expect(set.prefix(3) == [0, 1, 2])
        for value in 0..<99_990 { set.remove(value) }
        #expect(set.prefix(20) == Array(99_990..<100_000))
        #expect(set.count == 10)
        #expect(set.depth == 4)
    }

    /// The leaderboard as it was computed before: every player sorted on each request.
    struct NaiveBoard {
        var lines: [String: PlayerStats.Line] = [:]

        mutating func add(_ name: String, won: Bool, points: Int) {
            let old = lines[name] ?? PlayerStats.Line(key: name, games: 0, wins: 0, points: 0)
            lines[name] = PlayerStats.Line(key: name, games: old.games + 1, wins: old.wins + (won ? 1 : 0), points: old.points + points)
        }

        func top(_ size: Int) -> [PlayerStats.Line] {
            Array(lines.values.sorted { ($1.wins, $1.points, $0.key) < ($0.wins, $0.points, $1.key) }.prefix(size))
        }
    }

    /// 5,000 results among 300 players, with ties in wins and points and negative points:
    /// after each, the top 10 is exactly the naive sort's, and at the end so is the whole board.
    @Test func aLeaderboardAnswersExactlyAsSortingEveryPlayer() {
        var generator = SplitMix64(seed: 11)
        let names = (0..<300).map { "player\($0)" } + ["Ann", "ann", "ånn", "a", "b"]
        var board = Leaderboard(ranked: true)
        var naive = NaiveBoard()
        for _ in 0..<5_000 {
            let name = names.randomElement(using: &generator)!
            let won = Int.random(in: 0..<3, using: &generator) == 0
            // Few distinct points, so players tie on wins and points and the name decides.
            let points = Int.random(in: -2...3, using: &generator)
            board.add(name, won: won, points: points)
            naive.add(name, won: won, points: points)
            #expect(board.top(ServerConfig.leaderboardSize) == naive.top(ServerConfig.leaderboardSize))
        }
        #expect(board.top(1_000) == naive.top(1_000))
        #expect(board.top(1_000).count == names.count)
        #expect(board.figures(of: "ann").map { $0.games } == naive.lines["ann"]?.games)
        #expect(board.figures(of: "nobody") == nil)
    }

    /// As at a start: 20,000 results only counted, then one sort, then 2,000 more kept in order.
    @Test func aBoardRankedAfterCountingAnswersAsIfRankedThroughout() {
        var generator = SplitMix64(seed: 12)
        var board = Leaderboard(ranked: false)
        var naive = NaiveBoard()
        func play() {
            let name = "p\(Int.random(in: 0..<400, using: &generator))"
            let won = Bool.random(using: &generator)
            let points = Int.random(in: -3...5, using: &generator)
            board.add(name, won: won, points: points)
            naive.add(name, won: won, points: points)
        }
        for _ in 0..<20_000 { play() }
        board.rank()
        #expect(board.top(1_000) == naive.top(1_000))
        for _ in 0..<2_000 {
            play()
            #expect(board.top(ServerConfig.leaderboardSize) == naive.top(ServerConfig.leaderboardSize))
        }
        #expect(board.top(1_000) == naive.top(1_000))
    }

    @Test func aRankedSetBuiltFromSortedElementsIsBalancedAndKeepsOrder() {
        var set = RankedSet(sorted: Array(0..<1_000).map { $0 * 2 })
        #expect(set.count == 1_000)
        #expect(set.depth == 10)
        #expect(set.prefix(1_000) == Array(0..<1_000).map { $0 * 2 })
        let (added, again, removed) = (set.insert(7), set.insert(8), set.remove(0))
        #expect(added && !again && removed)
        #expect(set.prefix(5) == [2, 4, 6, 7, 8])
        #expect(set.rank(of: 7) == 4)
        #expect(set.rank(of: 1_998) == 1_000)
        #expect(set.rank(of: 9) == nil)
        #expect(RankedSet<Int>(sorted: []).prefix(3) == [])
    }

    @Test func pointsSaturateInsteadOfTrapping() {
        var board = Leaderboard(ranked: true)
        board.add("ann", won: true, points: 5)
        board.add("ann", won: true, points: .max)
        board.add("ann", won: false, points: 7)
        board.add("bob", won: true, points: .min)
        board.add("bob", won: true, points: -1)
        board.add("bob", won: true, points: 10)
        #expect(board.figures(of: "ann") == Leaderboard.Figures(games: 3, wins: 2, points: .max))
        #expect(board.figures(of: "bob") == Leaderboard.Figures(games: 3, wins: 3, points: .min + 10))
        #expect(board.top(10) == [
            PlayerStats.Line(key: "bob", games: 3, wins: 3, points: .min + 10),
            PlayerStats.Line(key: "ann", games: 3, wins: 2, points: .max),
        ])
    }

    @Test(arguments: [
        (Int.max, 1, Int.max), (1, Int.max, Int.max), (Int.min, -1, Int.min), (-1, Int.min, Int.min),
        (Int.max, Int.min, -1), (40, -2, 38),
    ])
    func saturatedSums(_ a: Int, _ b: Int, _ sum: Int) {
        #expect(a.addingSaturated(b) == sum)
    }

    /// A daily deal's board against sorting every entry by ``DailyRanking``: 3,000 results,
    /// each player's first only, many of them tied on moves or time.
    @Test(arguments: ["klondike", "set"])
    func aDailyBoardAnswersExactlyAsSortingEveryEntry(_ game: String) {
        var generator = SplitMix64(seed: 7)
        var board = DailyBoard()
        var naive: [DailyLeaderboard.Entry] = []
        for _ in 0..<3_000 {
            let finished = Int.random(in: 0..<4, using: &generator) != 0
            let entry = DailyLeaderboard.Entry(
                name: "p\(Int.random(in: 0..<2_000, using: &generator))", finished: finished,
                score: Int.random(in: 0...30, using: &generator), timeMs: finished ? Int.random(in: 1...20, using: &generator) * 1_000 : nil,
                figures: [NamedScore(name: "moves", score: Int.random(in: 80...90, using: &generator))])
            board.add(entry, game: game)
            if !naive.contains(where: { $0.name == entry.name }) { naive.append(entry) }
        }
        naive.sort { DailyRanking.precedes($0, $1, game: game) }
        #expect(board.top(ServerConfig.leaderboardSize) == Array(naive.prefix(ServerConfig.leaderboardSize)))
        #expect(board.top(naive.count + 1) == naive)
    }

    /// A journal somebody edited by hand, with scores of ±(2^63 − 1) and −2^63: the start
    /// reads it (instead of trapping on the sum), and the sums stay at the ends of Int.
    @Test func aJournalWithDoctoredScoresStartsAndItsSumsSaturate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doctored-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let games: [(ann: Int, bob: Int, winner: String)] = [(3, 1, "ann"), (.max, .min, "ann"), (.max, .min, "bob"), (2, -5, "ann")]
        let lines = games.enumerated().flatMap { number, game in
            GameRecord(
                id: "ROOM-\(number)", room: "ROOM", game: "rps", seed: number, players: ["ann", "bob"],
                scores: [NamedScore(name: "ann", score: game.ann), NamedScore(name: "bob", score: game.bob)],
                winners: [game.winner], startedMs: 1_000, endedMs: 2_000
            ).jsonLine
        }
        #expect(FileManager.default.createFile(atPath: directory + "/results.jsonl", contents: Data(lines)))
        var warnings: [String] = []
        let journal = try ResultsJournal(directory: directory) { warnings.append($0) }
        #expect(warnings == [])
        #expect(journal.leaderboard(for: "rps", size: 10) == [
            PlayerStats.Line(key: "ann", games: 4, wins: 3, points: .max),
            PlayerStats.Line(key: "bob", games: 4, wins: 1, points: .min),
        ])
        let stats = journal.stats(for: "ann", gameOrder: ["rps", "set"])
        #expect(stats == PlayerStats(
            name: "ann", games: 4, wins: 3, byGame: [PlayerStats.Line(key: "rps", games: 4, wins: 3, points: .max)],
            recent: (0..<4).reversed().map {
                PlayerStats.RecentGame(
                    gameID: "ROOM-\($0)", game: "rps", won: games[$0].winner == "ann",
                    scores: [NamedScore(name: "ann", score: games[$0].ann), NamedScore(name: "bob", score: games[$0].bob)],
                    winners: [games[$0].winner], endedMs: 2_000, timeMs: 1_000)
            }))
    }

    /// Klondike ranks by the fewest moves of a one-seat game won, then the best time of one: not by
    /// wins or by points (cards home). Players with no such win come after, by name.
    @Test func klondikeRanksByFewestMovesThenBestTimeOfAGameWon() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("klondike-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // (player, won, moves, seconds)
        let games: [(String, Bool, Int, Int)] = [
            ("ann", true, 130, 300), ("ann", true, 120, 400), ("ann", true, 150, 200), ("bob", true, 120, 250),
            ("cy", false, 80, 100), ("cy", false, 90, 100), ("dee", true, 140, 500), ("dee", true, 140, 500),
        ]
        let lines = games.enumerated().flatMap { number, game in
            GameRecord(
                id: "K\(number)", room: "ROOM", game: "klondike", seed: number, players: [game.0],
                scores: [NamedScore(name: game.0, score: game.1 ? 52 : 20)], winners: game.1 ? [game.0] : [],
                startedMs: 1_795_000_000_000, endedMs: 1_795_000_000_000 + Int64(game.3) * 1000,
                summary: game.1 ? SoloSummary(timeMs: game.3 * 1000, figures: [NamedScore(name: "moves", score: game.2), NamedScore(name: "undos", score: 0)]) : nil
            ).jsonLine
        }
        #expect(FileManager.default.createFile(atPath: directory + "/results.jsonl", contents: Data(lines)))
        let journal = try ResultsJournal(directory: directory) { _ in }
        let expected = [
            PlayerStats.Line(key: "ann", games: 3, wins: 3, points: 156, fewestMoves: 120, bestTimeMs: 200_000),
            PlayerStats.Line(key: "bob", games: 1, wins: 1, points: 52, fewestMoves: 120, bestTimeMs: 250_000),
            PlayerStats.Line(key: "dee", games: 2, wins: 2, points: 104, fewestMoves: 140, bestTimeMs: 500_000),
            PlayerStats.Line(key: "cy", games: 2, wins: 0, points: 40),
        ]
        #expect(journal.leaderboard(for: "klondike", size: 10) == expected)
        #expect(journal.stats(for: "ann", gameOrder: ["klondike"]).byGame == [
            PlayerStats.Line(key: "klondike", games: 3, wins: 3, points: 156, fewestMoves: 120, bestTimeMs: 200_000),
        ])
        // Kept in order as results come: the same board whether ranked at the start or throughout.
        var board = Leaderboard(ranked: true, byMoves: true)
        for game in games {
            board.add(game.0, won: game.1, points: game.1 ? 52 : 20, solved: game.1 ? (game.2, game.3 * 1000) : nil)
        }
        #expect(board.top(10) == expected)
        board.add("cy", won: true, points: 52, solved: (119, 900_000))
        #expect(board.top(2).map(\.key) == ["cy", "ann"])
    }

    @Test(arguments: [
        ("2026-11-22T01:02:03.456Z", Int64(1_795_309_323_456)), ("1970-01-01T00:00:00.000Z", Int64(0)),
        ("2026-11-22T01:02:03Z", nil), ("2026-11-22 01:02:03.456Z", nil), ("2026-1x-22T01:02:03.456Z", nil),
    ])
    func aJournalTimeReadsBackToItsMilliseconds(text: String, milliseconds: Int64?) {
        #expect(Timestamp.milliseconds(iso8601: text) == milliseconds)
        if let milliseconds { #expect(Timestamp.iso8601(milliseconds: milliseconds) == text) }
    }
}
