@testable import CardServer
import ServerTestSupport
import Testing

/// The chat rules (`ChatText`), without a server.
struct ChatTextTests {
    @Test(arguments: [
        ("gg", "gg"),
        ("  gg  ", "gg"),
        ("a\u{1B}[2Jb", "a[2Jb"),
        ("ding\u{7}\u{0}!", "ding!"),
        ("one\ntwo\r\nthree\tfour", "one two  three four"),
        ("abc\u{202E}fed", "abcfed"),
        ("\u{2066}x\u{2069}\u{200E}\u{200F}\u{202A}", "x"),
        ("\u{FEFF}hi\u{200B}\u{E0041}", "hi"),
        ("a\u{7F}\u{85}\u{9B}b", "a b"),
        ("a\u{2028}b", "a b"),
        ("Zoë 李小龙 🙂", "Zoë 李小龙 🙂"),
        ("a" + String(repeating: "\u{301}", count: 40) + "b", "a\u{301}\u{301}\u{301}\u{301}b"),
        ("\u{301}\u{301}\u{301}\u{301}\u{301}x", "\u{301}\u{301}\u{301}\u{301}x"),
    ])
    func chatIsCleanedBeforeBroadcast(raw: String, cleaned: String) throws {
        #expect(Array(try ChatText.clean(raw).unicodeScalars) == Array(cleaned.unicodeScalars))
    }

    @Test(arguments: [
        ("   ", "a chat message needs some text"),
        ("\u{1B}\u{7}\u{202E}\u{200B}", "a chat message needs some visible text; control and invisible characters are removed"),
        ("\u{1B} \u{0}", "a chat message needs some visible text; control and invisible characters are removed"),
        (String(repeating: "c", count: 301), "a chat message may be at most 300 characters; that one has 301"),
        (String(repeating: "🙂", count: 300) + "\u{301}", "a chat message may be at most 1200 bytes of UTF-8; that one has 1202"),
        ("a" + String(repeating: "\u{301}", count: 3000), "a chat message may be at most 1200 bytes of UTF-8; that one has 6001"),
    ])
    func refusedChatSaysWhy(raw: String, message: String) {
        #expect(throws: CommandError.badRequest(message)) { try ChatText.clean(raw) }
    }

    @Test func theLimitsAreInclusive() throws {
        #expect(try ChatText.clean(String(repeating: "c", count: 300)).count == 300)
        // 300 characters of four bytes each: exactly 1,200 bytes.
        #expect(try ChatText.clean(String(repeating: "🙂", count: 300)).utf8.count == 1_200)
    }
}
