@testable import CardClient
import GameRules
import Testing
import Wire

/// The lobby, the screens around it, and the notice for a terminal that is too small.
struct ScreenTests {
    static let rooms = #"{"type":"rooms","rooms":[{"room":"K7QX","game":"set","players":["bob","carl"],"seats":4,"phase":"waiting","spectators":0},{"room":"58Z2","game":"rps","players":["dave"],"seats":2,"phase":"playing","spectators":3}],"total":2,"next":null}"#

    @Test func lobbyListsThePublicRoomsWithTheCursorOnOne() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, Self.rooms])
        model.lobby.move(by: 1)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 14), color: false, now: 0))
        #expect(text == [
            " cardclient · ann · 127.0.0.1:7878                                        lobby",
            "",
            "  Public rooms",
            "    ROOM  GAME                 PLAYERS               SEATS  PHASE     WATCHING",
            "    K7QX  Set                  bob, carl             2/4    waiting   0",
            "  ▸ 58Z2  rock-paper-scissors  dave                  1/2    playing   3",
            "",
            "  New game  n any game, with options · s Set solo · R rps vs bot",
            "",
            "",
            "",
            "",
            "",
            " ↑↓ room · Enter join · p play · n new game · i records · ? keys · q quit",
        ])
    }

    /// Issue 43, item 9: a room's options stand beside its game, so an UltraSet room or a
    /// Klondike drawing three is told from the default; a long one ends in "…".
    @Test func aRoomsOptionsStandBesideItsGame() {
        let rooms = #"{"type":"rooms","rooms":[{"room":"K7QX","game":"set","options":{"variant":"ultra"},"players":["bob"],"seats":2,"phase":"waiting","spectators":0},"#
            + #"{"room":"58Z2","game":"klondike","options":{"draw":3},"players":["dave"],"seats":1,"phase":"playing","spectators":1},"#
            + #"{"room":"H4TT","game":"concentration","options":{"pairs":12,"time_bonus":true},"players":["eve"],"seats":2,"phase":"waiting","spectators":0},"#
            + #"{"room":"J9KM","game":"rps","players":["fay"],"seats":2,"phase":"waiting","spectators":0}],"total":4,"next":null}"#
        let model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, rooms])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 16), color: false, now: 0))
        #expect(Array(text[3...7]) == [
            "    ROOM  GAME                 PLAYERS               SEATS  PHASE     WATCHING",
            "  ▸ K7QX  Set · ultra          bob                   1/2    waiting   0",
            "    H4TT  Concentration …      eve                   1/2    waiting   0",
            "    J9KM  rock-paper-scissors  fay                   1/2    waiting   0",
            "    58Z2  Klondike · draw 3    dave                  1/1    playing   1",
        ])
        // A wider terminal gives the game column its extra width: the options show whole.
        let wide = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 120, height: 16), color: false, now: 0))
        #expect(wide[5] == "    H4TT  Concentration · pairs 12 · time bonus                        eve                   1/2    waiting   0")
    }

    /// Options that do not fit go whole, for a " …": no word is cut.
    @Test func optionsThatDoNotFitGoWhole() {
        let room = RoomSummary(
            room: "K7QX", game: "klondike", options: ["draw": 3, "scoring": "vegas"], players: ["bob"], seats: 1, phase: .waiting, spectators: 0)
        #expect(OptionWords.titled(room, fitting: 25) == "Klondike · draw 3 · vegas")
        #expect(OptionWords.titled(room, fitting: 24) == "Klondike · draw 3 …")
        #expect(OptionWords.titled(room, fitting: 18) == "Klondike …")
        #expect(OptionWords.titled(room) == "Klondike · draw 3 · vegas")
        let rps = RoomSummary(room: "J9KM", game: "rps", options: ["rounds": 5], players: ["fay"], seats: 2, phase: .waiting, spectators: 0)
        #expect(OptionWords.titled(rps, fitting: 19) == "rps · rounds 5")
        #expect(OptionWords.titled(rps, fitting: 40) == "rock-paper-scissors · rounds 5")
    }

    /// Issue 43: finished solo rooms cluttered the list and the joinable room sorted last.
    @Test func joinableRoomsComeFirstAndFinishedSoloGamesLast() {
        var lobby = Lobby()
        lobby.update([
            RoomSummary(room: "SOLO", game: "set", players: ["ann"], seats: 1, phase: .over, spectators: 0),
            RoomSummary(room: "OVER", game: "rps", players: ["bo", "cy"], seats: 2, phase: .over, spectators: 0),
            RoomSummary(room: "PLAY", game: "set", players: ["di", "ed"], seats: 2, phase: .playing, spectators: 1),
            RoomSummary(room: "FULL", game: "set", players: ["fa", "gu"], seats: 2, phase: .waiting, spectators: 0),
            RoomSummary(room: "OPEN", game: "set", players: ["hi"], seats: 4, phase: .waiting, spectators: 0),
        ])
        #expect(lobby.rooms.map(\.room) == ["OPEN", "PLAY", "OVER", "FULL", "SOLO"])
    }

    @Test func lobbyInColourMarksTheChosenRoom() {
        let model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, Self.rooms])
        let screen = ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 14), color: true, now: 0)
        #expect(ANSIEncoder.encode(screen[4], color: true)
            == "\u{1B}[1;36m  ▸ \u{1B}[0m\u{1B}[1mK7QX  Set                  bob, carl             2/4    waiting   0\u{1B}[0m" + String(repeating: " ", count: 9))
        #expect(ANSIEncoder.encode(screen[0], color: true).hasPrefix("\u{1B}[1;7m cardclient · ann · 127.0.0.1:7878 "))
    }

    @Test func anEmptyLobbyOnlyOffersTheServersGames() {
        let hello = #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["rps"]}"#
        let model = Fixtures.roomList([hello, Fixtures.welcomeAnn, #"{"type":"rooms","rooms":[],"total":0,"next":null}"#])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 12), color: false, now: 0))
        #expect(text[4] == "    no public rooms yet: start a game below")
        #expect(text[6] == "  New game  n any game, with options · R rps vs bot")
        #expect(text[11] == " ↑↓ room · Enter join · p play · n new game · i records · ? keys · q quit")
    }

    @Test(arguments: [
        (ScreenSize(width: 78, height: 24), "terminal too small (need 79×23)"),
        (ScreenSize(width: 79, height: 22), "terminal too small (need 79×23)"),
    ])
    func aSetRoomTooSmallForItsBoardSaysSo(size: ScreenSize, notice: String) {
        var model = Fixtures.soloSet(cards: 12)
        let wide = #"{"type":"state","room":"K7QX","game":"set","seq":2,"phase":"playing","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"board":[\#((Fixtures.cards + Fixtures.cards.prefix(9)).joined(separator: ","))],"deck":57,"deal_votes":[],"hints_used":0,"hint":[]}"#
        model.receive(wide, now: 0)
        let screen = ScreenRenderer.render(model, size: size, color: false, now: 0)
        #expect(screen.count == size.height)
        #expect(screen.allSatisfy { $0.width == size.width })
        #expect(Fixtures.trimmed(screen).filter { !$0.isEmpty } == [StyledLine(notice).centered(in: size.width).plainText.trimmedRight])
        #expect(Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 23), color: false, now: 0))[5]
            == " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐ ┌ e ────┐ ┌ f ────┐ ┌ g ────┐ ┌ h ────┐")
        #expect(Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 79, height: 23), color: false, now: 0))[5]
            == "┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐ ┌ e ────┐ ┌ f ────┐ ┌ g ────┐ ┌ h ────┐")
    }

    @Test func theTooSmallNoticeIsCentredAndRed() {
        let screen = ScreenRenderer.render(Fixtures.soloSet(cards: 12), size: ScreenSize(width: 40, height: 10), color: true, now: 0)
        #expect(Fixtures.trimmed(screen)[4] == "    terminal too small (need 50×23)")
        #expect(ANSIEncoder.encode(screen[4], color: true) == "    \u{1B}[1;31mterminal too small (need 50×23)\u{1B}[0m     ")
    }

    @Test func aSpectatorsKeyListHasNoGameKeys() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"watching","room":"R2D2","id":2}"#])
        model.receive(Fixtures.rpsState().replacingOccurrences(of: #""name":"ann""#, with: #""name":"cat""#))
        model.showsKeys = true
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(Array(text[5...8]) == [
            "    / or t   chat: Enter sends, Esc cancels; PgUp/PgDn scroll",
            "    ?        show or hide this list",
            "    q or Q   leave the room",
            "    Ctrl-C   quit",
        ])
    }

    @Test func theKeyListReplacesTheBoard() {
        var model = Fixtures.soloSet(cards: 12)
        model.showsKeys = true
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(Array(text[3...13]) == [
            "  Keys  (any key closes this list)",
            "",
            "    a–l      pick 3",
            "    D        deal 3 more",
            "    H        hint",
            "    Esc      clear the selection",
            "    X        resign: you lose the game (asks first)",
            "    / or T   chat: Enter sends, Esc cancels; PgUp/PgDn scroll",
            "    ?        show or hide this list",
            "    Q        leave the room (asks first: you forfeit)",
            "    Ctrl-C   quit",
        ])
    }

    @Test func chatAndRoomEventsFillTheBottomAndTheInputLineShowsWhatIsTyped() {
        var model = Fixtures.rps([
            Fixtures.rpsState(),
            #"{"type":"player_joined","room":"R2D2","name":"carl","role":"spectator"}"#,
            #"{"type":"chat","room":"R2D2","from":"carl","text":"good luck"}"#,
        ])
        _ = model.perform(.openPrompt(.chat), now: 0)
        _ = model.perform(.editPrompt("thanks"), now: 0)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 70, height: 16), color: false, now: 0))
        #expect(Array(text[12...15]) == [" carl is watching", " carl: good luck", " say: thanks", " Enter send · Esc cancel"])
    }

    @Test func aLostConnectionSaysSoAndOffersToReconnect() {
        var model = Fixtures.soloSet(cards: 12)
        model.connectionLost("the server closed the connection", now: 0)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text[20] == " connection lost: the server closed the connection · retrying in 1 s …")
        #expect(text[23] == " r retry now · q quit")
    }

    @Test func withoutANameTheClientAsksForOne() {
        var model = Fixtures.model([Fixtures.hello], name: nil)
        _ = model.perform(.editPrompt("zoë"), now: 0)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 60, height: 10), color: false, now: 0))
        #expect(text[3] == "           What shall the other players call you?")
        #expect(text[5] == String(repeating: " ", count: 23) + "your name: zoë")
        #expect(text[9] == " Enter ok · Esc quit")
    }
}

