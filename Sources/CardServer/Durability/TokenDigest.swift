/// A session token's SHA-256, as the server keeps it: 32 bytes held inline, so that a session
/// costs no allocation for its key (as a 64-digit hex string it took a 96-byte block a player,
/// about a tenth of an idle connection's memory). The room log writes it in hex.
struct TokenDigest: Hashable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The digest of a token's UTF-8 bytes.
    init(hashing token: String) {
        self.init(bytes: SHA256.digest(Array(token.utf8)))
    }

    /// The digest written as 64 hex digits, as ``hex`` writes it; nil for anything else.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        for index in 0..<32 {
            guard let high = Self.value(of: digits[2 * index]), let low = Self.value(of: digits[2 * index + 1]) else { return nil }
            bytes[index] = high << 4 | low
        }
        self.init(bytes: bytes)
    }

    private init(bytes: [UInt8]) {
        precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes")
        func word(_ start: Int) -> UInt64 {
            bytes[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
        words = (word(0), word(8), word(16), word(24))
    }

    /// The digest as 64 lowercase hex digits: ``SHA256/hex(_:)`` of the token.
    var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int(word >> UInt64(shift) & 0xF)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func == (left: TokenDigest, right: TokenDigest) -> Bool {
        left.words == right.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
