import Foundation
import Glibc
import ServerTestSupport
import TestServers
import Testing
import Wire

/// Ratings on the real binary: a rated rps match between two accounts reports each change in
/// `game_over`, and after SIGKILL the change is there exactly once: it is part of the game's
/// one record in `results.jsonl`, which was on disk before `game_over` went out.
@Suite(.ownThread)
struct RatedRestartTests {
    static let firstWin: JSONValue = [
        "ann": ["before": 1500.0, "after": 1662.3, "diff": 162.3, "deviation": 290.3, "provisional": true],
        "bob": ["before": 1500.0, "after": 1337.7, "diff": -162.3, "deviation": 290.3, "provisional": true],
    ]

    @Test func aRatedMatchsChangeSurvivesSIGKILLExactlyOnce() throws {
        let server = try ServerProcess(AccountRestartTests.arguments)
        var current = server
        defer { current.stop() }
        let (ann, _) = try AccountRestartTests.ask(server, #"{"type":"register","name":"ann","password":"correct horse battery"}"#)
        let (bob, _) = try AccountRestartTests.ask(server, #"{"type":"register","name":"bob","password":"correct horse battery"}"#)
        ann.send(#"{"type":"create","game":"rps","seats":2,"rated":true,"options":{"rounds":1}}"#)
        let code = try #require(try ann.expect("joined")["room"]?.stringValue)
        #expect(try ann.expect("state")["rated"] == true)
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        let playing = try bob.expectPlayingState()
        #expect(playing["rated"] == true)
        #expect(playing["players"]?.arrayValue?.compactMap { $0.objectValue?["rating"] } == [1500.0, 1500.0])
        ann.send(#"{"type":"throw","sign":"paper"}"#)
        bob.send(#"{"type":"throw","sign":"rock"}"#)
        for player in [ann, bob] {
            #expect(try player.receive(until: "game_over").message["ratings"] == Self.firstWin)
        }

        current = try current.restart(after: SIGKILL)
        let journal = try String(contentsOf: current.dataURL.appendingPathComponent("results.jsonl"), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1)
        let (carl, _) = try AccountRestartTests.ask(current, #"{"type":"login","name":"carl"}"#)
        carl.send(#"{"type":"stats","name":"bob"}"#)
        let stats = try carl.receive(until: "stats").message
        let rps = try #require(stats["ratings"]?.objectValue?["rps"]?.objectValue)
        #expect(rps["rating"] == 1337.7)
        #expect(rps["games"] == 1)
        #expect(rps["history"]?.arrayValue?.count == 1)
        #expect(rps["provisional"] == true)
    }
}
