import CardClient
import Testing

/// What a klondike room looks like, and what its keys send.
struct KlondikeViewTests {
    static let size = ScreenSize(width: 80, height: 24)

    static func card(_ rank: Int, _ suit: String) -> String { #"{"rank":\#(rank),"suit":"\#(suit)"}"# }

    /// A game a few moves in: 8♥ on pile 1, 7♣ waiting on the waste, the ace of spades home.
    static let state = #"{"type":"state","room":"KL00","game":"klondike","seq":4,"phase":"playing","players":[{"name":"ann","seat":0,"score":1,"connected":true},{"name":"bob","seat":1,"score":3,"connected":true}],"spectators":0,"rematch_votes":[],"player":"ann","draw":1,"stock":20,"waste_count":3,"waste":[\#(card(7, "clubs"))],"foundations":[[\#(card(1, "spades"))],[],[],[]],"tableau":[{"down":0,"up":[\#(card(9, "clubs")),\#(card(8, "hearts"))]},{"down":1,"up":[\#(card(12, "diamonds"))]},{"down":2,"up":[\#(card(10, "hearts"))]},{"down":3,"up":[\#(card(13, "spades"))]},{"down":4,"up":[\#(card(2, "diamonds"))]},{"down":5,"up":[\#(card(6, "clubs"))]},{"down":0,"up":[]}],"moves":6,"rivals":{"bob":3},"progress":[],"can_finish":false}"#

    static func model() -> ClientModel {
        Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, state])
    }

    @Test func theLayoutInColumns() {
        let screen = ScreenRenderer.render(Self.model(), size: Self.size, color: false, now: 0)
        #expect(Fixtures.trimmed(screen) == [
            " KL00 · Klondike · playing                                         ann · seat 1",
            " ann 1 · bob 3 · 0 watching",
            "",
            " moves 6 · draw 1 · home 1/52 · bob 3/52",
            "",
            "  d    w +2      f1   f2   f3   f4    ←→↑↓ hjkl   move the cursor ▸",
            " ▸▒20  7♣        A♠   ··   ··   ··    Enter Space pick up *, put down",
            "                                      w 1–7 f1–4  a pile, then where it goes",
            "  1    2    3    4    5    6    7                 same pile twice: home",
            "  9♣   ░░   ░░   ░░   ░░   ░░   ··    mouse       click two piles, or drag",
            "  8♥   Q♦   ░░   ░░   ░░   ░░         Esc         put the cards back",
            "            10♥  ░░   ░░   ░░         A           auto-play: on",
            "                 K♠   ░░   ░░",
            "                      2♦   ░░",
            "                           6♣",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " no chat yet · t to talk",
            " ←→↑↓ Enter move cards · d draw · u undo · t chat · ? keys · q leave",
        ])
    }

    /// Drawing three, the fan shows all three with the playable card on the right, and the
    /// count of cards under it on the label row; even three tens fit, the cursor's mark too.
    @Test(arguments: [
        ([(5, "clubs"), (1, "spades"), (10, "spades")], 12, "  d    w +9      f1   f2   f3   f4    ←→↑↓ hjkl   move the cursor ▸",
         " ▸▒20  10♠ A♠ 5♣ A♠   ··   ··   ··    Enter Space pick up *, put down"),
        ([(10, "clubs"), (10, "spades"), (10, "diamonds")], 3, "  d    w         f1   f2   f3   f4    ←→↑↓ hjkl   move the cursor ▸",
         " ▸▒20 10♦ 10♠ 10♣ A♠   ··   ··   ··   Enter Space pick up *, put down"),
    ] as [([(Int, String)], Int, String, String)])
    func drawingThreeTheFanShowsEveryCardPlayableOnTheRight(waste: [(Int, String)], count: Int, labels: String, tops: String) {
        let fan = waste.map { Self.card($0.0, $0.1) }.joined(separator: ",")
        let state = Self.state.replacingFirst(#""draw":1"#, with: #""draw":3"#)
            .replacingFirst(#""waste_count":3,"waste":[\#(Self.card(7, "clubs"))]"#, with: #""waste_count":\#(count),"waste":[\#(fan)]"#)
        let model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"KL00","game":"klondike","seat":0}"#, state])
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(screen[5] == labels)
        #expect(screen[6] == tops)
    }

    /// The key list says how a move is made, in words.
    @Test func theKeyListSaysHowToMoveInWords() {
        var model = Self.model()
        _ = model.type("?")
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 110, height: 30), color: false, now: 0))
        #expect(Array(screen[5...15]) == [
            "    ←→↑↓ or hjkl     move the cursor ▸; in a column ↑↓ take more or fewer",
            "    Enter or Space   pick up the cards at ▸ (then marked *); Enter again",
            "                     where they go puts them down; Enter on the stock draws",
            "    w 1–7 f1–4       or by key: pick a pile, then where it goes; the same pile",
            "                     twice sends it home (w waste, 1–7 columns, f1–f4 home)",
            "    mouse            click a pile, then where it goes; or drag cards to a pile",
            "    a, then a pile   its top card goes where it fits best",
            "    d · u · Esc      draw · undo the last move · put the cards back",
            "    A                auto-play: safe cards go home by themselves (on or off)",
            "    F                finish: every card home; offered once none is face down",
            "    X                resign: you lose the game (asks first)",
        ])
        // At 80×24 every line of the list fits, the last one too.
        let small = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(small[19] == "    Ctrl-C           quit")
        #expect(!small.contains { $0.hasSuffix("…") })
    }

    @Test func aRaceSpectatorSeesEachPlayersProgressAndNoCards() {
        let watching = #"{"type":"state","room":"KL00","game":"klondike","seq":5,"phase":"playing","players":[{"name":"bob","seat":0,"score":4,"connected":true},{"name":"cy","seat":1,"score":1,"connected":true}],"spectators":1,"rematch_votes":[],"player":null,"draw":1,"stock":0,"waste_count":0,"waste":[],"foundations":[[],[],[],[]],"tableau":[],"moves":0,"rivals":{"bob":4,"cy":1},"progress":[{"name":"bob","cards_home":4,"moves":31},{"name":"cy","cards_home":1,"moves":1}],"can_finish":false}"#
        let model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"watching","room":"KL00"}"#, watching])
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(Array(screen[3...7]) == [
            " race · draw 1 · bob 4/52 · cy 1/52",
            "",
            " You are watching a race: the cards stay hidden until it ends.",
            "",
            " bob  4/52 home · 31 moves",
        ])
        #expect(screen[8] == " cy  1/52 home · 1 move")
    }

    @Test func aPileThenAnotherSendsAMove() {
        var model = Self.model()
        #expect(model.type("w") == [])
        #expect(model.room?.klondike.picked == KlondikePlay.Pick(from: .waste, count: nil))
        #expect(model.type("1") == [.transmit(#"{"type":"move","from":"waste","to":"t1","count":1,"id":3}"#)])
        #expect(model.room?.klondike.picked == nil)
        #expect(model.room?.klondike.place == .pile(.tableau(0)))
    }

    @Test func aTableauRunMovesAsFarAsItFits() {
        var model = Self.model()
        // 9♣ 8♥ from pile 1 onto 10♥ of pile 3: the run from 9♣ fits, so two cards.
        #expect(model.type("13") == [.transmit(#"{"type":"move","from":"t1","to":"t3","count":2,"id":3}"#)])
        // The king of pile 4 to the empty pile 7.
        #expect(model.type("47") == [.transmit(#"{"type":"move","from":"t4","to":"t7","count":1,"id":4}"#)])
    }

    @Test func fThenADigitNamesAFoundation() {
        var model = Self.model()
        #expect(model.type("5f1") == [.transmit(#"{"type":"move","from":"t5","to":"f1","count":1,"id":3}"#)])
        #expect(model.type("f1") == [])
        #expect(model.room?.klondike.picked == KlondikePlay.Pick(from: .foundation(0), count: nil))
        #expect(model.type("6") == [.transmit(#"{"type":"move","from":"f1","to":"t6","count":1,"id":4}"#)])
    }

    @Test func autoDrawUndoAndEscape() {
        var model = Self.model()
        #expect(model.type("a5") == [.transmit(#"{"type":"auto","from":"t5","id":3}"#)])
        #expect(model.type("ww") == [.transmit(#"{"type":"auto","from":"waste","id":4}"#)])
        #expect(model.type("d") == [.transmit(#"{"type":"draw","id":5}"#)])
        #expect(model.type("u") == [.transmit(#"{"type":"undo","id":6}"#)])
        #expect(model.type("3") == [])
        #expect(model.room?.klondike.picked != nil)
        #expect(model.press([.escape]) == [])
        #expect(model.room?.klondike.picked == nil)
    }

    @Test func solvedSaysSoOnTheStatusLine() {
        var model = Self.model()
        let event = #"{"type":"solved","room":"KL00","player":"ann","moves":112,"message":"Congratulations, ann! All 52 cards home in 112 moves."}"#
        model.receive(event, now: 0)
        #expect(model.status?.text == "Congratulations, ann! All 52 cards home in 112 moves.")
    }
}

