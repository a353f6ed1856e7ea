@testable import CardServer
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
