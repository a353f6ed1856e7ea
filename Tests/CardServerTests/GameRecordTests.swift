@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// The journal's records: one bounded JSON line each.
struct GameRecordTests {
    func record(names: [String]) -> GameRecord {
        GameRecord(
            id: "K7QXM2PA-mhz0k3xs-9999999", room: "K7QXM2PA", game: "concentration", seed: SeedOption.maxSeed, players: names,
            scores: names.map { NamedScore(name: $0, score: -1_000_000) }, winners: names,
            startedMs: 1_795_000_000_000, endedMs: 1_795_000_900_000)
    }

    @Test func theLongestRecordOfEightSeatsWithSixtyFourByteNamesIsWithinTheBound() {
        // Quotes and backslashes are escaped: a 64-byte name of them is 128 bytes in the line.
        let names = (0..<8).map { seat in String(repeating: seat.isMultiple(of: 2) ? "\"" : "\\", count: 63) + String(seat) }
        let line = record(names: names).jsonLine
        // 3,399 bytes of record and its 17-byte seal, `,"crc":"…"` before the closing brace.
        #expect(line.count == 3_416)
        #expect(line.count <= GameRecord.maxBytes)
        #expect(line.last == UInt8(ascii: "\n"))
    }

    @Test func aRecordWithUnboundedNamesIsOverTheBound() {
        let names = (0..<8).map { String(repeating: "é", count: 400) + String($0) }
        #expect(record(names: names).jsonLine.count > GameRecord.maxBytes)
    }
}
