@testable import Storage
import Foundation
import Glibc
import TestServers
import ServerTestSupport
import Testing
import Wire

/// The data directory against a careless operator and a full disk, on the real binary:
/// one server per directory, files only the server can read, and on a disk that fills
/// mid-game nothing confirmed that a restart would not bring back.
@Suite(.ownThread)
struct DataDirectoryTests {
    /// Throws `count` signs against the robot; returns the last state seen.
    static func play(_ client: TestClient, throws count: Int) throws -> JSONObject {
        var last = JSONObject()
        for _ in 0..<count {
            client.send(#"{"type":"throw","sign":"rock"}"#)
            _ = try client.receive(until: "thrown")
            last = try client.receive(until: "state").message
        }
        return last
    }

    /// The first state `player`'s token gets on a restarted server.
    static func resumedState(of player: TestClient, on server: ServerProcess) throws -> JSONObject {
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"login","token":"\#(try #require(player.token))"}"#)
        try client.expect("welcome")
        return try client.receive(until: "state").message
    }

    static func fileBytes(_ path: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map { [UInt8]($0) } ?? []
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test(arguments: [SIGKILL, SIGTERM])
    func aSecondServerOnTheSameDataExitsAndTheFirstLosesNothing(stoppedBy signal: Int32) throws {
        let first = try ServerProcess()
        defer { first.stop() }
        let ann = try first.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":99}}"#)
        try ann.expect("joined")
        _ = try Self.play(ann, throws: 10)
        let logPath = first.dataURL.appendingPathComponent("rooms.log").path
        let before = Self.fileBytes(logPath)
        let pid = first.pid

        for port in ["\(first.port)", "0"] {
            let second = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", port, "--data", first.dataURL.path])
            #expect(second.exit == .exited(1))
            #expect(second.error.contains("Error: \(first.dataURL.path) is in use by cardserver pid \(pid)"), "\(second.error)")
            #expect(Self.fileBytes(logPath) == before, "the second start touched nothing under --data")
        }

        let seen = try Self.play(ann, throws: 10)
        let restarted = try first.restart(after: signal)
        defer { restarted.stop() }
        let state = try Self.resumedState(of: ann, on: restarted)
        #expect(state["last_round"] == seen["last_round"])
        #expect(state["players"]?.arrayValue?.first?.objectValue?["score"] == seen["players"]?.arrayValue?.first?.objectValue?["score"])
        #expect(state["round"] == seen["round"], "every move of the first server after the second start survives")
    }

    /// The lock is the directory's, not only its file's: an operator who deletes `DIR/lock`
    /// (or a script that empties the folder's loose files) does not let a second server in.
    @Test func aDeletedLockFileLetsNoSecondServerInAndTheFirstLosesNothing() throws {
        let first = try ServerProcess()
        defer { first.stop() }
        let ann = try first.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":99}}"#)
        try ann.expect("joined")
        _ = try Self.play(ann, throws: 5)
        let lockPath = first.dataURL.appendingPathComponent("lock").path
        #expect(unlink(lockPath) == 0)
        let logPath = first.dataURL.appendingPathComponent("rooms.log").path
        let before = Self.fileBytes(logPath)

        let second = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", "0", "--data", first.dataURL.path])
        #expect(second.exit == .exited(1))
        #expect(second.error.contains(
            "Error: \(first.dataURL.path) is in use by another cardserver (its lock file \(lockPath) was removed, but that server still holds the directory); stop it first, or give another --data"),
            "\(second.error)")
        #expect(!FileManager.default.fileExists(atPath: lockPath), "the second start made no lock file of its own")
        #expect(Self.fileBytes(logPath) == before, "the second start touched nothing under --data")

        let seen = try Self.play(ann, throws: 5)
        let restarted = try first.restart(after: SIGKILL)
        defer { restarted.stop() }
        let state = try Self.resumedState(of: ann, on: restarted)
        #expect(state["round"] == seen["round"], "every move after the lock file went survives the crash")
        #expect(state["last_round"] == seen["last_round"])
    }

    @Test func theDataDirectoryAndItsFilesAreTheServersAloneWhateverTheUmask() throws {
        let old = umask(0o022)
        defer { umask(old) }
        // An older server's directory, open to everyone: narrowed at start.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        chmod(data.path, 0o755)
        let server = try ServerProcess(data: data)
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#)
        try ann.expect("joined")
        // A draw replays the round: throw until the game is over.
        var decided = false
        while !decided {
            ann.send(#"{"type":"throw","sign":"rock"}"#)
            decided = try ann.receive(until: "round").message["winner"] != .null
        }
        let over = try ann.receive(until: "game_over").message
        let gameID = try #require(over["game_id"]?.stringValue)
        ann.send(#"{"type":"replay","game":"\#(gameID)"}"#)
        _ = try ann.expect("replay")

        #expect(Self.mode(data.path) == 0o700)
        #expect(Self.mode(data.appendingPathComponent("replays").path) == 0o700)
        for name in ["lock", "rooms.log", "results.jsonl", "replays/\(gameID).json"] {
            #expect(Self.mode(data.appendingPathComponent(name).path) == 0o600, "\(name)")
        }
    }

    @Test func aFifoOrALinkUnderDataIsRefusedNotFollowed() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        #expect(mkfifo(data.appendingPathComponent("rooms.log").path, 0o600) == 0)
        let fifo = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", "0", "--data", data.path])
        #expect(fifo.exit == .exited(1))
        #expect(fifo.error.contains("rooms.log is not a regular file"), "\(fifo.error)")

        unlink(data.appendingPathComponent("rooms.log").path)
        #expect(symlink("/dev/zero", data.appendingPathComponent("rooms.log").path) == 0)
        let link = try BuiltProgram.run("cardserver", ["--host", "127.0.0.1", "--port", "0", "--data", data.path])
        #expect(link.exit == .exited(1))
        #expect(link.error.contains("open(\(data.path)/rooms.log): Too many levels of symbolic links"), "\(link.error)")
    }
}

