@testable import Storage
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// The seal every record ends with: its exact text, read back sealed or from before
/// checksums, and every flipped bit told apart from a good record.
struct RecordSealTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The checksum covers the line up to `,"crc":` (here `{"k":"tick","t":"5","wall":1795000000000`).
    @Test func aSealIsTheLastFieldWithTheChecksumOfTheBytesBeforeIt() throws {
        var object = Self.bytes(#"{"k":"tick","t":"5","wall":1795000000000}"#)
        RecordSeal.seal(&object)
        #expect(String(decoding: object, as: UTF8.self) == #"{"k":"tick","t":"5","wall":1795000000000,"crc":"831235e7"}"#)
        #expect(CRC32C.checksum(Self.bytes(#"{"k":"tick","t":"5","wall":1795000000000"#)) == 0x8312_35E7)
        // Still one JSON object, for jq and any other reader.
        #expect(try JSONParser.parse(object).objectValue?["crc"] == .string("831235e7"))
    }

    @Test func aSealedLineChecksBackToItsObject() {
        let object = Self.bytes(#"{"k":"close","room":"K7QX"}"#)
        var line = object
        RecordSeal.seal(&line)
        #expect(line == Self.bytes(#"{"k":"close","room":"K7QX","crc":"cf9374c8"}"#))
        #expect(RecordSeal.check(line[...]) == .sealed(object))
        // A slice that does not start at 0, as lines of a file are.
        let file = Self.bytes("{\"k\":\"tick\"}\n") + line + [10]
        #expect(RecordSeal.check(file[13..<(13 + line.count)]) == .sealed(object))
    }

    @Test func aLineFromBeforeChecksumsIsUnsealed() {
        let old = Self.bytes(#"{"k":"close","room":"K7QX"}"#)
        #expect(RecordSeal.check(old[...]) == .unsealed(old))
        #expect(RecordSeal.check([][...]) == .unsealed([]))
    }

    /// A flip in the covered bytes, the digits or the closing `"}` is damage; one in the
    /// `,"crc":"` marker makes a line without a seal, which a file scan refuses after sealed
    /// lines (``DataFileScanTests``).
    @Test func everyFlippedBitOfASealedLineIsCaught() {
        let line = Self.bytes(#"{"k":"close","room":"K7QX","crc":"cf9374c8"}"#)
        let marker = (line.count - 18)..<(line.count - 10)
        for index in line.indices {
            for bit in 0..<8 {
                var flipped = line
                flipped[index] ^= 1 << bit
                let expected: RecordSeal.Checked = marker.contains(index) ? .unsealed(flipped) : .damaged
                #expect(RecordSeal.check(flipped[...]) == expected, "byte \(index) bit \(bit)")
            }
        }
    }

    @Test func uppercaseDigitsOrAShortSealAreDamage() {
        #expect(RecordSeal.check(Self.bytes(#"{"k":"close","room":"K7QX","crc":"CF9374C8"}"#)[...]) == .damaged)
        #expect(RecordSeal.check(Self.bytes(#"{"k":"close","room":"K7QX","crc":"cf9374c"}"#)[...]) == .unsealed(Self.bytes(#"{"k":"close","room":"K7QX","crc":"cf9374c"}"#)))
        #expect(RecordSeal.check(Self.bytes(#"{"k":"close","room":"K7QX","crc":"cf9374c8"]"#)[...]) == .damaged)
    }

    @Test func aMoveLineIsSealedWithoutASecondJSONPass() {
        let line = RoomLogRecord.moveLine(room: "K7QX", player: "p12", command: Self.bytes(#"{"type":"draw"}"#), t: 1_234_567_890_123)
        #expect(String(decoding: line, as: UTF8.self)
            == #"{"k":"move","room":"K7QX","player":"p12","command":{"type":"draw"},"t":"1234567890123","crc":"2e27673c"}"# + "\n")
    }

    @Test func roomRecordsAreReadSealedOrNotAndNotWhenDamaged() {
        let record = RoomLogRecord.close(room: "K7QX")
        #expect(String(decoding: record.line, as: UTF8.self) == #"{"k":"close","room":"K7QX","crc":"cf9374c8"}"# + "\n")
        #expect(RoomLogRecord(line: record.line.dropLast()) == record)
        #expect(RoomLogRecord(line: Self.bytes(#"{"k":"close","room":"K7QX"}"#)) == record)
        #expect(RoomLogRecord(line: Self.bytes(#"{"k":"close","room":"K7QY","crc":"cf9374c8"}"#)) == nil)
    }

    @Test func gameRecordsAreSealedAndReadSealedOrNot() throws {
        let record = GameRecord(
            id: "K7QXM2PA-mhz0k3xs-1", room: "K7QXM2PA", game: "rps", seed: 42, players: ["ann", "bob"],
            scores: [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 1)], winners: ["ann"],
            startedMs: 1_795_000_000_000, endedMs: 1_795_000_090_000)
        let body = #"{"id":"K7QXM2PA-mhz0k3xs-1","room":"K7QXM2PA","game":"rps","seed":42,"players":["ann","bob"],"scores":{"ann":2,"bob":1},"winners":["ann"],"started":"2026-11-18T11:06:40.000Z","ended":"2026-11-18T11:08:10.000Z""#
        #expect(String(decoding: record.jsonLine, as: UTF8.self) == body + #","crc":"8aad0055"}"# + "\n")
        let sealed = try #require(GameRecord.summary(of: record.jsonLine.dropLast()))
        #expect(sealed.id == "K7QXM2PA-mhz0k3xs-1")
        #expect(sealed.winners == ["ann"])
        #expect(sealed.scores == [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 1)])
        let old = try #require(GameRecord.summary(of: Self.bytes(body + "}")[...]))
        #expect(old.id == sealed.id && old.game == "rps" && old.winners == sealed.winners && old.scores == sealed.scores)
        var damaged = record.jsonLine.dropLast()
        damaged[damaged.startIndex + 60] ^= 0x04
        #expect(GameRecord.summary(of: damaged) == nil)
    }
}
