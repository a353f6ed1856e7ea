/// Bits packed into bytes the way DEFLATE wants them (RFC 1951, 3.1.1): each value's least
/// significant bit first, filling each byte from its least significant bit. Huffman codes,
/// whose most significant bit goes first, are written already reversed (``HuffmanCode``).
struct BitWriter {
    /// The bytes written whole so far.
    private(set) var bytes: [UInt8] = []
    /// Bits waiting for a whole byte, the oldest in the lowest places.
    private var pending: UInt64 = 0
    /// How many of `pending`'s bits are in use (fewer than 8 between writes).
    private var pendingCount = 0

    /// Where the next bit goes, counted from the first: what a block costs is measured with it.
    var bitCount: Int { bytes.count * 8 + pendingCount }

    /// Appends the `count` (0 to 32) low bits of `value`, the least significant first.
    mutating func write(_ value: UInt32, count: Int) {
        pending |= UInt64(value & UInt32(truncatingIfNeeded: (UInt64(1) << count) - 1)) << pendingCount
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    /// Pads with zero bits to the next byte's start (a stored block's data begins there).
    mutating func alignToByte() {
        if pendingCount > 0 { write(0, count: 8 - pendingCount) }
    }

    /// Appends whole bytes; the writer must be at a byte's start.
    mutating func append(contentsOf data: ArraySlice<UInt8>) {
        precondition(pendingCount == 0, "bytes are appended at a byte's start")
        bytes.append(contentsOf: data)
    }

    /// The bytes, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        alignToByte()
        return bytes
    }
}
