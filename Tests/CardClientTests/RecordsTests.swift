import CardClient
import Foundation
import ScriptedServer
import Testing
import Wire

/// The records screen: your results and each game's best players, from the lobby and after a game.
struct RecordsTests {
    @Test func fromTheLobbyItAsksForYourStatsAndEachLeaderboard() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        #expect(model.type("i") == [
            .transmit(#"{"type":"stats","name":"ann","id":3}"#),
            .transmit(#"{"type":"leaderboard","game":"set","id":4}"#),
            .transmit(#"{"type":"leaderboard","game":"rps","id":5}"#),
            .transmit(#"{"type":"leaderboard","game":"set","rated":true,"id":6}"#),
            .transmit(#"{"type":"leaderboard","game":"rps","rated":true,"id":7}"#),
            .transmit(#"{"type":"leaderboard","game":"set","daily":true,"id":8}"#),
        ])
        model.receive(ServerMessage.stats(PlayerStats(name: "ann", games: 3, wins: 2, byGame: [
            PlayerStats.Line(key: "set", games: 1, wins: 1, points: 27), PlayerStats.Line(key: "rps", games: 2, wins: 1, points: 3),
        ]), id: .int(3)).jsonText)
        model.receive(ServerMessage.leaderboard(game: "set", entries: [PlayerStats.Line(key: "ann", games: 1, wins: 1, points: 27)], id: .int(4)).jsonText)
        model.receive(ServerMessage.leaderboard(game: "rps", entries: [], id: .int(5)).jsonText)
        model.receive(ServerMessage.dailyLeaderboard(DailyLeaderboard(game: "set", day: "2026-11-24", deal: "set", entries: [
            DailyLeaderboard.Entry(name: "bob", finished: true, score: 24, timeMs: 125_400, figures: [NamedScore(name: "sets_found", score: 8)]),
            DailyLeaderboard.Entry(name: "ann", finished: false, score: 3, timeMs: nil, figures: []),
        ]), id: .int(8)).jsonText)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 20), color: false, now: 0))
        #expect(Array(text[10...12]) == [
            "",
            "  Today's daily deals (2026-11-24, UTC)",
            "    Set                   1. bob 2:05, 24 pts  2. ann unfinished",
        ])
        #expect(Array(text[2...10]) == [
            "  Your record",
            "    3 games, 2 won",
            "    Set                   1 game · 1 won · 27 points",
            "    rock-paper-scissors   2 games · 1 won · 3 points",
            "",
            "  Best players",
            "    Set                   1. ann 1/1",
            "    rock-paper-scissors   no games yet",
            "",
        ])
        #expect(text[19] == " Esc back")
        _ = model.press([.escape])
        #expect(model.records == nil)
    }

    @Test func afterAGameItCountsThatGame() throws {
        let directory = SessionKeepingTests.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptedHost(seed: 2, journalDirectory: directory)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "rps-brain", options: ["rounds": 1])))
        ann.finishOneRoundAndOpenRecords()
        #expect(ann.model.room?.phase == .over)
        #expect(ann.model.records?.stats?.games == 1)
        #expect(ann.model.records?.boards["rps-brain"]?.map(\.key) == ["ann"])
        let text = Fixtures.trimmed(ScreenRenderer.render(ann.model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text.contains("    1 game, \(ann.model.records?.stats?.wins ?? 0) won"))
    }

    /// Recent games with who played, the result, the day and the length; Klondike by its best
    /// win in moves and time, never by points (cards home).
    @Test func recentGamesSayOpponentResultDateAndLengthAndKlondikeHasNoPoints() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        _ = model.type("i")
        let ended = 1_795_572_240_012
        let scores = { (ann: Int, bob: Int) in [NamedScore(name: "ann", score: ann), NamedScore(name: "bob", score: bob)] }
        model.receive(ServerMessage.stats(PlayerStats(name: "ann", games: 5, wins: 3, byGame: [
            PlayerStats.Line(key: "klondike", games: 2, wins: 1, points: 72, fewestMoves: 112, bestTimeMs: 245_100),
            PlayerStats.Line(key: "rps", games: 3, wins: 2, points: 5),
        ], recent: [
            PlayerStats.RecentGame(gameID: "A", game: "rps", won: true, scores: scores(2, 1), winners: ["ann"], endedMs: ended, timeMs: 116_556),
            PlayerStats.RecentGame(gameID: "B", game: "rps", won: false, scores: scores(1, 2), winners: ["bob"], endedMs: ended - 3_600_000, timeMs: 61_000),
            PlayerStats.RecentGame(
                gameID: "C", game: "klondike", won: true, scores: [NamedScore(name: "ann", score: 52)], winners: ["ann"], endedMs: ended - 86_400_000,
                timeMs: 245_900, summary: SoloSummary(timeMs: 245_100, figures: [NamedScore(name: "moves", score: 112), NamedScore(name: "undos", score: 0)])),
            PlayerStats.RecentGame(
                gameID: "D", game: "klondike", won: false, scores: [NamedScore(name: "ann", score: 20)], winners: [], endedMs: ended - 90_000_000, timeMs: 30_000),
            PlayerStats.RecentGame(gameID: "E", game: "rps", won: true, scores: scores(1, 1), winners: ["ann", "bob"], endedMs: ended - 99_000_000, timeMs: 5_000),
        ]), id: .int(3)).jsonText)
        model.receive(ServerMessage.leaderboard(game: "set", entries: [], id: .int(4)).jsonText)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        let day = { (milliseconds: Int) in RecordsView.dateText(milliseconds: milliseconds, utcOffsetSeconds: RecordsView.localOffset(at: milliseconds)) }
        #expect(Array(text[2...12]) == [
            "  Your record",
            "    5 games, 3 won",
            "    Klondike              2 games · 1 won · best 112 moves, 4:05",
            "    rock-paper-scissors   3 games · 2 won · 5 points",
            "",
            "  Recent games · ↑↓ choose, Enter replays",
            "  › rock-paper-scissors   won 2–1 vs bob · \(day(ended)) · 1:56",
            "    rock-paper-scissors   lost 1–2 vs bob · \(day(ended - 3_600_000)) · 1:01",
            "    Klondike              solved in 112 moves · \(day(ended - 86_400_000)) · 4:05",
            "    Klondike              not solved · \(day(ended - 90_000_000)) · 0:30",
            "    rock-paper-scissors   draw 1–1 vs bob · \(day(ended - 99_000_000)) · 0:05",
        ])
        #expect(!text.contains { $0.contains("52") })
    }

    /// A recent game's result in words, for each kind of game.
    @Test func aRecentGamesResultInWords() {
        let klondike = { (points: Int?) in
            PlayerStats.RecentGame(
                gameID: "K", game: "klondike", won: true, scores: [NamedScore(name: "ann", score: points ?? 52)], winners: ["ann"],
                summary: SoloSummary(timeMs: 1_000, figures: [NamedScore(name: "moves", score: 98)] + (points.map { [NamedScore(name: "points", score: $0)] } ?? [])))
        }
        #expect(RecordsView.result(of: klondike(nil), me: "ann") == "solved in 98 moves")
        #expect(RecordsView.result(of: klondike(612), me: "ann") == "solved in 98 moves, 612 points")
        let race = PlayerStats.RecentGame(
            gameID: "R", game: "klondike", won: false, scores: [NamedScore(name: "ann", score: 30), NamedScore(name: "bob", score: 52)], winners: ["bob"])
        #expect(RecordsView.result(of: race, me: "ann") == "lost vs bob")
        let set = PlayerStats.RecentGame(
            gameID: "S", game: "set", won: true,
            scores: [NamedScore(name: "cy", score: 12), NamedScore(name: "ann", score: 21), NamedScore(name: "bob", score: -5)], winners: ["ann"])
        #expect(RecordsView.result(of: set, me: "ann") == "won with 21 vs cy 12, bob −5")
        let left = PlayerStats.RecentGame(gameID: "L", game: "rps", won: false, scores: [NamedScore(name: "ann", score: 0), NamedScore(name: "bob", score: 0)], winners: [])
        #expect(RecordsView.result(of: left, me: "ann") == "unfinished 0–0 vs bob")
        let solo = PlayerStats.RecentGame(gameID: "O", game: "set", won: true, scores: [NamedScore(name: "ann", score: 81)], winners: ["ann"])
        #expect(RecordsView.result(of: solo, me: "ann") == "81 points")
        #expect(RecordsView.result(of: PlayerStats.RecentGame(gameID: "X", game: "rps", won: false), me: "ann") == "not won")
    }

    @Test(arguments: [
        (1_795_572_240_012, 0, "25 Nov 02:04"), (1_795_572_240_012, 3_600, "25 Nov 03:04"), (1_795_572_240_012, -10_800, "24 Nov 23:04"),
        (0, 0, "1 Jan 00:00"),
    ])
    func aGamesDayAndTime(milliseconds: Int, offset: Int, text: String) {
        #expect(RecordsView.dateText(milliseconds: milliseconds, utcOffsetSeconds: offset) == text)
    }

    @Test func klondikesBestPlayersAreRankedByMovesAndTime() {
        var model = Fixtures.model([
            #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["klondike"]}"#, Fixtures.welcomeAnn,
        ])
        _ = model.type("i")
        model.receive(ServerMessage.leaderboard(game: "klondike", entries: [
            PlayerStats.Line(key: "bob", games: 4, wins: 1, points: 120, fewestMoves: 98, bestTimeMs: 301_000),
            PlayerStats.Line(key: "ann", games: 2, wins: 2, points: 104, fewestMoves: 112, bestTimeMs: 245_100),
            PlayerStats.Line(key: "cy", games: 3, wins: 0, points: 60),
        ], id: .int(4)).jsonText)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text.contains("    Klondike              1. bob 98 moves 5:01  2. ann 112 moves 4:05  3. cy 0/3"))
    }
}
