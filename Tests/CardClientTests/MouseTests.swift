import CardClient
import GameRules
import ScriptedServer
import Testing
import Wire

/// Clicks (SGR 1006 mouse reporting): a click selects a Set card, flips a Concentration card
/// and picks a Klondike pile, as the key for it would.
struct MouseTests {
    /// A left press is a click, its release a release (at the cell where the button went up,
    /// counted from 0); the wheel pages; the right button, a right release and motion with a
    /// button held (1002's 32) are dropped.
    @Test func sgrReportsDecodeToClicksReleasesAndTheWheelToPages() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;12;7M\u{1B}[<0;12;7m\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;3;3M\u{1B}[<2;3;3m\u{1B}[<32;5;9M".utf8))
            == [.click(column: 11, row: 6), .release(column: 11, row: 6), .pageUp, .pageDown])
        // A drag: pressed at 3;10, let go at 13;12, the release split across two reads.
        #expect(decoder.feed(Array("\u{1B}[<0;3;10M\u{1B}[<0;13".utf8)) == [.click(column: 2, row: 9)])
        #expect(decoder.feed(Array(";12m".utf8)) == [.release(column: 12, row: 11)])
    }

    /// In the lobby a click on a room puts the cursor on it, and a click on the room under the
    /// cursor joins it, as Enter does; a click on the heading or below the list does nothing.
    @Test func aClickOnALobbyRowChoosesItAndASecondJoins() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, ScreenTests.rooms])
        #expect(model.lobby.cursor == 0)
        #expect(model.press([.click(column: 6, row: 5)]).isEmpty)
        #expect(model.lobby.chosen?.room == "58Z2")
        #expect(model.press([.click(column: 30, row: 3)]).isEmpty)
        #expect(model.press([.click(column: 30, row: 9)]).isEmpty)
        #expect(model.lobby.chosen?.room == "58Z2")
        let joined = model.press([.click(column: 6, row: 5)])
        #expect(joined.contains { if case .transmit(let line) = $0 { line.contains(#""type":"join","room":"58Z2""#) } else { false } })
    }

    @Test func aClickOnASetCardSelectsIt() {
        // A 110-column screen: the board is indented one cell; card a is at columns 1-9, rows 5-9.
        var model = Fixtures.soloSet(cards: 12)
        model.screenWidth = 110
        _ = model.press([.click(column: 4, row: 6)])
        #expect(model.room?.selection == [Fixtures.setCards[0].id])
        _ = model.press([.click(column: 12, row: 11)])
        #expect(model.room?.selection == [Fixtures.setCards[0].id, Fixtures.setCards[4].id], "column 2, row 2: card e")
        _ = model.press([.click(column: 10, row: 6)])
        #expect(model.room?.selection.count == 2, "the gap between cards is no card")
    }

    @Test func aClickOnAKlondikePilePicksIt() {
        let state = #"{"type":"state","room":"KL00","game":"klondike","seq":4,"phase":"playing","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"player":"ann","draw":1,"stock":20,"waste_count":1,"waste":[{"rank":7,"suit":"clubs"}],"foundations":[[],[],[],[]],"tableau":[{"down":0,"up":[{"rank":9,"suit":"clubs"}]},{"down":1,"up":[{"rank":8,"suit":"hearts"}]},{"down":2,"up":[{"rank":10,"suit":"hearts"}]},{"down":3,"up":[{"rank":13,"suit":"spades"}]},{"down":4,"up":[{"rank":2,"suit":"diamonds"}]},{"down":5,"up":[{"rank":6,"suit":"clubs"}]},{"down":6,"up":[{"rank":1,"suit":"hearts"}]}],"moves":6,"rivals":{},"progress":[],"can_finish":false}"#
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, state])
        // The press marks; the release on the same place is the click. (Id 3 went to auto-play,
        // which sent the A♥ of t7 home.)
        #expect(model.press([.click(column: 2, row: 6)]) == [])
        #expect(model.room?.klondike.pressed == KlondikePlay.Press(place: .stock, count: nil))
        #expect(model.press([.release(column: 2, row: 6)]) == [.transmit(#"{"type":"draw","id":4}"#)])
        #expect(model.press([.click(column: 2, row: 9), .release(column: 3, row: 9)]) == [])
        #expect(model.room?.klondike.picked == KlondikePlay.Pick(from: .tableau(0), count: nil))
        #expect(model.press([.click(column: 7, row: 9), .release(column: 7, row: 9)])
            == [.transmit(#"{"type":"move","from":"t1","to":"t2","count":1,"id":5}"#)])
        // Let go outside every pile, the press is forgotten and nothing moves.
        #expect(model.press([.click(column: 7, row: 9), .release(column: 60, row: 9)]) == [])
        #expect(model.room?.klondike.pressed == nil)
        #expect(model.room?.klondike.picked == nil)
    }
}

