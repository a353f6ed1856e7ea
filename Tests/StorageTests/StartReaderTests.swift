@testable import Storage
import Testing

/// The start's read of a log over several chunks, parsed on a helper thread: every record
/// in order, the same verdicts as a read of the whole file, and a damaged record or a
/// failed read stopping it (the helper joined, nothing left waiting).
struct StartReaderTests {
    /// A sealed record padded to about 500 bytes, so 6,000 of them span three chunks.
    static func line(_ number: Int) -> String {
        DataFileScanTests.sealed(#"{"k":"\#(number)","pad":"\#(String(repeating: "x", count: 480))"}"#) + "\n"
    }

    static let records = (1...6_000).map(line)

    static func start(_ log: MemoryLog) throws -> (records: [String], lines: [Int], tail: DataFileScan.Tail, length: Int) {
        var records: [String] = []
        var lines: [Int] = []
        let (tail, length) = try DataFileScan.readAtStart(log: log, dataDirectory: "/d", parse: DataFileScanTests.parse) { record, line, _ in
            records.append(record)
            lines.append(line.number)
        }
        return (records, lines, tail, length)
    }

    @Test func aLogOfSeveralChunksIsReadInOrderWithItsTornTailCut() throws {
        let file = Self.records.joined() + #"{"k":"torn"#
        #expect(file.utf8.count > 2 * DataFileScan.chunkBytes)
        let read = try Self.start(MemoryLog(path: "/d/results.jsonl", contents: Array(file.utf8)))
        #expect(read.records.count == 6_000)
        #expect(read.records.first == #"{"k":"1","pad":""# + String(repeating: "x", count: 480) + #""}"#)
        #expect(read.records.map { $0.dropFirst(6).prefix { $0 != "\"" } } == (1...6_000).map { "\($0)"[...] })
        #expect(read.lines == Array(1...6_000))
        #expect(read.length == file.utf8.count)
        #expect(read.tail == DataFileScan.Tail(
            goodLength: Self.records.joined().utf8.count,
            warnings: ["/d/results.jsonl: the last line is incomplete (10 bytes, a crash mid-write); cut off"]))
    }

    @Test func itReadsWhatAReadOfTheWholeFileReads() throws {
        var damagedLast = Array(Self.records[4_999].utf8)
        damagedLast[10] ^= 0x20
        let file = Self.records.prefix(4_999).joined() + "\n" + String(decoding: damagedLast, as: UTF8.self)
        let read = try Self.start(MemoryLog(path: "/d/rooms.log", contents: Array(file.utf8)))
        let whole = DataFileScanTests.start(file)
        #expect(read.records == whole.records)
        #expect(read.records.count == 4_999)
        #expect(Result<DataFileScan.Tail, DataFileScan.DamagedRecord>.success(read.tail) == whole.outcome)
        #expect(read.tail.warnings == ["/d/rooms.log: line 5001, the last, is damaged (its checksum does not match its bytes); cut off"])
    }

    @Test func aDamagedRecordWithRecordsAfterItStopsTheReadThere() {
        var lines = Self.records
        var damaged = Array(lines[2_500].utf8)
        damaged[8] ^= 0x01
        lines[2_500] = String(decoding: damaged, as: UTF8.self)
        let log = MemoryLog(path: "/d/results.jsonl", contents: Array(lines.joined().utf8))
        var taken = 0
        #expect(throws: DataFileScan.DamagedRecord(
            path: "/d/results.jsonl", line: 2_501, fault: .checksum, dataDirectory: "/d")) {
            _ = try DataFileScan.readAtStart(log: log, dataDirectory: "/d", parse: DataFileScanTests.parse) { _, _, _ in taken += 1 }
        }
        // Every record before it, none after: the reader's later chunks were dropped.
        #expect(taken == 2_500)
    }

    @Test func aFailedReadStopsTheStartWithItsReason() {
        let log = MemoryLog(path: "/d/results.jsonl", contents: Array(Self.records.joined().utf8))
        log.failReads = "Input/output error"
        #expect(throws: DataFileScan.ReadFailure(description: "Input/output error")) {
            _ = try Self.start(log)
        }
    }

    @Test func anEmptyLogIsReadAsEmpty() throws {
        let read = try Self.start(MemoryLog(path: "/d/results.jsonl"))
        #expect(read.records.isEmpty && read.length == 0)
        #expect(read.tail == DataFileScan.Tail(goodLength: 0, warnings: []))
    }
}