/// A real full disk: a small tmpfs mounted by the test (root only), filled by another process.
@Suite(.ownThread, .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
struct FullDiskTests {
    /// A tmpfs of `size` mounted on a new folder; unmounted by `unmount`.
    final class SmallDisk {
        let url: URL
        init(size: String) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-disk-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            let status = try Self.shell("mount -t tmpfs -o size=\(size) tmpfs '\(url.path)'")
            guard status == 0 else { throw TestFailure("mount tmpfs failed: \(status)") }
        }

        /// Fills the disk to the last byte with a file of another process's.
        func fill() throws {
            _ = try Self.shell("dd if=/dev/zero of='\(url.path)/filler' bs=4096 2>/dev/null; sync")
        }

        func free() {
            unlink(url.path + "/filler")
        }

        func unmount() {
            _ = try? Self.shell("umount '\(url.path)'")
            try? FileManager.default.removeItem(at: url)
        }

        @discardableResult
        static func shell(_ command: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test func aFullDiskConfirmsNothingItCouldNotWriteAndPlayResumesWhenItFrees() throws {
        let disk = try SmallDisk(size: "1m")
        defer { disk.unmount() }
        let data = disk.url.appendingPathComponent("data")
        let server = try ServerProcess(["--min-free-space", "0", "--appendfsync", "always"], data: data)
        var stopped = false
        defer { if !stopped { server.stop() } }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":99}}"#)
        try ann.expect("joined")
        var confirmed = try DataDirectoryTests.play(ann, throws: 3)
        #expect(confirmed["round"] != nil)

        try disk.fill()
        // The log's last page may still take a few records; then every throw is refused.
        var refusals = 0
        for attempt in 0..<200 where refusals == 0 {
            ann.send(#"{"type":"throw","sign":"rock","id":\#(attempt)}"#)
            let reply = try ann.receive()
            if reply["type"] == .string("thrown") {
                confirmed = try ann.receive(until: "state").message
            } else {
                #expect(reply["code"] == .string("storage_unavailable"), "\(reply.jsonText)")
                #expect(reply["retry_after_ms"] == .int(1000))
                #expect(reply["id"] == .int(attempt))
                refusals += 1
            }
        }
        #expect(refusals == 1)
        ann.send(#"{"type":"throw","sign":"rock","id":"again"}"#)
        #expect(try ann.receive()["code"] == .string("storage_unavailable"), "still full: still refused")
        #expect(server.log.contains("commands that change a room are refused with storage_unavailable"))

        disk.free()
        ann.send(#"{"type":"throw","sign":"rock","id":"freed"}"#)
        #expect(try ann.expect("thrown")["id"] == .string("freed"), "play resumes as soon as a write succeeds")
        confirmed = try ann.receive(until: "state").message

        // SIGKILL: every confirmed throw is back, and nothing else.
        let restarted = try server.restart(arguments: ["--min-free-space", "0"])
        stopped = true
        defer { restarted.stop(keepData: true) }
        let state = try DataDirectoryTests.resumedState(of: ann, on: restarted)
        #expect(state["round"] == confirmed["round"])
        #expect(state["last_round"] == confirmed["last_round"])
        #expect(state["players"] == confirmed["players"].map { players in
            .array(players.arrayValue?.map { entry in
                guard var player = entry.objectValue, player["seat"] == .int(0) else { return entry }
                player["connected"] = .bool(true)
                return .object(player)
            } ?? [])
        })
    }

    @Test func aResultIsAnnouncedOnlyOnceItIsWritten() throws {
        let disk = try SmallDisk(size: "1m")
        defer { disk.unmount() }
        let data = disk.url.appendingPathComponent("data")
        let server = try ServerProcess(["--min-free-space", "0"], data: data)
        defer { server.stop(keepData: true) }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#)
        try ann.expect("joined")
        _ = try ann.receive(until: "state")
        try disk.fill()
        // The throw that ends the game: refused, or taken while the result cannot be written
        // (the journal is empty, so its first record needs a page the disk does not have).
        var ended = false
        for attempt in 0..<200 where !ended {
            ann.send(#"{"type":"throw","sign":"rock","id":\#(attempt)}"#)
            let reply = try ann.receive()
            if reply["code"] == .string("storage_unavailable") { break }
            let round = try ann.receive(until: "round").message
            ended = round["winner"] != .null
            _ = try ann.receive(until: "state")
        }
        if ended {
            ann.send(#"{"type":"ping","id":"p"}"#)
            let next = try ann.receive()
            #expect(next["type"] == .string("pong"), "no game_over while its result is not on disk: \(next.jsonText)")
        }
        disk.free()
        if !ended {
            while !ended {
                ann.send(#"{"type":"throw","sign":"rock"}"#)
                try ann.expect("thrown")
                ended = try ann.receive(until: "round").message["winner"] != .null
            }
        }
        let over = try ann.receive(until: "game_over").message
        #expect(over["room"] != nil)
        let journal = try String(contentsOf: data.appendingPathComponent("results.jsonl"), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1)
    }
}
