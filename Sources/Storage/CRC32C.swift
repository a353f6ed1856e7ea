/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the checksum iSCSI, ext4 and
/// PostgreSQL's WAL use, written here because the server takes no dependencies. Every record
/// of the room log and the results journal carries one (``RecordSeal``), so a move costs one:
/// it runs slicing-by-8, eight bytes a step through eight tables. Tested against RFC 3720's
/// vectors (appendix B.4).
///
/// Incremental: ``update(_:)`` with the bytes in any pieces gives the ``value`` one call over
/// all of them would.
public struct CRC32C: Equatable {
    /// The register between updates: pre-inverted, not yet post-inverted.
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes yet.
    init() {}

    /// The checksum of every byte given so far.
    var value: UInt32 { ~register }

    /// The checksum of `bytes` in one call.
    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var crc = CRC32C()
        crc.update(bytes)
        return crc.value
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Adds the bytes at `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var crc = register
        Self.tables.withUnsafeBufferPointer { table in
            var offset = 0
            let count = bytes.count
            // Eight bytes a step: the first four fold into the register, and each of the
            // eight is looked up in the table that shifts it as far as its place needs.
            while count - offset >= 8 {
                let low = crc ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < count {
                crc = table[Int((crc ^ UInt32(bytes[offset])) & 0xFF)] ^ (crc >> 8)
                offset += 1
            }
        }
        register = crc
    }

    /// Eight tables of 256 entries, one after another. Table 0 is the byte-at-a-time table;
    /// table k gives a byte's effect k bytes further along, so a step takes eight at once.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            tables[byte] = crc
        }
        for table in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
