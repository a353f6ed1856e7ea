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
            .transmit(#"{"type":"leaderboard","game":"set","daily":true,"id":6}"#),
        ])
        model.receive(ServerMessage.stats(PlayerStats(name: "ann", games: 3, wins: 2, byGame: [
            PlayerStats.Line(key: "set", games: 1, wins: 1, points: 27), PlayerStats.Line(key: "rps", games: 2, wins: 1, points: 3),
        ]), id: .int(3)).jsonText)
        model.receive(ServerMessage.leaderboard(game: "set", entries: [PlayerStats.Line(key: "ann", games: 1, wins: 1, points: 27)], id: .int(4)).jsonText)
        model.receive(ServerMessage.leaderboard(game: "rps", entries: [], id: .int(5)).jsonText)
        model.receive(ServerMessage.dailyLeaderboard(DailyLeaderboard(game: "set", day: "2026-11-24", deal: "set", entries: [
            DailyLeaderboard.Entry(name: "bob", finished: true, score: 24, timeMs: 125_400, figures: [NamedScore(name: "sets_found", score: 8)]),
            DailyLeaderboard.Entry(name: "ann", finished: false, score: 3, timeMs: nil, figures: []),
        ]), id: .int(6)).jsonText)
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
}
