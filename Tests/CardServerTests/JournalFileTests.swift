@testable import Storage
@testable import CardServer
@testable import cardbench
import Foundation
import ServerTestSupport
import Testing

/// `cardbench journal` (and `startup --results`) write what the server writes: every line
/// sealed as the server seals it, every record read back, the same file for the same seed.
struct JournalFileTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("journal-file-\(UUID().uuidString)").path
    }

    @Test func everyMadeUpRecordIsSealedAndTheServerReadsItWithoutAWarning() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try JournalFile.write(results: 2_000, into: directory, seed: 1)
        let contents = try [UInt8](Data(contentsOf: URL(fileURLWithPath: written.path)))
        #expect(written.bytes == contents.count)
        let lines = contents.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 2_000)
        #expect(lines.allSatisfy { line in
            if case .sealed = RecordSeal.check(line) { true } else { false }
        })
        var warnings: [String] = []
        let journal = try ResultsJournal(directory: directory) { warnings.append($0) }
        #expect(warnings == [])
        #expect(journal.gamesWithIDs == 2_000)
        // The first record's players are rated: their ratings are read from it (and later ones).
        #expect((journal.ratingsRead.entry(account: "léa246", game: "concentration")?.games ?? 0) >= 1)
        #expect(journal.leaderboard(for: "klondike", size: 10).count == 10)
    }

    @Test func theSameSeedWritesTheSameFile() throws {
        let (first, second) = (Self.temporaryDirectory(), Self.temporaryDirectory())
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        _ = try JournalFile.write(results: 300, into: first, seed: 1)
        _ = try JournalFile.write(results: 300, into: second, seed: 1)
        let text = try String(contentsOfFile: first + "/results.jsonl", encoding: .utf8)
        #expect(try String(contentsOfFile: second + "/results.jsonl", encoding: .utf8) == text)
        #expect(text.prefix { $0 != "\n" } == #"{"id":"4R9W-mjuofxlm-1","room":"4R9W","game":"concentration","seed":4097716381119819,"players":["ΑΝΝΑ246","léa246"],"scores":{"ΑΝΝΑ246":23,"léa246":9},"winners":["ΑΝΝΑ246"],"started":"2025-12-31T23:58:33.946Z","ended":"2026-01-01T00:00:02.465Z","ratings":{"ΑΝΝΑ246":{"account":"ΑΝΝΑ246","before_e4":14336522,"rating_e4":14500338,"deviation_e4":3049739,"volatility_e9":59659555},"léa246":{"account":"léa246","before_e4":11120241,"rating_e4":11220255,"deviation_e4":855192,"volatility_e9":59901446}},"crc":"2dcc3f1b"}"#)
    }

    @Test(arguments: [(0, "ann0"), (39, "setmaster0"), (40, "ann1"), (49_998, "KlondikeKid1249")])
    func playersHaveAGivenNameAndANumber(number: Int, name: String) {
        #expect(JournalFile.playerName(number) == name)
    }
}
