import CardClient
import Testing

/// What an rps-brain room looks like, and what its keys send.
struct BrainViewTests {
    static let size = ScreenSize(width: 70, height: 18)
    static let lastRound = #"{"round":2,"prompt":{"sign":"rock","goal":"lose"},"answer":"scissors","answers":{"ann":{"sign":"scissors","points":10},"bob":{"sign":null,"points":-10}}}"#

    static func state(answered: String = #"["bob"]"#, yourAnswer: String = "null", lastRound: String = "null") -> String {
        #"{"type":"state","room":"BR41","game":"rps-brain","seq":5,"phase":"playing","players":[{"name":"ann","seat":0,"score":10,"connected":true},{"name":"bob","seat":1,"score":-10,"connected":true}],"spectators":0,"rematch_votes":[],"round":3,"rounds":10,"prompt":{"sign":"paper","goal":"win"},"round_seconds":15,"time_left_ms":9200,"answered":\#(answered),"your_answer":\#(yourAnswer),"last_round":\#(lastRound)}"#
    }

    static func model(_ lines: [String]) -> ClientModel {
        Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"BR41","game":"rps-brain","seat":0}"#] + lines)
    }

    @Test func thePromptTheClockWhoAnsweredAndTheLastReveal() {
        let model = Self.model([Self.state(lastRound: Self.lastRound)])
        let screen = ScreenRenderer.render(model, size: Self.size, color: false, now: 1000)
        #expect(Fixtures.trimmed(screen) == [
            " BR41 · rps-brain · playing                              ann · seat 1",
            " ann 10 · bob -10 · 0 watching",
            "",
            "  Round 3 of 10                          ██████░░░░  9 s",
            "",
            "  ✋ paper · WIN against it",
            "",
            "  answered: ann … · bob ✔",
            "  answer: r ✊ rock   p ✋ paper   s ✌️ scissors",
            "",
            "  round 2: ✊ rock, LOSE against it → answer ✌️ scissors",
            "  ann ✌️ scissors +10 · bob (no answer) −10",
            "",
            "",
            "",
            "",
            " no chat yet · t to talk",
            " r p s answer (or 1 2 3) · t chat · ? keys · q leave",
        ])
    }

    /// After the last round: the verdict whole at 80 columns (what Enter does is in the keys,
    /// once), and no "answered" line whose "…" read as cut off.
    @Test func theEndSaysWhoWonWholeAndNothingAboutAnswers() {
        let over = Self.state(answered: "[]", lastRound: Self.lastRound)
            .replacingOccurrences(of: #""phase":"playing""#, with: #""phase":"over""#)
            .replacingOccurrences(of: #""prompt":{"sign":"paper","goal":"win"},"#, with: #""prompt":null,"#)
        let model = Self.model([over, #"{"type":"game_over","room":"BR41","winners":["ann"],"scores":{"ann":10,"bob":-10}}"#])
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 18), color: false, now: 1000))
        #expect(Array(screen[5...8]) == ["  game over: you win", "", "", ""])
        #expect(!screen.joined().contains("answered"))
        #expect(screen[17] == " Enter rematch · i records · t chat · ? keys · q leave")
    }

    @Test func afterAnsweringYourAnswerShowsAndTheKeysGo() {
        let model = Self.model([Self.state(answered: #"["ann","bob"]"#, yourAnswer: #""scissors""#)])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(Array(text[3...8]) == [
            "  Round 3 of 10                          ███████░░░ 10 s",
            "",
            "  ✋ paper · WIN against it",
            "",
            "  answered: ann ✔ · bob ✔",
            "  your answer: ✌️ scissors",
        ])
        #expect(text[17] == " t chat · ? keys · q leave")
    }

    @Test func signKeysSendAnAnswer() {
        var model = Self.model([Self.state()])
        #expect(model.type("p") == [.transmit(#"{"type":"answer","sign":"paper","id":3}"#)])
        #expect(KeyRouter.actions(for: .character("3"), in: model) == [.send(.answer(.scissors))])
        #expect(KeyRouter.actions(for: .character("1"), in: model) == [.send(.answer(.rock))])
    }

    @Test func noSecondAnswerInARound() {
        let model = Self.model([Self.state(yourAnswer: #""rock""#)])
        #expect(KeyRouter.actions(for: .character("r"), in: model) == [.explain("r: nothing to do here now · ? lists the keys")])
    }

    @Test func theRoundEventFlashesTheAnswerAndYourPoints() {
        var model = Self.model([Self.state()])
        let event = #"{"type":"brain_round","room":"BR41","round":2,"prompt":{"sign":"rock","goal":"lose"},"answer":"scissors","answers":{"ann":{"sign":"scissors","points":10},"bob":{"sign":null,"points":-10}}}"#
        model.receive(event, now: 100)
        #expect(model.flash?.text == "round 2: the answer was ✌️ scissors · you +10")
        #expect(model.flash?.tone == .good)
    }
}
