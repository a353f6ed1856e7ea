/// A session token's SHA-256, as the server keeps it: 32 bytes held inline, so that a session
/// costs no allocation for its key (as a 64-digit hex string it took a 96-byte block a player,
/// about a tenth of an idle connection's memory). The room log writes it in hex.
struct TokenDigest: Hashable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The digest of a token's UTF-8 bytes.
    init(hashing token: String) {
        self.init(bytes: SHA256.digest(Array(token.utf8)))
    }

    /// The digest written as 64 hex digits, as ``hex`` writes it (either case); nil for anything else.
    init?(hex: String) {
        guard hex.utf8.count == 64, let bytes = Hex.bytes(hex.lowercased().utf8), bytes.count == 32 else { return nil }
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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in [words.0, words.1, words.2, words.3] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Hex.text(bytes)
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
}
