/// Base64 (RFC 4648, section 4: the standard alphabet, with `=` padding).
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The Base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [alphabet[Int(group >> 18)], alphabet[Int(group >> 12 & 63)], alphabet[Int(group >> 6 & 63)], alphabet[Int(group & 63)]]
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            out += [alphabet[Int(group >> 18)], alphabet[Int(group >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [alphabet[Int(group >> 18)], alphabet[Int(group >> 12 & 63)], alphabet[Int(group >> 6 & 63)], UInt8(ascii: "=")]
        default:
            break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How many bytes `text` decodes to, if it is well-formed Base64 (padded, standard
    /// alphabet); nil otherwise. The handshake needs no more than this: a key must be 16 bytes.
    public static func decodedCount(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return nil }
        var padding = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "=") {
                guard offset >= bytes.count - 2 else { return nil }
                padding += 1
            } else {
                guard padding == 0, alphabet.contains(byte) else { return nil }
            }
        }
        return bytes.count / 4 * 3 - padding
    }

    /// The bytes of well-formed Base64 `text` (padded, standard alphabet, no spaces); nil for
    /// anything else.
    public static func decode(_ text: String) -> [UInt8]? {
        let letters = Array(text.utf8)
        guard letters.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(letters.count / 4 * 3)
        var index = 0
        while index < letters.count {
            let padding = letters[index + 3] == UInt8(ascii: "=") ? (letters[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0
            guard padding == 0 || index + 4 == letters.count else { return nil }
            var group: UInt32 = 0
            for letter in letters[index ..< index + 4 - padding] {
                let value = values[Int(letter)]
                guard value < 64 else { return nil }
                group = group << 6 | UInt32(value)
            }
            group <<= 6 * UInt32(padding)
            out.append(UInt8(truncatingIfNeeded: group >> 16))
            if padding < 2 { out.append(UInt8(truncatingIfNeeded: group >> 8)) }
            if padding < 1 { out.append(UInt8(truncatingIfNeeded: group)) }
            index += 4
        }
        return out
    }

    /// Each byte's value in the alphabet; 255 for a byte outside it.
    private static let values: [UInt8] = (0 ... 255).map { byte in
        alphabet.firstIndex(of: UInt8(byte)).map(UInt8.init) ?? 255
    }
}
