import Deflate
import Testing

/// CRC-32 as gzip and zlib compute it, against the published check values.
struct CRC32Tests {
    @Test(arguments: [
        ("123456789", 0xCBF4_3926 as UInt32),
        ("", 0),
        ("a", 0xE8B7_BE43),
        ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
    ])
    func theChecksumIsTheStandardOne(text: String, checksum: UInt32) {
        #expect(CRC32.checksum(Array(text.utf8)) == checksum)
    }
}
