/// The checksum every record of the room log and the results journal ends with
/// (PostgreSQL's CRC per WAL record), so a restart tells a damaged record from a good one.
///
/// A sealed record is still one JSON object on one line, so `jq` reads the files as before:
/// the checksum is its last field, `"crc"`, eight lowercase hex digits of a ``CRC32C``:
///
///     {"k":"tick","t":"5","wall":1795000000000,"crc":"831235e7"}
///
/// The checksum covers the line's bytes from its opening `{` up to, not including, the
/// `,"crc":` that begins the seal: the record's own JSON text without its closing brace.
/// The newline is not covered (a line without it is torn, whatever its checksum).
///
/// Records written before checksums have no `"crc"` field and are still read (``Checked/unsealed(_:)``).
public enum RecordSeal {
    /// What a line turned out to be.
    public enum Checked: Equatable {
        /// Its checksum matches: the record's JSON object, the seal taken off.
        case sealed([UInt8])
        /// A record from before checksums: the line as it is.
        case unsealed([UInt8])
        /// It has a seal that does not match its bytes, or a seal that is not one.
        case damaged
    }

    /// Seals a record: `object`, one JSON object's text with at least one field, ends with
    /// `,"crc":"…"}` instead of its closing brace. No newline is added.
    public static func seal(_ object: inout [UInt8]) {
        precondition(object.count > 2 && object.last == closingBrace, "a seal closes a JSON object that has a field")
        object.removeLast()
        let crc = CRC32C.checksum(object)
        object += marker
        // Written digit by digit: this runs for every move, and a String would cost allocations.
        for shift in stride(from: 28, through: 0, by: -4) {
            object.append(hexDigits[Int((crc >> UInt32(shift)) & 0xF)])
        }
        object.append(quote)
        object.append(closingBrace)
    }

    /// Checks one line (without its newline).
    ///
    /// A line whose end has the seal's `,"crc":"` in its place claims a seal: it is
    /// ``Checked/sealed(_:)`` when the eight hex digits after it are the checksum of what
    /// comes before it, and ``Checked/damaged`` otherwise. Any other line is
    /// ``Checked/unsealed(_:)``: whether it is a record at all is for its reader to say.
    public static func check(_ line: ArraySlice<UInt8>) -> Checked {
        guard line.count >= sealLength + 1 else { return .unsealed(Array(line)) }
        let sealStart = line.endIndex - sealLength
        guard line[sealStart..<sealStart + marker.count].elementsEqual(marker) else { return .unsealed(Array(line)) }
        let digits = line[(sealStart + marker.count)..<(line.endIndex - 2)]
        guard line[line.endIndex - 2] == quote, line[line.endIndex - 1] == closingBrace,
              let stored = value(ofHex: digits), stored == CRC32C.checksum(line[..<sealStart])
        else { return .damaged }
        var body: [UInt8] = []
        body.reserveCapacity(sealStart - line.startIndex + 1)
        body += line[..<sealStart]
        body.append(closingBrace)
        return .sealed(body)
    }

    /// `,"crc":"`: where a seal begins.
    private static let marker = Array(#","crc":""#.utf8)
    /// The seal's bytes: the marker, eight digits, a quote and the closing brace.
    public static let sealLength = marker.count + 8 + 2
    private static let quote = UInt8(ascii: "\"")
    private static let closingBrace = UInt8(ascii: "}")
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The value of eight lowercase hex digits; nil for anything else.
    private static func value(ofHex digits: ArraySlice<UInt8>) -> UInt32? {
        guard digits.count == 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            guard let nibble = hexDigits.firstIndex(of: digit) else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        return value
    }
}
