import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A seated player who drops and comes back in a loop writes an away and a back to the game's
/// record each time: at most ``ServerConfig/maxReturnsPerSeat`` returns a game, then the seat
/// is given up and the token no longer resumes it.
struct ReturnsPerSeatTests {
    @Test func aSeatComesBackAsOftenAsAllowedThenIsGivenUp() throws {
        var config = ServerConfig(version: "test")
        config.maxReturnsPerSeat = 3
        let directory = NSTemporaryDirectory() + "returns-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try RoomLog(directory: directory, policy: .no, warn: { _ in })
        let host = ScriptedHost(config: config, seed: 9, roomLog: log)
        let ann = host.connect(peer: "127.0.0.1:1")
        _ = OneGameRecordTests.token(of: ann, on: host, name: "ann")
        var bob = host.connect(peer: "127.0.0.2:1")
        let bobToken = OneGameRecordTests.token(of: bob, on: host, name: "bob")
        host.send(#"{"type":"create","game":"rps","options":{"rounds":3}}"#, from: ann)
        let room = try #require(host.take(ann).first { $0["type"] == "joined" }?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        for _ in 1...3 {
            host.drop(bob)
            bob = host.connect(peer: "127.0.0.2:1")
            host.send(#"{"type":"login","token":"\#(bobToken)","id":1}"#, from: bob)
            #expect(host.take(bob).first { $0["type"] == "welcome" }?["resumed"] == true)
        }
        // A connection that takes over a live one is no return: nothing was lost, nothing written.
        let again = host.connect(peer: "127.0.0.2:1")
        host.send(#"{"type":"login","token":"\#(bobToken)"}"#, from: again)
        #expect(host.take(again).first { $0["type"] == "welcome" }?["resumed"] == true)
        host.drop(again)
        bob = host.connect(peer: "127.0.0.2:1")
        _ = host.take(ann)
        host.send(#"{"type":"login","token":"\#(bobToken)","id":2}"#, from: bob)
        #expect(host.take(bob).first { $0["type"] == "error" } == [
            "type": "error", "code": "bad_token",
            "message": .string("you came back to your seat in room \(room) 3 times in this game, the most one player may (each return is kept in the game's record), so the seat was given up; log in with a name to play on"),
            "id": 2,
        ])
        // ann plays on alone: in rps, that is the match, hers.
        let over = try #require(host.take(ann).first { $0["type"] == "game_over" })
        #expect(over["winners"] == ["ann"])
        let records = try String(contentsOfFile: log.path, encoding: .utf8).split(separator: "\n")
        #expect(records.filter { $0.contains(#""k":"presence""#) && $0.contains(#""connected":true"#) }.count == 3)
        #expect(records.filter { $0.contains(#""k":"presence""#) && $0.contains(#""connected":false"#) }.count == 4)
        host.send(#"{"type":"login","token":"\#(bobToken)","id":3}"#, from: bob)
        #expect(host.take(bob).first?["code"] == "bad_token")
    }

    /// Protocol.md's limits table shows the line a bot gets, at the default 1,000 returns.
    @Test func protocolMdShowsTheRefusalAsSent() throws {
        #expect(ServerConfig(version: "test").maxReturnsPerSeat == 1_000)
        let documented = ServerMessage.error(
            code: .badToken,
            message: "you came back to your seat in room K7QX 1000 times in this game, the most one player may (each return is kept in the "
                + "game's record), so the seat was given up; log in with a name to play on", id: nil)
        let protocolText = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Protocol.md"), encoding: .utf8)
        #expect(protocolText.contains("`\(documented.jsonText)`"), "\(documented.jsonText)")
    }
}
