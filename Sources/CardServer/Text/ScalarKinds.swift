/// How the name and chat rules sort Unicode scalars.
extension Unicode.Scalar {
    /// A combining mark (nonspacing, spacing or enclosing): it sits on the character before it.
    var isMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// U+FE0E and U+FE0F choose text or emoji style for the symbol before them: common
    /// after emoji typed on phones, harmless, and dropped when names are compared.
    var isPresentationSelector: Bool { value == 0xFE0E || value == 0xFE0F }

    /// Shows nothing, or changes the direction or joining of the text around it: format
    /// characters (zero-width spaces and joiners, bidi controls such as U+202E, the BOM,
    /// tag characters), other default-ignorable code points (fillers, variation
    /// selectors, the combining grapheme joiner) and U+2800, the blank braille pattern.
    var isInvisible: Bool {
        if isPresentationSelector { return false }
        return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint || value == 0x2800
    }

    /// C0 and C1 controls and DEL.
    var isControl: Bool { properties.generalCategory == .control }

    /// Line and paragraph separators (U+2028, U+2029): they break a line like a newline.
    var isLineBreak: Bool {
        switch properties.generalCategory {
        case .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// "U+202E": how messages name a scalar a person may not be able to see.
    var codePointLabel: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The string without the whitespace (spaces, tabs, line breaks) at either end.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// What a message may quote of text a client sent (a room code it asked for): at
    /// most `maxScalars` scalars (so at most four times as many bytes), without controls
    /// or invisible characters, with "…" when cut.
    func quotedForEcho(maxScalars: Int) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in unicodeScalars where !scalar.isControl && !scalar.isInvisible && !scalar.isLineBreak {
            guard kept.count < maxScalars else { return String(kept) + "…" }
            kept.append(scalar)
        }
        return String(kept)
    }
}
