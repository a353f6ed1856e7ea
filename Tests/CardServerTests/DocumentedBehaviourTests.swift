import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// What Protocol.md says of behaviour a bot author found undocumented or described wrong:
/// each line here pins the behaviour the document now states.
struct DocumentedBehaviourTests {
    @Test func aConcentrationTurnThatRunsOutAfterOneFlipSendsOnlyAStateWithTheCardFaceDown() throws {
        let host = ScriptedHost()
        let (ann, bob, _, first) = try TimersOnVirtualTimeTests.pair(host, game: "concentration")
        let starter = first["turn"]?.stringValue == "ann" ? ann : bob
        host.send(#"{"type":"flip","card":0}"#, from: starter)
        _ = host.take(ann)
        _ = host.take(bob)
        host.advance(by: .seconds(30))
        let sent = host.take(ann)
        #expect(sent.map { $0["type"]?.stringValue } == ["state"], "no event: only the state")
        let cards = sent.first?["cards"]?.arrayValue ?? []
        #expect(cards.first?.objectValue?["face"] == .null, "the lone card is face down again")
        #expect(sent.first?["turn"] != first["turn"])
    }

    @Test func theRoomIsCheckedBeforeTheGameReadsTheFields() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"claim","cards":[1,2,99],"id":1}"#, from: ann)
        #expect(host.take(ann).first?["code"] == .string("not_in_room"))
        host.send(#"{"type":"create","game":"set","seats":1}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"claim","cards":[1,2,99],"id":2}"#, from: ann)
        #expect(host.take(ann).first?["code"] == .string("bad_request"))
    }

    @Test func finishOnAFreshDealSaysWhenTheCardsGoHome() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"finish","id":"f"}"#, from: ann)
        // Not ready to finish on a fresh deal: the refusal says when it is.
        let reply = host.take(ann).first
        #expect(reply?["code"] == .string("illegal_move"))
        #expect(reply?["message"] == .string("the cards go home by themselves only once every card is face up and drawing alone can bring the stock and the waste home"))
    }
}
