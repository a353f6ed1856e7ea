@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A player's recent game as the journal keeps it (small) gives back the game `stats.recent` shows.
struct RecentEntryTests {
    @Test func aKeptGameComesBackAsItWasGiven() {
        let summary = SoloSummary(timeMs: 61_000, figures: [NamedScore(name: "moves", score: 97)])
        let entry = RecentEntry(
            gameID: "K7QX-mhz0k3xs-12", game: 1, won: true, scores: [NamedScore(name: "ann", score: 52)], winners: ["ann"],
            endedMs: 1_795_000_000_000, timeMs: 61_500, summary: summary)
        #expect(entry.game(as: "ann", names: ["set", "klondike"]) == PlayerStats.RecentGame(
            gameID: "K7QX-mhz0k3xs-12", game: "klondike", won: true, scores: [NamedScore(name: "ann", score: 52)], winners: ["ann"],
            endedMs: 1_795_000_000_000, timeMs: 61_500, summary: summary))
    }

    @Test func whatIsNotKnownStaysUnknown() {
        let entry = RecentEntry(gameID: "AB12-1-1", game: 0, won: false, scores: [], winners: [], endedMs: nil, timeMs: nil, summary: nil)
        #expect(entry.game(as: "bob", names: ["rps"]) == PlayerStats.RecentGame(gameID: "AB12-1-1", game: "rps", won: false))
    }

    @Test func anEntryTakesAtMostSixtyFourBytes() {
        // 500,000 of them at start on a million results: 104 bytes each as the reply's type.
        #expect(MemoryLayout<RecentEntry>.stride <= 64)
    }
}
