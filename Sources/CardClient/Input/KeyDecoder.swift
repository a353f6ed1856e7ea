/// Turns the bytes a terminal sends into ``Key`` values.
///
/// A value you feed bytes as they arrive: an escape sequence or a UTF-8 character split across
/// reads is held until the rest comes. A lone Escape cannot be told from the start of a
/// sequence, so it stays pending until ``flush()`` is called after a short pause with no input.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Makes a decoder with nothing pending.
    public init() {}

    /// Whether bytes are held waiting for the rest of a sequence (then call ``flush()`` after a pause).
    public var hasPending: Bool { !pending.isEmpty }

    /// Feeds bytes read from the terminal.
    /// - Returns: the keys completed by these bytes, in order.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending, at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends a pause: whatever is pending is taken as typed (a lone `ESC` is Escape; the rest of
    /// an unfinished sequence is dropped).
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let first = pending[0]
        pending.removeAll()
        return first == 0x1B ? [.escape] : []
    }

    /// The key at `index` and the bytes it takes; nil when more bytes are needed.
    /// A key of nil with a length means bytes that are skipped (unknown sequences, invalid UTF-8).
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return decodeEscape(bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
        case 0xC2...0xF4: return decodeUTF8(bytes, at: index)
        default: return (nil, 1)
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            // CSI: parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte 0x40-0x7E.
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            guard (0x40...0x7E).contains(bytes[end]) else { return (.escape, 1) }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            return (csiKey(final: bytes[end], parameters: parameters), end - index + 1)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            return (ss3Key(bytes[index + 2]), 3)
        default:
            return (.escape, 1)
        }
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        if parameters.hasPrefix("<") { return mouseKey(final: final, parameters: parameters.dropFirst()) }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// SGR 1006 mouse report: `ESC [ < button ; column ; row M` (press) or `m` (release).
    /// A left press is a click and its release a release; the wheel scrolls like PgUp/PgDn;
    /// everything else is ignored.
    private static func mouseKey(final: UInt8, parameters: Substring) -> Key? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        if final == UInt8(ascii: "m") {
            return numbers[0] == 0 ? .release(column: numbers[1] - 1, row: numbers[2] - 1) : nil
        }
        guard final == UInt8(ascii: "M") else { return nil }
        switch numbers[0] {
        case 0: return .click(column: numbers[1] - 1, row: numbers[2] - 1)
        case 64: return .pageUp
        case 65: return .pageDown
        default: return nil
        }
    }

    private static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var end = index + 1
        while end < bytes.count, end < index + length {
            guard bytes[end] & 0xC0 == 0x80 else { return (nil, end - index) }
            end += 1
        }
        guard end == index + length else { return nil }
        let text = String(validating: bytes[index..<end], as: UTF8.self)
        return (text.flatMap(\.first).map(Key.character), length)
    }
}
