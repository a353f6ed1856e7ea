import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Other people's implementations against the real server: Python's `websockets` as a
/// WebSocket peer, and Prometheus's own checker on `/metrics`. Both come from Debian
/// (`apt-get install python3-websockets python3-jsonschema python3-regex prometheus`, which
/// `Scripts/test.sh` does); each test names what it needs and is skipped without it.
@Suite(.ownThread, .serialized)
struct OutsidePeersTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a program to its end with `input` on stdin; its exit status and what it printed (stdout, then stderr).
    static func run(_ path: String, _ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let run = try run(path, arguments, input: input, errorsApart: false)
        return (run.status, run.output)
    }

    /// Runs a program to its end; with `errorsApart`, what it writes on stderr comes back on
    /// its own (a warning written mid-line cannot then break a line of stdout a test parses).
    static func run(_ path: String, _ arguments: [String], input: String = "", errorsApart: Bool) throws -> (status: Int32, output: String, errors: String) {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw TestFailure("\(path) is missing") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = errorsApart ? Pipe() : stdout
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // stderr is read on another thread, so neither pipe can fill while the other is read.
        let errors = ErrorsRead()
        let reader = errorsApart ? Thread { errors.data = stderr.fileHandleForReading.readDataToEndOfFile() } : nil
        reader?.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The pipe ends when the program does (unless a child of its own still holds it).
        let deadline = Date().addingTimeInterval(10)
        while errorsApart, errors.data == nil, Date() < deadline { usleep(1_000) }
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.data ?? Data(), as: UTF8.self))
    }

    /// What a reader thread took from stderr.
    final class ErrorsRead: @unchecked Sendable {
        private let lock = NSLock()
        private var taken: Data?
        var data: Data? {
            get { lock.withLock { taken } }
            set { lock.withLock { taken = newValue } }
        }
    }

    @Test(.needs(.debianPython("websockets", "jsonschema", "regex")))
    func pythonWebsocketsResumesATCPSeatOverWebSocketAndWinsAnRPSMatchAgainstATCPClient() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let script = Self.root.appendingPathComponent("Scripts/websocket-peer.py").path
        let schema = Self.root.appendingPathComponent("Protocol.schema.json").path
        let run = try Self.run("/usr/bin/python3", [script, "--port", String(server.port), "--validate", schema])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("websocket-peer: ann (TCP, then WebSocket) beat bob (TCP) 2-0 in room "))
        #expect(run.output.hasSuffix("; close 1000 echoed; every line valid\n"))
    }

    static func metrics(_ server: ServerProcess) throws -> String {
        let reply = try httpExchange(port: server.port, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(reply.status == 200)
        return reply.body
    }

    /// `/metrics` once it shows what `done` waits for: the server renders it at most once a
    /// second, so a figure that just moved shows within a second. Asked every 100 ms, up to a
    /// deadline; the last text either way.
    static func metrics(_ server: ServerProcess, until done: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(TestBudget.seconds(5))
        var text = try metrics(server)
        while !done(text), Date() < deadline {
            usleep(100_000)
            text = try metrics(server)
        }
        return text
    }

    /// The value of the series named exactly `series` (labels included), if it is there.
    static func sample(_ series: String, in exposition: String) -> Double? {
        exposition.split(separator: "\n").lazy
            .compactMap { line in line.hasPrefix(series + " ") ? Double(line.dropFirst(series.count + 1)) : nil }
            .first
    }

    @Test(.needs(.promtool)) func metricsPassPromtoolAndMoveAsAGameIsPlayed() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let before = try Self.metrics(server)
        var check = try Self.run("/usr/bin/promtool", ["check", "metrics"], input: before)
        #expect(check.status == 0, "\(check.output)")
        #expect(before.contains("cardserver_rooms{game=\"rps\"} 0\n"))
        #expect(before.contains("cardserver_commands_total{type=\"login\"} 0\n"))
        #expect(before.contains("cardserver_room_log_write_seconds_count 0\n"))
        #expect(before.contains("cardserver_journal_write_seconds_count 0\n"))

        let (ann, bob) = try RPSTable.annHasThrown(server, "rock")
        let during = try Self.metrics(server) { $0.contains("cardserver_commands_total{type=\"throw\"} 1\n") }
        #expect(during.contains("cardserver_connections{kind=\"tcp\"} 2\n"))
        #expect(during.contains("cardserver_players 2\n"))
        #expect(during.contains("cardserver_rooms{game=\"rps\"} 1\n"))
        #expect(during.contains("cardserver_games_playing{game=\"rps\"} 1\n"))
        // login, create, login, join, throw.
        for (type, count) in [("login", 2), ("create", 1), ("join", 1), ("throw", 1), ("claim", 0)] {
            #expect(during.contains("cardserver_commands_total{type=\"\(type)\"} \(count)\n"))
        }
        // The room's records went to rooms.log, each write timed; no result is written yet.
        #expect(Self.sample("cardserver_room_log_write_seconds_count", in: during) ?? 0 > 0)
        #expect(during.contains("cardserver_journal_write_seconds_count 0\n"))
        bob.send(#"{"type":"throw","sign":"paper"}"#)
        _ = try ann.receive(until: "game_over")
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        #expect(try bob.receive(until: "error").message["code"] == .string("game_over"))
        let after = try Self.metrics(server) { $0.contains("cardserver_journal_write_seconds_count 1\n") && $0.contains("cardserver_commands_total{type=\"throw\"} 3\n") }
        check = try Self.run("/usr/bin/promtool", ["check", "metrics"], input: after)
        #expect(check.status == 0, "\(check.output)")
        #expect(after.contains("cardserver_games_playing{game=\"rps\"} 0\n"))
        #expect(after.contains("cardserver_errors_total{code=\"game_over\"} 1\n"))
        #expect(after.contains("cardserver_commands_total{type=\"throw\"} 3\n"))
        // The match's result: one batch written and fsynced by the journal's thread.
        #expect(after.contains("cardserver_journal_write_seconds_count 1\n"))
        #expect(Self.sample("cardserver_journal_write_seconds_sum", in: after) ?? 0 > 0)
        // The replies to the /metrics asked before this copy was rendered: at least two.
        #expect(Self.sample("cardserver_http_responses_total{status=\"200\"}", in: after) ?? 0 >= 2)
    }

    @Test(.needs(.promtool)) func withAppendfsyncAlwaysEveryFsyncTheServerWaitsForIsTimed() throws {
        let server = try ServerProcess(["--appendfsync", "always"])
        defer { server.stop() }
        let before = try Self.metrics(server)
        #expect(before.contains("cardserver_room_log_fsync_seconds_count 0\n"))
        _ = try RPSTable.annHasThrown(server, "rock")
        let after = try Self.metrics(server) { (Self.sample("cardserver_room_log_fsync_seconds_count", in: $0) ?? 0) >= 3 }
        let check = try Self.run("/usr/bin/promtool", ["check", "metrics"], input: after)
        #expect(check.status == 0, "\(check.output)")
        // Each turn that wrote records (the create, the join and the game's begin, the throw)
        // fsynced before its replies went out.
        let syncs = try #require(Self.sample("cardserver_room_log_fsync_seconds_count", in: after))
        #expect(syncs >= 3)
        #expect(Self.sample("cardserver_room_log_fsync_seconds_bucket{le=\"+Inf\"}", in: after) == syncs)
        #expect(try #require(Self.sample("cardserver_room_log_fsync_seconds_sum", in: after)) > 0)
    }
}
