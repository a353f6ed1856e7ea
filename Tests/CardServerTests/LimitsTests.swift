import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Each limit: the client past it gets the documented error, the others play on. Chat and
/// lengths on virtual time, read line by line as a socket client reads them (the command rate,
/// paced by the real loop's timers, is in `RateSocketTests`).
struct LimitsTests {
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
