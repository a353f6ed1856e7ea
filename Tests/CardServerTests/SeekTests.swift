@testable import CardServer
import ScriptedServer
import Testing
import Wire

/// Seeks on virtual time: one opened, listed to whoever may take it, taken (both seated),
/// taken back, expired after ten minutes, ended when its creator sits down, and the caps.
struct SeekTests {
    @Test func aSeekIsListedTakenAndBothAreSeated() throws {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"seek","game":"rps","options":{"rounds":5},"id":1}"#, from: ann)
        #expect(host.take(ann) == [["type": "seek_open", "seek": "s1", "expires_ms": 600000, "id": 1]])
        host.advance(by: .seconds(2))
        host.send(#"{"type":"seeks","id":2}"#, from: bob)
        #expect(host.take(bob) == [[
            "type": "seeks",
            "seeks": [["seek": "s1", "from": "ann", "game": "rps", "options": ["rounds": 5], "rated": false, "waited_ms": 2000]],
            "id": 2,
        ]])
        // Its creator does not see it offered to them.
        host.send(#"{"type":"seeks"}"#, from: ann)
        #expect(host.take(ann) == [["type": "seeks", "seeks": []]])
        host.send(#"{"type":"seek_accept","seek":"s1","id":3}"#, from: bob)
        let bobSaw = host.take(bob)
        #expect(bobSaw.first == ["type": "ok", "id": 3])
        let room = try #require(bobSaw.dropFirst().first?["room"]?.stringValue)
        #expect(bobSaw.dropFirst().first == ["type": "paired", "room": .string(room), "game": "rps", "seat": 1, "seek": "s1"])
        let annSaw = host.take(ann)
        #expect(annSaw.first == ["type": "paired", "room": .string(room), "game": "rps", "seat": 0, "seek": "s1"])
        #expect(annSaw.last { $0["type"] == "state" }?["phase"] == "playing")
        host.send(#"{"type":"seeks"}"#, from: bob)
        #expect(host.take(bob).last == ["type": "seeks", "seeks": []])
    }

    @Test func whoMayTakeASeek() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let guest = host.player("gus", peer: "127.0.0.5:1")
        host.send(#"{"type":"seek","game":"set","rated":true,"rating_range":[1400,1600]}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"seeks"}"#, from: guest)
        #expect(host.take(guest).last == ["type": "seeks", "seeks": []])
        host.send(#"{"type":"seek_accept","seek":"s1"}"#, from: guest)
        #expect(host.take(guest).last?["message"] == "that seek is rated: sign in to an account to take it")
        let bob = RatedGameTests.register("bob", on: host)
        host.send(#"{"type":"seeks"}"#, from: bob)
        let listed = try #require(host.take(bob).last?["seeks"]?.arrayValue?.first?.objectValue)
        #expect(listed["rating"] == 1500.0)
        #expect(listed["rating_range"] == [1400, 1600])
        // A seek for people turns bots away unless they are welcome.
        let robo = host.connect(peer: "127.0.0.8:1")
        host.send(#"{"type":"register","name":"robo","password":"correct horse battery","bot":true}"#, from: robo)
        host.runBackgroundWork()
        _ = host.take(robo)
        host.send(#"{"type":"seek_accept","seek":"s1"}"#, from: robo)
        #expect(host.take(robo).last?["message"] == "that seek is for people; bots are not welcome to it")
        host.send(#"{"type":"seek","game":"rps","bots":true}"#, from: bob)
        _ = host.take(bob)
        host.send(#"{"type":"seeks"}"#, from: robo)
        #expect(host.take(robo).last?["seeks"]?.arrayValue?.compactMap { $0.objectValue?["seek"] } == ["s2"])
    }

    @Test func aSeekExpiresOrEndsWhenItsCreatorSitsDownOrGoes() {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:1")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"seek","game":"concentration"}"#, from: ann)
        _ = host.take(ann)
        host.advance(by: .seconds(599))
        #expect(host.take(ann).isEmpty)
        host.advance(by: .seconds(1))
        #expect(host.take(ann) == [["type": "seek_closed", "seek": "s1", "reason": "expired"]])

        host.send(#"{"type":"seek","game":"concentration"}"#, from: ann)
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        #expect(host.take(ann).contains(["type": "seek_closed", "seek": "s2", "reason": "busy"]))
        host.send(#"{"type":"seek","game":"rps"}"#, from: bob)
        host.drop(bob)
        let cat = host.player("cat", peer: "127.0.0.3:1")
        host.send(#"{"type":"seeks"}"#, from: cat)
        #expect(host.take(cat).last == ["type": "seeks", "seeks": []])
    }

    @Test func theCapsAndWhatIsRefused() throws {
        let host = try RatedGameTests.host()
        let guest = host.player("gus", peer: "127.0.0.5:1")
        host.send(#"{"type":"seek","game":"rps"}"#, from: guest)
        host.send(#"{"type":"seek","game":"set"}"#, from: guest)
        let second = host.take(guest).last
        #expect(second?["code"] == "rate_limited")
        #expect(second?["message"] == "you have 1 open seek, the most a guest may; take one back or wait for a taker")
        let ann = RatedGameTests.register("ann", on: host)
        for _ in 0..<3 { host.send(#"{"type":"seek","game":"rps"}"#, from: ann) }
        host.send(#"{"type":"seek","game":"rps"}"#, from: ann)
        #expect(host.take(ann).last?["message"] == "you have 3 open seeks, the most an account may; take one back or wait for a taker")
        host.send(#"{"type":"seek_cancel","seek":"s2","id":9}"#, from: ann)
        #expect(host.take(ann) == [["type": "ok", "id": 9]])
        host.send(#"{"type":"seek_cancel","seek":"s1"}"#, from: ann)
        #expect(host.take(ann).last?["message"] == "you have no open seek 's1'")
        host.send(#"{"type":"seek","game":"rps","options":{"bot":"random"}}"#, from: ann)
        #expect(host.take(ann).last?["message"] == "rps against the robot has 1 seat, not 2")
        host.send(#"{"type":"seek","game":"rps","rating_range":[1700,1500]}"#, from: ann)
        #expect(host.take(ann).last?["message"] == "field 'rating_range' must be two whole numbers, the lower first, like [1400, 1700]")
        host.send(#"{"type":"seek","game":"rps","rated":true}"#, from: guest)
        #expect(host.take(guest).last?["message"] == #"a rated seek needs a signed-in account; send "rated":false for a casual one"#)
    }
}
