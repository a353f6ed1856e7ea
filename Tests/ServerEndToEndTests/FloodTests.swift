import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Floods over real sockets: the flooder is slowed, never disconnected and never
/// refused, and the other player in its room plays on undisturbed.
@Suite(.ownThread)
struct FloodTests {
    /// 64 KiB of `{}` lines: 21,845 bad commands in one write.
    static let flood = Array(String(repeating: "{}\n", count: 21_845).utf8)

    @Test func a64KiBBurstOfBadLinesIsPacedByTheRateWithoutRefusalsOrDisconnect() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (ann, bob, _) = try RPSTable.seat(server)
        let started = Date()
        ann.sendRaw(Self.flood)

        // Bob plays on at once while ann's flood is read at 50 commands a second.
        bob.send(#"{"type":"ping","id":"bob"}"#)
        #expect(try bob.receiveLine() == #"{"type":"pong","id":"bob"}"#)
        bob.send(#"{"type":"throw","sign":"rock","id":1}"#)
        #expect(try bob.receiveLine() == #"{"type":"thrown","seq":3,"id":1}"#)
        #expect(Date().timeIntervalSince(started) < 1)

        // Ann reads for a second: bad_request errors only, about 100 at once and 50 a second after.
        var errors = 0
        while Date().timeIntervalSince(started) < 1.5 {
            let message = try ann.receive()
            if message["type"] == .string("error") {
                #expect(message["code"] == .string("bad_request"))
                errors += 1
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(errors >= 98)
        #expect(errors <= 98 + Int(elapsed * 50) + 2, "\(errors) replies in \(elapsed) s: not paced")
        #expect(server.log.contains("is read more slowly: it sends more than 50 commands a second"))
        #expect(!server.log.contains("over the limit"))
        bob.send(#"{"type":"ping","id":"still"}"#)
        #expect(try bob.receive(until: "pong").message["id"] == .string("still"))
    }

    @Test func aClientThatFloodsWithoutReadingIsReadNoFurtherUntilItReadsThenGetsEveryReply() throws {
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        let bob = try server.player("bob")
        // A small receive buffer: the kernel holds little, so ann's replies back up in the server.
        let ann = try TestClient(port: server.port, timeout: 5, receiveBuffer: 4096)
        ann.send(#"{"type":"login","name":"ann"}"#)
        ann.sendRaw(Self.catalogFlood)
        ann.send(#"{"type":"ping","id":"last"}"#)

        // The replies to 5,000 `games` (about 9 MB, more than the kernel's buffers hold) would
        // pass the 1 MiB output cap if they were all answered at once; instead ann is read no
        // further meanwhile, and bob's pings are answered all along.
        let deadline = Date().addingTimeInterval(TestBudget.seconds(10))
        var round = 0
        while !server.log.contains("is read more slowly: its replies are piling up unread") || round < 20 {
            bob.send(#"{"type":"ping","id":\#(round)}"#)
            #expect(try bob.receiveLine() == #"{"type":"pong","id":\#(round)}"#)
            round += 1
            guard Date() < deadline else { break }
        }
        #expect(server.log.contains("is read more slowly: its replies are piling up unread"))
        #expect(!server.log.contains("over the limit"))

        try ann.expect("hello")
        try ann.expect("welcome")
        var catalogs = 0
        while true {
            let message = try ann.receive()
            if message["type"] == .string("pong") {
                #expect(message["id"] == .string("last"))
                break
            }
            #expect(message["type"] == .string("games"))
            catalogs += 1
        }
        #expect(catalogs == 5_000)
    }

    /// 5,000 `games` in one write: each reply is about 1.8 KB.
    static let catalogFlood = Array(String(repeating: #"{"type":"games"}"# + "\n", count: 5_000).utf8)

    @Test func fiftyThousandPipelinedPingsAreAllAnsweredInOrderWithoutADisconnect() throws {
        let server = try ServerProcess(["--rate", "0"])
        defer { server.stop() }
        let ann = try TestClient(port: server.port, timeout: 5, receiveBuffer: 4096)
        try ann.expect("hello")
        let pings = (0..<50_000).map { #"{"type":"ping","id":\#($0)}"# + "\n" }.joined()
        // Written from another thread: the server stops reading, so the write blocks until ann reads.
        let fd = ann.fd
        let writer = Thread {
            var bytes = Array(pings.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written <= 0 { return }
                bytes = bytes.dropFirst(written)
            }
        }
        writer.start()
        // The server takes in as much of the flood as it will before ann reads: the pings it
        // has answered stop growing (the rest wait in the kernel, or the flood was all taken
        // in). Polled on /metrics, whose requests are not pings, once a copy's lifetime: the
        // server renders it at most once a second.
        var answered = -1.0
        let deadline = Date().addingTimeInterval(TestBudget.seconds(10))
        while true {
            let now = OutsidePeersTests.sample(#"cardserver_commands_total{type="ping"}"#, in: try OutsidePeersTests.metrics(server)) ?? 0
            if now == answered && now > 0 { break }
            guard Date() < deadline else {
                Issue.record("the server never stopped reading the flood: \(now) pings answered")
                break
            }
            answered = now
            usleep(1_100_000)
        }
        for number in 0..<50_000 {
            let line = try ann.receiveLine()
            guard line == #"{"type":"pong","id":\#(number)}"# else {
                Issue.record("reply \(number): \(line)")
                return
            }
        }
        #expect(!server.log.contains("over the limit"))
    }
}
