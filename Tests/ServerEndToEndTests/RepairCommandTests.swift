@testable import CardServer
import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// The real binary on a damaged data folder: the start stops (exit 1, the line and the repair
/// named), `cardserver --repair` mends it (exit 0, its report on stdout), and the next start serves.
@Suite(.ownThread)
struct RepairCommandTests {
    /// Four sealed results: ann beat bob in each of four rps games of room K7QXM2PA.
    static let gameLines = (1...4).map { number in
        let scores = [NamedScore(name: "ann", score: 2), NamedScore(name: "bob", score: 1)]
        return GameRecord(
            id: "K7QXM2PA-mhz0k3xs-\(number)", room: "K7QXM2PA", game: "rps", seed: number, players: ["ann", "bob"], scores: scores,
            winners: ["ann"], startedMs: 1_795_000_000_000, endedMs: 1_795_000_090_000
        ).jsonLine
    }

    @Test func aDamagedJournalStopsTheServerUntilRepairMendsIt() throws {
        let directory = DataFiles.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.jsonl"
        try DataFiles.write(DataFiles.flipped(Self.gameLines, line: 2), to: path)

        let start = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", "0", "--data", directory])
        #expect(start.exit == .exited(1))
        #expect(start.error.contains(
            "Error: \(path): line 2 is damaged (its checksum does not match its bytes) and records follow it, so the server does not start. "
                + "Run `cardserver --repair --data \(directory)`"), "\(start.error)")

        let repair = try BuiltProgram.run("cardserver", ["--repair", "--data", directory])
        #expect(repair.exit == .exited(0))
        #expect(repair.output == """
            \(directory)/rooms.log: no such file; nothing to do
            \(path): line 2: its checksum does not match its bytes
            \(path): kept 3 records; moved 1 line (2) to \(path).damaged; rewritten
            \(directory)/accounts.log: no such file; nothing to do

            """)
        #expect(repair.error == "")

        let server = try ServerProcess(data: URL(fileURLWithPath: directory))
        defer { server.stop(keepData: true) }
        let ann = try server.player("ann")
        ann.send(#"{"type":"stats","name":"ann"}"#)
        #expect(try ann.expect("stats")["games"] == .int(3))
    }

    @Test func repairOfAFolderThatIsNotThereFails() throws {
        let repair = try BuiltProgram.run("cardserver", ["--repair", "--data", "/nonexistent-cardserver-data"])
        #expect(repair.exit == .exited(1))
        #expect(repair.output == "")
        #expect(repair.error == "Error: /nonexistent-cardserver-data is not a data folder: No such file or directory\n")
    }
}
