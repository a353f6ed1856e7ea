import Foundation
import Testing
import Wire

/// A client that never reads is cut off at the output cap; the others play on.
struct SlowReaderTests {
    @Test func aSpectatorThatNeverReadsIsDisconnectedWhileThePlayersPlayOn() throws {
        let server = try ServerProcess(["--output-limit", "65536"])
        defer { server.stop() }
        let (ann, bob, room) = try RPSTable.seat(server)
        let carl = try TestClient(port: server.port, timeout: 5, receiveBuffer: 4096)
        carl.send(#"{"type":"login","name":"carl"}"#)
        carl.send(#"{"type":"watch","room":"\#(room)"}"#)
        for player in [ann, bob] {
            try player.expect("player_joined")
            try player.expect("state")
        }

        let text = String(repeating: "z", count: 300)
        var batches = 0
        while !server.log.contains("over the limit"), batches < 200 {
            for _ in 0..<50 {
                ann.send(#"{"type":"chat","text":"\#(text)"}"#)
            }
            for player in [ann, bob] {
                var chats = 0
                while chats < 50 {
                    if try player.receive()["type"] == .string("chat") { chats += 1 }
                }
            }
            batches += 1
        }
        #expect(server.log.contains("over the limit"), "carl was never cut off")
        #expect(carl.isClosedByServer())

        // The match goes on for the two who read.
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        bob.send(#"{"type":"throw","sign":"scissors"}"#)
        for player in [ann, bob] {
            let reveal = try player.receive(until: "round").message
            #expect(reveal["winner"] == .string("ann"))
        }
    }
}
