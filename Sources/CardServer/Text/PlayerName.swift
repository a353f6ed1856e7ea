/// The rules for player names.
///
/// A name is shown to everyone in a room, in every `state`, and goes into the results
/// journal: it must be short in bytes as well as in characters, visible, and one line.
enum PlayerName {
    /// Checks a name a client asked for and returns it as the server will use it.
    ///
    /// Surrounding whitespace is trimmed and every run of inner spaces (any space
    /// separator: U+0020, no-break, ideographic, …) becomes one U+0020, so "ann  b" and
    /// "ann\u{3000}b" are both "ann b". What is left must be 1-20 characters and at most
    /// 64 bytes of UTF-8, hold only letters, marks, numbers, punctuation, symbols and
    /// those spaces, at least one letter or number, no mark at its start and at most
    /// four marks on any character.
    /// - Throws: `bad_request` whose message says which rule the name broke.
    static func validate(_ raw: String) throws(CommandError) -> String {
        let name = collapsingSpaces(raw.trimmingWhitespace())
        if name.isEmpty {
            throw .badRequest("a name needs at least one character that is not a space")
        }
        let characters = name.count
        if characters > ServerConfig.maxNameCharacters {
            throw .badRequest("a name may be at most \(ServerConfig.maxNameCharacters) characters; that one has \(characters)")
        }
        let bytes = name.utf8.count
        if bytes > ServerConfig.maxNameBytes {
            throw .badRequest("a name may be at most \(ServerConfig.maxNameBytes) bytes of UTF-8; that one has \(bytes)")
        }
        try checkScalars(of: name)
        for character in name {
            let marks = character.unicodeScalars.count(where: { $0.isMark && !$0.isPresentationSelector })
            if marks > ServerConfig.maxMarksPerCharacter {
                throw .badRequest(
                    "a name may have at most \(ServerConfig.maxMarksPerCharacter) combining marks on one character; one there has \(marks)")
            }
        }
        return name
    }

    /// Refuses the first scalar that has no place in a name.
    private static func checkScalars(of name: String) throws(CommandError) {
        var hasLetterOrNumber = false
        for scalar in name.unicodeScalars {
            if scalar.isControl || scalar.isLineBreak {
                throw .badRequest("a name may not hold control characters or line breaks like \(scalar.codePointLabel)")
            }
            if scalar.isInvisible {
                throw .badRequest("a name may not hold invisible or direction-changing characters like \(scalar.codePointLabel)")
            }
            switch scalar.properties.generalCategory {
            case .privateUse:
                throw .badRequest("a name may not hold private-use characters like \(scalar.codePointLabel)")
            case .unassigned, .surrogate:
                throw .badRequest("a name may not hold unassigned characters like \(scalar.codePointLabel)")
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                hasLetterOrNumber = true
            default:
                break
            }
        }
        if let first = name.unicodeScalars.first, first.isMark {
            throw .badRequest("a name may not start with a combining mark like \(first.codePointLabel)")
        }
        if !hasLetterOrNumber {
            throw .badRequest("a name needs at least one letter or number")
        }
    }

    /// Each run of space separators becomes one U+0020. Other whitespace (tabs, line
    /// breaks) is left for `checkScalars` to refuse.
    private static func collapsingSpaces(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .spaceSeparator {
                if !afterSpace { result.append(" ") }
                afterSpace = true
            } else {
                result.append(scalar)
                afterSpace = false
            }
        }
        return String(result)
    }
}
