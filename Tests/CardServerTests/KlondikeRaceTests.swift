import ScriptedServer
@testable import CardServer
import GameRules
import ServerTestSupport
import Testing
import Wire

/// A Klondike race is fair: nobody, spectator or player, sees a card of the shared deal
/// they should not, and the list of rivals is the players still racing.
struct KlondikeRaceTests {
    /// Ann and bob race (2 seats), carl watches; every outbox is emptied.
    static func race(_ host: ScriptedHost) throws -> (ann: ClientID, bob: ClientID, carl: ClientID, room: String) {
        let ann = host.player("ann")
        let bob = host.player("bob")
        let carl = host.player("carl")
        host.send(#"{"type":"create","game":"klondike","seats":2}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: carl)
        // The race deals once the solver proved a deal winnable, off the loop.
        #expect(host.runBackgroundWork() == 1)
        _ = host.take(ann)
        _ = host.take(bob)
        _ = host.take(carl)
        return (ann, bob, carl, room)
    }

    @Test func aRaceSpectatorSeesEachPlayersProgressButNoCardUntilTheGameIsOver() throws {
        let host = ScriptedHost()
        let (ann, bob, carl, _) = try Self.race(host)
        host.send(#"{"type":"draw"}"#, from: ann)
        host.send(#"{"type":"draw"}"#, from: ann)
        host.send(#"{"type":"draw"}"#, from: bob)
        let seen = host.take(carl)
        #expect(seen.map { $0["type"]?.stringValue } == ["state", "state", "state"])
        let last = try #require(seen.last)
        #expect(last["player"] == .null)
        #expect(last["stock"] == .int(0))
        #expect(last["waste"] == .array([]))
        #expect(last["tableau"] == .array([]))
        #expect(last["foundations"] == .array([[], [], [], []]))
        #expect(last["rivals"] == .object(["ann": 0, "bob": 0]))
        #expect(last["progress"]?.jsonText
            == #"[{"name":"ann","cards_home":0,"moves":2},{"name":"bob","cards_home":0,"moves":1}]"#)
        // Not one card in anything carl received.
        #expect(!seen.contains { $0.jsonText.contains(#""rank""#) })
        // The players still see their own games.
        #expect(host.take(ann).last?["stock"] == .int(22))
    }

    @Test func inARaceUndoCannotTakeBackADrawWhileTheOtherPlaysOn() throws {
        let host = ScriptedHost()
        let (ann, bob, _, _) = try Self.race(host)
        host.send(#"{"type":"draw","id":1}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"undo","id":2}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"illegal_move","message":"in a race, undo cannot take back a draw or a move that turned a card face up: everyone has the same deal","id":2}"#,
        ])
        _ = host.take(bob)
        host.send(#"{"type":"draw","id":3}"#, from: bob)
        #expect(host.take(bob).first?.jsonText == #"{"type":"ok","seq":6,"id":3}"#)
    }

    @Test func aPlayerWhoLeavesIsNoLongerARival() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        let bob = host.player("bob")
        let dan = host.player("dan")
        host.send(#"{"type":"create","game":"klondike","seats":3}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: dan)
        host.runBackgroundWork()
        #expect(host.take(ann).last?["rivals"] == .object(["bob": 0, "dan": 0]))
        host.send(#"{"type":"leave"}"#, from: dan)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        #expect(state["rivals"] == .object(["bob": 0]))
        #expect(state["progress"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["ann", "bob"])
        _ = host.take(bob)
        host.send(#"{"type":"draw","id":1}"#, from: bob)
        #expect(host.take(bob).first?.jsonText == #"{"type":"ok","seq":6,"id":1}"#)
    }

    @Test func onceARaceIsWonItsSpectatorsSeeTheCards() throws {
        let found = (UInt64(0)..<400).lazy.compactMap { seed in KlondikeAutoPlayer.win(seed: seed, drawCount: 1).map { (seed, $0) } }.first
        let (seed, actions) = try #require(found)
        var engine = try KlondikeEngine(room: "K7QX", seats: 2, options: JSONObject([]))
        _ = engine.start(names: ["ann", "bob"], seed: seed, now: 0)
        let seats = SeatContext(seated: [0, 1], connected: [0, 1])
        guard case .klondike(let hidden) = engine.fields(viewerSeat: nil, now: 0) else { Issue.record("not klondike"); return }
        #expect(hidden.player == nil)
        #expect(hidden.tableau.isEmpty)
        var result: GameResult?
        for action in actions {
            let command: ClientCommand = switch action {
            case .draw: .draw
            case .move(let from, let to, let count): .move(from: from, to: to, count: count)
            case .auto(let from): .auto(from: from)
            }
            result = try engine.handle(command, seat: 0, seats: seats, now: 0).result
        }
        #expect(result?.winners == ["ann"])
        guard case .klondike(let shown) = engine.fields(viewerSeat: nil, now: 0) else { Issue.record("not klondike"); return }
        #expect(shown.player == "ann")
        #expect(shown.foundations.map(\.count) == [13, 13, 13, 13])
    }
}