/// Klondike's finish: the key shows when the state says the server would take `finish`
/// (every card face up, and drawing alone brings the rest home), cards still to draw or not,
/// and sends `finish`; the server refuses it before then, saying why.
struct KlondikeFinishKeyTests {
    static func state(stock: Int, wasteCount: Int = 0, down: Int, canFinish: Bool) -> String {
        ServerMessage.state(RoomState(
            room: "KL00", game: "klondike", seq: 4, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 36, connected: true)], spectators: 0, seats: 1,
            gameFields: .klondike(KlondikeFields(
                player: "ann", draw: 1, stock: stock, wasteCount: wasteCount,
                waste: wasteCount > 0 ? [GameRules.PlayingCard(rank: 4, suit: .hearts)] : [],
                foundations: Array(repeating: [], count: 4),
                tableau: [(down: down, up: [GameRules.PlayingCard(rank: 13, suit: .spades)])] + Array(repeating: (down: 0, up: []), count: 6),
                moves: 80, rivals: [], canFinish: canFinish)))).jsonText
    }

    static func keyBar(_ state: String) -> String? {
        let model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, state])
        return Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 90, height: 30), color: false, now: 0)).last
    }

    @Test func theKeyShowsOnlyWhenEverythingIsFaceUp() {
        var ready = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#,
            Self.state(stock: 0, down: 0, canFinish: true),
        ])
        let text = Fixtures.trimmed(ScreenRenderer.render(ready, size: ScreenSize(width: 90, height: 30), color: false, now: 0))
        #expect(text.last == " ←→↑↓ Enter move cards · F finish · u undo · H hint · t chat · ? keys · q leave")
        #expect(ready.type("F") == [.transmit(#"{"type":"finish","id":3}"#)])
        #expect(ready.type("H") == [.transmit(#"{"type":"hint","id":4}"#)])
        ready.receive(ServerMessage.suggestion(move: .draw, text: "draw", id: .int(4)).jsonText)
        #expect(ready.status?.text == "hint: draw (key d)")
        #expect(Self.keyBar(Self.state(stock: 3, down: 1, canFinish: false))
            == " ←→↑↓ Enter move cards · d draw · u undo · H hint · t chat · ? keys · q leave")
    }

    /// Issue 43: offered as soon as every card is face up, with 3 cards in the stock and 2 on
    /// the waste, because the server says drawing brings them home; not when it says they
    /// would stick (the client cannot tell: the stock's order is the server's secret).
    @Test func theKeyShowsWithCardsStillToDrawWhenTheServerTakesIt() {
        #expect(Self.keyBar(Self.state(stock: 3, wasteCount: 2, down: 0, canFinish: true))
            == " ←→↑↓ Enter move cards · F finish · u undo · H hint · t chat · ? keys · q leave")
        #expect(Self.keyBar(Self.state(stock: 3, wasteCount: 2, down: 0, canFinish: false))
            == " ←→↑↓ Enter move cards · d draw · u undo · H hint · t chat · ? keys · q leave")
    }

    @Test func theServerRefusesItTooEarlyInWords() {
        let host = ScriptedHost(seed: 3)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"finish","id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"illegal_move","message":"the cards go home by themselves only once every card is face up and drawing alone can bring the stock and the waste home","id":1}"#,
        ])
    }
}
