import GameRules
import CardClient
import Testing
import Wire

/// What an rps room looks like.
struct RPSViewTests {
    static let reveal = RoundReveal(room: "R2D2", round: 1, throwsByName: [("ann", .rock), ("bob", .paper)], winner: "bob", timedOut: [])

    @Test func midMatchAfterThrowingWhileTheOpponentIsAway() {
        let model = Fixtures.rps([
            Fixtures.rpsState(
                scores: (0, 1), round: 2, waitingOn: ["bob"], timeLeft: 12400, yourThrow: .scissors,
                lastRound: Self.reveal, bobConnected: false),
            #"{"type":"chat","room":"R2D2","from":"bob","text":"gg"}"#,
        ])
        let screen = ScreenRenderer.render(model, size: ScreenSize(width: 70, height: 16), color: false, now: 2000)
        #expect(Fixtures.trimmed(screen) == [
            " R2D2 · rock-paper-scissors · playing                    ann · seat 1",
            " ann 0 · bob 1 away · 0 watching",
            "",
            "  Round 2 · best of 3, first to 2          ████░░░░░░ 11 s",
            "",
            "  ann (you)  0                bob  1",
            "  ✌️ scissors                 away",
            "",
            "  round 1: ann ✊ rock vs bob ✋ paper → bob wins",
            "",
            "  you threw ✌️ scissors · waiting for bob",
            "",
            "",
            "",
            " bob: gg",
            " t chat · ? keys · q leave",
        ])
    }

    @Test func beforeThrowingTheKeysShowAndTheOpponentsThrowIsOnlyAMark() {
        let model = Fixtures.rps([Fixtures.rpsState(waitingOn: ["ann"], timeLeft: 4000)])
        let screen = ScreenRenderer.render(model, size: ScreenSize(width: 70, height: 16), color: true, now: 0)
        let text = Fixtures.trimmed(screen)
        #expect(text[3] == "  Round 1 · best of 3, first to 2          ██░░░░░░░░  4 s")
        #expect(text[6] == "  your move…                  ✔ thrown")
        #expect(text[10] == "  throw: r ✊ rock   p ✋ paper   s ✌️ scissors")
        #expect(text[15] == " r ✊ rock · p ✋ paper · s ✌️ scissors · t chat · ? keys · q leave")
        #expect(ANSIEncoder.encode(screen[3], color: true).contains("\u{1B}[1;31m██\u{1B}[0m\u{1B}[2m░░░░░░░░\u{1B}[0m\u{1B}[1;31m  4 s\u{1B}[0m"))
    }

    @Test func theMatchResultAndTheRematchKey() {
        let model = Fixtures.rps([
            Fixtures.rpsState(seq: 9, phase: .over, scores: (2, 1), round: 3, waitingOn: [], timeLeft: nil, lastRound: Self.reveal),
            #"{"type":"game_over","room":"R2D2","winners":["ann"],"scores":{"ann":2,"bob":1}}"#,
        ])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 70, height: 16), color: false, now: 0))
        #expect(text[3] == "  Round 3 · best of 3, first to 2")
        #expect(text[10] == "  match over: you win 2–1 · n rematch")
        #expect(text[14] == " game over: you win")
        #expect(text[15] == " n rematch · i records · t chat · ? keys · q leave")
    }

    @Test func theRoundEventFlashesWhoWon() {
        var model = Fixtures.rps([Fixtures.rpsState(waitingOn: ["bob"], yourThrow: .rock)])
        let round = #"{"type":"round","room":"R2D2","round":1,"throws":{"ann":"rock","bob":"scissors"},"winner":"ann","timed_out":[]}"#
        model.receive(round, now: 100)
        #expect(model.flash == Notice("you win round 1", tone: .good, until: 1600))
        #expect(model.room?.reveal == RoundReveal(room: "R2D2", round: 1, throwsByName: [("ann", .rock), ("bob", .scissors)], winner: "ann", timedOut: []))
    }
}
