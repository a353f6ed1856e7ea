import CardClient
import GameRules
import Testing
import Wire

/// Set as a table reads: letters across the rows, a clock, the last Sets beside the board,
/// each player's game at the end, and wider cards on a wide terminal.
struct SetTableTests {
    /// (cards on the board, board position, its letter): positions go down the columns of
    /// three, letters across the rows.
    @Test(arguments: [
        (12, 0, "a"), (12, 3, "b"), (12, 9, "d"), (12, 1, "e"), (12, 10, "h"), (12, 2, "i"), (12, 11, "l"),
        (15, 12, "e"), (15, 1, "f"), (15, 14, "o"), (24, 21, "h"), (24, 1, "i"), (24, 23, "x"),
        (13, 12, "e"), (13, 1, "f"), (13, 2, "j"), (13, 11, "m"),
    ])
    func lettersRunAcrossTheRows(count: Int, position: Int, letter: String) {
        #expect(SetLabels.letter(position, of: count) == letter)
        #expect(SetLabels.index(of: Character(letter), of: count) == position)
    }

    @Test(arguments: [3, 9, 12, 13, 15, 21, 22, 24])
    func everyLetterNamesOnePositionAndBack(count: Int) {
        let letters = (0..<count).map { SetLabels.letter($0, of: count) }
        #expect(letters.sorted() == SetLabels.letters.prefix(count).map(String.init))
        #expect((0..<count).map { SetLabels.index(of: Character(letters[$0]), of: count) } == Array(0..<count))
        #expect(SetLabels.index(of: SetLabels.letters[count - 1] == "x" ? "y" : SetLabels.letters[count], of: count) == nil)
    }

    static let joined = #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#

    static func claimed(_ player: String, _ positions: [Int], valid: Bool) -> String {
        ServerMessage.claimed(
            room: "K7QX", player: player, cards: positions.map { Fixtures.setCards[$0] }, valid: valid, points: valid ? 3 : -5, id: nil
        ).jsonText
    }

