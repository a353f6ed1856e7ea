import CardClient
import Testing
import Wire

/// The chat line reads and edits like a good IRC client's: a visible cursor that moves,
/// editing where it is, wrapped lines, every free row, and scrollback.
struct ChatLineTests {
    static func edited(_ text: String, _ edits: [LineEdit], limit: Int = 300) -> Prompt {
        edits.reduce(Prompt(.chat, text: text)) { $0.applying($1, limit: limit) }
    }

    @Test func editingHappensAtTheCursor() {
        #expect(Self.edited("helo", [.left, .insert("l")]).text == "hello")
        #expect(Self.edited("helo", [.left, .insert("l")]).cursor == 4)
        #expect(Self.edited("hello world", [.home, .deleteForward]).text == "ello world")
        #expect(Self.edited("hello world", [.home, .right, .backspace]).text == "ello world")
        #expect(Self.edited("good game  ", [.deleteWord]).text == "good ")
        #expect(Self.edited("gg wp", [.home, .end, .insert("!")]).text == "gg wp!")
        #expect(Self.edited("gg", [.clear]) == Prompt(.chat))
        #expect(Self.edited("abc", [.insert("d")], limit: 3).text == "abc", "the limit holds")
        #expect(Self.edited("", [.left, .backspace, .deleteForward]) == Prompt(.chat))
    }

    @Test func theKeysEditAndTheCursorShows() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = model.type("t")
        _ = model.type("gg wp")
        _ = model.press([.left, .left, .left, .control("w"), .home])
        #expect(model.prompt?.text == " wp")
        #expect(model.prompt?.cursor == 0)
        let plain = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 70, height: 20), color: false, now: 0))
        #expect(plain[18] == " say:  wp")
        let coloured = ScreenRenderer.render(model, size: ScreenSize(width: 70, height: 20), color: true, now: 0)[18]
        #expect(ANSIEncoder.encode(coloured, color: true).contains("\u{1B}[7m \u{1B}[0mwp"), "the cursor cell is drawn inverse")
    }

    @Test func longLinesWrapAndTheLogUsesEveryFreeRowAndScrollsBack() {
        var lines = [Fixtures.rpsState()]
        for number in 1...30 {
            lines.append(ServerMessage.chat(room: "R2D2", from: "bob", text: "line \(number)", id: nil).jsonText)
        }
        lines.append(ServerMessage.chat(room: "R2D2", from: "bob", text: String(repeating: "word ", count: 20), id: nil).jsonText)
        var model = Fixtures.rps(lines)
        let size = ScreenSize(width: 60, height: 30)
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: size, color: false, now: 0))
        #expect(Array(text[(text.count - 4)...(text.count - 2)]) == [
            " bob: line 30",
            " bob: word word word word word word word word word word",
            "   word word word word word word word word word word",
        ])
        #expect(text.filter { $0.hasPrefix(" bob: line ") }.count >= 10, "the log fills the free rows")
        _ = model.press([.pageUp])
        let back = Fixtures.trimmed(ScreenRenderer.render(model, size: size, color: false, now: 0))
        #expect(back[back.count - 2] == " ↓ 5 newer lines · PgDn")
        _ = model.press([.pageDown])
        #expect(Fixtures.trimmed(ScreenRenderer.render(model, size: size, color: false, now: 0)) == text)
    }

    /// Issue 43: at 80×24 the log showed only the tail of a wrapped claim ("   triangles (+3)").
    @Test func aWrappedEntryIsShownWholeOrNotAtAll() {
        var lines = [Fixtures.rpsState()]
        for number in 1...3 {
            lines.append(ServerMessage.chat(room: "R2D2", from: "bob", text: String(repeating: "word\(number) ", count: 20), id: nil).jsonText)
        }
        let model = Fixtures.rps(lines)
        for height in 14...24 {
            let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 60, height: height), color: false, now: 0))
            let log = text.filter { $0.hasPrefix(" bob: ") || $0.hasPrefix("   word") }
            guard let first = log.first else { continue }
            #expect(first.hasPrefix(" bob: "), "at 60×\(height) the log starts mid-entry: \(log)")
        }
    }
}
