/// Checks UTF-8 a piece at a time, so a text message split across WebSocket fragments (or a
/// character split across two reads) is judged as a whole (RFC 3629; RFC 6455, 8.1).
///
/// Strict: overlong forms, surrogates (U+D800...U+DFFF) and code points past U+10FFFF are
/// invalid. A sequence is refused at its first impossible byte, as the RFC asks ("fail fast").
public struct UTF8Validator: Sendable {
    /// Continuation bytes still owed by the current character.
    private var needed = 0
    /// The allowed range of the next byte (narrower than 0x80...0xBF right after some lead bytes).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// A validator at the start of a text.
    public init() {}

    /// Whether the text so far ends between two characters.
    public var isAtBoundary: Bool { needed == 0 }

    /// Takes the next bytes; false as soon as they cannot be UTF-8 whatever follows.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            guard feed(byte) else { return false }
        }
        return true
    }

    /// Takes one byte; false if it cannot continue a valid text.
    public mutating func feed(_ byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= lower, byte <= upper else { return false }
            needed -= 1
            lower = 0x80
            upper = 0xBF
            return true
        }
        switch byte {
        case 0x00 ... 0x7F:
            return true
        case 0xC2 ... 0xDF:
            needed = 1
        case 0xE0:
            needed = 2
            lower = 0xA0 // no overlong three-byte forms
        case 0xE1 ... 0xEC, 0xEE ... 0xEF:
            needed = 2
        case 0xED:
            needed = 2
            upper = 0x9F // no surrogates
        case 0xF0:
            needed = 3
            lower = 0x90 // no overlong four-byte forms
        case 0xF1 ... 0xF3:
            needed = 3
        case 0xF4:
            needed = 3
            upper = 0x8F // nothing past U+10FFFF
        default:
            return false // 0x80...0xC1 and 0xF5...0xFF never begin a character
        }
        return true
    }
}
