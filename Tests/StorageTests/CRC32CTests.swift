@testable import Storage
import Testing

/// The hand-written CRC-32C against RFC 3720's vectors (appendix B.4) and the common check
/// value, and its incremental form against the one-shot one.
struct CRC32CTests {
    /// The iSCSI SCSI Read (10) command PDU of RFC 3720, B.4.
    static let readPDU: [UInt8] = [
        0x01, 0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18,
        0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]

    static let vectors: [(bytes: [UInt8], crc: UInt32)] = [
        ([UInt8](repeating: 0x00, count: 32), 0x8A91_36AA),
        ([UInt8](repeating: 0xFF, count: 32), 0x62A8_AB43),
        ((0...31).map { UInt8($0) }, 0x46DD_794E),
        ((0...31).reversed().map { UInt8($0) }, 0x113F_DB5C),
        (readPDU, 0xD996_3A56),
    ]

    @Test(arguments: vectors)
    func rfc3720Vectors(bytes: [UInt8], crc: UInt32) {
        #expect(CRC32C.checksum(bytes) == crc)
    }

    @Test func theCheckValueAndOthers() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x2262_0404)
        #expect(CRC32C.checksum([UInt8]()) == 0)
        // 100,000 bytes: the eight-byte steps over most of it (value from a bitwise reference).
        #expect(CRC32C.checksum((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }) == 0x96F3_1DC6)
    }

    /// Split anywhere, in pieces not a multiple of eight, the sum is the whole.
    @Test func incrementalUpdatesEqualOneShot() {
        let message = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
        let whole = CRC32C.checksum(message)
        for split in 0...message.count {
            var crc = CRC32C()
            crc.update(message[..<split])
            crc.update(message[split...])
            #expect(crc.value == whole, "split at \(split)")
        }
        var byteByByte = CRC32C()
        for byte in message { byteByByte.update(CollectionOfOne(byte)) }
        #expect(byteByByte.value == whole)
    }

    /// A collection with no contiguous storage is copied, and sums the same.
    @Test func anyCollectionOfBytes() {
        #expect(CRC32C.checksum((0...31).map { UInt8($0) }.reversed()) == 0x113F_DB5C)
        #expect(CRC32C.checksum(repeatElement(UInt8(0xFF), count: 32)) == 0x62A8_AB43)
    }

    /// A single flipped bit anywhere changes the checksum (CRCs catch every one).
    @Test func everySingleBitFlipIsCaught() {
        let line = Array(#"{"k":"move","room":"K7QX","player":"p1","command":{"type":"draw"},"t":"1234"#.utf8)
        let crc = CRC32C.checksum(line)
        for index in line.indices {
            for bit in 0..<8 {
                var flipped = line
                flipped[index] ^= 1 << bit
                #expect(CRC32C.checksum(flipped) != crc)
            }
        }
    }
}