extension KlondikeViewTests {
    @Test func theSelectedPileShowsItsKeyInBrackets() {
        var model = Self.model()
        _ = model.type("3")
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(text[3] == " moves 6 · draw 1 · home 1/52 · bob 3/52 · from t3: pick where")
        #expect(text[8] == "  1    2   [3]   4    5    6    7                 same pile twice: home")
        _ = model.type("f")
        #expect(Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))[3]
            == " moves 6 · draw 1 · home 1/52 · bob 3/52 · f: pick 1–4")
    }

    @Test func redSuitsAreRedAndBlackOnesKeepTheTerminalColour() {
        let screen = ScreenRenderer.render(Self.model(), size: Self.size, color: true, now: 0)
        let row = ANSIEncoder.encode(screen[10], color: true)
        #expect(row.contains("\u{1B}[1;31m8♥\u{1B}[0m"))
        #expect(row.contains("\u{1B}[1mQ♦") == false)
        #expect(ANSIEncoder.encode(screen[9], color: true).contains("\u{1B}[1m9♣\u{1B}[0m"))
    }
}

/// On a terminal of 120 columns or more the piles are seven columns apart instead of five,
/// the legend stands clear of them, and a click finds the pile under it at either width.
struct KlondikeWideBoardTests {
    @Test func theBoardGrowsAt120Columns() {
        let screen = Fixtures.trimmed(ScreenRenderer.render(KlondikeViewTests.model(), size: ScreenSize(width: 130, height: 40), color: false, now: 0))
        let board = screen.drop { !$0.hasPrefix("  d") }.prefix(10)
        #expect(Array(board) == [
            "  d      w +2          f1     f2     f3     f4      ←→↑↓ hjkl   move the cursor ▸",
            " ▸▒20    7♣            A♠     ··     ··     ··      Enter Space pick up *, put down",
            "                                                    w 1–7 f1–4  a pile, then where it goes",
            "  1      2      3      4      5      6      7                   same pile twice: home",
            "  9♣     ░░     ░░     ░░     ░░     ░░     ··      mouse       click two piles, or drag",
            "  8♥     Q♦     ░░     ░░     ░░     ░░             Esc         put the cards back",
            "                10♥    ░░     ░░     ░░             A           auto-play: on",
            "                       K♠     ░░     ░░",
            "                              2♦     ░░",
            "                                     6♣",
        ])
    }

    @Test(arguments: [(80, 12, 2), (80, 33, 6), (130, 12, 1), (130, 33, 4), (130, 45, 6)])
    func aClickFindsThePileUnderItAtEitherWidth(width: Int, column: Int, pile: Int) {
        let model = KlondikeViewTests.model()
        let room = model.room!
        let view = KlondikeView()
        // The row of the tableau's first cards: a click there picks that pile's cards.
        let actions = view.actions(forClickAt: column, row: 9, in: room, size: ScreenSize(width: width, height: 18))
        #expect(actions != nil)
        if case .klondike(let play)? = actions?.first {
            #expect(play.place == .pile(.tableau(pile)))
        } else {
            Issue.record("no Klondike action: \(String(describing: actions))")
        }
    }
}
