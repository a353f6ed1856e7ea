import CardServer
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// After a game, `start` is an offer: the next game begins when every connected seated
/// player has offered (at once in a one-seat room); state shows who has (`rematch_votes`).
struct RematchTests {
    /// ann and bob in a one-round rps match that ann has won; everyone's outbox emptied.
    static func finishedMatch() -> (host: ScriptedHost, ann: ClientID, bob: ClientID, room: String) {
        let host = ScriptedHost(seed: 4)
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"rps","options":{"rounds":1}}"#, from: ann)
        let room = host.take(ann).first?["room"]?.stringValue ?? ""
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        _ = host.take(ann)
        _ = host.take(bob)
        return (host, ann, bob, room)
    }

    static func state(_ messages: [JSONObject]) -> JSONObject? {
        messages.last { $0["type"] == .string("state") }
    }

    @Test func oneOfferWaitsAndTheSecondStartsTheGame() {
        let (host, ann, bob, _) = Self.finishedMatch()
        host.send(#"{"type":"start","id":1}"#, from: ann)
        let annSees = host.take(ann)
        #expect(annSees.first?["type"] == .string("ok"))
        #expect(annSees.first?["id"] == .int(1))
        #expect(Self.state(annSees)?["phase"] == .string("over"))
        #expect(Self.state(annSees)?["rematch_votes"] == .array(["ann"]))
        #expect(Self.state(host.take(bob))?["rematch_votes"] == .array(["ann"]))

        host.send(#"{"type":"start","id":2}"#, from: ann)
        #expect(host.take(ann).map { $0["type"]?.stringValue } == ["ok"], "a second offer changes nothing")
        #expect(host.take(bob).isEmpty)

        host.send(#"{"type":"start","id":3}"#, from: bob)
        let started = Self.state(host.take(bob))
        #expect(started?["phase"] == .string("playing"))
        #expect(started?["rematch_votes"] == .array([]))
        let scores: [JSONValue] = started?["players"]?.arrayValue?.compactMap { $0.objectValue?["score"] } ?? []
        #expect(scores == [.int(0), .int(0)])
    }

    @Test func aPlayerWhoIsAwayDoesNotHoldItUp() {
        let (host, ann, bob, _) = Self.finishedMatch()
        host.drop(bob)
        _ = host.take(ann)
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(Self.state(host.take(ann))?["phase"] == .string("playing"))
    }

    @Test func goingAwayAfterTheOtherOfferedStartsIt() {
        let (host, ann, bob, _) = Self.finishedMatch()
        host.send(#"{"type":"start"}"#, from: ann)
        _ = host.take(ann)
        host.drop(bob)
        #expect(Self.state(host.take(ann))?["phase"] == .string("playing"))
    }

    @Test func leavingTakesTheOfferAwayAndANewcomerMustOfferToo() {
        let (host, ann, bob, room) = Self.finishedMatch()
        host.send(#"{"type":"start"}"#, from: bob)
        host.send(#"{"type":"leave"}"#, from: bob)
        let left = Self.state(host.take(ann))
        #expect(left?["phase"] == .string("over"))
        #expect(left?["rematch_votes"] == .array([]))
        let carl = host.player("carl", peer: "127.0.0.3:1")
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: carl)
        let joined = Self.state(host.take(ann))
        #expect(joined?["phase"] == .string("over"), "a full room after a game waits for offers")
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(Self.state(host.take(carl))?["rematch_votes"] == .array(["ann"]))
        host.send(#"{"type":"start"}"#, from: carl)
        #expect(Self.state(host.take(ann))?["phase"] == .string("playing"))
    }

    @Test func aSpectatorCannotOffer() {
        let (host, _, _, room) = Self.finishedMatch()
        let dave = host.player("dave", peer: "127.0.0.4:1")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: dave)
        _ = host.take(dave)
        host.send(#"{"type":"start","id":1}"#, from: dave)
        #expect(host.take(dave).first?["code"] == .string("not_seated"))
    }

    @Test func aOneSeatRoomStartsAtOnce() {
        let host = ScriptedHost(seed: 2)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps-brain","options":{"rounds":1}}"#, from: ann)
        host.send(#"{"type":"answer","sign":"rock"}"#, from: ann)
        #expect(host.types(ann).contains("game_over"))
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(Self.state(host.take(ann))?["phase"] == .string("playing"))
    }
}
