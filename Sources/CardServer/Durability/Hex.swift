/// Bytes as lowercase hex digits and back: how digests, salts and keys are written in the
/// server's files and messages.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Two lowercase digits a byte.
    static func text<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of text ``text(_:)`` wrote; nil for an odd length or any other character
    /// (uppercase included: a written form has one spelling).
    static func bytes(_ text: Substring) -> [UInt8]? {
        bytes(text.utf8)
    }

    /// The bytes of hex digits given as UTF-8 (a start reads 100,000 stored passwords this way).
    static func bytes<Digits: Collection>(_ characters: Digits) -> [UInt8]? where Digits.Element == UInt8 {
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = characters.startIndex
        while index != characters.endIndex {
            let next = characters.index(after: index)
            guard let high = value(of: characters[index]), let low = value(of: characters[next]) else { return nil }
            bytes.append(high << 4 | low)
            index = characters.index(after: next)
        }
        return bytes
    }

    /// A lowercase hex digit's value.
    @inline(__always)
    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }
}
