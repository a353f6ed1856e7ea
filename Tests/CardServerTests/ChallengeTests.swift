@testable import CardServer
import ScriptedServer
import Storage
import Testing
import Wire

/// Challenges on virtual time: accept, decline with each reason, cancel, expiry, a player
/// gone, block and unblock (kept in the accounts file), the caps, and what is refused.
struct ChallengeTests {
    static func messages(_ host: ScriptedHost, _ client: ClientID, _ type: String) -> [JSONObject] {
        host.take(client).filter { $0["type"]?.stringValue == type }
    }

    @Test func anAcceptedChallengeSeatsBothInANewRoomAndTheGameBegins() throws {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"challenge","name":"BOB","game":"rps","options":{"rounds":1},"id":1}"#, from: ann)
        #expect(host.take(ann) == [["type": "challenge_sent", "challenge": "c1", "to": "bob", "expires_ms": 60000, "id": 1]])
        #expect(host.take(bob) == [[
            "type": "challenge", "challenge": "c1", "from": "ann", "game": "rps", "options": ["rounds": 1], "rated": false, "expires_ms": 60000,
        ]])
        host.send(#"{"type":"challenge_accept","challenge":"c1","id":2}"#, from: bob)
        let bobSaw = host.take(bob)
        #expect(bobSaw.first == ["type": "ok", "id": 2])
        let paired = try #require(bobSaw.dropFirst().first)
        let room = try #require(paired["room"]?.stringValue)
        #expect(paired == ["type": "paired", "room": .string(room), "game": "rps", "seat": 1, "challenge": "c1"])
        let annSaw = host.take(ann)
        #expect(annSaw.first == ["type": "paired", "room": .string(room), "game": "rps", "seat": 0, "challenge": "c1"])
        let state = try #require(annSaw.last { $0["type"] == "state" })
        #expect(state["phase"] == "playing")
        #expect(state["players"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["ann", "bob"])
        // Answered: a second accept finds nothing.
        host.send(#"{"type":"challenge_accept","challenge":"c1"}"#, from: bob)
        #expect(host.take(bob).last?["message"] == "there is no challenge 'c1' for you: it was answered, taken back or has expired")
    }

    @Test(arguments: DeclineReason.allCases)
    func aDeclineTellsTheChallengerWhy(reason: DeclineReason) {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"challenge","name":"bob","game":"set"}"#, from: ann)
        _ = host.take(ann)
        _ = host.take(bob)
        host.send(#"{"type":"challenge_decline","challenge":"c1","reason":"\#(reason.rawValue)"}"#, from: bob)
        #expect(host.take(bob) == [["type": "ok"]])
        #expect(host.take(ann) == [["type": "challenge_declined", "challenge": "c1", "by": "bob", "reason": .string(reason.rawValue)]])
    }

    @Test func aDeclineWithoutAReasonIsGenericAndAnUnknownReasonIsRefused() {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"challenge","name":"bob","game":"set"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"challenge_decline","challenge":"c1","reason":"busy"}"#, from: bob)
        #expect(host.take(bob).last?["message"] == "field 'reason' must be one of later, too_fast, casual, rated, no_bots, generic")
        host.send(#"{"type":"challenge_decline","challenge":"c1"}"#, from: bob)
        #expect(Self.messages(host, ann, "challenge_declined").first?["reason"] == "generic")
    }

    @Test func aCancelAndAnExpiryEndTheChallengeForThoseAsked() {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"challenge","name":"bob","game":"concentration"}"#, from: ann)
        _ = host.take(bob)
        _ = host.take(ann)
        // Only its challenger takes it back.
        host.send(#"{"type":"challenge_cancel","challenge":"c1"}"#, from: bob)
        #expect(host.take(bob).last?["message"] == "you have no challenge 'c1' waiting")
        host.send(#"{"type":"challenge_cancel","challenge":"c1","id":5}"#, from: ann)
        #expect(host.take(ann) == [["type": "ok", "id": 5]])
        #expect(host.take(bob) == [["type": "challenge_closed", "challenge": "c1", "reason": "canceled"]])

        host.send(#"{"type":"challenge","name":"bob","game":"klondike"}"#, from: ann)
        _ = host.take(bob)
        _ = host.take(ann)
        host.advance(by: .milliseconds(59_999))
        #expect(host.take(bob).isEmpty)
        host.advance(by: .milliseconds(1))
        #expect(host.take(bob) == [["type": "challenge_closed", "challenge": "c2", "reason": "expired"]])
        #expect(host.take(ann) == [["type": "challenge_closed", "challenge": "c2", "reason": "expired"]])
    }

    @Test func aChallengerWhoLeavesOrSitsDownTakesTheChallengeWithThem() {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
        _ = host.take(bob)
        host.drop(ann)
        #expect(host.take(bob) == [["type": "challenge_closed", "challenge": "c1", "reason": "gone"]])

        let cat = host.player("cat", peer: "127.0.0.3:1")
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: cat)
        _ = host.take(bob)
        _ = host.take(cat)
        host.send(#"{"type":"create","game":"set","seats":1}"#, from: cat)
        #expect(host.take(bob) == [["type": "challenge_closed", "challenge": "c2", "reason": "busy"]])
        #expect(Self.messages(host, cat, "challenge_closed") == [["type": "challenge_closed", "challenge": "c2", "reason": "busy"]])
    }

    @Test(arguments: [
        (#"{"type":"challenge","name":"bob","game":"chess"}"#, "there is no game 'chess'; games: set, rps, rps-brain, concentration, klondike"),
        (#"{"type":"challenge","name":"bob","game":"rps","options":{"bot":"random"}}"#, "rps against the robot has 1 seat, not 2"),
        (#"{"type":"challenge","name":"bob","game":"rps","options":{"rounds":100}}"#, "option 'rounds' must be an integer from 1 to 99, not 100"),
        (#"{"type":"challenge","name":"Ann","game":"rps"}"#, "you cannot challenge yourself"),
        (#"{"type":"challenge","name":"zed","game":"rps"}"#, "nobody called zed is online; a challenge goes to a player who is"),
        (#"{"type":"challenge","name":"bob","game":"rps","rated":true}"#, #"a rated game needs two signed-in accounts; send "rated":false for a casual one"#),
    ])
    func whatIsRefused(line: String, message: String) {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        _ = host.player("bob", peer: "127.0.0.2:1")
        host.send(line, from: ann)
        #expect(host.take(ann).last?["message"] == .string(message))
    }

    @Test func theCapsFallOnTheChallengerAsRateLimited() {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        for _ in 0..<3 { host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann) }
        _ = host.take(ann)
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
        let open = host.take(ann).last
        #expect(open?["code"] == "rate_limited")
        #expect(open?["message"] == "you have 3 challenges waiting for an answer; cancel one or wait for them")
        // Ten a minute, however many are taken back.
        for number in 1...3 { host.send(#"{"type":"challenge_cancel","challenge":"c\#(number)"}"#, from: ann) }
        for number in 4...10 {
            host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
            host.send(#"{"type":"challenge_cancel","challenge":"c\#(number)"}"#, from: ann)
        }
        _ = host.take(ann)
        host.advance(by: .seconds(30))
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
        let fast = host.take(ann).last
        #expect(fast?["code"] == "rate_limited")
        #expect(fast?["retry_after_ms"] == 30001)
        host.advance(by: .seconds(31))
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
        #expect(host.take(ann).last?["type"] == "challenge_sent")
        _ = host.take(bob)

        // Twenty waiting for one player: the twenty-first challenger waits.
        for number in 0..<20 {
            let asker = host.player("p\(number)", peer: "127.0.1.\(number):1")
            host.send(#"{"type":"challenge","name":"zoe","game":"rps"}"#, from: asker)
        }
        let zoe = host.player("zoe", peer: "127.0.0.9:1")
        for number in 0..<20 {
            let asker = host.player("q\(number)", peer: "127.0.2.\(number):1")
            host.send(#"{"type":"challenge","name":"zoe","game":"rps"}"#, from: asker)
            _ = host.take(asker)
        }
        #expect(Self.messages(host, zoe, "challenge").count == 20)
        let late = host.player("late", peer: "127.0.3.1:1")
        host.send(#"{"type":"challenge","name":"zoe","game":"rps"}"#, from: late)
        #expect(host.take(late).last?["message"] == "zoe has 20 challenges waiting; try again later")
    }

    @Test func aBlockStopsChallengesAndPairingsAndOutlivesARestart() throws {
        let accounts = MemoryLog(path: "memory/accounts.log")
        let host = try RatedGameTests.host(accounts: accounts)
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        host.send(#"{"type":"challenge","name":"bob","game":"rps","rated":true}"#, from: ann)
        #expect(Self.messages(host, bob, "challenge").first?["rating"] == 1500.0)
        _ = host.take(ann)
        host.send(#"{"type":"block","name":"ANN","id":1}"#, from: bob)
        host.runBackgroundWork()
        #expect(host.take(bob) == [["type": "ok", "id": 1], ["type": "challenge_closed", "challenge": "c1", "reason": "canceled"]])
        #expect(host.take(ann) == [["type": "challenge_closed", "challenge": "c1", "reason": "canceled"]])
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
        #expect(host.take(ann).last?["message"] == "bob does not take challenges from you")
        host.send(#"{"type":"challenge","name":"ann","game":"rps"}"#, from: bob)
        #expect(host.take(bob).last?["message"] == #"you blocked ann; send {"type":"unblock","name":"ann"} first"#)
        // Nor does a pool pair them, wave after wave.
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: ann)
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: bob)
        host.advance(by: .seconds(30))
        #expect(!host.take(ann).contains { $0["type"] == "paired" })
        host.send(#"{"type":"pool_leave"}"#, from: ann)
        host.send(#"{"type":"pool_leave"}"#, from: bob)
        _ = host.take(ann)
        _ = host.take(bob)

        // The block is in the accounts file: a restart reads it back.
        let restarted = try RatedGameTests.host(accounts: accounts)
        let ann2 = RatedGameTests.signIn("ann", on: restarted)
        _ = RatedGameTests.signIn("bob", on: restarted)
        restarted.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann2)
        #expect(restarted.take(ann2).last?["message"] == "bob does not take challenges from you")

        host.send(#"{"type":"unblock","name":"ann","id":2}"#, from: bob)
        host.runBackgroundWork()
        #expect(host.take(bob) == [["type": "ok", "id": 2]])
        host.send(#"{"type":"challenge","name":"bob","game":"rps"}"#, from: ann)
        #expect(host.take(ann).last?["type"] == "challenge_sent")
        // Blocks are between accounts.
        let guest = host.player("gus", peer: "127.0.0.7:1")
        host.send(#"{"type":"block","name":"ann"}"#, from: guest)
        #expect(host.take(guest).last?["message"] == "blocks belong to accounts: register or sign in first")
        host.send(#"{"type":"block","name":"nobody"}"#, from: bob)
        #expect(host.take(bob).last?["message"] == "there is no account called nobody; blocks are between accounts")
    }

    @Test func everySessionOfTheAccountAskedHearsItAndOneAnswers() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        let bobPhone = RatedGameTests.signIn("bob", on: host)
        host.send(#"{"type":"challenge","name":"bob","game":"set"}"#, from: ann)
        #expect(Self.messages(host, bob, "challenge").count == 1)
        #expect(Self.messages(host, bobPhone, "challenge").count == 1)
        host.send(#"{"type":"challenge_decline","challenge":"c1","reason":"later"}"#, from: bobPhone)
        #expect(host.take(bob) == [["type": "challenge_closed", "challenge": "c1", "reason": "answered"]])
        #expect(Self.messages(host, ann, "challenge_declined").first?["by"] == "bob")
    }

    @Test func theSessionThatDidNotAcceptIsToldWhereTheGameIs() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        let bobPhone = RatedGameTests.signIn("bob", on: host)
        _ = host.take(bob)
        host.send(#"{"type":"challenge","name":"bob","game":"rps","options":{"rounds":1}}"#, from: ann)
        _ = host.take(bob)
        host.send(#"{"type":"challenge_accept","challenge":"c1"}"#, from: bobPhone)
        let room = try #require(Self.messages(host, ann, "paired").first?["room"]?.stringValue)
        #expect(host.take(bob) == [
            ["type": "challenge_closed", "challenge": "c1", "reason": "answered"],
            ["type": "paired_elsewhere", "room": .string(room), "game": "rps", "seat": 1, "challenge": "c1"],
        ])
    }
}
