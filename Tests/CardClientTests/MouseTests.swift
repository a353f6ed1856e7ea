import CardClient
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
