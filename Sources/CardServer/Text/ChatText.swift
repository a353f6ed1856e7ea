/// The rules for chat text: what the server checks, and what it removes before every member sees it.
enum ChatText {
    /// Checks a chat line and cleans it for broadcast.
    ///
    /// The limits apply to the text as sent, trimmed: at most 300 characters and 1,200
    /// bytes of UTF-8. Cleaning then turns tabs and line breaks into spaces, removes
    /// control characters (C0, DEL, C1) and invisible or direction-changing ones
    /// (format characters such as U+202E, zero-width spaces and joiners, the BOM, tag
    /// characters, other default-ignorable code points), and keeps at most four
    /// combining marks on each character, so no line can reach past its own row on a
    /// terminal or restyle what comes after it.
    /// - Throws: `bad_request` for a line over a limit, or with no text left after cleaning.
    static func clean(_ raw: String) throws(CommandError) -> String {
        let text = raw.trimmingWhitespace()
        let characters = text.count
        if characters > ServerConfig.maxChatCharacters {
            throw .badRequest("a chat message may be at most \(ServerConfig.maxChatCharacters) characters; that one has \(characters)")
        }
        let bytes = text.utf8.count
        if bytes > ServerConfig.maxChatBytes {
            throw .badRequest("a chat message may be at most \(ServerConfig.maxChatBytes) bytes of UTF-8; that one has \(bytes)")
        }
        let cleaned = limitingMarks(removingInvisible(text)).trimmingWhitespace()
        if cleaned.isEmpty {
            throw .badRequest(
                text.isEmpty ? "a chat message needs some text"
                    : "a chat message needs some visible text; control and invisible characters are removed")
        }
        return cleaned
    }

    private static func removingInvisible(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar.isLineBreak {
                kept.append(" ")
            } else if !scalar.isControl && !scalar.isInvisible {
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// Zalgo text stacks marks until they cover the lines above and below.
    private static func limitingMarks(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for character in text {
            var marks = 0
            for scalar in character.unicodeScalars {
                if scalar.isMark && !scalar.isPresentationSelector {
                    marks += 1
                    if marks > ServerConfig.maxMarksPerCharacter { continue }
                }
                kept.append(scalar)
            }
        }
        return String(kept)
    }
}
