import Foundation
import TestServers
import Testing
import Wire

/// Each limit: the client past it gets the documented error, the others play on. The command
/// rate over a real socket, paced by the real loop's timers; chat and lengths on virtual time,
/// read line by line as a socket client reads them.
struct LimitsTests {
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

    @Test func chatIsLimitedToFiveLinesThenOneASecond() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        for line in 1...6 {
            ann.send(#"{"type":"chat","text":"line \#(line)","id":\#(line)}"#)
        }
        for line in 1...5 {
            #expect(try ann.receiveLine() == #"{"type":"chat","room":"\#(room)","from":"ann","text":"line \#(line)","id":\#(line)}"#)
            #expect(try bob.receiveLine() == #"{"type":"chat","room":"\#(room)","from":"ann","text":"line \#(line)"}"#)
        }
        let limited = try ann.expect("error")
        #expect(limited["code"] == .string("rate_limited"))
        #expect(limited["message"] == .string("you are chatting too fast; 5 lines at once, then one a second"))
        #expect(limited["id"] == .int(6))
        bob.send(#"{"type":"chat","text":"my turn"}"#)
        #expect(try bob.expect("chat")["text"] == .string("my turn"))
        #expect(try ann.expect("chat")["from"] == .string("bob"))
    }

    @Test func namesAndChatTextHaveLengthLimits() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"login","name":"\#(String(repeating: "n", count: 21))"}"#)
        #expect(try client.expect("error")["message"] == .string("a name may be at most 20 characters; that one has 21"))
        client.send(#"{"type":"login","name":"\#(String(repeating: "n", count: 20))"}"#)
        try client.expect("welcome")
        client.send(#"{"type":"create","game":"rps"}"#)
        try client.expect("joined")
        try client.expect("state")
        client.send(#"{"type":"chat","text":"\#(String(repeating: "c", count: 301))"}"#)
        #expect(try client.expect("error")["message"] == .string("a chat message may be at most 300 characters; that one has 301"))
        client.send(#"{"type":"chat","text":"\#(String(repeating: "c", count: 300))"}"#)
        #expect(try client.expect("chat")["text"]?.stringValue?.count == 300)
    }
}
