import Foundation
import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// Replays on virtual time: every step's time is exact, a deadline that fired is a step of
/// its own, and a rebuilt game scores timed points (Concentration's time bonus) exactly as
/// the room did.
struct ReplaysOnVirtualTimeTests {
    /// A host whose server keeps replays in a new folder; `body` runs, then the folder goes.
    func withReplays(seed: UInt64 = 1, _ body: (ScriptedHost) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replays-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ReplayStore(dataDirectory: folder.path, keepDays: 30, policy: .no, log: { _ in })
        try body(ScriptedHost(seed: seed, replays: store))
    }

    @Test func aRoundThatTimedOutIsADeadlineStepAtItsExactTime() throws {
        try withReplays { host in
            let (ann, bob, room, _) = try TimersOnVirtualTimeTests.pair(host, game: "rps", options: #"{"rounds":2}"#)
            host.advance(by: .milliseconds(1250))
            host.send(#"{"type":"throw","sign":"paper"}"#, from: ann)
            host.advance(by: .milliseconds(28_750))
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.advance(by: .milliseconds(2))
            host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
            let over = try #require(host.take(ann).last { $0["type"] == .string("game_over") })
            #expect(over["winners"] == .array(["ann"]))
            let gameID = try #require(over["game_id"]?.stringValue)
            #expect(gameID.hasPrefix(room + "-"))

            _ = host.takeLines(bob)
            _ = host.takeLines(ann)
            // The record is read on the background worker, and a ping sent behind it waits for it.
            host.send(#"{"type":"replay","game":"\#(gameID)"}"# + "\n" + #"{"type":"ping","id":"after"}"#, from: bob)
            #expect(host.takeLines(bob).isEmpty)
            #expect(host.pendingBackgroundWork == 1)
            // Nobody else waits: ann is answered at once.
            host.send(#"{"type":"ping","id":"ann"}"#, from: ann)
            #expect(host.takeLines(ann) == [#"{"type":"pong","id":"ann"}"#])
            #expect(host.runBackgroundWork() == 1)
            let answered = host.takeLines(bob)
            #expect(answered.count == 2)
            #expect(answered.last == #"{"type":"pong","id":"after"}"#)
            let line = try #require(answered.first)
            let steps = try #require(line.firstRange(of: #""steps":"#).map { line[$0.upperBound...] }?.prefix { $0 != "]" })
            // Joined outside the expectation: four literals added up inside it took the type
            // checker 12 s (the slowest function of the whole package to compile).
            let expectedSteps: String = [
                #"[{"kind":"move","ms":1250,"ns":1250000000,"seat":0,"name":"ann","command":{"type":"throw","sign":"paper"}},"#,
                #"{"kind":"deadline","ms":30000,"ns":30000000000},"#,
                #"{"kind":"move","ms":30000,"ns":30000000000,"seat":0,"name":"ann","command":{"type":"throw","sign":"rock"}},"#,
                #"{"kind":"move","ms":30002,"ns":30002000000,"seat":1,"name":"bob","command":{"type":"throw","sign":"scissors"}}"#,
            ].joined()
            #expect(String(steps) == expectedSteps)

            // The deadline's step reveals the first round as it was: bob timed out.
            host.send(#"{"type":"replay","game":"\#(gameID)","step":2,"seat":1}"#, from: bob)
            host.runBackgroundWork()
            let frame = try #require(host.take(bob).last)
            let round = try #require(frame["events"]?.arrayValue?.first?.objectValue)
            #expect(round.jsonText == #"{"type":"round","room":"\#(room)","round":1,"throws":{"ann":"paper"},"winner":"ann","timed_out":["bob"]}"#)
            #expect(frame["state"]?.objectValue?["round"] == .int(2))
            #expect(frame["state"]?.objectValue?["time_left_ms"] == .int(30_000))

            host.send(#"{"type":"replay","game":"\#(gameID)","step":4}"#, from: bob)
            host.runBackgroundWork()
            let end = try #require(host.take(bob).last)
            #expect(end["seat"] == .int(1))
            #expect(end["events"]?.arrayValue?.last == .object(over))
        }
    }

    @Test func aTimeBonusIsRebuiltToTheSamePoints() throws {
        try withReplays(seed: 5) { host in
            let ann = host.player("ann")
            host.send(#"{"type":"create","game":"concentration","seats":1,"options":{"pairs":3,"time_bonus":true}}"#, from: ann)
            var state = try #require(host.take(ann).last { $0["type"] == .string("state") })
            var memory = ConcentrationMemory(cards: 6)
            var over: JSONObject?
            var flips = 0
            while over == nil, flips < 40 {
                // Uneven pauses, so whole seconds and the bonus vary from match to match.
                host.advance(by: .nanoseconds(1_300_000_000 + 170_000_123 * Int64(flips % 5)))
                let card = try #require(memory.nextCard())
                host.send(#"{"type":"flip","card":\#(card)}"#, from: ann)
                let messages = host.take(ann)
                let flipped = try #require(messages.first(where: { $0["type"]?.stringValue == "flipped" }))
                memory.saw(card, face: flipped["face"]?.stringValue, result: flipped["result"]?.stringValue)
                for message in messages where message["type"]?.stringValue == "state" { state = message }
                for message in messages where message["type"]?.stringValue == "game_over" { over = message }
                flips += 1
            }
            let result = try #require(over)
            let score = try #require(result["scores"]?.objectValue?["ann"]?.intValue)
            #expect(score > 6, "a bonus was earned: \(score)")
            let gameID = try #require(result["game_id"]?.stringValue)
            host.send(#"{"type":"replay","game":"\#(gameID)","step":\#(flips)}"#, from: ann)
            host.runBackgroundWork()
            let end = try #require(host.take(ann).last)
            #expect(end["events"]?.arrayValue?.last == .object(result))
            #expect(end["state"]?.objectValue?["players"] == state["players"], "\(state.jsonText)")
        }
    }
}

/// The game clock is read once for each input: the rules, the room log and the replay see the
/// same time, so a rebuilt game ends exactly as the one played even when the clock moves
/// between reads (a reaction time on a millisecond's edge).
struct OneClockReadTests {
    @Test(arguments: [0, 250_000, 500_000, 750_000] as [UInt64])
    func aReactionTimeIsRebuiltToTheMillisecond(offset: UInt64) throws {
        try ReplaysOnVirtualTimeTests().withReplays { host in
            host.nanosecondsPerRead = 300_000
            let ann = host.player("ann")
            host.send(#"{"type":"create","game":"rps-brain","options":{"rounds":1}}"#, from: ann)
            _ = host.take(ann)
            host.advance(by: .nanoseconds(Int64(1_000_000_000 + offset)))
            host.send(#"{"type":"answer","sign":"rock"}"#, from: ann)
            let over = try #require(host.take(ann).last { $0["type"] == .string("game_over") })
            let gameID = try #require(over["game_id"]?.stringValue)
            host.send(#"{"type":"replay","game":"\#(gameID)","step":1}"#, from: ann)
            host.runBackgroundWork()
            let frame = try #require(host.take(ann).last)
            let rebuilt = try #require(frame["events"]?.arrayValue?.last?.objectValue)
            #expect(rebuilt == over, "rebuilt: \(rebuilt.jsonText)\nplayed: \(over.jsonText)")
        }
    }
}
