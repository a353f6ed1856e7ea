import CardClient
import GameRules
import Testing
import Wire

/// Set cards grow with the terminal (issue 43, item 9): small below 120 columns; from there
/// large (20×6, shapes of 4×2 cells) where the board, the panel of last Sets and a chat line
/// fit; wide (13×5) where only the board fits across; small otherwise.
struct SetCardSizeTests {
    /// Ann alone in a Set room of `variant` with `count` cards (the fixture's fifteen, then again).
    static func room(cards count: Int, variant: SetVariant = .classic, chain: [SetCard] = []) -> ClientModel {
        let board = Array((Fixtures.setCards + Fixtures.setCards).prefix(count))
        let state = ServerMessage.state(RoomState(
            room: "K7QX", game: "set", seq: 1, phase: .playing, players: [PlayerEntry(name: "ann", seat: 0, score: 0, connected: true)],
            spectators: 1, seats: 1,
            gameFields: .set(SetFields(board: board, deck: 81 - count, dealVotes: [], hintsUsed: 0, hint: [], variant: variant, chain: chain)))
        ).jsonText
        return Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, state])
    }

    /// The width and height of card `a` as drawn on a screen of `size`.
    static func cardSize(_ model: ClientModel, _ size: ScreenSize) -> (width: Int, height: Int) {
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: size, color: false, now: 0))
        guard let top = screen.firstIndex(where: { $0.contains("┌ a ") }) else { return (0, 0) }
        let line = screen[top].drop { $0 != "┌" }
        let width = (line.firstIndex(of: "┐").map { line.distance(from: line.startIndex, to: $0) } ?? -1) + 1
        let below = screen[(top + 1)...].firstIndex { $0.contains(#/┌ [a-x] /#) } ?? top
        return (width, below - top)
    }

    @Test func atOneHundredTwentyByFortyTwelveCardsAreLarge() {
        let screen = ScreenRenderer.render(Fixtures.soloSet(cards: 12), size: ScreenSize(width: 120, height: 40), color: false, now: 0)
        let text = Fixtures.trimmed(screen)
        #expect(Array(text[5...22]) == [
            " ┌ a ───────────────┐ ┌ b ───────────────┐ ┌ c ───────────────┐ ┌ d ───────────────┐",
            " │                  │ │                  │ │                  │ │                  │",
            " │        ▟▙        │ │       ▟██▙       │ │ ▟██▙  ▟██▙  ▟██▙ │ │    ████  ████    │",
            " │       ▟██▙       │ │       ▜██▛       │ │ ▜██▛  ▜██▛  ▜██▛ │ │    ████  ████    │",
            " │       red        │ │       red        │ │      green       │ │       red        │",
            " └──────────────────┘ └──────────────────┘ └──────────────────┘ └──────────────────┘",
            " ┌ e ───────────────┐ ┌ f ───────────────┐ ┌ g ───────────────┐ ┌ h ───────────────┐",
            " │                  │ │                  │ │                  │ │                  │",
            " │    ╭▒▒╮  ╭▒▒╮    │ │    ┌▒▒┐  ┌▒▒┐    │ │        ╱╲        │ │       ┌▒▒┐       │",
            " │    ╰▒▒╯  ╰▒▒╯    │ │    └▒▒┘  └▒▒┘    │ │       ╱▒▒╲       │ │       └▒▒┘       │",
            " │      green       │ │       red        │ │      purple      │ │      green       │",
            " └──────────────────┘ └──────────────────┘ └──────────────────┘ └──────────────────┘",
            " ┌ i ───────────────┐ ┌ j ───────────────┐ ┌ k ───────────────┐ ┌ l ───────────────┐",
            " │                  │ │                  │ │                  │ │                  │",
            " │ ┌──┐  ┌──┐  ┌──┐ │ │  ╱╲    ╱╲    ╱╲  │ │     ╱╲    ╱╲     │ │ ╭──╮  ╭──╮  ╭──╮ │",
            " │ └──┘  └──┘  └──┘ │ │ ╱▁▁╲  ╱▁▁╲  ╱▁▁╲ │ │    ╱▁▁╲  ╱▁▁╲    │ │ ╰──╯  ╰──╯  ╰──╯ │",
            " │      purple      │ │      green       │ │      purple      │ │      purple      │",
            " └──────────────────┘ └──────────────────┘ └──────────────────┘ └──────────────────┘",
        ])
        // Under the board, the chat keeps the rows left (its line says none was said yet).
        #expect(Array(text[23...39]) == [String](repeating: "", count: 15) + [" no chat yet · / to talk", " a–l pick 3 · D deal 3 more · H hint · / chat · ? keys · Q leave"])
        #expect(screen.count == 40 && screen.allSatisfy { $0.width == 120 })
        // A click on the large card `g` (row 2, column 3) picks it.
        let model = Fixtures.soloSet(cards: 12)
        let clicked = SetView().actions(forClickAt: 1 + 2 * 21 + 4, row: 2 + 6 + 3, in: model.room!, size: ScreenSize(width: 120, height: 34))
        #expect(clicked == [.select([Fixtures.setCards[7].id])])
    }

    @Test func largeCardsKeepTheLastSetsBesideTheBoard() {
        let text = Fixtures.trimmed(ScreenRenderer.render(SetTableTests.race(), size: ScreenSize(width: 120, height: 40), color: false, now: 36_000))
        #expect(Array(text[5...10]) == [
            " ┌ a ───────────────┐ ┌ b ───────────────┐ ┌ c ───────────────┐ ┌ d ───────────────┐   Last Sets",
            " │                  │ │                  │ │                  │ │                  │   bob        0:35 r▲ g◐◐ p□□□",
            " │        ▟▙        │ │       ▟██▙       │ │ ▟██▙  ▟██▙  ▟██▙ │ │    ████  ████    │   you        0:30 r▲ g◐◐ p□□□",
            " │       ▟██▙       │ │       ▜██▛       │ │ ▜██▛  ▜██▛  ▜██▛ │ │    ████  ████    │   bob        0:12 r▲ g◐◐ p□□□",
            " │       red        │ │       red        │ │      green       │ │       red        │",
            " └──────────────────┘ └──────────────────┘ └──────────────────┘ └──────────────────┘",
        ])
    }

    /// Each shape and fill drawn large: blocks, an outline shaded inside, an outline alone.
    @Test func theNineLargeShapes() {
        let drawn = [SetFill.solid, .striped, .open].map { fill in
            [SetShape.triangle, .circle, .square].map { shape in
                SetCardArt.lines(SetCard(count: 1, shape: shape, color: .red, fill: fill), label: "a", mark: .none, color: true, size: .large)
                    .map(\.plainText)[2...3].map { String($0.dropFirst(8).prefix(4)) }
            }
        }
        #expect(drawn == [
            [[" ▟▙ ", "▟██▙"], ["▟██▙", "▜██▛"], ["████", "████"]],
            [[" ╱╲ ", "╱▒▒╲"], ["╭▒▒╮", "╰▒▒╯"], ["┌▒▒┐", "└▒▒┘"]],
            [[" ╱╲ ", "╱▁▁╲"], ["╭──╮", "╰──╯"], ["┌──┐", "└──┘"]],
        ])
    }

    /// (cards, variant, terminal, card width × height): large where it fits, wide where only
    /// the board fits across (15 or more cards at 120 columns, or too few rows), small below 120.
    @Test(arguments: [
        (12, SetVariant.classic, 80, 24, 9, 5), (12, .classic, 119, 40, 9, 5), (12, .classic, 120, 40, 20, 6),
        (12, .classic, 120, 25, 13, 5), (12, .classic, 120, 26, 20, 6),
        (15, .classic, 120, 40, 13, 5), (18, .classic, 120, 40, 13, 5), (21, .classic, 120, 40, 13, 5), (18, .classic, 80, 24, 9, 5),
        (15, .classic, 134, 40, 20, 6), (21, .classic, 176, 40, 20, 6), (21, .classic, 175, 40, 13, 5),
        (12, .ultra, 120, 40, 20, 6), (12, .junior, 120, 40, 20, 6), (9, .junior, 120, 40, 20, 6),
        (12, .chain, 120, 40, 20, 6), (12, .chain, 120, 32, 13, 5),
    ])
    func cardsTakeTheLargestSizeThatFits(cards: Int, variant: SetVariant, width: Int, height: Int, cardWidth: Int, cardHeight: Int) {
        let chain = variant == .chain ? Array(Fixtures.setCards[12..<15]) : []
        let model = Self.room(cards: cards, variant: variant, chain: chain)
        let size = Self.cardSize(model, ScreenSize(width: width, height: height))
        #expect(size.width == cardWidth && size.height == cardHeight, "\(size)")
    }
}
