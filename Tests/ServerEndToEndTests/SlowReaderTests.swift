import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// A client that never reads is cut off at the output cap; the others play on.
@Suite(.ownThread)
struct SlowReaderTests {
    @Test func aSpectatorThatNeverReadsIsDisconnectedWhileThePlayerPlaysOn() throws {
        let server = try ServerProcess(["--output-limit", "65536", "--rate", "0"])
        defer { server.stop() }
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"set","seats":1,"options":{"seed":3}}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        let state = try ann.expect("state")
        let board = SetTestSolver.board(of: state)
        let ids = SetTestSolver.ids(of: state)
        let sets = SetTestSolver.sets(on: board)
        let wrong = try #require(ids.combinations3().first { !sets.contains($0) })

        let carl = try TestClient(port: server.port, timeout: 5, receiveBuffer: 4096)
        carl.send(#"{"type":"login","name":"carl"}"#)
        carl.send(#"{"type":"watch","room":"\#(room)"}"#)
        try ann.expect("player_joined")
        try ann.expect("state")

        // Each wrong claim broadcasts `claimed` and a whole `state` (about 1.5 kB) to carl, who reads nothing.
        var batches = 0
        // Ann reads her own replies every ten claims, so only carl piles up output.
        while !server.log.contains("over the limit"), batches < 500 {
            for _ in 0..<10 {
                ann.send(#"{"type":"claim","cards":[\#(wrong.map(String.init).joined(separator: ","))]}"#)
            }
            var replies = 0
            while replies < 10 {
                if try ann.receive()["type"] == .string("state") { replies += 1 }
            }
            batches += 1
        }
        #expect(server.log.contains("over the limit"), "carl was never cut off")
        print("slow reader cut off after \(batches) batches of 10 claims")
        #expect(carl.isClosedByServer())

        // The game goes on for the one who reads.
        ann.send(#"{"type":"ping","id":"sync"}"#)
        try ann.receive(until: "pong")
        let set = try #require(sets.first)
        ann.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))]}"#)
        let claimed = try ann.receive(until: "claimed").message
        #expect(claimed["valid"] == .bool(true))
    }
}
