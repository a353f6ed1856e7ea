/// HMAC-SHA256 (RFC 2104), on the project's SHA-256: what PBKDF2 is built from. Tested against
/// RFC 4231's vectors.
enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    static func code(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let keys = Keyed(key: key)
        return keys.code(message)
    }

    /// A key's two padded states, each one compressed block: HMAC's inner hash starts from
    /// `inner` and its outer one from `outer`, so a loop of HMACs under one key (PBKDF2's)
    /// pays for the key once.
    struct Keyed {
        let inner: SHA256.Words
        let outer: SHA256.Words
        private let paddedKey: [UInt8]

        init(key: [UInt8]) {
            // A key longer than a block is hashed first; a shorter one is padded with zeros.
            var padded = key.count > 64 ? SHA256.digest(key) : key
            padded += [UInt8](repeating: 0, count: 64 - padded.count)
            paddedKey = padded
            var inner = SHA256.initialWords
            SHA256.compress(&inner, SHA256.block(padded.map { $0 ^ 0x36 }))
            var outer = SHA256.initialWords
            SHA256.compress(&outer, SHA256.block(padded.map { $0 ^ 0x5c }))
            self.inner = inner
            self.outer = outer
        }

        /// HMAC of a message of any length: H((K ^ opad) || H((K ^ ipad) || message)).
        func code(_ message: [UInt8]) -> [UInt8] {
            let innerDigest = SHA256.digest(paddedKey.map { $0 ^ 0x36 } + message)
            return SHA256.digest(paddedKey.map { $0 ^ 0x5c } + innerDigest)
        }

        /// HMAC of a 32-byte message given as eight words (a previous HMAC's output), as words:
        /// two compressions and nothing allocated.
        func code(ofDigest words: SHA256.Words) -> SHA256.Words {
            var state = inner
            SHA256.compress(&state, Self.lastBlock(words))
            var result = outer
            SHA256.compress(&result, Self.lastBlock(state))
            return result
        }

        /// A 32-byte message after a 64-byte block, padded: the message, the 1 bit, zeros, and
        /// the length in bits (64 + 32 bytes = 768).
        private static func lastBlock(_ words: SHA256.Words) -> SHA256.Block {
            SHA256.Block(lowHalf: words, highHalf: SHA256.Words(0x8000_0000, 0, 0, 0, 0, 0, 0, 768))
        }
    }
}
