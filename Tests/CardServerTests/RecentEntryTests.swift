@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A player's recent game as the journal keeps it (packed) gives back the game `stats.recent` shows.
struct RecentEntryTests {
    @Test func aKeptGameComesBackAsItWasGiven() {
        var names = RecentNames()
        let set = names.gameNumber("set")
        let klondike = names.gameNumber("klondike")
        #expect((set, klondike) == (0, 1))
        let summary = SoloSummary(timeMs: 61_000, figures: [NamedScore(name: "moves", score: 97), NamedScore(name: "undos", score: -3)])
        let entry = RecentEntry(
            gameID: "K7QX-mhz0k3xs-12", game: 1, scores: [NamedScore(name: "ann", score: 52)], winners: ["ann"],
            endedMs: 1_795_000_000_000, timeMs: 61_500, summary: summary, names: &names)
        #expect(entry.game(as: "ann", names: names) == PlayerStats.RecentGame(
            gameID: "K7QX-mhz0k3xs-12", game: "klondike", won: true, scores: [NamedScore(name: "ann", score: 52)], winners: ["ann"],
            endedMs: 1_795_000_000_000, timeMs: 61_500, summary: summary))
        // 2 + 8 + 4 + 4, the id (1 + 16), one score (1 + 1 + 3 + 1), one winner (1 + 1 + 3),
        // two figures (1, then 1 + 2 for 97 and 1 + 1 for -3).
        #expect(entry.packedBytes == 52)
    }

    @Test func aSharedGameSaysWhoWonToEachOfItsPlayers() {
        var names = RecentNames()
        let game = names.gameNumber("rps") ?? 0
        let scores = [NamedScore(name: "zoë", score: 2), NamedScore(name: "李雷", score: -9_000_000_000), NamedScore(name: "bob", score: .max)]
        let entry = RecentEntry(
            gameID: "AB12-1-1", game: game, scores: scores, winners: ["zoë", "bob"], endedMs: -5, timeMs: 0, summary: nil, names: &names)
        for (name, won) in [("zoë", true), ("李雷", false), ("bob", true)] {
            #expect(entry.game(as: name, names: names) == PlayerStats.RecentGame(
                gameID: "AB12-1-1", game: "rps", won: won, scores: scores, winners: ["zoë", "bob"], endedMs: -5, timeMs: 0))
        }
    }

    @Test func whatIsNotKnownStaysUnknown() {
        var names = RecentNames()
        let entry = RecentEntry(
            gameID: "AB12-1-1", game: names.gameNumber("rps") ?? 0, scores: [], winners: [], endedMs: nil, timeMs: nil, summary: nil,
            names: &names)
        #expect(entry.game(as: "bob", names: names) == PlayerStats.RecentGame(gameID: "AB12-1-1", game: "rps", won: false))
    }

    @Test func anEntryIsOneReference() {
        // 500,000 places in players' lists at start on a million results.
        #expect(MemoryLayout<RecentEntry>.stride == 8)
        #expect(MemoryLayout<Leaderboard.Figures>.stride == 24)
    }
}
