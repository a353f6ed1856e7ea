import Foundation
import Glibc
import TestServers
import ServerTestSupport
import Testing

/// At the open-file limit a new connection is told `server_full` and closed, through the
/// descriptor the server keeps in reserve, instead of waiting unanswered in the listen
/// queue; the server serves again as soon as a descriptor is free.
@Suite(.ownThread, .serialized)
struct DescriptorLimitTests {
    static let refusal = #"{"type":"error","code":"server_full","message":"the server is out of file descriptors; try again later"}"#
    static let episodeStart = "out of file descriptors (accept4: "

    @Test func pastTheOpenFileLimitNewConnectionsAreRefusedWithServerFullAndServedOnceOneCloses() throws {
        let limit = 64
        // Every connection from 127.0.0.1: the per-address cap must not come first.
        let server = try ServerProcess(["--max-connections-per-address", "0"], openFileLimit: limit)

        var held: [TestClient] = []
        while held.count < limit {
            let client = try server.connect()
            let line = try client.receiveLine()
            guard line.contains(#""type":"hello""#) else {
                #expect(line == Self.refusal)
                #expect(client.isClosedByServer())
                break
            }
            held.append(client)
        }
        // Every descriptor below the limit is in use: the clients', the server's own, and the spare one.
        // (Read until it holds, for up to 2 s: on a loaded machine the server may still be
        // closing a refused connection's descriptor when the refusal arrives.)
        var inUse: [Int] = []
        for _ in 0..<200 {
            inUse = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/fd").compactMap { Int($0) }
            if inUse.filter({ $0 < limit }).count == limit { break }
            usleep(10_000)
        }
        #expect(inUse.filter { $0 < limit }.count == limit, "descriptors: \(inUse.sorted())")
        #expect(held.count > limit / 2)
        for _ in 0 ..< 2 {
            let refused = try server.connect()
            #expect(try refused.receiveLine() == Self.refusal)
            #expect(refused.isClosedByServer())
        }
        #expect(occurrences(of: Self.episodeStart, in: server.log) == 1, "log: \(server.log)")

        // One client goes; once the server has closed its side, the next one is served.
        let closes = occurrences(of: " closed (peer closed)", in: server.log)
        held.removeLast()
        #expect(waitForLog(of: server, until: { occurrences(of: " closed (peer closed)", in: $0) == closes + 1 }))
        let served = try server.connect()
        try served.expect("hello")
        served.send(#"{"type":"ping"}"#)
        #expect(try served.receiveLine() == #"{"type":"pong"}"#)
        #expect(server.log.contains("accepting connections again, after refusing 3 for want of file descriptors\n"))

        // Full again: a new episode, logged once more.
        let refused = try server.connect()
        #expect(try refused.receiveLine() == Self.refusal)
        #expect(occurrences(of: Self.episodeStart, in: server.log) == 2)

        server.signal(SIGTERM)
        #expect(try served.receiveLine() == #"{"type":"shutdown"}"#)
        #expect(server.waitForExit(seconds: 10) == .exited(0))
    }

    private func occurrences(of text: String, in log: String) -> Int {
        log.components(separatedBy: text).count - 1
    }

    /// Polls the server's log every 10 ms, for up to 10 s, until `condition` holds.
    private func waitForLog(of server: ServerProcess, until condition: (String) -> Bool) -> Bool {
        for _ in 0 ..< 1_000 {
            if condition(server.log) { return true }
            usleep(10_000)
        }
        return condition(server.log)
    }
}
