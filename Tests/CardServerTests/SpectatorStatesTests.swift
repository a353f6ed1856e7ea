import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// A spectator is sent a room's newest state once a turn, not each state; events still come
/// after the state they follow. On virtual time, turn by turn.
struct SpectatorStatesTests {
    static func line(_ text: String) -> [UInt8] { Array(text.utf8) + [10] }

    /// A Klondike race for ann and bob, watched by carl, dealt and under way.
    static func race() throws -> (host: ScriptedHost, ann: ClientID, bob: ClientID, carl: ClientID, room: String) {
        let host = ScriptedHost()
        let ann = host.player("ann")
        let bob = host.player("bob")
        let carl = host.player("carl")
        host.send(#"{"type":"create","game":"klondike","seats":2,"id":1}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        host.send(#"{"type":"watch","room":"\#(room)","id":3}"#, from: carl)
        #expect(host.runBackgroundWork() == 1)
        _ = host.take(ann)
        _ = host.take(bob)
        #expect(host.take(carl).map { $0["seq"] } == [.int(3), .int(3), .int(4)], "watching, its state, the deal")
        return (host, ann, bob, carl, room)
    }

    @Test func fourMovesInOneTurnSendTheSpectatorOneStateTheNewest() throws {
        let (host, ann, bob, carl, _) = try Self.race()
        host.sendInOneTurn([
            (Self.line(#"{"type":"draw"}"#) + Self.line(#"{"type":"draw"}"#) + Self.line(#"{"type":"draw"}"#), ann),
            (Self.line(#"{"type":"draw"}"#), bob),
        ])
        // Each player sees its own moves' states at once, and its rival's of the turn in one,
        // the newest: ann her three draws (5 to 7) then bob's (8); bob his own draw (8), which
        // shows ann's three as well.
        #expect(host.take(ann).filter { $0["type"] == "state" }.map { $0["seq"] } == [.int(5), .int(6), .int(7), .int(8)])
        #expect(host.take(bob).filter { $0["type"] == "state" }.map { $0["seq"] } == [.int(8)])
        // The spectator, one: the last, with its cause, and both boards as they are now.
        let seen = host.take(carl)
        #expect(seen.map { $0["type"] } == ["state"])
        #expect(seen.first?["seq"] == .int(8))
        #expect(seen.first?["cause"] == StateCauseTests.command("draw", by: "bob"))
        #expect(seen.first?["progress"]?.arrayValue?.compactMap { $0.objectValue?["moves"] } == [.int(3), .int(1)])

        // A turn with one move: one state, as before.
        host.send(#"{"type":"draw"}"#, from: ann)
        #expect(host.take(carl).map { $0["seq"] } == [.int(9)])
    }

    @Test func aChatLineInTheSameTurnComesAfterTheStateBeforeIt() throws {
        let (host, ann, bob, carl, _) = try Self.race()
        host.sendInOneTurn([
            (Self.line(#"{"type":"draw"}"#) + Self.line(#"{"type":"chat","text":"gl"}"#) + Self.line(#"{"type":"draw"}"#), ann),
        ])
        #expect(host.take(ann).map { $0["type"] } == ["ok", "state", "chat", "ok", "state"])
        // The rival too: the state owed goes before the chat line, then the newest.
        let rival = host.take(bob)
        #expect(rival.map { $0["type"] } == ["state", "chat", "state"])
        #expect(rival.compactMap { $0["seq"] } == [.int(5), .int(6)])
        let seen = host.take(carl)
        #expect(seen.map { $0["type"] } == ["state", "chat", "state"])
        #expect(seen.compactMap { $0["seq"] } == [.int(5), .int(6)])
    }

    @Test func aNewSpectatorsFirstStateIsTheOneItsWatchingNamesOrANewer() throws {
        let (host, ann, _, carl, code) = try Self.race()
        let dave = host.player("dave")
        // A draw, then dave's watch, in one turn.
        host.sendInOneTurn([
            (Self.line(#"{"type":"draw"}"#), ann),
            (Self.line(#"{"type":"watch","room":"\#(code)","id":"w"}"#), dave),
        ])
        let daveSaw = host.take(dave)
        #expect(daveSaw.map { $0["type"] } == ["watching", "state"])
        #expect(daveSaw.first?["seq"] == .int(6))
        #expect(daveSaw.last?["seq"] == .int(6))
        #expect(daveSaw.last?["spectators"] == .int(2))
        // Carl had the draw's state owed when dave came: he gets it (dave's watch is an event to him).
        #expect(host.take(carl).map { $0["type"] } == ["state", "player_joined", "state"])
    }
}
