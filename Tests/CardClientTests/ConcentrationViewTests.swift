import CardClient
import Testing
import ScriptedServer
import Wire

/// What a concentration room looks like, and what its keys send.
struct ConcentrationViewTests {
    static let size = ScreenSize(width: 60, height: 22)

    /// Eight cards: 0 and 5 matched (🐶), 2 face up (🐱), the rest face down.
    static func state(turn: String = "ann") -> String {
        let faces = [0: "🐶", 2: "🐱", 5: "🐶"]
        let cards = (0..<8).map { index in
            let face = faces[index].map { #""\#($0)""# } ?? "null"
            return #"{"index":\#(index),"face":\#(face),"matched":\#(index == 0 || index == 5)}"#
        }
        return #"{"type":"state","room":"CC11","game":"concentration","seq":7,"phase":"playing","players":[{"name":"ann","seat":0,"score":2,"connected":true},{"name":"bob","seat":1,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"theme":"animals","pairs":4,"turn":"\#(turn)","flips":5,"turn_seconds":30,"time_left_ms":21500,"cards":[\#(cards.joined(separator: ","))]}"#
    }

    static func model(_ lines: [String]) -> ClientModel {
        Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"CC11","game":"concentration","seat":0}"#] + lines)
    }

    @Test func theGridWithFaceDownFaceUpAndMatchedCards() {
        let screen = ScreenRenderer.render(Self.model([Self.state()]), size: Self.size, color: false, now: 0)
        #expect(Fixtures.trimmed(screen) == [
            " CC11 · Concentration · playing                ann · seat 1",
            " ann 2 · bob 0 · 0 watching",
            "",
            " your turn · flips 5 · 1/4 pairs · animals · 22 s",
            "",
            " ┌ a ─┐ ┌ b ─┐ ┌ c ─┐ ┌ d ─┐",
            " │ 🐶 │ │ ░░ │ │ 🐱 │ │ ░░ │",
            " └─✓──┘ └────┘ └────┘ └────┘",
            " ┌ e ─┐ ┌ f ─┐ ┌ g ─┐ ┌ h ─┐",
            " │ ░░ │ │ 🐶 │ │ ░░ │ │ ░░ │",
            " └────┘ └─✓──┘ └────┘ └────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " no chat yet · / to talk",
            " a–h flip a card · / chat · ? keys · Q leave",
        ])
    }

    @Test func aLetterFlipsTheCardItNames() {
        var model = Self.model([Self.state()])
        #expect(model.type("c") == [.transmit(#"{"type":"flip","card":2,"id":3}"#)])
        #expect(KeyRouter.actions(for: .character("h"), in: model) == [.send(.flip(card: 7))])
        #expect(KeyRouter.actions(for: .character("z"), in: model) == [.explain("z: nothing to do here now · ? lists the keys")])
    }

    @Test func theLettersRunOnIntoCapitalsPastZ() {
        #expect(ConcentrationView.letter(0) == "a")
        #expect(ConcentrationView.letter(26) == "A")
        #expect(ConcentrationView.letter(39) == "N")
    }

    @Test func aMatchFlashes() {
        var model = Self.model([Self.state()])
        let event = #"{"type":"flipped","room":"CC11","player":"ann","card":5,"face":"🐶","result":"match","points":2}"#
        model.receive(event, now: 0)
        #expect(model.flash?.text == "you: a pair! +2")
    }
}

/// The time bonus as the player sees it: what a match would earn now, counting down.
struct ConcentrationBonusViewTests {
    @Test func theInfoLineCountsTheBonusDown() throws {
        let host = ScriptedHost(seed: 5)
        let ann = ScriptedSession(
            host: host, name: "ann", destination: .create(CreateRequest(game: "concentration", seats: 1, options: ["pairs": 2, "time_bonus": true])))
        let at = { (now: Int) in Fixtures.trimmed(ScreenRenderer.render(ann.model, size: ScreenSize(width: 90, height: 24), color: false, now: now))[3] }
        #expect(at(0).contains("· 0/2 pairs · "))
        #expect(at(0).contains("· bonus +10"))
        #expect(at(2500).contains("· bonus +8"))
        #expect(at(60_000).contains("· bonus +0"))
    }
}
