import Foundation
import ServerTestSupport
import TestServers
import Testing
import Wire

/// The command rate over a real socket, on the real clock.
@Suite(.ownThread)
struct RateSocketTests {
    @Test func commandsPastTheRateWaitTheirTurnInsteadOfBeingRefusedAndTheRoomPlaysOn() throws {
        let server = try ServerProcess(["--rate", "20", "--burst", "10"])
        defer { server.stop() }
        let (ann, bob, _) = try RPSTable.seat(server)
        let started = Date()
        for number in 0..<20 {
            ann.send(#"{"type":"ping","id":\#(number)}"#)
        }
        // Bob, in the same room, is not touched by Ann's flood.
        bob.send(#"{"type":"throw","sign":"rock","id":1}"#)
        #expect(try bob.receiveLine() == #"{"type":"thrown","seq":3,"id":1}"#)

        // Login and create spent 2 of the 10: 8 pings are answered at once, the other
        // 12 one every 50 ms; none is refused, and they come in order.
        for number in 0..<20 {
            let reply = try ann.receive(until: "pong").message
            #expect(reply["id"] == .int(number))
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.5, "20 pings answered in \(elapsed) s: not paced")
        ann.send(#"{"type":"ping","id":"later"}"#)
        #expect(try ann.receive(until: "pong").message["id"] == .string("later"))
    }
}
