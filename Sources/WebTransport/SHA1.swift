/// SHA-1 (FIPS 180-4, RFC 3174), for the one thing RFC 6455 needs it for: `Sec-WebSocket-Accept`.
///
/// Not for anything that needs collision resistance: SHA-1 has none left. The handshake only
/// proves the server read the key, which is all RFC 6455 asks of it. Written here because
/// the project takes no packages and Glibc has no SHA-1.
public enum SHA1 {
    /// The 20-byte digest of `message`.
    public static func digest(_ message: some Sequence<UInt8>) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var block: [UInt8] = []
        block.reserveCapacity(64)
        var length: UInt64 = 0
        for byte in message {
            block.append(byte)
            length &+= 1
            if block.count == 64 {
                compress(block, into: &state)
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding: a 1 bit, zeros to 56 bytes mod 64, then the length in bits, big-endian.
        block.append(0x80)
        if block.count > 56 {
            block += [UInt8](repeating: 0, count: 64 - block.count)
            compress(block, into: &state)
            block.removeAll(keepingCapacity: true)
        }
        block += [UInt8](repeating: 0, count: 56 - block.count)
        let bits = length &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            block.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        compress(block, into: &state)
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    /// One 64-byte block into the running state (FIPS 180-4, 6.1.2).
    private static func compress(_ block: [UInt8], into state: inout (UInt32, UInt32, UInt32, UInt32, UInt32)) {
        var w = [UInt32](repeating: 0, count: 80)
        for t in 0 ..< 16 {
            w[t] = UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
        }
        for t in 16 ..< 80 {
            w[t] = rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)
        }
        var (a, b, c, d, e) = state
        for t in 0 ..< 80 {
            let f: UInt32
            let k: UInt32
            switch t {
            case 0 ..< 20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20 ..< 40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40 ..< 60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ w[t]
            e = d
            d = c
            c = rotateLeft(b, 30)
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}
