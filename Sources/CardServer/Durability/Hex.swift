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
        let characters = Array(text.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = digits.firstIndex(of: characters[index]), let low = digits.firstIndex(of: characters[index + 1]) else { return nil }
            bytes.append(UInt8(high << 4 | low))
            index += 2
        }
        return bytes
    }
}
