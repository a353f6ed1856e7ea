@testable import CardClient
import CardServer
import Testing
import Wire

/// The lobby's quick-play screen (`p`): the server's pools, `pool_join` on Enter, the wait as
/// `pool_status` tells it, `paired` straight into the room, and `c` to stop waiting.
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
        var model = Self.lobby()
        #expect(model.type("p") == [])
        var text = Self.screen(model)
        #expect(text[2] == "  Quick play  you are paired with a player of your rating, in seconds")
        #expect(text[3] == "  ▸ rps-3            rock-paper-scissors, best of 3")
        #expect(text[8] == "    rps-brain-2      rps-brain for 2")
        #expect(text[23] == " ↑↓ pool · Enter play · c stop waiting · Esc back")
        #expect(model.press([.down, .down]).isEmpty)
        let joined = model.press([.enter])
        #expect(joined.count == 1)
        guard case .transmit(let line)? = joined.first else { return }
        #expect(line.hasPrefix(#"{"type":"pool_join","pool":"set-2""#))
        model.receive(ServerMessage.poolStatus(PoolStatus(pool: "set-2", waiting: 3, waitedMs: 6_000, nextWaveMs: 2_400)).jsonText)
        text = Self.screen(model)
        #expect(text[5] == "  ▸ set-2            Set race for 2  waiting")
        #expect(text[10] == "  Waiting in set-2: 2 other players, 6 s so far; next pairing in 3 s")
        // Paired: straight into the room, the screen gone.
        model.receive(ServerMessage.paired(room: "K7QX", pool: "set-2", game: "set", seat: 1).jsonText)
        #expect(model.quickPlay == nil)
        #expect(model.room?.code == "K7QX")
        #expect(model.room?.seat == 1)
    }

    @Test func cStopsWaitingAndEscapeWhileWaitingLeavesThePoolToo() {
        var model = Self.lobby()
        _ = model.type("p")
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
        let asked = model.type("p")
        guard case .transmit(let line)? = asked.first else {
            Issue.record("p sent nothing")
            return
        }
        #expect(line.hasPrefix(#"{"type":"games""#))
        #expect(Self.screen(model)[3] == "    asking the server for its pools…")
    }
}
