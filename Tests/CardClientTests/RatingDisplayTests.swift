import CardClient
import Testing
import Wire

/// Ratings in the terminal: beside names in a rated room, the change after a rated game, the
/// records screen's ratings with their history as a sparkline and the rating boards, and the
/// new-game form's "rating" row for an account.
struct RatingDisplayTests {
    static let welcomeAccount = #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":false,"room":null,"account":{"name":"ann","bot":false,"created_ms":1795000000000},"id":1}"#

    static func ratedState(phase: Phase, annRating: Double, bobRating: Double) -> String {
        ServerMessage.state(RoomState(
            room: "R2D2", game: "rps", seq: 3, phase: phase,
            players: [
                PlayerEntry(name: "ann", seat: 0, score: phase == .over ? 1 : 0, connected: true, rating: ShownRating(rating: annRating, provisional: true)),
                PlayerEntry(name: "bob", seat: 1, score: 0, connected: true, rating: ShownRating(rating: bobRating, provisional: false)),
            ],
            spectators: 0, seats: 2, rated: true,
            gameFields: .rps(RPSFields(round: 1, rounds: 1, roundSeconds: 30, waitingOn: [], timeLeftMs: nil, yourThrow: nil, lastRound: nil))
        )).jsonText
    }

    @Test func aRatedRoomShowsRatingsBesideNamesAndTheChangesAfterTheGame() {
        var model = Fixtures.rps([Self.ratedState(phase: .playing, annRating: 1500, bobRating: 1712.6)])
        var text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text[0].hasPrefix(" R2D2 · rock-paper-scissors · playing · rated "))
        #expect(text[1] == " ann (1500?) 0 · bob (1713) 0 · 0 watching")

        model.receive(Self.ratedState(phase: .over, annRating: 1500, bobRating: 1712.6))
        model.receive(ServerMessage.gameOver(GameOver(
            room: "R2D2", winners: ["ann"], scores: [NamedScore(name: "ann", score: 1), NamedScore(name: "bob", score: 0)], ratings: [
                RatingChange(name: "ann", before: 1500, after: 1690.4, diff: 190.4, deviation: 290.9, provisional: true),
                RatingChange(name: "bob", before: 1712.6, after: 1700.1, diff: -12.5, deviation: 80.2, provisional: false),
            ])).jsonText)
        text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text[1] == " ann (1690? +190) 1 · bob (1700 −13) 0 · 0 watching")
        #expect(text.contains(" ratings: ann 1690? (+190) · bob 1700 (−13)"))
    }

    @Test func theLobbyShowsARatedRoomsRatings() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn])
        model.receive(ServerMessage.rooms(RoomsPage(rooms: [
            RoomSummary(room: "K7QX", game: "rps", players: ["bob", "zed"], seats: 2, phase: .playing, spectators: 0,
                        ratings: [ShownRating(rating: 1712.6, provisional: false), nil]),
            RoomSummary(room: "W2W2", game: "set", players: ["cy"], seats: 4, phase: .waiting, spectators: 1),
        ], total: 2, next: nil), id: nil).jsonText)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 100, height: 24), color: false, now: 0))
        #expect(text.contains { $0.contains("K7QX") && $0.contains("bob 1713, zed ") }, "\(text)")
        #expect(text.contains { $0.contains("W2W2") && $0.contains("Set") && !$0.contains("rated") })
    }

    @Test func theRecordsScreenShowsRatingsWithTheirHistoryAndTheRatingBoards() {
        var model = Fixtures.model([Fixtures.hello, Self.welcomeAccount])
        _ = model.type("i")
        var stats = PlayerStats(name: "ann", games: 3, wins: 2, byGame: [PlayerStats.Line(key: "rps", games: 3, wins: 2, points: 2)])
        stats.ratings = [PlayerStats.GameRating(game: "rps", rating: 1649.2, deviation: 210.3, provisional: true, games: 3, history: [
            .init(endedMs: 1, rating: 1337.7, deviation: 290.3, diff: -162.3),
            .init(endedMs: 2, rating: 1566.9, deviation: 240.1, diff: 229.2),
            .init(endedMs: 3, rating: 1649.2, deviation: 210.3, diff: 82.3),
        ])]
        model.receive(ServerMessage.stats(stats, id: .int(3)).jsonText)
        model.receive(ServerMessage.ratingLeaderboard(RatingLeaderboard(game: "rps", entries: [
            RatingLeaderboard.Entry(name: "cy", rating: 1801.4, deviation: 70.2, games: 40),
            RatingLeaderboard.Entry(name: "robo", rating: 1650.5, deviation: 50, games: 300, bot: true),
        ]), id: .int(7)).jsonText)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(Array(text[2...8]) == [
            "  Your record",
            "    3 games, 2 won",
            "    rock-paper-scissors   3 games · 2 won · 2 points",
            "",
            "  Your ratings",
            "    rock-paper-scissors   1649? · 3 rated · +82 ▁▆█",
            "",
        ])
        #expect(text.contains("  Best rated (last 30 days)"))
        #expect(text.contains("    rock-paper-scissors   1. cy 1801  2. robo (bot) 1651"))
    }

    @Test func ratingsAndChangesAreWrittenAsPlayersReadThem() {
        #expect(RatingText.rating(1662.3, provisional: true) == "1662?")
        #expect(RatingText.rating(1719.5, provisional: false) == "1720")
        #expect(RatingText.change(162.3) == "+162")
        #expect(RatingText.change(-9.4) == "−9")
        #expect(RatingText.change(0.2) == "±0")
        #expect(RatingText.sparkline([1500, 1500]) == "▄▄")
        #expect(RatingText.sparkline([1400, 1450, 1500, 1600]) == "▁▃▅█")
        #expect(RatingText.sparkline([]) == "")
    }

    @Test func theFormHasARatingRowForAnAccountAndSendsRatedOnlyWhereItCounts() {
        var form = NewGameForm(offered: NewGameFormTests.allGames)
        #expect(!form.fields.contains(.rated))
        #expect(form.request?.rated == false)
        form.signedIn = true
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "rating", "variant", "seed", "daily"])
        #expect(form.label(of: .rated) == "rated (when every seat is an account)")
        #expect(form.request?.rated == true)
        form.move(by: 3)
        form.change(by: 1)
        #expect(form.label(of: .rated) == "casual")
        #expect(form.request?.rated == false)
        form.change(by: 1)
        // One seat: a solo game is never rated, and the form says so.
        form.move(by: -2)
        for _ in 0..<8 { form.change(by: -1) }
        #expect(form.current.seats == 1)
        #expect(form.label(of: .rated) == "casual (one seat, or the robot)")
        #expect(form.request?.rated == false)
    }
}
