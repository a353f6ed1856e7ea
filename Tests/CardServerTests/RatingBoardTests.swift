@testable import CardServer
import GameRules
import Ratings
import ScriptedServer
import Testing
import Wire

/// A game's rating board: established accounts (RD < 110) who played it rated in the last 30
/// days, best first, kept as results come.
struct RatingBoardTests {
    static let day: Int64 = 86_400_000

    /// Sets `account`'s rating in `game` as a game ending at `ms` would.
    static func rate(_ book: inout RatingBook, _ account: String, _ rating: Double, deviation: Double, at ms: Int64, game: String = "rps") {
        let after = Rating(rating: rating, deviation: deviation, volatility: 0.06)
        book.record([RatingBook.Change(name: account, account: account, before: 1500, after: after)], game: game, endedMs: ms)
    }

    static func names(_ board: [(account: String, entry: RatingBook.Entry)]) -> [String] {
        board.map(\.account)
    }

    @Test func onlyEstablishedRatingsBestFirstTiesByAccount() {
        var book = RatingBook()
        Self.rate(&book, "ann", 1600, deviation: 90, at: 1)
        Self.rate(&book, "bob", 1700, deviation: 109.9, at: 2)
        Self.rate(&book, "cy", 1800, deviation: 110, at: 3)
        Self.rate(&book, "di", 1600, deviation: 60, at: 4)
        Self.rate(&book, "eve", 1650, deviation: 50, at: 5, game: "set")
        #expect(Self.names(book.board(game: "rps", size: 10, nowMs: 10)) == ["bob", "ann", "di"])
        #expect(Self.names(book.board(game: "rps", size: 2, nowMs: 10)) == ["bob", "ann"])
        #expect(Self.names(book.board(game: "set", size: 10, nowMs: 10)) == ["eve"])
        #expect(book.board(game: "klondike", size: 10, nowMs: 10).isEmpty)
        // A new game moves an account: once, at its new rating, or off the board.
        Self.rate(&book, "ann", 1750, deviation: 85, at: 6)
        Self.rate(&book, "bob", 1500, deviation: 130, at: 7)
        #expect(Self.names(book.board(game: "rps", size: 10, nowMs: 10)) == ["ann", "di"])
        #expect(book.board(game: "rps", size: 10, nowMs: 10).first?.entry.games == 2)
    }

    @Test func anAccountIdleThirtyDaysLeavesTheBoardAndComesBackWithItsNextGame() {
        var book = RatingBook()
        Self.rate(&book, "ann", 1600, deviation: 90, at: 0)
        Self.rate(&book, "bob", 1500, deviation: 90, at: 10 * Self.day)
        #expect(Self.names(book.board(game: "rps", size: 10, nowMs: 30 * Self.day)) == ["ann", "bob"])
        #expect(Self.names(book.board(game: "rps", size: 10, nowMs: 30 * Self.day + 1)) == ["bob"])
        #expect(Self.names(book.board(game: "rps", size: 10, nowMs: 41 * Self.day)) == [])
        Self.rate(&book, "ann", 1610, deviation: 95, at: 42 * Self.day)
        #expect(Self.names(book.board(game: "rps", size: 10, nowMs: 42 * Self.day)) == ["ann"])
        #expect(book.entry(account: "bob", game: "rps")?.games == 1, "the board forgets; the rating stays")
    }

    /// A start's book builds its boards once, when first asked, and then follows each change:
    /// the same boards as a book that kept them all along.
    @Test func boardsBuiltAfterAStartsReadMatchBoardsKeptAllAlong() {
        var kept = RatingBook()
        var read = RatingBook(keepingBoards: false)
        var generator = SplitMix64(seed: 7)
        for index in 0..<2_000 {
            let account = "p\(generator.next() % 300)"
            let rating = 1_000 + Double(generator.next() % 10_000) / 10
            let deviation = 50 + Double(generator.next() % 1_200) / 10
            let game = ["rps", "set"][index % 2]
            Self.rate(&kept, account, rating, deviation: deviation, at: Int64(index) * 60_000, game: game)
            Self.rate(&read, account, rating, deviation: deviation, at: Int64(index) * 60_000, game: game)
        }
        let now = 2_000 * 60_000 as Int64
        for game in ["rps", "set", "klondike"] {
            #expect(Self.names(read.board(game: game, size: 50, nowMs: now)) == Self.names(kept.board(game: game, size: 50, nowMs: now)))
        }
        #expect(read.board(game: "rps", size: 50, nowMs: now).count == 50)
        // From then on a change moves the account on both.
        let top = Self.names(kept.board(game: "rps", size: 1, nowMs: now))[0]
        Self.rate(&kept, top, 900, deviation: 80, at: now, game: "rps")
        Self.rate(&read, top, 900, deviation: 80, at: now, game: "rps")
        #expect(Self.names(read.board(game: "rps", size: 300, nowMs: now)) == Self.names(kept.board(game: "rps", size: 300, nowMs: now)))
        #expect(Self.names(read.board(game: "rps", size: 300, nowMs: now)).last == top)
    }

    @Test func theWireAnswersWithTheBoardAndRefusesAnUnknownGame() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        // Two established ratings, as if each had played many rated games.
        for (account, rating) in [("ann", 1712.34), ("bob", 1650.0)] {
            host.server.ratings.record(
                [RatingBook.Change(name: account, account: account, before: 1500, after: Rating(rating: rating, deviation: 80.26, volatility: 0.06))],
                game: "rps", endedMs: host.wallMilliseconds)
        }
        host.send(#"{"type":"leaderboard","game":"rps","rated":true,"id":4}"#, from: bob)
        #expect(host.take(bob) == [[
            "type": "rating_leaderboard", "game": "rps",
            "entries": [
                ["name": "ann", "rating": 1712.3, "deviation": 80.3, "games": 1],
                ["name": "bob", "rating": 1650.0, "deviation": 80.3, "games": 1],
            ],
            "id": 4,
        ]])
        host.send(#"{"type":"leaderboard","game":"chess","rated":true}"#, from: ann)
        #expect(host.take(ann).first?["code"] == "bad_request")
    }
}
