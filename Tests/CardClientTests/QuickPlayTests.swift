@testable import CardClient
import CardServer
import Testing
import Wire

/// The lobby's quick-play screen, where the lobby opens (`p` or Esc between it and the rooms):
/// the server's pools, `pool_join` on Enter, the wait as `pool_status` tells it, `paired`
/// straight into the room, and `c` to stop waiting.
struct QuickPlayTests {
    /// ann in the lobby with the server's catalog (and its pools) in.
    static func lobby() -> ClientModel {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.receive(Fixtures.hello)
        model.receive(Fixtures.welcomeAnn)
        model.receive(ServerMessage.games(GameServer.gameCatalog, pools: GameServer.poolCatalog, id: nil).jsonText)
        return model
    }

    static func screen(_ model: ClientModel) -> [String] {
        Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
    }

    @Test func pListsThePoolsAndEnterWaitsInTheChosenOne() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.receive(Fixtures.hello)
        // The lobby opens on the screen: it subscribes to the lobby (its seeks and pool counts)
        // and asks who is online and the daily deals' boards, all read by their replies' types (no id).
        #expect(model.receive(Fixtures.welcomeAnn).suffix(3) == [
            .transmit(#"{"type":"subscribe","lobby":true}"#), .transmit(#"{"type":"players"}"#), .transmit(#"{"type":"leaderboard","game":"set","daily":true}"#),
        ])
        model.receive(ServerMessage.games(GameServer.gameCatalog, pools: GameServer.poolCatalog, id: nil).jsonText)
        model.receive(ServerMessage.lobby(
            LobbySnapshot(rooms: [], more: false, seeks: [], pools: [PoolCount(pool: "rps-5", waiting: 2)], online: 3), id: nil).jsonText)
        var text = Self.screen(model)
        #expect(text[2] == "  Quick play  you are paired with a player of your rating, in seconds")
        #expect(text[3] == "  ▸ rps-3            rock-paper-scissors, best of 3")
        #expect(text[8] == "    rps-brain-2      rps-brain for 2")
        #expect(text[9] == "    Daily Set        today's deal, the same for everyone")
        #expect(text[10] == "  Open seeks  games of two others offer; n, then o in the form, opens yours")
        #expect(text[4] == "    rps-5            rock-paper-scissors, best of 5  2 waiting")
        #expect(text[11] == "    none you may take right now")
        #expect(text[23] == " ↑↓ choose · Enter play · c cancel · n new game · Esc rooms · ? keys · q quit")
        #expect(model.press([.down, .down]).isEmpty)
        let joined = model.press([.enter])
        #expect(joined.count == 1)
        guard case .transmit(let line)? = joined.first else { return }
        #expect(line.hasPrefix(#"{"type":"pool_join","pool":"set-2""#))
        model.receive(ServerMessage.poolStatus(PoolStatus(pool: "set-2", waiting: 3, waitedMs: 6_000, nextWaveMs: 2_400)).jsonText)
        text = Self.screen(model)
        #expect(text[5] == "  ▸ set-2            Set race for 2  waiting")
        #expect(text[13] == "  Waiting in set-2: 2 other players, 6 s so far; next pairing in 3 s")
        // Paired: straight into the room, the screen gone.
        model.receive(ServerMessage.paired(room: "K7QX", pool: "set-2", game: "set", seat: 1).jsonText)
        #expect(model.quickPlay == nil)
        #expect(model.room?.code == "K7QX")
        #expect(model.room?.seat == 1)
    }

    /// Three players show at once; the cursor goes on past them, and the lines follow it, so
    /// the fifth of five can be challenged too (the list stopped at the third).
    @Test func theCursorGoesThroughEveryPlayerListedAndTheLinesFollowIt() {
        var model = Self.lobby()
        let names = ["bob", "cyd", "dan", "eve", "fay"]
        model.receive(ServerMessage.players(names.map { OnlinePlayer(name: $0, account: false, bot: false, seated: false) }, total: 5, id: nil).jsonText)
        let shown = { Array(Self.screen(model)[13...15]) }
        #expect(shown() == ["    bob", "    cyd", "    dan"])
        // Past the pools and the daily deals, then bob.
        _ = model.press(Array(repeating: .down, count: 7))
        #expect(shown() == ["  ▸ bob", "    cyd", "    dan"])
        _ = model.press([.down, .down, .down])
        #expect(shown() == ["    cyd", "    dan", "  ▸ eve"])
        _ = model.press([.down, .down])
        #expect(shown() == ["    dan", "    eve", "  ▸ fay"], "the last stays the last")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"challenge","name":"fay","game":"set","id":3}"#)])
        _ = model.press([.up, .up, .up, .up])
        #expect(shown() == ["  ▸ bob", "    cyd", "    dan"])
    }

    @Test func aSeekIsListedUnderThePoolsAndEnterTakesIt() {
        var model = Self.lobby()
        let seek = SeekInfo(
            seek: "s4", from: "bob", rating: ShownRating(rating: 1662.3, provisional: true), bot: false,
            request: SeekRequest(game: "rps", options: ["rounds": 5], rated: true), waitedMs: 3_000)
        model.receive(ServerMessage.seekAdded(seek).jsonText)
        #expect(Self.screen(model)[11] == "    bob (1662?)      rock-paper-scissors (rounds 5) · rated")
        model.receive(ServerMessage.players([
            OnlinePlayer(name: "bob", account: true, bot: false, seated: false, ratings: [("rps", ShownRating(rating: 1662.3, provisional: true))]),
            OnlinePlayer(name: "robo", account: true, bot: true, seated: true),
        ], total: 5, id: nil).jsonText)
        let screen = Self.screen(model)
        #expect(screen[12] == "  Online  Enter challenges to the new-game form's game  5 in all")
        #expect(screen[13] == "    bob              rps 1662?")
        #expect(screen[14] == "    robo (bot)       seated")
        // Down to robo, Enter: the form's game (Set, as it opens first) goes to him as a challenge.
        _ = model.press(Array(repeating: .down, count: 9))
        #expect(Self.screen(model)[14] == "  ▸ robo (bot)       seated")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"challenge","name":"robo","game":"set","id":3}"#)])
        // A fresh snapshot keeps the cursor on the player's line (it counts the players too).
        model.receive(ServerMessage.lobby(LobbySnapshot(rooms: [], more: false, seeks: [seek], pools: [], online: 6), id: nil).jsonText)
        #expect(model.quickPlay?.cursor == 9)
        _ = model.press([.up, .up])
        #expect(Self.screen(model)[11] == "  ▸ bob (1662?)      rock-paper-scissors (rounds 5) · rated")
        // One more up: the daily Set line; its board says who played and where this player stands.
        _ = model.press([.up])
        model.receive(ServerMessage.dailyLeaderboard(DailyLeaderboard(
            game: "set", day: "2026-11-30", deal: "set", entries: [
                DailyLeaderboard.Entry(name: "cy", finished: true, score: 81, timeMs: 252_000, figures: []),
            ], players: 12, you: DailyLeaderboard.Standing(
                rank: 3, entry: DailyLeaderboard.Entry(name: "ann", finished: true, score: 60, timeMs: 400_000, figures: []))), id: nil).jsonText)
        #expect(Self.screen(model)[9] == "  ▸ Daily Set        12 played today · best cy in 4:12 · you 3rd")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"create","game":"set","seats":1,"options":{"daily":true},"id":4}"#)])
        _ = model.press([.down])
        #expect(model.press([.enter]) == [.transmit(#"{"type":"seek_accept","seek":"s4","id":5}"#)])
        // Opened from the form with o (Esc shows the rooms, n opens the form there); x takes it back.
        #expect(model.press([.escape]) == [.transmit(#"{"type":"unsubscribe","lobby":true}"#)])
        #expect(model.quickPlay == nil)
        _ = model.type("n")
        let opened = model.type("o")
        #expect(opened.contains(.transmit(#"{"type":"seek","game":"set","rated":false,"id":6}"#)))
        model.receive(#"{"type":"seek_open","seek":"s9","expires_ms":600000,"id":6}"#)
        #expect(model.mySeek == "s9")
        #expect(model.type("p") == [
            .transmit(#"{"type":"subscribe","lobby":true}"#), .transmit(#"{"type":"players"}"#), .transmit(#"{"type":"leaderboard","game":"set","daily":true}"#),
            .transmit(#"{"type":"leaderboard","game":"klondike","daily":true}"#),
        ])
        #expect(model.type("x") == [.transmit(#"{"type":"seek_cancel","seek":"s9","id":7}"#)])
        #expect(model.mySeek == nil)
        // A seek taken by someone else leaves the list as the stream says so; Esc unsubscribes.
        model.receive(ServerMessage.seekAdded(seek).jsonText)
        #expect(model.quickPlay?.seeks.map(\.seek) == ["s4"])
        model.receive(ServerMessage.seekRemoved(seek: "s4").jsonText)
        #expect(model.quickPlay?.seeks.isEmpty == true)
        #expect(model.press([.escape]) == [.transmit(#"{"type":"unsubscribe","lobby":true}"#)])
    }

    @Test func cStopsWaitingAndEscapeWhileWaitingLeavesThePoolToo() {
        var model = Self.lobby()
        _ = model.press([.enter])
        let stopped = model.type("c")
        guard case .transmit(let line)? = stopped.first else {
            Issue.record("c sent nothing")
            return
        }
        #expect(line.hasPrefix(#"{"type":"pool_leave""#))
        #expect(model.quickPlay?.waitingIn == nil)
        _ = model.press([.enter])
        let escaped = model.press([.escape])
        guard case .transmit(let leave)? = escaped.first else {
            Issue.record("Esc while waiting sent nothing")
            return
        }
        #expect(leave.hasPrefix(#"{"type":"pool_leave""#))
        #expect(model.quickPlay == nil)
    }

    @Test func withoutTheCatalogYetTheScreenAsksForIt() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.receive(Fixtures.hello)
        model.receive(Fixtures.welcomeAnn)
        // The lobby opens on quick play; the catalog was asked for on hello.
        #expect(Self.screen(model)[3] == "    asking the server for its pools…")
        // Closed and opened again before the catalog came, it asks for it.
        #expect(model.type("p") == [.transmit(#"{"type":"unsubscribe","lobby":true}"#)])
        let asked = model.type("p")
        guard case .transmit(let line)? = asked.first else {
            Issue.record("p sent nothing")
            return
        }
        #expect(line.hasPrefix(#"{"type":"games""#))
        #expect(Self.screen(model)[3] == "    asking the server for its pools…")
    }
}
