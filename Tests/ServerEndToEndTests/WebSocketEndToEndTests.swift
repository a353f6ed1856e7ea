import Foundation
import Glibc
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Protocol 1 over WebSocket against the real server: each frame rule over a real socket, with
/// frames made by hand, and the rules of TCP holding across the two transports.
@Suite(.ownThread, .serialized)
struct WebSocketEndToEndTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func helloFirstThenOneMessagePerTextFrame() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port)
        let hello = try client.receiveFrame()
        #expect(hello.opcode == 0x1)
        #expect(String(decoding: hello.payload, as: UTF8.self).hasPrefix(#"{"type":"hello","protocol":1,"#))
        client.send(#"{"type":"ping","id":1}"#)
        let pong = try client.receiveFrame()
        #expect(pong.opcode == 0x1)
        #expect(String(decoding: pong.payload, as: UTF8.self) == #"{"type":"pong","id":1}"#)
    }

    @Test func fragmentsAreJoinedAndAPingBetweenThemIsAnswered() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port)
        try client.expect("hello")
        client.sendFrame(0x1, Self.bytes(#"{"type":"lo"#), fin: false)
        client.sendFrame(0x0, Self.bytes(#"gin","na"#), fin: false)
        client.sendFrame(0x9, Self.bytes("are you there"))
        client.sendFrame(0x0, Self.bytes(#"me":"ann"}"#))
        let pong = try client.receiveFrame()
        #expect(pong.opcode == 0xA)
        #expect(pong.payload == Self.bytes("are you there"))
        #expect(try client.expect("welcome")["name"] == .string("ann"))
    }

    @Test func aMessageWithNewlinesIsStillOneCommand() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port)
        try client.expect("hello")
        client.send("{\n  \"type\": \"ping\",\r\n  \"id\": 2\n}")
        #expect(try client.receiveLine() == #"{"type":"pong","id":2}"#)
    }

    @Test(arguments: [
        (WebSocketTestClient.frame(0x1, Array(#"{"type":"ping"}"#.utf8), masked: false), UInt16(1002), "a client's frames must be masked"),
        (WebSocketTestClient.frame(0x2, [1, 2, 3]), 1003, "binary messages are not accepted: send protocol 1 as text"),
        (WebSocketTestClient.frame(0x1, [0x7B, 0xC0, 0xAF, 0x7D]), 1007, "a text message must be UTF-8"),
        (WebSocketTestClient.frame(0x1, [0x7B, 0xE2, 0x82], fin: false) + WebSocketTestClient.frame(0x0, [0x28, 0x7D]), 1007, "a text message must be UTF-8"),
        (WebSocketTestClient.frame(0x1, [UInt8](repeating: 0x20, count: 8193)), 1009, "a message may be at most 8192 bytes"),
        (WebSocketTestClient.frame(0x1, [UInt8](repeating: 0x20, count: 6000), fin: false) + WebSocketTestClient.frame(0x0, [UInt8](repeating: 0x20, count: 3000)),
         1009, "a message may be at most 8192 bytes"),
        (WebSocketTestClient.frame(0x9, [UInt8](repeating: 0, count: 126)), 1002, "a control frame may carry at most 125 bytes"),
        (WebSocketTestClient.frame(0x9, [1], fin: false), 1002, "a control frame may not be fragmented"),
        (WebSocketTestClient.frame(0x0, [0x20]), 1002, "a continuation frame with no message to continue"),
    ])
    func aBrokenRuleClosesWithItsCode(frames: [UInt8], code: UInt16, reason: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port)
        try client.expect("hello")
        client.sendRaw(frames)
        let close = try client.receiveClose()
        #expect(close.code == code)
        #expect(close.reason == reason)
        #expect(client.isClosedByServer())
        // Nobody else pays: the server serves on.
        let other = try WebSocketTestClient(port: server.port)
        try other.expect("hello")
    }

    @Test func theCloseHandshakeEchoesTheCode() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port)
        try client.expect("hello")
        client.sendFrame(0x8, [0x0F, 0xA0] + Self.bytes("done")) // 4000, an application's code
        let close = try client.receiveClose()
        #expect(close.code == 4000)
        #expect(client.isClosedByServer())
    }

    @Test func aCloseInTheMiddleOfAFragmentedMessageEndsIt() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try WebSocketTestClient(port: server.port)
        try client.expect("hello")
        client.sendFrame(0x1, Self.bytes(#"{"type":"#), fin: false)
        client.sendFrame(0x8, [0x03, 0xE8])
        client.sendFrame(0x0, Self.bytes(#""ping"}"#))
        // The close comes back; the message never completed, so no pong comes before it.
        let frame = try client.receiveFrame()
        #expect(frame.opcode == 0x8)
        #expect(frame.payload == [0x03, 0xE8])
        #expect(client.isClosedByServer())
    }

    @Test func shutdownSendsTheShutdownLineThenClose1001() throws {
        let server = try ServerProcess()
        let client = try WebSocketTestClient(port: server.port)
        try client.expect("hello")
        server.signal(SIGTERM)
        #expect(try client.receiveLine() == #"{"type":"shutdown"}"#)
        let close = try client.receiveClose()
        #expect(close.code == 1001)
        #expect(close.reason == "the server is shutting down")
        #expect(server.stop() == .exited(0))
    }

    @Test func aSeatHeldOverTCPIsResumedOverWebSocketAndTheGameGoesOn() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob, room) = try RPSTable.seat(server, options: #"{"rounds":1}"#)
        let token = try #require(ann.token)
        ann.close()
        try bob.expect("player_away")
        let web = try WebSocketTestClient(port: server.port)
        try web.expect("hello")
        web.send(#"{"type":"login","token":"\#(token)"}"#)
        let welcome = try web.expect("welcome")
        #expect(welcome["resumed"] == .bool(true))
        #expect(welcome["room"] == .string(room))
        _ = try web.expect("state")
        web.send(#"{"type":"throw","sign":"rock"}"#)
        try web.expect("thrown")
        bob.send(#"{"type":"throw","sign":"scissors"}"#)
        let over = try web.receive(until: "game_over").message
        #expect(over["winners"] == .array([.string("ann")]))
    }

    @Test func aWholeRPSMatchOverWebSocket() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob) = try RPSTable.annHasThrown(WebSocketServer(process: server), "paper")
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        #expect(try ann.receive(until: "game_over").message["winners"] == .array([.string("ann")]))
        #expect(try bob.receive(until: "game_over").message["winners"] == .array([.string("ann")]))
        let metrics = try OutsidePeersTests.metrics(server) { $0.contains("cardserver_commands_total{type=\"throw\"} 2\n") }
        #expect(metrics.contains("cardserver_connections{kind=\"websocket\"} 2\n"))
        #expect(metrics.contains("cardserver_rooms{game=\"rps\"} 1\n"))
        #expect(metrics.contains("cardserver_players 2\n"))
        // Frames are commands like lines: login, create, login, join and both throws.
        #expect(metrics.contains("cardserver_commands_total{type=\"login\"} 2\n"))
        #expect(metrics.contains("cardserver_commands_total{type=\"throw\"} 2\n"))
    }

    @Test func aPeerThatFloodsPingsAndReadsNoPongsIsReadNoFurtherAndCostsNobodyElse() throws {
        let server = try ServerProcess(["--output-limit", "65536"])
        defer { server.stop() }
        let other = try WebSocketTestClient(port: server.port)
        try other.expect("hello")
        let flooder = try WebSocketTestClient(port: server.port, receiveBuffer: 4096)
        try flooder.expect("hello")
        // 1 MB of pings whose pongs are never read: once its unsent pongs pass 16 KiB (a quarter
        // of --output-limit) the server reads it no further, and the kernel stops the sender.
        let ping = WebSocketTestClient.frame(0x9, [UInt8](repeating: 0x61, count: 125))
        var flood: [UInt8] = []
        for _ in 0 ..< 8_000 { flood += ping }
        flooder.sendRaw(flood)
        other.send(#"{"type":"ping","id":3}"#)
        #expect(try other.receiveLine() == #"{"type":"pong","id":3}"#)
        // The pause is logged in whichever turn reads past the mark: wait for it (no timer involved).
        let deadline = Date().addingTimeInterval(5)
        while !server.log.contains("is read more slowly: its replies are piling up unread"), Date() < deadline {
            usleep(10_000)
        }
        #expect(server.log.contains("conn 2 is read more slowly: its replies are piling up unread"))
    }
}
