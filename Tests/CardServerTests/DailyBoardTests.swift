@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A daily deal's board keeps its results ranked as they come, each player's first only.
struct DailyBoardTests {
    static func entry(_ name: String, finished: Bool = true, time: Int?, moves: Int? = nil, score: Int = 0) -> DailyLeaderboard.Entry {
        DailyLeaderboard.Entry(
            name: name, finished: finished, score: score, timeMs: time, figures: moves.map { [NamedScore(name: "moves", score: $0)] } ?? [])
    }

    @Test func klondikeRanksSolvedGamesByMovesThenTime() {
        var board = DailyBoard()
        board.add(Self.entry("dan", finished: false, time: nil, score: 30), game: "klondike")
        board.add(Self.entry("bob", time: 90_000, moves: 120), game: "klondike")
        board.add(Self.entry("ann", time: 200_000, moves: 98), game: "klondike")
        board.add(Self.entry("cat", time: 60_000, moves: 120), game: "klondike")
        board.add(Self.entry("ann", time: 10_000, moves: 80), game: "klondike")
        #expect(board.top(10).map(\.name) == ["ann", "cat", "bob", "dan"])
        #expect(board.top(1).map(\.timeMs) == [200_000], "ann's first game counts, not her quicker second")
    }

    @Test func setRanksByTimeThenScoreThenName() {
        var board = DailyBoard()
        board.add(Self.entry("eve", time: 70_000, score: 21), game: "set")
        board.add(Self.entry("bob", time: 70_000, score: 24), game: "set")
        board.add(Self.entry("ann", time: 70_000, score: 24), game: "set")
        board.add(Self.entry("cat", time: 50_000, score: 3), game: "set")
        #expect(board.top(10).map(\.name) == ["cat", "ann", "bob", "eve"])
        #expect(board.top(2).map(\.name) == ["cat", "ann"])
    }
}
