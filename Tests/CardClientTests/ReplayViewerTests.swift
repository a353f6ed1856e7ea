import CardClient
import CardServer
import Foundation
import ScriptedServer
import Testing
import Wire

/// The replay viewer: a recent game chosen on the records screen, opened with Enter and
/// stepped through with ←/→, Home/End, each step's state rebuilt by the server.
struct ReplayViewerTests {
    static let rpsReplay = GameReplay(
        gameID: "K7QX-mwvhb92a-1", game: "rps", room: "K7QX", seed: 9, options: ["rounds": 1], players: ["ann", "bob"],
        startedMs: 1_795_000_000_000,
        steps: [
            GameReplay.Step(kind: .move, ms: 1_200, seat: 1, name: "bob", command: .throwSign(.paper)),
            GameReplay.Step(kind: .move, ms: 2_500, seat: 0, name: "ann", command: .throwSign(.rock)),
        ],
        result: GameOver(room: "K7QX", winners: ["bob"], scores: [NamedScore(name: "ann", score: 0), NamedScore(name: "bob", score: 1)], seed: 9, gameID: "K7QX-mwvhb92a-1"))

    @Test func enterOnARecentGameOpensItsReplayAndTheArrowsStepThroughIt() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        _ = model.type("i")
        model.receive(ServerMessage.stats(PlayerStats(name: "ann", games: 2, wins: 1, byGame: [], recent: [
            PlayerStats.RecentGame(gameID: "Z9ZZ-mwvhb000-4", game: "set", won: true),
            PlayerStats.RecentGame(gameID: "K7QX-mwvhb92a-1", game: "rps", won: false),
        ]), id: .int(3)).jsonText)
        let records = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 20), color: false, now: 0))
        #expect(Array(records[4...7]) == [
            "",
            "  Recent games · ↑↓ choose, Enter replays",
            "  › Set                   won · Z9ZZ-mwvhb000-4",
            "    rock-paper-scissors   not won · K7QX-mwvhb92a-1",
        ])
        #expect(records[19] == " ↑↓ game · Enter replay · Esc back")
        #expect(model.press([.down, .down]) == [])
        #expect(model.records?.chosenRecent == 1)
        #expect(model.press([.enter]) == [.transmit(#"{"type":"replay","game":"K7QX-mwvhb92a-1","id":9}"#)])

        // The record comes: the viewer opens on the deal, seen from ann's seat (0).
        #expect(model.receive(ServerMessage.replay(Self.rpsReplay, id: .int(9)).jsonText) == [
            .transmit(#"{"type":"replay","game":"K7QX-mwvhb92a-1","step":0,"seat":0,"id":10}"#),
        ])
        #expect(model.press([.right]) == [.transmit(#"{"type":"replay","game":"K7QX-mwvhb92a-1","step":1,"seat":0,"id":11}"#)])
        #expect(model.press([.end]) == [.transmit(#"{"type":"replay","game":"K7QX-mwvhb92a-1","step":2,"seat":0,"id":12}"#)])
        // Past the end there is nothing to ask.
        #expect(model.press([.right, .pageDown]) == [])
        #expect(model.press([.pageUp]) == [.transmit(#"{"type":"replay","game":"K7QX-mwvhb92a-1","step":0,"seat":0,"id":13}"#)])
        #expect(model.press([.home]) == [])
        #expect(model.viewer?.step == 0)
        // Esc goes back to the records screen; Esc again to where it was opened.
        _ = model.press([.escape])
        #expect(model.viewer == nil)
        #expect(model.records != nil)
        _ = model.press([.escape])
        #expect(model.records == nil)
    }

    @Test func enterWithNoRecentGameSaysSoAndAReplayArrivingAfterEscOpensNothing() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        _ = model.type("i")
        model.receive(ServerMessage.stats(PlayerStats(name: "ann", games: 0, wins: 0, byGame: []), id: .int(3)).jsonText)
        #expect(model.press([.enter]) == [])
        #expect(model.status?.text == "no recent game to replay yet: finish one, and it is listed here")
        _ = model.press([.escape])
        #expect(model.records == nil)
        #expect(model.receive(ServerMessage.replay(Self.rpsReplay, id: nil).jsonText) == [])
        #expect(model.viewer == nil)
    }

    @Test func aReplayOfAGameWithoutThisPlayerIsSeenFromTheFirstSeat() {
        #expect(ReplayViewer(replay: Self.rpsReplay, me: "bob").seat == 1)
        #expect(ReplayViewer(replay: Self.rpsReplay, me: "cy").seat == 0)
        #expect(ReplayViewer(replay: Self.rpsReplay, me: nil).seat == 0)
    }

    @Test func aPlayedGameIsReplayedFromTheRecordsScreenStepByStep() throws {
        let directory = SessionKeepingTests.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = try ResultsJournal(directory: directory, warn: { _ in })
        try journal.startWriting(notify: {})
        let replays = try ReplayStore(dataDirectory: directory, keepDays: 30, log: { _ in })
        let host = ScriptedHost(seed: 3, journal: journal, replays: replays)
        var ann = ScriptedSession(
            host: host, name: "ann", destination: .create(CreateRequest(game: "rps", options: ["bot": "random", "rounds": 1])))
        ann.finishOneRoundAndOpenRecords()
        #expect(ann.model.room?.phase == .over)
        let recent = try #require(ann.model.records?.stats?.recent.first)
        #expect(recent.game == "rps")
        ann.pressKeys([.enter])
        // The record, then the deal's frame, each read on the server's background worker.
        host.runBackgroundWork()
        ann.exchange()
        host.runBackgroundWork()
        ann.exchange()
        let viewer = try #require(ann.model.viewer)
        #expect(viewer.replay.gameID == recent.gameID)
        #expect(viewer.replay.players.filter { !$0.isEmpty } == ["ann"])
        #expect(viewer.seat == viewer.replay.players.firstIndex(of: "ann"))
        #expect(viewer.frame?.step == 0)
        // One round to win; a draw is thrown again, so a step each throw.
        let rounds = viewer.replay.steps.count
        #expect(rounds >= 1)
        #expect(viewer.replay.steps.allSatisfy { $0.command == .throwSign(.rock) && $0.name == "ann" })

        let size = ScreenSize(width: 80, height: 30)
        var text = Fixtures.trimmed(ScreenRenderer.render(ann.model, size: size, color: false, now: 0))
        #expect(text[0].hasPrefix(" Replay · rock-paper-scissors · ann, robot"))
        #expect(text[0].hasSuffix("game \(recent.gameID)"))
        #expect(text[1] == "  The deal · \(rounds) step\(rounds == 1 ? "" : "s") · → to play them")
        #expect(text[29] == " ←→ step · PgUp/PgDn 10 steps · Home/End deal/end · Esc back")

        ann.pressKeys([.end])
        host.runBackgroundWork()
        ann.exchange()
        #expect(ann.model.viewer?.frame?.step == rounds)
        #expect(ann.model.viewer?.frame?.state.phase == .over)
        text = Fixtures.trimmed(ScreenRenderer.render(ann.model, size: size, color: false, now: 0))
        #expect(text[1].hasPrefix("  Step \(rounds) of \(rounds) · 0:00 · you: throw rock · the end"))
        // What the last step caused, in the log's words: the round, then the result.
        let verdict = ann.model.room?.result.map { ClientModel.describeResult($0, me: "ann") } ?? "?"
        #expect(text[26].hasPrefix("  round 1: you ✊ rock vs robot "))
        #expect(text[27] == "  game over: " + verdict)
    }

    /// A solo Klondike with two hints among its moves.
    static let klondikeReplay = GameReplay(
        gameID: "W2W2-mwvhb92a-1", game: "klondike", room: "W2W2", seed: 5, options: [:], players: ["ann"], startedMs: 1_795_000_000_000,
        steps: [
            GameReplay.Step(kind: .move, ms: 1_000, seat: 0, name: "ann", command: .draw),
            GameReplay.Step(kind: .move, ms: 2_000, seat: 0, name: "ann", command: .hint),
            GameReplay.Step(kind: .move, ms: 3_000, seat: 0, name: "ann", command: .auto(from: .waste)),
            GameReplay.Step(kind: .move, ms: 4_000, seat: 0, name: "ann", command: .hint),
            GameReplay.Step(kind: .move, ms: 5_000, seat: 0, name: "ann", command: .move(from: .tableau(6), to: .tableau(1), count: 3)),
        ],
        result: GameOver(room: "W2W2", winners: [], scores: [NamedScore(name: "ann", score: 3)], seed: 5, gameID: "W2W2-mwvhb92a-1"))

    /// Hints changed nothing on the table: the replay skips them unless H shows them.
    @Test func aReplaySkipsHintsUntilHShowsThem() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        _ = model.type("i")
        model.receive(ServerMessage.stats(PlayerStats(name: "ann", games: 1, wins: 0, byGame: [], recent: [
            PlayerStats.RecentGame(gameID: "W2W2-mwvhb92a-1", game: "klondike", won: false),
        ]), id: .int(3)).jsonText)
        _ = model.press([.enter])
        model.receive(ServerMessage.replay(Self.klondikeReplay, id: .int(9)).jsonText)
        let viewer = try! #require(model.viewer)
        #expect(viewer.shownSteps == [0, 1, 3, 5])
        #expect(ReplayView.stepLine(viewer, me: "ann").plainText == "  The deal · 3 steps (2 hints skipped: H shows them) · → to play them")
        // → goes draw, send home, move: steps 1, 3 and 5 of the record.
        #expect(model.press([.right]) == [.transmit(#"{"type":"replay","game":"W2W2-mwvhb92a-1","step":1,"seat":0,"id":11}"#)])
        #expect(model.press([.right]) == [.transmit(#"{"type":"replay","game":"W2W2-mwvhb92a-1","step":3,"seat":0,"id":12}"#)])
        #expect(ReplayView.stepLine(model.viewer!, me: "ann").plainText == "  Step 2 of 3 · 0:03 · you: send w home")
        #expect(model.press([.end]) == [.transmit(#"{"type":"replay","game":"W2W2-mwvhb92a-1","step":5,"seat":0,"id":13}"#)])
        #expect(ReplayView.stepLine(model.viewer!, me: "ann").plainText == "  Step 3 of 3 · 0:05 · you: move 7 → 2 (3 cards) · the end")
        // H: the hints are steps again, and ← stops at the one before the move.
        #expect(model.press([.character("H")]) == [])
        #expect(model.viewer?.shownSteps == [0, 1, 2, 3, 4, 5])
        #expect(model.press([.left]) == [.transmit(#"{"type":"replay","game":"W2W2-mwvhb92a-1","step":4,"seat":0,"id":14}"#)])
        #expect(ReplayView.stepLine(model.viewer!, me: "ann").plainText == "  Step 4 of 5 · 0:04 · you: hint")
        // H again on a hint: back to the step shown before it.
        #expect(model.press([.character("H")]) == [.transmit(#"{"type":"replay","game":"W2W2-mwvhb92a-1","step":3,"seat":0,"id":15}"#)])
        #expect(ReplayView.keys(model.viewer!).map(\.key) == ["←→", "PgUp/PgDn", "Home/End", "H", "Esc"])
    }

    @Test func aConcentrationStepNamesTheCardByItsLetter() {
        #expect(ReplayView.describe(.flip(card: 2)) == "flip c")
        #expect(ReplayView.describe(.flip(card: 27)) == "flip B")
    }
}
