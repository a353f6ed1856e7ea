import CardClient
import GameRules
import ScriptedServer
import Testing
import Wire

/// Clicks (SGR 1006 mouse reporting): a click selects a Set card, flips a Concentration card
/// and picks a Klondike pile, as the key for it would.
struct MouseTests {
    @Test func sgrReportsDecodeToClicksAndTheWheelToPages() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;12;7M\u{1B}[<0;12;7m\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<2;3;3M".utf8))
            == [.click(column: 11, row: 6), .pageUp, .pageDown])
    }

    /// In the lobby a click on a room puts the cursor on it, and a click on the room under the
    /// cursor joins it, as Enter does; a click on the heading or below the list does nothing.
    @Test func aClickOnALobbyRowChoosesItAndASecondJoins() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, ScreenTests.rooms])
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
        let state = #"{"type":"state","room":"KL00","game":"klondike","seq":4,"phase":"playing","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"player":"ann","draw":1,"stock":20,"waste_count":1,"waste":[{"rank":7,"suit":"clubs"}],"foundations":[[],[],[],[]],"tableau":[{"down":0,"up":[{"rank":9,"suit":"clubs"}]},{"down":1,"up":[{"rank":8,"suit":"hearts"}]},{"down":2,"up":[{"rank":10,"suit":"hearts"}]},{"down":3,"up":[{"rank":13,"suit":"spades"}]},{"down":4,"up":[{"rank":2,"suit":"diamonds"}]},{"down":5,"up":[{"rank":6,"suit":"clubs"}]},{"down":6,"up":[{"rank":1,"suit":"hearts"}]}],"moves":6,"rivals":{},"progress":[]}"#
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, state])
        #expect(model.press([.click(column: 2, row: 6)]) == [.transmit(#"{"type":"draw","id":3}"#)])
        _ = model.press([.click(column: 2, row: 9)])
        #expect(model.press([.click(column: 7, row: 9)]) == [.transmit(#"{"type":"move","from":"t1","to":"t2","count":1,"id":4}"#)])
    }
}

/// Klondike's finish: the key shows only once nothing is left to find, and sends `finish`;
/// the server refuses it before then, saying why.
struct KlondikeFinishKeyTests {
    static func state(stock: Int, down: Int) -> String {
        ServerMessage.state(RoomState(
            room: "KL00", game: "klondike", seq: 4, phase: .playing,
            players: [PlayerEntry(name: "ann", seat: 0, score: 36, connected: true)], spectators: 0, seats: 1,
            gameFields: .klondike(KlondikeFields(
                player: "ann", draw: 1, stock: stock, wasteCount: 0, waste: [],
                foundations: Array(repeating: [], count: 4),
                tableau: [(down: down, up: [GameRules.PlayingCard(rank: 13, suit: .spades)])] + Array(repeating: (down: 0, up: []), count: 6),
                moves: 80, rivals: [])))).jsonText
    }

    @Test func theKeyShowsOnlyWhenEverythingIsFaceUp() {
        var ready = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, Self.state(stock: 0, down: 0)])
        let text = Fixtures.trimmed(ScreenRenderer.render(ready, size: ScreenSize(width: 90, height: 30), color: false, now: 0))
        #expect(text.last?.hasPrefix(" F finish: all home · d draw") == true)
        #expect(ready.type("F") == [.transmit(#"{"type":"finish","id":3}"#)])
        #expect(ready.type("h") == [.transmit(#"{"type":"hint","id":4}"#)])
        ready.receive(ServerMessage.suggestion(move: .draw, text: "draw", id: .int(4)).jsonText)
        #expect(ready.status?.text == "hint: draw")
        let notYet = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, Self.state(stock: 3, down: 1)])
        let later = Fixtures.trimmed(ScreenRenderer.render(notYet, size: ScreenSize(width: 90, height: 30), color: false, now: 0))
        #expect(later.last?.hasPrefix(" d draw") == true)
    }

    @Test func theServerRefusesItTooEarlyInWords() {
        let host = ScriptedHost(seed: 3)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"finish","id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"illegal_move","message":"the cards go home by themselves only once the stock and the waste are empty and every card is face up","id":1}"#,
        ])
    }
}
