import Foundation
import ServerTestSupport
import TestServers
import Testing
import Wire

/// The error codes only a real socket shows: the overlong line (framing across reads) and the two
/// errors after which the connection is closed (the line arrives before the close). The rest are
/// in `ErrorCodeTests`, on virtual time.
@Suite(.ownThread)
struct ErrorCodeSocketTests {
    /// Asserts the next line is exactly this error, then that a ping still gets its pong.
    func expectError(_ client: some LineClient, code: String, message: String) throws {
        #expect(try client.receiveLine() == #"{"type":"error","code":"\#(code)","message":"\#(message)"}"#)
        client.send(#"{"type":"ping","id":"after"}"#)
        #expect(try client.receiveLine() == #"{"type":"pong","id":"after"}"#)
    }

    @Test func anOverlongLineIsDiscardedAndTheNextLineWorks() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"chat","text":""# + String(repeating: "x", count: 10_000) + #""}"#)
        try expectError(client, code: "line_too_long", message: "a line may be at most 8192 bytes; that one was discarded")
        // Exactly 8192 bytes plus "\r\n" is still a line. (The padding is a field the
        // server ignores: a string id may be at most 64 bytes.)
        let padded = #"{"type":"ping","id":1,"pad":""# + String(repeating: "p", count: 8192 - 31) + "\"}"
        #expect(padded.utf8.count == 8192)
        client.sendRaw(Array((padded + "\r\n").utf8))
        #expect(try client.receiveLine() == #"{"type":"pong","id":1}"#)
    }

    @Test func anHTTPRequestGetsOneErrorLineAndIsClosed() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try server.connect()
        try client.expect("hello")
        client.sendRaw(Array("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        let error = try client.expect("error")
        #expect(error["code"] == .string("bad_request"))
        #expect(client.isClosedByServer())
    }

    @Test func pastMaxClientsTheNextConnectionGetsServerFullAndIsClosed() throws {
        let server = try ServerProcess(["--max-clients", "2"])
        defer { server.stop() }
        let first = try server.player("ann")
        let second = try server.connect()
        try second.expect("hello")
        let third = try server.connect()
        #expect(try third.receiveLine() == #"{"type":"error","code":"server_full","message":"the server is full (2 connections); try again later"}"#)
        #expect(third.isClosedByServer())
        first.send(#"{"type":"ping"}"#)
        try first.expect("pong")
    }
}
