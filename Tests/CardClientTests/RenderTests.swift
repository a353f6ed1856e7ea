@testable import CardClient
import Testing

/// Styled lines, display widths, the ANSI encoder and the frame writer.
struct RenderTests {
    @Test(arguments: [
        ("a", 1), ("▲", 1), ("◭", 1), ("◐", 1), ("◧", 1), ("┌", 1), ("═", 1), ("█", 1),
        ("✊", 2), ("✋", 2), ("✌️", 2), ("✌", 1), ("漢", 2), ("é", 1), ("e\u{301}", 1),
    ])
    func characterWidths(character: String, cells: Int) {
        #expect(DisplayWidth.of(character) == cells)
    }

    @Test func onlyTextSymbolsMadeEmojiAreAmbiguous() {
        #expect(DisplayWidth.isAmbiguous("✌️"))
        #expect(!DisplayWidth.isAmbiguous("✊"))
        #expect(!DisplayWidth.isAmbiguous("▲"))
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        let line = StyledLine("a✊b")
        #expect(line.width == 4)
        #expect(line.truncated(to: 2).plainText == "a ")
        #expect(line.truncated(to: 3).plainText == "a✊")
        #expect(line.fitted(to: 6).plainText == "a✊b  ")
    }

    /// A line too long for the terminal ends at a word, with "…", never mid-word.
    @Test(arguments: [
        (" d draw · u undo · t chat · ? keys · q leave", 40, " d draw · u undo · t chat · ? keys …"),
        (" 24 Sets · 1 wrong claim · 1 hint · Enter plays again", 44, " 24 Sets · 1 wrong claim · 1 hint …"),
        ("abc defghij", 8, "abc …"),
        ("a · b · cdefghijk", 12, "a · b …"),
        ("abcdefghijklmnop", 8, "abcdefg…"),
        ("short", 8, "short"),
        // The cut falls just after a word: one word fewer, so "…" never touches a word it did not cut.
        ("a move: then its run", 16, "a move: then …"),
        ("wastes ones", 7, "wastes…"),
    ])
    func aLongLineIsCutAtAWord(text: String, width: Int, shown: String) {
        let cut = StyledLine(text).clippedAtWord(to: width)
        #expect(cut.plainText == shown)
        #expect(cut.width <= width)
    }

    @Test func controlCharactersFromOtherPeopleNeverReachTheTerminal() {
        let line = StyledLine("a\u{1B}[2Jb\nc\u{85}d\u{7F}") + StyledLine("✓ fine")
        #expect(line.plainText == "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d\u{FFFD}✓ fine")
        #expect(ANSIEncoder.encode(line, color: true) == line.plainText)
        #expect(line.width == 17)
    }

    @Test func neighbouringSpansOfOneStyleMerge() {
        var line = StyledLine("ab", .bold)
        line.append("cd", .bold)
        line.append("", .dim)
        line.append("ef")
        #expect(line.spans == [Span("abcd", .bold), Span("ef")])
    }

    @Test func spreadPutsTheRightPartAtTheEdgeOrDropsIt() {
        #expect(StyledLine.spread(StyledLine("left"), StyledLine("right"), width: 12).plainText == "left   right")
        #expect(StyledLine.spread(StyledLine("left"), StyledLine("right"), width: 9).plainText == "left     ")
    }

    @Test func encoderWrapsEachStyledSpanInItsOwnSGR() {
        let line = StyledLine("plain ") + StyledLine("bold red", .color(.red, bold: true)) + StyledLine(" dim", .dim)
        #expect(ANSIEncoder.encode(line, color: true) == "plain \u{1B}[1;31mbold red\u{1B}[0m\u{1B}[2m dim\u{1B}[0m")
        #expect(ANSIEncoder.encode(line, color: false) == "plain bold red dim")
    }

    @Test func encoderPutsTheCursorBackAfterAnAmbiguousEmoji() {
        let line = StyledLine("s ✌️ scissors")
        #expect(ANSIEncoder.encode(line, color: false) == "s ✌️\u{1B}[5G scissors")
    }

    @Test func sgrParametersComeInAFixedOrder() {
        #expect(Style(foreground: .yellow, background: .blue, bold: true, dim: true, inverse: true).sgrParameters == "1;2;7;33;44")
        #expect(Style.plain.sgrParameters == "")
    }

    @Test func frameWriterClearsFirstThenWritesOnlyChangedRows() {
        var writer = FrameWriter()
        let first = writer.update(to: [StyledLine("one"), StyledLine("two")], color: false)
        #expect(first == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[2Kone\u{1B}[2;1H\u{1B}[2Ktwo")
        #expect(writer.update(to: [StyledLine("one"), StyledLine("two")], color: false) == "")
        #expect(writer.update(to: [StyledLine("one"), StyledLine("2")], color: false) == "\u{1B}[2;1H\u{1B}[2K2")
        writer.invalidate()
        #expect(writer.update(to: [StyledLine("one")], color: false) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[2Kone")
    }
}
