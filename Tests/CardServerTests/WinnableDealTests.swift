import CardServer
import GameRules
import KlondikeSolver
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// Klondike's `winnable`: a race deals only a deal the solver proved winnable, found off the
/// event loop while the room waits; alone, only when asked.
struct WinnableDealTests {
    /// Ann and bob in a Klondike race created with `options`; every outbox emptied.
    static func race(_ host: ScriptedHost, options: String = "{}") throws -> (ann: ClientID, bob: ClientID, room: String) {
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        host.send(#"{"type":"create","game":"klondike","seats":2,"options":\#(options)}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        return (ann, bob, room)
    }

    @Test func aRaceWaitsForItsDealWhileEveryoneElseIsServed() throws {
        let host = ScriptedHost(seed: 3)
        let (ann, bob, _) = try Self.race(host)
        #expect(host.pendingBackgroundWork == 1)
        // Every seat is taken, but the game starts only with its deal; the loop serves on.
        #expect(host.take(ann).last { $0["type"] == .string("state") }?["phase"] == .string("waiting"))
        host.send(#"{"type":"draw","id":1}"#, from: bob)
        host.send(#"{"type":"ping","id":2}"#, from: bob)
        #expect(host.takeLines(bob).suffix(2) == [
            #"{"type":"error","code":"game_not_started","message":"the game has not started: its deal is being searched for (one that can be won); it starts with the next state, in a moment","id":1}"#,
            #"{"type":"pong","id":2}"#,
        ])
        // A second start while the deal is prepared asks for nothing more.
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(host.pendingBackgroundWork == 1)

        #expect(host.runBackgroundWork() == 1)
        let state = try #require(host.take(ann).last)
        #expect(state["phase"] == .string("playing"))
        #expect(state["stock"] == .int(24))
        #expect(host.logLines.contains { $0.hasSuffix("preparing a deal off the loop") })
    }

    @Test func whoeverSitsDownWhileTheDealIsFoundPlaysIt() throws {
        let host = ScriptedHost(seed: 3)
        let ann = host.player("ann")
        let bob = host.player("bob", peer: "127.0.0.2:1")
        let cy = host.player("cy", peer: "127.0.0.3:1")
        host.send(#"{"type":"create","game":"klondike","seats":3}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(host.pendingBackgroundWork == 1)
        // cy takes the last seat meanwhile: she sees the room at once, and no second search starts.
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: cy)
        let seen = host.take(cy)
        #expect(seen.map { $0["type"]?.stringValue } == ["joined", "state"])
        #expect(seen.last?["phase"] == .string("waiting"))
        #expect(seen.last?["players"]?.arrayValue?.count == 3)
        #expect(host.pendingBackgroundWork == 1)
        host.runBackgroundWork()
        let started = try #require(host.take(cy).last)
        #expect(started["phase"] == .string("playing"))
        #expect(started["player"] == .string("cy"))
        #expect(started["stock"] == .int(24))
    }

    @Test func theDealIsOneTheSolverWins() throws {
        let host = ScriptedHost(seed: 5)
        let (ann, bob, room) = try Self.race(host)
        let carl = host.player("carl", peer: "127.0.0.3:1")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: carl)
        host.runBackgroundWork()
        _ = host.take(carl)
        // Both leave: the race is abandoned and game_over shows carl the seed that was dealt.
        host.send(#"{"type":"leave"}"#, from: bob)
        host.send(#"{"type":"leave"}"#, from: ann)
        let over = try #require(host.take(carl).first { $0["type"] == .string("game_over") })
        #expect(over["room"] == .string(room))
        let seed = try #require(over["seed"]?.intValue)
        let verdict = KlondikeSolver.solve(KlondikeGame(seed: UInt64(seed), drawCount: 1), budget: KlondikeSolver.dealBudget).verdict
        guard case .winnable(let actions) = verdict else {
            Issue.record("deal \(seed) was dealt as winnable, but the solver says \(verdict)")
            return
        }
        var game = KlondikeGame(seed: UInt64(seed), drawCount: 1)
        for action in actions { try game.play(action) }
        #expect(game.isWon)
    }

    @Test func aRaceMayAskForAnyDealAndThenStartsAtOnce() throws {
        let host = ScriptedHost(seed: 3)
        let (ann, _, _) = try Self.race(host, options: #"{"winnable":false}"#)
        #expect(host.pendingBackgroundWork == 0)
        #expect(host.take(ann).last?["phase"] == .string("playing"))
    }

    @Test func aloneTheDealIsWinnableOnlyWhenAskedFor() {
        let host = ScriptedHost(seed: 3)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike"}"#, from: ann)
        #expect(host.pendingBackgroundWork == 0)
        #expect(host.take(ann).last?["phase"] == .string("playing"))
        host.send(#"{"type":"leave"}"#, from: ann)
        host.send(#"{"type":"create","game":"klondike","options":{"winnable":true,"draw":3}}"#, from: ann)
        #expect(host.pendingBackgroundWork == 1)
        #expect(host.take(ann).last { $0["type"] == .string("state") }?["phase"] == .string("waiting"))
        host.runBackgroundWork()
        #expect(host.take(ann).last?["phase"] == .string("playing"))
    }

    @Test func aSeedNamesOneDealSoItCannotAlsoBeWinnable() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","options":{"seed":7,"winnable":true},"id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"bad_request","message":"option 'seed' names one deal (7); it cannot also ask for a winnable one: leave one of them out","id":1}"#,
        ])
    }

    @Test func aDealThatComesAfterEveryoneLeftStartsNothing() throws {
        let host = ScriptedHost(seed: 3)
        let (ann, bob, _) = try Self.race(host)
        host.send(#"{"type":"leave"}"#, from: bob)
        host.send(#"{"type":"leave"}"#, from: ann)
        #expect(host.runBackgroundWork() == 1)
        #expect(host.take(ann).allSatisfy { $0["type"] != .string("state") || $0["phase"] != .string("playing") })
        #expect(!host.logLines.contains { $0.contains("game started") })
    }

    @Test func aDailyWinnableDealIsTheSameForEveryoneThatDay() throws {
        let host = ScriptedHost(seed: 1)
        var tableaus: [String] = []
        // The day's deal is searched for once: bob's starts at once, from what ann's found.
        for (name, peer, searches) in [("ann", "127.0.0.1:1", 1), ("bob", "127.0.0.2:1", 0)] {
            let player = host.player(name, peer: peer)
            host.send(#"{"type":"create","game":"klondike","options":{"daily":true,"winnable":true}}"#, from: player)
            #expect(host.runBackgroundWork() == searches)
            let state = try #require(host.take(player).last { $0["type"] == .string("state") })
            tableaus.append(try #require(state["tableau"]).jsonText)
        }
        #expect(tableaus[0] == tableaus[1])
        // The next day has its own deal, searched for anew.
        host.advance(by: .seconds(24 * 3600))
        let cat = host.player("cat", peer: "127.0.0.3:1")
        host.send(#"{"type":"create","game":"klondike","options":{"daily":true,"winnable":true}}"#, from: cat)
        #expect(host.runBackgroundWork() == 1)
        let tomorrow = try #require(host.take(cat).last { $0["type"] == .string("state") })
        #expect(try #require(tomorrow["tableau"]).jsonText != tableaus[0])
    }
}
