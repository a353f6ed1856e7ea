@testable import Storage
import Testing

/// The verdict on each line of a data file, and what a start makes of them: a bad tail is
/// cut with a warning, a bad middle stops it, naming the line and the repair.
struct DataFileScanTests {
    /// A record of this test: any JSON object with a `k`.
    static func parse(_ body: [UInt8]) -> String? {
        let text = String(decoding: body, as: UTF8.self)
        return text.hasPrefix(#"{"k":"#) ? text : nil
    }

    static func sealed(_ object: String) -> String {
        var bytes = Array(object.utf8)
        RecordSeal.seal(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each line's number, byte range and verdict, in words.
    static func verdicts(_ file: String) -> [String] {
        var seen: [String] = []
        DataFileScan.scan(Array(file.utf8), parse: parse) { line, verdict in
            switch verdict {
            case .record(let record, let sealed): seen.append("\(line.number) \(line.bytes) \(sealed ? "sealed" : "old") \(record)")
            case .bad(let fault): seen.append("\(line.number) \(line.bytes) bad: \(fault)")
            }
        }
        return seen
    }

    @Test func oldLinesThenSealedOnesAreRecordsAndBlankLinesAreNothing() {
        let one = #"{"k":"one"}"#, two = Self.sealed(#"{"k":"two"}"#)
        #expect(two == #"{"k":"two","crc":"c8a5dee8"}"#)
        #expect(Self.verdicts(one + "\n\n" + two + "\n") == [
            #"1 0..<11 old {"k":"one"}"#,
            #"3 13..<41 sealed {"k":"two"}"#,
        ])
    }

    @Test func aLineWithoutASealAfterSealedOnesANonRecordAndAnIncompleteEndAreBad() {
        let file = Self.sealed(#"{"k":"two"}"#) + "\n" + #"{"k":"one"}"# + "\n" + Self.sealed(#"{"x":1}"#) + "\n" + #"{"k":"#
        #expect(Self.verdicts(file) == [
            #"1 0..<28 sealed {"k":"two"}"#,
            "2 29..<40 bad: it has no checksum, after lines that have one",
            "3 41..<65 bad: it is not a record",
            "4 66..<71 bad: it is incomplete (5 bytes and no newline, a crash mid-write)",
        ])
    }

    /// Reads `file` as a start would: the records, and what was cut or the error.
    static func start(_ file: String) -> (records: [String], outcome: Result<DataFileScan.Tail, DataFileScan.DamagedRecord>) {
        var records: [String] = []
        let outcome = Result { () throws(DataFileScan.DamagedRecord) in
            try DataFileScan.readAtStart(Array(file.utf8), path: "/d/rooms.log", dataDirectory: "/d", parse: parse) { record, _, _ in
                records.append(record)
            }
        }
        return (records, outcome)
    }

    static let lines = ["one", "two", "three"].map { Self.sealed(#"{"k":"\#($0)"}"#) + "\n" }

    @Test func aWholeFileIsReadWhole() {
        let file = Self.lines.joined()
        let read = Self.start(file)
        #expect(read.records == [#"{"k":"one"}"#, #"{"k":"two"}"#, #"{"k":"three"}"#])
        #expect(read.outcome == .success(DataFileScan.Tail(goodLength: file.utf8.count, warnings: [])))
    }

    @Test func aDamagedLastLineAndAnIncompleteOneAfterItAreCutWithWarnings() {
        var last = Array(Self.lines[2].utf8)
        last[7] ^= 0x01
        let file = Self.lines[0] + Self.lines[1] + String(decoding: last, as: UTF8.self) + #"{"k":"fo"#
        let read = Self.start(file)
        #expect(read.records == [#"{"k":"one"}"#, #"{"k":"two"}"#])
        #expect(read.outcome == .success(DataFileScan.Tail(
            goodLength: (Self.lines[0] + Self.lines[1]).utf8.count,
            warnings: [
                "/d/rooms.log: line 3, the last, is damaged (its checksum does not match its bytes); cut off",
                "/d/rooms.log: the last line is incomplete (8 bytes, a crash mid-write); cut off",
            ])))
    }

    @Test func aDamagedLineWithARecordAfterItStopsTheStart() {
        var middle = Array(Self.lines[1].utf8)
        middle[7] ^= 0x01
        let read = Self.start(Self.lines[0] + String(decoding: middle, as: UTF8.self) + Self.lines[2])
        #expect(read.outcome == .failure(DataFileScan.DamagedRecord(
            path: "/d/rooms.log", line: 2, fault: .checksum, dataDirectory: "/d")))
        #expect(DataFileScan.DamagedRecord(path: "/d/rooms.log", line: 2, fault: .checksum, dataDirectory: "/d").description
            == "/d/rooms.log: line 2 is damaged (its checksum does not match its bytes) and records follow it, so the server does not start. "
            + "Run `cardserver --repair --data /d`: it keeps every good record and moves the damaged ones to /d/rooms.log.damaged")
    }

    /// Two bad lines at the end: the first has a complete line after it, so it is not the tail.
    @Test func twoBadLastLinesAreNotATail() {
        let read = Self.start(Self.lines[0] + "garbage\n" + "more garbage\n")
        #expect(read.outcome == .failure(DataFileScan.DamagedRecord(
            path: "/d/rooms.log", line: 2, fault: .missingChecksum, dataDirectory: "/d")))
    }
}
