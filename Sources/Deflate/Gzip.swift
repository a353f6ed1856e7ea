/// The gzip format (RFC 1952) around a DEFLATE stream: what `Content-Encoding: gzip` carries
/// and what `gzip -d` reads.
public enum Gzip {
    /// The fixed head: the magic bytes, DEFLATE, no flags, no modification time (so a build
    /// is the same bytes whenever it runs), "best compression", and an unknown system.
    static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 255]

    /// `input` as one gzip member: the head, the DEFLATE stream, then the CRC-32 and the
    /// length modulo 2^32 of `input`, both little-endian.
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        var out = header
        out += Deflate.compress(input)
        out += littleEndian(CRC32.checksum(input))
        out += littleEndian(UInt32(truncatingIfNeeded: input.count))
        return out
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0 ..< 4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
