/// CRC-32 as gzip (RFC 1952, 8) and zlib compute it: the reflected polynomial 0xEDB88320,
/// register started at all ones and inverted at the end, so "123456789" gives 0xCBF43926.
public enum CRC32 {
    /// The remainder of each byte value, one table lookup a byte.
    static let table: [UInt32] = (0 ... 255).map { (byte: UInt32) in
        var remainder = byte
        for _ in 0 ..< 8 {
            remainder = remainder & 1 == 1 ? 0xEDB8_8320 ^ (remainder >> 1) : remainder >> 1
        }
        return remainder
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
        }
        return ~crc
    }
}
