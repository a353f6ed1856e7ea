import Storage
/// PBKDF2 with HMAC-SHA256 (RFC 8018, section 5.2): how an account's password is stored.
/// Tested against RFC 7914's vectors (section 11).
enum PBKDF2 {
    /// The derived key of `length` bytes.
    /// - Parameter iterations: at least 1; each costs two SHA-256 blocks.
    /// - Parameter stop: read every 4,096 iterations; once raised, the derivation ends early and
    ///   its result is worthless (the server is stopping, and nobody waits for it).
    static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int, stop: StopSignal? = nil) -> [UInt8] {
        precondition(iterations >= 1 && length >= 1, "PBKDF2 needs an iteration and a byte")
        let keyed = HMACSHA256.Keyed(key: password)
        var derived: [UInt8] = []
        derived.reserveCapacity(length)
        var blockIndex: UInt32 = 1
        while derived.count < length {
            // U1 = HMAC(P, S || INT(i)); Uj = HMAC(P, Uj-1); T = U1 ^ U2 ^ ... ^ Uc.
            let first = keyed.code(salt + [UInt8(blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16), UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex)])
            var u = SHA256.Words()
            for index in 0..<8 {
                u[index] = UInt32(first[4 * index]) << 24 | UInt32(first[4 * index + 1]) << 16 | UInt32(first[4 * index + 2]) << 8 | UInt32(first[4 * index + 3])
            }
            var t = u
            for iteration in 1..<iterations {
                if iteration & 0xFFF == 0, let stop, stop.isRaised { break }
                u = keyed.code(ofDigest: u)
                t ^= u
            }
            derived += SHA256.bytes(of: t).prefix(length - derived.count)
            blockIndex += 1
        }
        return derived
    }
}

/// Whether two byte strings are equal, in a time that depends on their lengths only: a
/// password check must not say, by how soon it answers, how many leading bytes were right.
func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices {
        difference |= left[index] ^ right[index]
    }
    return difference == 0
}
