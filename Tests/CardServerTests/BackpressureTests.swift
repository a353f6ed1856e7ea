import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A client that sends faster than it reads, or faster than the command rate, is
/// slowed, not refused or evicted: on virtual time, with exact counts.
struct BackpressureTests {
    /// 64 KiB of `{}` lines: 21,845 commands in one read.
    static let flood = Array(String(repeating: "{}\n", count: 21_845).utf8)

    @Test func aCommandFloodIsServedAtTheRateWithNothingDroppedOrRefused() throws {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 50, commandBurst: 100))
        let ann = host.player("ann")
        let bob = host.player("bob")
        host.send(#"{"type":"create","game":"rps"}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        _ = host.take(ann)
        _ = host.take(bob)

        host.sendRaw(Self.flood, from: ann)
        // Login and create spent 2 of the burst of 100: 98 commands are answered now,
        // and ann is read no further until a token is due.
        let firstReplies = host.take(ann)
        #expect(firstReplies.count == 98)
        #expect(Set(firstReplies.map { $0["code"]?.stringValue }) == ["bad_request"])
        #expect(host.notRead.contains(ann))
        #expect(!host.disconnected.contains(ann))
        #expect(host.logLines.contains("conn 1 is read more slowly: it sends more than 50 commands a second"))

        // Bob, in the same room, is served at once.
        host.send(#"{"type":"throw","sign":"rock","id":1}"#, from: bob)
        #expect(host.take(bob).first?.jsonText == #"{"type":"thrown","seq":3,"id":1}"#)

        // One more command every 20 ms of virtual time: 50 a second, no error about the rate.
        host.advance(by: .milliseconds(20))
        #expect(Self.replies(host.take(ann)).count == 1)
        host.advance(by: .seconds(1))
        let nextSecond = Self.replies(host.take(ann))
        #expect(nextSecond.count == 50)
        #expect(!nextSecond.contains { $0["code"]?.stringValue == "rate_limited" })

        // Ann's later commands wait behind the flood, in order, and are all answered.
        host.sendRaw(Array(#"{"type":"ping","id":"last"}"#.utf8) + [10], from: ann)
        host.advance(by: .seconds(500))
        let rest = Self.replies(host.take(ann))
        #expect(98 + 1 + 50 + rest.count == 21_845 + 1)
        #expect(rest.last?.jsonText == #"{"type":"pong","id":"last"}"#)
        #expect(!host.notRead.contains(ann))
    }

    /// Ann's answers to her own commands, without the room's broadcasts (bob's throw, round timers).
    static func replies(_ messages: [JSONObject]) -> [JSONObject] {
        messages.filter { ["error", "pong"].contains($0["type"]?.stringValue) }
    }

    @Test func aClientThatDoesNotReadIsNotReadUntilItsRepliesDrain() throws {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 0))
        let ann = host.player("ann")
        host.stopReading(ann)
        let pings = (0..<10_000).map { #"{"type":"ping","id":\#($0)}"# + "\n" }.joined()
        host.sendRaw(Array(pings.utf8), from: ann)

        // Replies are answered until more than 64 KiB wait unread, then reading stops.
        let pongSizes = (0..<10_000).map { #"{"type":"pong","id":\#($0)}"#.utf8.count + 1 }
        var unread = 0
        var answeredBeforePause = 0
        while unread <= host.server.config.pauseInputAboveUnsentBytes {
            unread += pongSizes[answeredBeforePause]
            answeredBeforePause += 1
        }
        let first = host.take(ann)
        #expect(first.count == answeredBeforePause)
        #expect(host.pendingBytes[ann] == unread)
        #expect(host.notRead.contains(ann))
        #expect(host.logLines.contains("conn 1 is read more slowly: its replies are piling up unread"))

        // Another client meanwhile is served.
        let bob = host.player("bob")
        host.send(#"{"type":"ping","id":"bob"}"#, from: bob)
        #expect(host.take(bob).map(\.jsonText) == [#"{"type":"pong","id":"bob"}"#])

        // Ann reads: everything else is answered, in order, and none was dropped.
        host.startReading(ann)
        let rest = host.take(ann)
        #expect(rest.count == 10_000 - answeredBeforePause)
        #expect((first + rest).map { $0["id"]?.intValue } == (0..<10_000).map { $0 })
        #expect(!host.notRead.contains(ann))
        #expect(!host.disconnected.contains(ann))
    }

    @Test func aPausedClientThatLeavesCancelsItsWait() {
        let host = ScriptedHost(config: ServerConfig(version: "test", commandRate: 1, commandBurst: 2))
        let ann = host.player("ann")
        host.sendRaw(Array("{}\n{}\n{}\n".utf8), from: ann)
        #expect(host.take(ann).count == 1)
        #expect(host.notRead.contains(ann))
        host.drop(ann)
        host.advance(by: .seconds(10))
        #expect(host.take(ann).isEmpty)
    }
}
