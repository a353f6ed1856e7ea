import Foundation
import Glibc
import ServerTestSupport
import TestServers
import Testing

/// The data directory's format on the real binary: a directory written by the last release
/// before the format file (0.5.0, kept under `Tests/Fixtures/`) loads with every room, result
/// and replay as it was, and is upgraded; a directory of a newer format stops the start.
@Suite(.ownThread)
struct DataFormatStartTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/data-0.5.0")

    /// A copy of the fixture's data directory, as an operator's would be after an upgrade.
    static func copyOfTheFixture() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-fixture-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("data"), to: copy)
        return copy
    }

    static func expected() throws -> [String: Any] {
        let data = try Data(contentsOf: fixture.appendingPathComponent("expected.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The next message of `kind` the client reads, as Foundation objects.
    static func next(_ kind: String, from client: TestClient) throws -> [String: Any] {
        while true {
            let line = try client.receiveLine()
            let message = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if message["type"] as? String == kind { return message }
        }
    }

    /// What of a state a restart may change: why it was sent, its sequence number, the clock
    /// of a turn, and who is connected (only the one resuming is, at first).
    /// - Parameter fields: the fields to compare (a newer server adds fields, never takes one
    ///   away: Klondike's `can_finish` came after 0.5.0); nil for all.
    static func lasting(_ state: [String: Any], fields: Set<String>? = nil) -> NSDictionary {
        var kept = fields.map { fields in state.filter { fields.contains($0.key) } } ?? state
        for key in ["cause", "seq", "time_left_ms"] { kept[key] = nil }
        if let players = kept["players"] as? [[String: Any]] {
            kept["players"] = players.map { player in player.filter { $0.key != "connected" } }
        }
        return kept as NSDictionary
    }

    @Test func aDirectoryWrittenByTheLastReleaseComesBackWhole() throws {
        let expected = try Self.expected()
        #expect(expected["written_by"] as? String == "cardserver 0.5.0")
        let data = try Self.copyOfTheFixture()
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("format").path))
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        #expect(server.log.contains("data directory \(data.path): upgraded from data format 0 to 2"), "\(server.log)")
        #expect(server.log.contains("room log: 4 rooms restored, 5 players away until they resume"), "\(server.log)")
        let format = try String(contentsOf: data.appendingPathComponent("format"), encoding: .utf8)
        #expect(format.hasPrefix("2\ncardserver "))

        let players = try #require(expected["players"] as? [String: [String: Any]])
        #expect(players.keys.sorted() == ["ann", "bob", "cyd", "dan", "eve"])
        for (name, player) in players.sorted(by: { $0.key < $1.key }) {
            let client = try server.connect()
            _ = try Self.next("hello", from: client)
            client.send(#"{"type":"login","token":"\#(try #require(player["token"] as? String))"}"#)
            let welcome = try Self.next("welcome", from: client)
            #expect(welcome["name"] as? String == name)
            #expect(welcome["resumed"] as? Bool == true)
            let state = try Self.next("state", from: client)
            let before = try #require(player["state"] as? [String: Any])
            #expect(Self.lasting(state, fields: Set(before.keys)) == Self.lasting(before), "\(name)'s game after the upgrade")
            if name == "eve" {
                client.send(#"{"type":"stats","name":"eve"}"#)
                #expect(try Self.next("stats", from: client) as NSDictionary == (try #require(expected["eve_stats"] as? NSDictionary)))
                let oldReplay = try #require(expected["eve_replay"] as? [String: Any])
                client.send(#"{"type":"replay","game":"\#(try #require(oldReplay["game_id"] as? String))"}"#)
                var replay = try Self.next("replay", from: client)
                // A replay from before versions were kept was played under version 1.
                #expect(replay.removeValue(forKey: "rules") as? Int == 1)
                #expect(replay as NSDictionary == oldReplay as NSDictionary)
            }
            client.close()
        }
        // The upgraded directory starts again as format 2, with nothing to upgrade.
        let again = try server.restart(after: SIGTERM)
        defer { again.stop() }
        #expect(!again.log.contains("upgraded"), "\(again.log)")
        #expect(again.log.contains("room log: 4 rooms restored"), "\(again.log)")
    }

    @Test func aDirectoryOfANewerFormatStopsTheStartNamingBoth() throws {
        let data = try Self.copyOfTheFixture()
        defer { try? FileManager.default.removeItem(at: data) }
        try "3\ncardserver 9.0.0\n".write(to: data.appendingPathComponent("format"), atomically: false, encoding: .utf8)
        let rooms = try Data(contentsOf: data.appendingPathComponent("rooms.log"))
        let started = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", "0", "--data", data.path])
        #expect(started.exit == .exited(1))
        #expect(started.error.contains(
            "Error: \(data.path) holds data format 3, written by a newer cardserver; this one (cardserver 0.12.0) reads format 2 and older. "
                + "Run the newer cardserver on it, or give another --data"), "\(started.error)")
        #expect(try Data(contentsOf: data.appendingPathComponent("rooms.log")) == rooms, "nothing under --data was touched")
        #expect(try String(contentsOf: data.appendingPathComponent("format"), encoding: .utf8) == "3\ncardserver 9.0.0\n")
        // --repair refuses it the same way, before it reads any file.
        let repair = try BuiltProgram.run("cardserver", ["--repair", "--data", data.path])
        #expect(repair.exit == .exited(1))
        #expect(repair.error.contains("holds data format 3"), "\(repair.error)")
    }
}
