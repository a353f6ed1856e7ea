/// SHA-256 (FIPS 180-4), written here because the server takes no dependencies: session
/// tokens are kept on disk only as their hash, so the room log cannot be used to resume
/// someone else's seat. Tested against the NIST example vectors.
public enum SHA256 {
    /// The 32-byte digest of `message`.
    public static func digest<Bytes: Collection>(_ message: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var state = initialWords
        var block = [UInt8]()
        block.reserveCapacity(64)
        for byte in message {
            block.append(byte)
            if block.count == 64 {
                compress(&state, Self.block(block))
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding: a 1 bit, zeros to 56 bytes mod 64, then the length in bits, big-endian.
        let bitLength = UInt64(message.count) &* 8
        block.append(0x80)
        if block.count > 56 {
            block += [UInt8](repeating: 0, count: 64 - block.count)
            compress(&state, Self.block(block))
            block.removeAll(keepingCapacity: true)
        }
        block += [UInt8](repeating: 0, count: 56 - block.count)
        for shift in stride(from: 56, through: 0, by: -8) { block.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        compress(&state, Self.block(block))
        return bytes(of: state)
    }

    /// The digest as 64 lowercase hex digits.
    public static func hex<Bytes: Collection>(_ message: Bytes) -> String where Bytes.Element == UInt8 {
        Hex.text(digest(message))
    }

    /// The hash of a string's UTF-8 bytes, in hex.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}

// MARK: - Blocks as words: every digest, and HMAC and PBKDF2's inner loop

extension SHA256 {
    /// The eight words of SHA-256's state.
    typealias Words = SIMD8<UInt32>
    /// One 64-byte block as sixteen big-endian words.
    typealias Block = SIMD16<UInt32>

    /// The state before any block.
    static let initialWords = Words(0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)

    /// Folds one block into `state`, allocating nothing: PBKDF2 calls this 1.2 million times a
    /// password (two blocks an iteration, 600,000 iterations), where arrays would cost more than
    /// the arithmetic.
    static func compress(_ state: inout Words, _ block: Block) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 { w[t] = block[t] }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
            roundConstants.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
                }
            }
            state &+= Words(a, b, c, d, e, f, g, h)
        }
    }

    /// Sixteen big-endian words from 64 bytes.
    static func block<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Block where Bytes.Element == UInt8, Bytes.Index == Int {
        precondition(bytes.count == 64, "a SHA-256 block has 64 bytes")
        var block = Block()
        let start = bytes.startIndex
        for t in 0..<16 {
            let i = start + 4 * t
            block[t] = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        return block
    }

    /// The 32 bytes of a state, big-endian: the digest once every block is in.
    static func bytes(of state: Words) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for index in 0..<8 {
            let word = state[index]
            bytes += [UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return bytes
    }
}
