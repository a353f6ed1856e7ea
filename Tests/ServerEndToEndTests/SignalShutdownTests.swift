import Foundation
import Glibc
import TestServers
import ServerTestSupport
import Testing
import Wire

/// SIGTERM and SIGINT shut the server down cleanly when it starts as a service
/// starts: with no signal blocked (not as `Foundation.Process` starts it); SIGHUP,
/// SIGUSR1, SIGUSR2 and SIGALRM are logged and ignored.
@Suite(.ownThread, .serialized)
struct SignalShutdownTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalSendsShutdownToEveryClientAndExitsZero(signal: Int32) throws {
        let server = try ServerProcess()
        let ann = try server.connect()
        try ann.expect("hello")
        ann.send(#"{"type":"login","name":"ann"}"#)
        try ann.expect("welcome")
        ann.send(#"{"type":"create","game":"rps"}"#)
        try ann.expect("joined")
        try ann.expect("state")
        let idle = try server.connect()
        try idle.expect("hello")

        server.signal(signal)
        #expect(try ann.receiveLine() == #"{"type":"shutdown"}"#)
        #expect(try idle.receiveLine() == #"{"type":"shutdown"}"#)
        #expect(ann.isClosedByServer())
        #expect(server.waitForExit(seconds: 10) == .exited(0))
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(server.log.contains("signal \(signal) (\(name)): shutting down"), "log: \(server.log)")
        #expect(server.log.contains("bye"))
    }

    @Test func hangUpUserAndAlarmSignalsAreLoggedAndIgnoredAndTermStillShutsDown() throws {
        let server = try ServerProcess()
        let ann = try server.connect()
        try ann.expect("hello")
        for (signal, name) in [(SIGHUP, "SIGHUP"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGALRM, "SIGALRM")] {
            server.signal(signal)
            // The signalfd was ready before the ping arrived: the loop logs the signal first.
            ann.send(#"{"type":"ping"}"#)
            #expect(try ann.receiveLine() == #"{"type":"pong"}"#)
            #expect(server.log.components(separatedBy: "signal \(signal) (\(name)): ignored\n").count == 2, "log: \(server.log)")
        }
        server.signal(SIGTERM)
        #expect(try ann.receiveLine() == #"{"type":"shutdown"}"#)
        #expect(ann.isClosedByServer())
        #expect(server.waitForExit(seconds: 10) == .exited(0))
        #expect(server.log.contains("signal \(SIGTERM) (SIGTERM): shutting down"), "log: \(server.log)")
        #expect(server.log.contains("bye"))
    }

    @Test func aFinishedGamesResultIsOnDiskBeforeTheShutdown() throws {
        let server = try ServerProcess()
        let ann = try server.connect()
        try ann.expect("hello")
        ann.send(#"{"type":"login","name":"ann"}"#)
        try ann.expect("welcome")
        ann.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#)
        try ann.expect("joined")
        // A tie is replayed: throw until the one round has a winner.
        for _ in 0..<50 {
            ann.send(#"{"type":"throw","sign":"rock"}"#)
            if try ann.receive(until: "round").message["winner"]?.stringValue != nil { break }
        }
        try ann.receive(until: "game_over")
        server.signal(SIGTERM)
        try ann.receive(until: "shutdown")
        #expect(server.waitForExit(seconds: 10) == .exited(0))
        let journal = try String(contentsOf: server.dataURL.appendingPathComponent("results.jsonl"), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1)
        #expect(journal.contains(#""game":"rps""#))
    }
}