    /// Ann and bob racing: bob's Set at 0:12, ann's wrong claim at 0:20, ann's Set at 0:30, bob's at 0:35.
    static func race() -> ClientModel {
        var model = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, joined, Fixtures.setState(cards: 12, seats: 2, clockMs: 0, others: ["bob"]),
        ])
        model.receive(claimed("bob", [0, 1, 2], valid: true), now: 12_000)
        model.receive(Fixtures.setState(cards: 12, seq: 2, seats: 2, clockMs: 12_000, others: ["bob"]), now: 12_000)
        model.receive(claimed("ann", [0, 1, 3], valid: false), now: 20_000)
        model.receive(claimed("ann", [0, 1, 2], valid: true), now: 30_000)
        model.receive(claimed("bob", [0, 1, 2], valid: true), now: 35_000)
        return model
    }

    @Test func theClockRunsFromTheStatesTimeAndStandsStillAtTheEnd() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, Self.joined])
        model.receive(Fixtures.setState(cards: 12, clockMs: 41_200), now: 1_000)
        let playing = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 3_900))
        #expect(playing[3] == " time 0:44 · deck 69 · 12 on the table · hints 0")
        model.receive(Fixtures.setState(cards: 12, seq: 2, phase: "over", clockMs: 50_000), now: 5_000)
        let over = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 90_000))
        #expect(over[3].hasPrefix(" time 0:50 · deck 69 · 12 on the table · hints 0 · game over"))
    }

    @Test func theLastSetsStandBesideTheBoardNewestFirst() {
        let screen = Fixtures.trimmed(ScreenRenderer.render(Self.race(), size: ScreenSize(width: 80, height: 24), color: false, now: 36_000))
        #expect(screen[3] == " time 0:36 · deck 69 · 12 on the table")
        #expect(Array(screen[5...9]) == [
            " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐   Last Sets",
            " │       │ │       │ │       │ │       │   bob        0:35 r▲ g◐◐ p□□□",
            " │   ▲   │ │   ●   │ │ ● ● ● │ │  ■ ■  │   you        0:30 r▲ g◐◐ p□□□",
            " │  red  │ │  red  │ │ green │ │  red  │   bob        0:12 r▲ g◐◐ p□□□",
            " └───────┘ └───────┘ └───────┘ └───────┘",
        ])
        // In colour the shapes carry it: no initial.
        let coloured = ScreenRenderer.render(Self.race(), size: ScreenSize(width: 80, height: 24), color: true, now: 36_000)
        #expect(Fixtures.trimmed(coloured)[6].hasSuffix("   bob        0:35 ▲ ◐◐ □□□"))
        // Too narrow for the panel beside the board: none.
        let narrow = Fixtures.trimmed(ScreenRenderer.render(Self.race(), size: ScreenSize(width: 66, height: 24), color: false, now: 36_000))
        #expect(narrow[5] == " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐")
    }

    @Test func theEndTellsEachPlayersSetsWrongClaimsAndFastestSet() {
        var model = Self.race()
        model.receive(Fixtures.setState(cards: 12, seq: 3, phase: "over", seats: 2, clockMs: 36_000, others: ["bob"]), now: 36_000)
        model.receive(ServerMessage.gameOver(GameOver(
            room: "K7QX", winners: ["bob"], scores: [NamedScore(name: "ann", score: -2), NamedScore(name: "bob", score: 6)])).jsonText, now: 36_000)
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 30), color: false, now: 40_000))
        #expect(screen[3] == " time 0:36 · deck 69 · 12 on the table · game over: bob wins")
        #expect(Array(screen[5...9]) == [
            " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐   The game",
            " │       │ │       │ │       │ │       │   you",
            " │   ▲   │ │   ●   │ │ ● ● ● │ │  ■ ■  │     1 Set · 1 wrong · fastest 0:18",
            " │  red  │ │  red  │ │ green │ │  red  │   bob",
            " └───────┘ └───────┘ └───────┘ └───────┘     2 Sets · 0 wrong · fastest 5.0 s",
        ])
        let events = (model.room?.chat ?? []).suffix(3)
        #expect(Array(events) == [
            .event("game over: bob wins"), .event("you: 1 Set · 1 wrong claim · fastest 0:18"), .event("bob: 2 Sets · 0 wrong claims · fastest 5.0 s"),
        ])
    }

    /// From 120 columns, on a screen too short for large cards (``SetCardSizeTests``), the
    /// cards are wide: 13 cells, their shapes further apart.
    @Test func cardsAreWiderFromOneHundredTwentyColumns() {
        let screen = Fixtures.trimmed(ScreenRenderer.render(Fixtures.soloSet(cards: 12), size: ScreenSize(width: 120, height: 24), color: false, now: 0))
        #expect(Array(screen[5...10]) == [
            " ┌ a ────────┐ ┌ b ────────┐ ┌ c ────────┐ ┌ d ────────┐",
            " │           │ │           │ │           │ │           │",
            " │     ▲     │ │     ●     │ │  ●  ●  ●  │ │   ■   ■   │",
            " │    red    │ │    red    │ │   green   │ │    red    │",
            " └───────────┘ └───────────┘ └───────────┘ └───────────┘",
            " ┌ e ────────┐ ┌ f ────────┐ ┌ g ────────┐ ┌ h ────────┐",
        ])
        // A click on the wide card `g` (row 2, column 3) picks it.
        let model = Fixtures.soloSet(cards: 12)
        let clicked = SetView().actions(forClickAt: 1 + 2 * 14 + 4, row: 2 + 5 + 2, in: model.room!, size: ScreenSize(width: 120, height: 18))
        #expect(clicked == [.select([Fixtures.setCards[7].id])])
        // 119 columns: the cards of 80 columns.
        let narrower = Fixtures.trimmed(ScreenRenderer.render(Fixtures.soloSet(cards: 12), size: ScreenSize(width: 119, height: 40), color: false, now: 0))
        #expect(narrower[5] == " ┌ a ────┐ ┌ b ────┐ ┌ c ────┐ ┌ d ────┐")
    }
}

/// A Set's time in the tallies: a clock's "0:00" said nothing of a Set found within a second.
struct SetQuicknessTests {
    @Test(arguments: [(0, "0.0 s"), (800, "0.8 s"), (4_250, "4.2 s"), (9_999, "9.9 s"), (10_000, "0:10"), (18_400, "0:18"), (75_000, "1:15")])
    func underTenSecondsInTenthsThenTheClock(milliseconds: Int, said: String) {
        #expect(SetTally.quickness(milliseconds: milliseconds) == said)
    }
}
