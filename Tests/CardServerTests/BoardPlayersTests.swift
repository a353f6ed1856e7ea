@testable import CardServer
import Foundation
import Testing
import Wire

/// Who the boards count: the server's robot is not a player of them, and a game won against
/// nobody (one seat, no robot) is a game but not a win, except a Klondike deal solved.
struct BoardPlayersTests {
    /// A journal of `records`, sealed as the server writes them, read back as a start reads it.
    func journal(of records: [GameRecord]) throws -> ResultsJournal {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("boards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(records.flatMap(\.jsonLine)).write(to: URL(fileURLWithPath: directory + "/results.jsonl"))
        var warnings: [String] = []
        let journal = try ResultsJournal(directory: directory) { warnings.append($0) }
        #expect(warnings == [])
        return journal
    }

    func record(_ number: Int, game: String, scores: [(String, Int)], winners: [String], robots: [String]? = nil, summary: SoloSummary? = nil) -> GameRecord {
        var record = GameRecord(
            id: "R\(number)-1", room: "R\(number)", game: game, seed: number, players: scores.map(\.0),
            scores: scores.map { NamedScore(name: $0.0, score: $0.1) }, winners: winners,
            startedMs: 1_795_000_000_000, endedMs: 1_795_000_060_000, summary: summary)
        record.robots = robots
        return record
    }

    @Test func theRobotIsNotOnTheBoardAndItsOpponentsWinsCount() throws {
        let journal = try journal(of: [
            record(1, game: "rps", scores: [("ann", 2), ("robot", 1)], winners: ["ann"], robots: ["robot"]),
            record(2, game: "rps", scores: [("ann", 0), ("robot-adaptive", 2)], winners: ["robot-adaptive"], robots: ["robot-adaptive"]),
            record(3, game: "rps", scores: [("bob", 1), ("robot", 2)], winners: ["robot"], robots: ["robot"]),
        ])
        #expect(journal.leaderboard(for: "rps", size: 10) == [
            PlayerStats.Line(key: "ann", games: 2, wins: 1, points: 2),
            PlayerStats.Line(key: "bob", games: 1, wins: 0, points: 1),
        ])
        let robot = journal.stats(for: "robot", gameOrder: ["rps"])
        #expect(robot.games == 0)
        #expect(robot.recent.isEmpty)
        #expect(journal.stats(for: "ann", gameOrder: ["rps"]).recent.count == 2)
    }

    /// A person who calls themselves `robot` and plays a person is on the board: only the
    /// record's `robots` says who the robot was.
    @Test func aPersonNamedRobotIsOnTheBoard() throws {
        let journal = try journal(of: [
            record(1, game: "rps", scores: [("robot", 2), ("cy", 1)], winners: ["robot"]),
        ])
        #expect(journal.leaderboard(for: "rps", size: 10) == [
            PlayerStats.Line(key: "robot", games: 1, wins: 1, points: 2),
            PlayerStats.Line(key: "cy", games: 1, wins: 0, points: 1),
        ])
    }

    @Test func aGameWonAgainstNobodyIsAGameButNoWin() throws {
        let journal = try journal(of: [
            record(1, game: "set", scores: [("ann", 27)], winners: ["ann"]),
            record(2, game: "set", scores: [("bob", 5), ("cy", 4)], winners: ["bob"]),
            record(3, game: "concentration", scores: [("ann", 8)], winners: ["ann"]),
            record(4, game: "klondike", scores: [("ann", 52)], winners: ["ann"],
                   summary: SoloSummary(timeMs: 245_100, figures: [NamedScore(name: "moves", score: 112)])),
        ])
        #expect(journal.leaderboard(for: "set", size: 10) == [
            PlayerStats.Line(key: "bob", games: 1, wins: 1, points: 5),
            PlayerStats.Line(key: "ann", games: 1, wins: 0, points: 27),
            PlayerStats.Line(key: "cy", games: 1, wins: 0, points: 4),
        ])
        #expect(journal.leaderboard(for: "concentration", size: 10) == [PlayerStats.Line(key: "ann", games: 1, wins: 0, points: 8)])
        // A deal solved is Klondike's win, ranked by its moves and time.
        #expect(journal.leaderboard(for: "klondike", size: 10) == [
            PlayerStats.Line(key: "ann", games: 1, wins: 1, points: 52, fewestMoves: 112, bestTimeMs: 245_100),
        ])
        let ann = journal.stats(for: "ann", gameOrder: ["set", "concentration", "klondike"])
        #expect(ann.games == 3)
        #expect(ann.wins == 1)
    }

    /// The robot's seat is written into the record, and read back from it.
    @Test func aRecordNamesItsRobotsAndReadsThemBack() {
        let line = record(1, game: "rps", scores: [("ann", 2), ("robot", 1)], winners: ["ann"], robots: ["robot"]).jsonLine
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""winners":["ann"],"started":"2026-11-18T11:06:40.000Z","ended":"2026-11-18T11:07:40.000Z","robots":["robot"],"crc":""#))
        #expect(GameRecord.summary(of: line.dropLast())?.robots == ["robot"])
        let none = record(2, game: "rps", scores: [("ann", 2), ("bob", 1)], winners: ["ann"]).jsonLine
        #expect(!String(decoding: none, as: UTF8.self).contains("robots"))
        #expect(GameRecord.summary(of: none.dropLast())?.robots == [])
    }
}