extension ScreenTests {
    @Test func aGameWithoutAViewShowsPlayersScoresAndPhase() {
        let model = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL0N","game":"hearts","seat":0}"#,
            #"{"type":"state","room":"KL0N","game":"hearts","seq":3,"phase":"playing","players":[{"name":"ann","seat":0,"score":12,"connected":true},{"name":"bob","seat":1,"score":4,"connected":false}],"spectators":2,"rematch_votes":[],"stock":20}"#,
        ])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 60, height: 14), color: false, now: 0))
        #expect(Array(text[0...7]) == [
            " KL0N · hearts · playing                       ann · seat 1",
            " ann 12 · bob 4 away · 2 watching",
            "",
            "  This client has no view for hearts yet.",
            "",
            "  phase playing",
            "  ann  12",
            "  bob  4  away",
        ])
        #expect(text[13] == " t chat · ? keys · q leave")
    }
}

extension String {
    var trimmedRight: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

/// Layout by display width: long names end in "…", a long list says there is more, a waiting
/// room says how many seats are taken, a private room says so.
struct LayoutTests {
    @Test func longNamesAreCutWithAnEllipsisAndMoreRoomsAreMarked() {
        let rooms = (0..<6).map { index in
            RoomSummary(room: "R\(index)AA", game: "set", players: ["ｗｉｄｅｎａｍｅ\(index)", "bob"], seats: 4, phase: .waiting, spectators: 0)
        }
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn])
        model.receive(ServerMessage.rooms(RoomsPage(rooms: rooms, total: 9, next: RoomsQuery(after: 6)), id: nil).jsonText)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 14), color: false, now: 0))
        #expect(text[4] == "  ▸ R0AA  Set                  ｗｉｄｅｎａｍｅ0, …  2/4    waiting   0")
        #expect(text[6] == "    more rooms ↓ (7 more)")
        #expect(text.allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func aWaitingRoomCountsItsSeatsAndAPrivateOneSaysSo() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn])
        model.destination = .lobby
        _ = model.perform(.send(.create(CreateRequest(game: "set", seats: 2, isPrivate: true))), now: 0)
        model.receive(#"{"type":"joined","room":"K7QX","game":"set","seat":0,"id":3}"#)
        model.receive(Fixtures.setState(cards: 0, phase: "waiting", seats: 2))
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text[0].hasPrefix(" K7QX (private) · Set · waiting · 1 of 2 seated"))
        #expect(text[3] == " waiting for players · 1 of 2 seated")
    }

    @Test func twentyFourSetCardsFitEightyByTwentyFour() {
        let board = Array(GameRules.SetCard.deck.prefix(24))
        let state = ServerMessage.state(RoomState(
            room: "K7QX", game: "set", seq: 9, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 0, connected: true)], spectators: 0, seats: 1,
            gameFields: .set(SetFields(board: board, deck: 57, dealVotes: [], hintsUsed: 0, hint: [])))).jsonText
        let model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, state])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(!text.contains { $0.contains("too small") })
        #expect(text[5] == " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐ ┌ e ────┐ ┌ f ────┐ ┌ g ────┐ ┌ h ────┐")
        #expect(text[15].hasSuffix("┌ x ────┐"))
    }
}
