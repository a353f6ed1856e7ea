import Foundation
import Glibc
import ScriptedServer
@testable import CardServer
@testable import Storage
import ServerTestSupport
import Testing
import Wire

/// Nothing under `--data` grows without a bound: one address begins at most
/// `--games-per-minute` games, replays are evicted oldest first to keep the directory
/// inside `--max-data-size`, and under the free-space floor new games wait.
struct DiskBoundsTests {
    /// Plays a one-round game against the robot in a fresh room: `joined`, a throw, `game_over`.
    static func robotGame(_ host: ScriptedHost, _ client: ClientID) -> String? {
        host.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1},"id":1}"#, from: client)
        let created = host.take(client)
        guard created.first?["type"] == .string("joined") else { return created.first?["code"]?.stringValue }
        while true {
            host.send(#"{"type":"throw","sign":"rock"}"#, from: client)
            let sent = host.take(client)
            if sent.contains(where: { $0["type"] == .string("game_over") }) { break }
        }
        host.send(#"{"type":"leave"}"#, from: client)
        _ = host.take(client)
        return nil
    }

    @Test func oneAddressBeginsAtMostItsGamesAMinuteRematchesAndRobotGamesIncluded() {
        var config = ServerConfig(version: "test", roomsPerMinutePerAddress: 0)
        config.gamesPerMinutePerAddress = 5
        let host = ScriptedHost(config: config)
        let ann = host.player("ann", peer: "10.0.0.1:1")
        for _ in 0..<4 { #expect(Self.robotGame(host, ann) == nil) }
        // The fifth game, begun by a rematch offer.
        host.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#, from: ann)
        _ = host.take(ann)
        while !host.types(ann).contains("game_over") { host.send(#"{"type":"throw","sign":"rock"}"#, from: ann) }
        host.send(#"{"type":"start","id":7}"#, from: ann)
        let refused = host.take(ann)
        #expect(refused.first?["code"] == .string("rate_limited"))
        #expect(refused.first?["message"] == .string("your address has begun 5 games this minute, the most allowed; wait a moment"))
        #expect(refused.first?["id"] == .int(7))
        // Another address is not held up; the first may go on once its minute is over.
        let bob = host.player("bob", peer: "10.0.0.2:1")
        #expect(Self.robotGame(host, bob) == nil)
        host.advance(by: .seconds(60))
        host.send(#"{"type":"start","id":8}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("ok"))
    }

    @Test func underTheFreeSpaceFloorNewGamesWaitAndGamesUnderWayPlayOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("floor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps","options":{"rounds":3},"seats":2}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        // No file system has this much free: the floor is always under water.
        host.server.diskBudget = DiskBudget(directory: folder.path, maxDataBytes: 1 << 30, minFreeBytes: .max)
        let bob = host.player("bob", peer: "10.0.0.2:1")
        host.send(#"{"type":"join","room":"\#(room)","id":3}"#, from: bob)
        let refused = host.take(bob).first
        #expect(refused?["code"] == .string("server_busy"))
        #expect(refused?["message"] == .string("the server's disk is nearly full, so no new game can begin; games under way play on. Try again later"))
        host.send(#"{"type":"create","game":"set","id":4}"#, from: bob)
        #expect(host.take(bob).first?["code"] == .string("server_busy"))

        host.server.diskBudget = nil
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        #expect(host.take(bob).last?["phase"] == .string("playing"))
        host.server.diskBudget = DiskBudget(directory: folder.path, maxDataBytes: 1 << 30, minFreeBytes: .max)
        _ = host.take(ann)
        host.send(#"{"type":"throw","sign":"rock","id":5}"#, from: ann)
        #expect(host.take(ann).first?["type"] == .string("thrown"), "a game under way plays on")
    }

    static func replay(_ number: Int) -> GameReplay {
        GameReplay(
            gameID: "K7QX-mwva3ifj-\(number)", game: "rps", room: "K7QX", seed: number, options: [:], players: ["ann", "bob"],
            startedMs: 1_795_521_600_000, steps: [],
            result: GameOver(room: "K7QX", winners: ["ann"], scores: [NamedScore(name: "ann", score: 1), NamedScore(name: "bob", score: 0)], seed: number))
    }

    @Test func replaysAreEvictedOldestFirstToKeepTheDirectoryInsideItsBudget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ReplayStore(dataDirectory: folder.path, keepDays: 30, policy: .no, log: { _ in })
        func bytes(_ number: Int) -> Int { ServerMessage.replay(Self.replay(number), id: nil).encodedLine().count }
        // A replay counts what it takes on the disk, its blocks (a 4 KiB block for these few
        // hundred bytes on most file systems), not its length: measured on a file as long.
        let probe = folder.path + "/probe"
        FileManager.default.createFile(atPath: probe, contents: Data(repeating: 0x61, count: bytes(25)))
        var info = stat()
        #expect(lstat(probe, &info) == 0)
        let size = max(Int(info.st_blocks) * 512, bytes(25))
        try FileManager.default.removeItem(atPath: probe)
        #expect(size >= bytes(25))
        // Room for ten replays beside 1,000 bytes of journal and room log.
        store.maxDataBytes = 1_000 + 10 * size + size / 2
        store.otherDataBytes = { 1_000 }
        for number in 1...25 { store.save(Self.replay(number)) }
        #expect(store.kept.count == 10)
        #expect(store.kept.bytes == 10 * size)
        let left = (try FileManager.default.contentsOfDirectory(atPath: folder.path + "/replays")).sorted()
        #expect(left == (16...25).map { "K7QX-mwva3ifj-\($0).json" }.sorted())
    }
}
