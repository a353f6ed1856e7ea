/// How many terminal cells text takes.
///
/// Terminals agree on ASCII, box drawing and the geometric shapes of Set cards (one cell each)
/// and on emoji with emoji presentation such as ✊ and ✋ (two cells). They disagree on a
/// text-style symbol turned emoji by U+FE0F, such as ✌️: tmux and xterm give it one cell,
/// kitty and iTerm two. Layout counts such a character as two cells and
/// ``DisplayWidth/isAmbiguous(_:)`` says so, so that the encoder can put the cursor back in
/// its column after it, whatever the terminal did.
public enum DisplayWidth {
    /// The cells one character (grapheme cluster) takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(variationSelector16) { return 2 }
        return of(first)
    }

    /// The cells a string takes.
    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Whether terminals disagree on this character's width (an emoji made so by U+FE0F).
    public static func isAmbiguous(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.contains(variationSelector16) else { return false }
        return !first.properties.isEmojiPresentation
    }

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    private static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (CJK, Hangul, fullwidth forms).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}
