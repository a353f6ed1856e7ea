import GameRules
import CardClient
import Testing

/// What a Set room looks like: exact text, and exact ANSI for a card and a status line.
struct SetViewTests {
    static let size = ScreenSize(width: 80, height: 24)

    @Test func boardOfTwelveWithoutColour() {
        let screen = ScreenRenderer.render(Fixtures.soloSet(cards: 12), size: Self.size, color: false, now: 0)
        #expect(Fixtures.trimmed(screen) == [
            " K7QX · Set · playing                                              ann · seat 1",
            " ann 0 · 1 watching",
            "",
            " deck 69 · 12 on the table · hints 0",
            "",
            " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐",
            " │       │ │       │ │       │ │       │",
            " │   ▲   │ │   ●   │ │ ● ● ● │ │  ■ ■  │",
            " │  red  │ │  red  │ │ green │ │  red  │",
            " └───────┘ └───────┘ └───────┘ └───────┘",
            " ┌ e ────┐ ┌ f ────┐ ┌ g ────┐ ┌ h ────┐",
            " │       │ │       │ │       │ │       │",
            " │  ◐ ◐  │ │  ◧ ◧  │ │   ◭   │ │   ◧   │",
            " │ green │ │  red  │ │purple │ │ green │",
            " └───────┘ └───────┘ └───────┘ └───────┘",
            " ┌ i ────┐ ┌ j ────┐ ┌ k ────┐ ┌ l ────┐",
            " │       │ │       │ │       │ │       │",
            " │ □ □ □ │ │ △ △ △ │ │  △ △  │ │ ○ ○ ○ │",
            " │purple │ │ green │ │purple │ │purple │",
            " └───────┘ └───────┘ └───────┘ └───────┘",
            "",
            "",
            " no chat yet · / to talk",
            " a–l pick 3 · D deal 3 more · H hint · / chat · ? keys · Q leave",
        ])
        #expect(screen.allSatisfy { $0.width == 80 })
    }

    @Test func boardOfFifteenAddsAColumnAndTheLettersFollowTheRows() {
        let screen = ScreenRenderer.render(Fixtures.soloSet(cards: 15), size: Self.size, color: true, now: 0)
        #expect(Array(Fixtures.trimmed(screen)[3...19]) == [
            " deck 66 · 15 on the table · hints 0",
            "",
            " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐ ┌ e ────┐",
            " │       │ │       │ │       │ │       │ │       │",
            " │   ▲   │ │   ●   │ │ ● ● ● │ │  ■ ■  │ │ □ □ □ │",
            " │       │ │       │ │       │ │       │ │       │",
            " └───────┘ └───────┘ └───────┘ └───────┘ └───────┘",
            " ┌ f ────┐ ┌ g ────┐ ┌ h ────┐ ┌ i ────┐ ┌ j ────┐",
            " │       │ │       │ │       │ │       │ │       │",
            " │  ◐ ◐  │ │  ◧ ◧  │ │   ◭   │ │   ◧   │ │   ◐   │",
            " │       │ │       │ │       │ │       │ │       │",
            " └───────┘ └───────┘ └───────┘ └───────┘ └───────┘",
            " ┌ k ────┐ ┌ l ────┐ ┌ m ────┐ ┌ n ────┐ ┌ o ────┐",
            " │       │ │       │ │       │ │       │ │       │",
            " │ □ □ □ │ │ △ △ △ │ │  △ △  │ │ ○ ○ ○ │ │  ▲ ▲  │",
            " │       │ │       │ │       │ │       │ │       │",
            " └───────┘ └───────┘ └───────┘ └───────┘ └───────┘",
        ])
        #expect(Fixtures.trimmed(screen)[23] == " a–o pick 3 · D deal 3 more · H hint · / chat · ? keys · Q leave")
    }

    @Test func aCardInColourHasItsShapesInItsColour() {
        let card = SetCard(count: 3, shape: .triangle, color: .purple, fill: .striped)
        let lines = SetCardArt.lines(card, label: "c", mark: .none, color: true).map { ANSIEncoder.encode($0, color: true) }
        #expect(lines == [
            "┌ \u{1B}[1mc\u{1B}[0m ────┐",
            "│       │",
            "│ \u{1B}[1;35m◭ ◭ ◭\u{1B}[0m │",
            "│       │",
            "└───────┘",
        ])
    }

    @Test func aSelectedCardHasADoubleYellowBorder() {
        let card = SetCard(count: 1, shape: .circle, color: .red, fill: .solid)
        let lines = SetCardArt.lines(card, label: "a", mark: .selected, color: true).map { ANSIEncoder.encode($0, color: true) }
        #expect(lines[0] == "\u{1B}[1;33m╔ \u{1B}[0m\u{1B}[1;7;33ma\u{1B}[0m\u{1B}[1;33m ════╗\u{1B}[0m")
        #expect(lines[2] == "\u{1B}[1;33m║\u{1B}[0m   \u{1B}[1;31m●\u{1B}[0m   \u{1B}[1;33m║\u{1B}[0m")
        #expect(lines[4] == "\u{1B}[1;33m╚═══════╝\u{1B}[0m")
    }

    @Test(arguments: [
        (SetShape.triangle, SetFill.solid, "▲"), (.circle, .solid, "●"), (.square, .solid, "■"),
        (.triangle, .open, "△"), (.circle, .open, "○"), (.square, .open, "□"),
        (.triangle, .striped, "◭"), (.circle, .striped, "◐"), (.square, .striped, "◧"),
    ])
    func shapeGlyphs(shape: SetShape, fill: SetFill, glyph: String) {
        #expect(SetCardArt.glyph(shape, fill) == glyph)
    }

    @Test func selectedAndHintedCardsShowWithoutColourToo() {
        var model = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#,
            Fixtures.setState(cards: 12, hint: [3], hintsUsed: 1),
        ])
        model.room?.selection = [0, 40]
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(text[3] == " deck 69 · 12 on the table · hints 1")
        #expect(text[5] == " ╔ a ════╗ ┏ b ━━━━┓ ┌ c ────┐ ┌ d ────┐")
        #expect(text[7] == " ║   ▲   ║ ┃   ●   ┃ │ ● ● ● │ │  ■ ■  │")
        #expect(text[10] == " ╔ e ════╗ ┌ f ────┐ ┌ g ────┐ ┌ h ────┐")
    }

    @Test func theClaimResultFlashesOnTheStatusLine() {
        var model = Fixtures.soloSet(cards: 12)
        let claimed = #"{"type":"claimed","room":"K7QX","player":"ann","cards":[],"valid":true,"points":3}"#
        model.receive(claimed, now: 1000)
        let screen = ScreenRenderer.render(model, size: Self.size, color: true, now: 1200)
        #expect(ANSIEncoder.encode(screen[20], color: true) == "\u{1B}[1;32m Set! +3\u{1B}[0m" + String(repeating: " ", count: 72))
        let later = ScreenRenderer.render(model, size: Self.size, color: true, now: 2600)
        #expect(later[20].plainText.allSatisfy { $0 == " " })
    }

    @Test func gameOverShowsTheWinnerAndHowToPlayAgain() {
        let model = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#,
            Fixtures.setState(cards: 3, score: 27, deck: 0, phase: "over"),
            #"{"type":"game_over","room":"K7QX","winners":["ann"],"scores":{"ann":27},"hints_used":0}"#,
        ])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(text[0] == " K7QX · Set · over                                                 ann · seat 1")
        #expect(text[3] == " deck 0 · 3 on the table · hints 0 · game over: you win")
        #expect(text[22] == " game over: you win")
        #expect(text[23] == " Enter play again · I records · / chat · ? keys · Q leave")
    }

    /// A solo game's verdict is long ("finished in 0:55 · 25 Sets · …"): where it does not fit
    /// beside the deck at 80 columns the info line says "game over", and the status line below
    /// says it whole, as the terminal showed it cut off before.
    @Test func aLongVerdictGivesWayOnTheInfoLineAndShowsWholeBelow() {
        let model = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#,
            Fixtures.setState(cards: 6, score: 75, deck: 0, phase: "over"),
            #"{"type":"game_over","room":"K7QX","winners":["ann"],"scores":{"ann":75},"hints_used":75,"summary":{"time_ms":55000,"sets_found":25,"wrong_claims":0,"hints":75}}"#,
        ])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text[3] == " deck 0 · 6 on the table · hints 0 · game over")
        #expect(text[22].hasPrefix(" game over: finished in 0:55"))
    }

    @Test func aWaitingRoomSaysHowTheGameStarts() {
        let model = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#,
            Fixtures.setState(cards: 0, phase: "waiting", seats: 4),
        ])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(Array(text[3...6]) == [
            " waiting for players · 1 of 4 seated",
            "",
            " The game starts when every seat is taken, or when a player presses Enter.",
            " Friends join with the room code K7QX.",
        ])
        #expect(text[23] == " Enter start · / chat · ? keys · Q leave")
    }

    /// A player signed in to a bot's account is marked as one.
    @Test func aBotAccountIsMarkedInThePlayersLine() {
        let state = Fixtures.setState(cards: 12, seats: 2).replacingFirst(
            #""players":[{"name":"ann","seat":0,"score":0,"connected":true}]"#,
            with: #""players":[{"name":"ann","seat":0,"score":0,"connected":true},{"name":"robo","seat":1,"score":3,"connected":true,"bot":true}]"#)
        let model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, state])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(text[1] == " ann 0 · robo (bot) 3 · 1 watching")
    }

    @Test func withOthersTheDealVotesShowAndTheHintKeyDoesNot() {
        let state = Fixtures.setState(cards: 12, seats: 2).replacingFirst(
            #""players":[{"name":"ann","seat":0,"score":0,"connected":true}]"#,
            with: #""players":[{"name":"ann","seat":0,"score":0,"connected":true},{"name":"bob","seat":1,"score":6,"connected":true}]"#
        ).replacingFirst(#""deal_votes":[]"#, with: #""deal_votes":["bob"]"#)
        let model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, state])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(text[1] == " ann 0 · bob 6 · 1 watching")
        #expect(text[3] == " deck 69 · 12 on the table · deal votes 1/2: bob")
        #expect(text[23] == " a–l pick 3 · D deal 3 more · / chat · ? keys · Q leave")
    }

    /// Ann alone in a Set room of `variant`, 12 cards on the board and `chain` as the last Set.
    static func variantRoom(_ variant: SetVariant, chain: [SetCard] = []) -> ClientModel {
        Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#,
            Fixtures.setState(cards: 12, variant: variant, chain: chain),
        ])
    }

    /// The claims a list of effects sends, as their card ids.
    static func claims(_ effects: [Effect]) -> [[Int]] {
        effects.compactMap { effect in
            guard case .transmit(let line) = effect, let match = line.firstMatch(of: /"type":"claim","cards":\[([0-9,]+)\]/) else { return nil }
            return match.1.split(separator: ",").map { Int($0)! }
        }
    }

    @Test func setChainShowsTheLastSetAsCardsOneToThreeAndADigitPicksOne() {
        let chain = Array(Fixtures.setCards[12..<15])
        var model = Self.variantRoom(.chain, chain: chain)
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 30), color: false, now: 0))
        #expect(screen[3] == " Set-chain · deck 69 · 12 on the table · hints 0")
        #expect(screen[5] == " ┌ 1 ────┐ ┌ 2 ────┐ ┌ 3 ────┐")
        #expect(screen[7].hasSuffix("  ← the last Set: use one of its cards"))
        #expect(screen[11].hasPrefix(" ┌ a ────┐ ┌ b ────┐"))
        #expect(screen[29] == " a–l pick 3 · 1–3 last Set · D deal 3 more · H hint · / chat · ? keys · Q leave")
        // 2, then two letters: the chain card comes first in the claim, as picked.
        #expect(model.type("2").isEmpty)
        #expect(model.type("a").isEmpty)
        let board = Array(Fixtures.setCards.prefix(12))
        #expect(Self.claims(model.type("e")) == [[chain[1].id, board[0].id, board[1].id]])
    }

    @Test func beforeTheFirstChainSetTheRowSaysWhatToDo() {
        let screen = Fixtures.trimmed(ScreenRenderer.render(Self.variantRoom(.chain), size: ScreenSize(width: 80, height: 30), color: false, now: 0))
        #expect(screen[5] == " Set-chain: find a first Set; each Set after it uses one card of the Set before.")
        #expect(screen[29] == " a–l pick 3 · D deal 3 more · H hint · / chat · ? keys · Q leave")
    }

    @Test func anUltraSetClaimsOnTheFourthCard() {
        var model = Self.variantRoom(.ultra)
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: Self.size, color: false, now: 0))
        #expect(screen[3] == " UltraSet · deck 69 · 12 on the table · hints 0")
        #expect(screen[4] == " Find 4 cards: two pairs that the same third card completes.")
        #expect(screen[23] == " a–l pick 4 · D deal 3 more · H hint · / chat · ? keys · Q leave")
        for letter in "aei" { #expect(Self.claims(model.type(String(letter))).isEmpty) }
        let board = Fixtures.setCards.prefix(4).map(\.id)
        #expect(Self.claims(model.type("b")) == [board])
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced (Foundation-free).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }

}
