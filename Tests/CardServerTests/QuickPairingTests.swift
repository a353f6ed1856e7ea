@testable import CardServer
import ScriptedServer
import Testing
import Wire

/// Quick pairing on virtual time: `pool_join`, the wave three seconds after the first
/// player, `paired` and the room's game under way, who is never paired, and what is refused.
struct QuickPairingTests {
    @Test func twoGuestsInAPoolArePairedAtTheFirstWaveInACasualGameOfItsOptions() throws {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:40001")
        let bob = host.player("bob", peer: "127.0.0.2:40002")
        host.send(#"{"type":"pool_join","pool":"rps-3","id":1}"#, from: ann)
        #expect(host.take(ann) == [
            ["type": "ok", "id": 1],
            ["type": "pool_status", "pool": "rps-3", "waiting": 1, "waited_ms": 0, "next_wave_ms": 3000],
        ])
        host.advance(by: .seconds(1))
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: bob)
        #expect(host.take(bob) == [
            ["type": "ok"],
            ["type": "pool_status", "pool": "rps-3", "waiting": 2, "waited_ms": 0, "next_wave_ms": 2000],
        ])
        host.advance(by: .milliseconds(1_999))
        #expect(host.take(ann).isEmpty)
        host.advance(by: .milliseconds(1))
        let annSaw = host.take(ann)
        let bobSaw = host.take(bob)
        // The lower rating first; both are guests at 1500, so in the order they came.
        let paired = try #require(annSaw.first)
        let room = try #require(paired["room"]?.stringValue)
        #expect(paired == ["type": "paired", "room": .string(room), "pool": "rps-3", "game": "rps", "seat": 0])
        #expect(bobSaw.first == ["type": "paired", "room": .string(room), "pool": "rps-3", "game": "rps", "seat": 1])
        let state = try #require(annSaw.last { $0["type"] == "state" })
        #expect(state["room"] == .string(room))
        #expect(state["phase"] == "playing")
        #expect(state["rated"] == nil || state["rated"] == false)
        #expect(state["players"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } == ["ann", "bob"])
        // Best of three: the rules of the pool's options, played to the end.
        for _ in 0..<2 {
            host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
            host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        }
        let over = try #require(host.take(ann).last { $0["type"] == "game_over" })
        #expect(over["winners"] == ["ann"])
        #expect(over["ratings"] == nil)
    }

    @Test func twoAccountsArePairedInARatedRoom() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        host.send(#"{"type":"pool_join","pool":"set-2"}"#, from: ann)
        host.send(#"{"type":"pool_join","pool":"set-2"}"#, from: bob)
        host.advance(by: .seconds(3))
        let state = try #require(host.take(ann).last { $0["type"] == "state" })
        #expect(state["game"] == "set")
        #expect(state["rated"] == true)
        #expect(state["phase"] == "playing")
    }

    @Test func twoSessionsOfOneAccountAreNeverPairedTogether() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let annAgain = RatedGameTests.signIn("ann", on: host)
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: ann)
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: annAgain)
        host.advance(by: .seconds(3))
        #expect(!host.take(ann).contains { $0["type"] == "paired" })
        let bob = RatedGameTests.register("bob", on: host)
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: bob)
        host.advance(by: .seconds(3))
        let paired = [ann, annAgain].filter { client in host.take(client).contains { $0["type"] == "paired" } }
        #expect(paired.count == 1)
        #expect(host.take(bob).contains { $0["type"] == "paired" })
    }

    /// The account's own events reach all its connections: the one that waited is seated,
    /// the others are told where (and stay where they are).
    @Test func theAccountsOtherConnectionsHearOfAPairingAsPairedElsewhere() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let annPhone = RatedGameTests.signIn("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        _ = host.take(annPhone)
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: ann)
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: bob)
        host.advance(by: .seconds(3))
        let paired = try #require(host.take(ann).first { $0["type"] == "paired" })
        let room = try #require(paired["room"]?.stringValue)
        let seat = try #require(paired["seat"]?.intValue)
        #expect(host.take(annPhone) == [["type": "paired_elsewhere", "room": .string(room), "pool": "rps-3", "game": "rps", "seat": .int(seat)]])
        #expect(!host.take(bob).contains { $0["type"] == "paired_elsewhere" })
    }

    /// Told `paired_elsewhere`, the account's other connection can watch the game it names;
    /// it cannot take a second seat at a table the account sits at.
    @Test func theAccountsOtherConnectionWatchesItsGameButTakesNoSeatThere() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let annPhone = RatedGameTests.signIn("ann", on: host)
        _ = host.take(annPhone)
        _ = host.take(ann)
        host.send(#"{"type":"create","game":"rps"}"#, from: ann)
        let room = try #require(host.take(ann).first { $0["type"] == "joined" }?["room"]?.stringValue)
        host.send(#"{"type":"join","room":"\#(room)","id":1}"#, from: annPhone)
        #expect(host.take(annPhone).first == [
            "type": "error", "code": "name_taken", "message": .string("someone in room \(room) is already called ann; log in with another name to join"), "id": 1,
        ])
        host.send(#"{"type":"watch","room":"\#(room)","id":2}"#, from: annPhone)
        let watching = host.take(annPhone)
        #expect(watching.first == ["type": "watching", "room": .string(room), "seq": 2, "id": 2])
        let state = try #require(watching.last { $0["type"] == "state" })
        #expect(state["players"]?.arrayValue?.compactMap { $0.objectValue?["name"] } == ["ann"])
        #expect(state["spectators"] == 1)
    }

    @Test func whoDisconnectedOrLeftIsNeverPaired() throws {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:40001")
        let bob = host.player("bob", peer: "127.0.0.2:40002")
        let cy = host.player("cy", peer: "127.0.0.3:40003")
        let dee = host.player("dee", peer: "127.0.0.4:40004")
        for client in [ann, bob, cy, dee] {
            host.send(#"{"type":"pool_join","pool":"rps-5"}"#, from: client)
        }
        host.drop(bob)
        host.send(#"{"type":"pool_leave","id":"l"}"#, from: dee)
        #expect(host.take(dee).last == ["type": "ok", "id": "l"])
        host.advance(by: .seconds(3))
        #expect(host.take(ann).contains { $0["type"] == "paired" })
        #expect(host.take(cy).contains { $0["type"] == "paired" })
        #expect(host.take(dee).isEmpty)
    }

    @Test func aPlayerAloneHearsEachWaveAndIsPairedWithTheNextComer() throws {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:40001")
        host.send(#"{"type":"pool_join","pool":"concentration-2"}"#, from: ann)
        _ = host.take(ann)
        host.advance(by: .seconds(3))
        #expect(host.take(ann) == [["type": "pool_status", "pool": "concentration-2", "waiting": 1, "waited_ms": 3000, "next_wave_ms": 3000]])
        let bob = host.player("bob", peer: "127.0.0.2:40002")
        host.send(#"{"type":"pool_join","pool":"concentration-2"}"#, from: bob)
        host.advance(by: .seconds(3))
        #expect(host.take(bob).map { $0["type"]?.stringValue ?? "" }.prefix(3) == ["ok", "pool_status", "paired"])
    }

    @Test func fourSeatPoolsWaitForFour() throws {
        let host = ScriptedHost()
        let clients = (1...4).map { host.player("p\($0)", peer: "127.0.0.\($0):4000\($0)") }
        for client in clients.prefix(3) { host.send(#"{"type":"pool_join","pool":"set-4"}"#, from: client) }
        host.advance(by: .seconds(3))
        #expect(!host.take(clients[0]).contains { $0["type"] == "paired" })
        host.send(#"{"type":"pool_join","pool":"set-4"}"#, from: clients[3])
        host.advance(by: .seconds(3))
        let seats = clients.compactMap { host.take($0).first { $0["type"] == "paired" }?["seat"]?.intValue }
        #expect(seats.sorted() == [0, 1, 2, 3])
    }

    @Test func whatAPoolRefuses() throws {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "127.0.0.1:40001")
        host.send(#"{"type":"pool_join","pool":"chess-1","id":1}"#, from: ann)
        #expect(host.take(ann) == [[
            "type": "error", "code": "bad_request",
            "message": "there is no pool 'chess-1'; pools: rps-3, rps-5, set-2, set-4, concentration-2, rps-brain-2", "id": 1,
        ]])
        host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"pool_join","pool":"set-2","id":2}"#, from: ann)
        #expect(host.take(ann).first?["message"] == "you are waiting in the pool rps-3; send {\"type\":\"pool_leave\"} first")
        host.send(#"{"type":"create","game":"set","id":3}"#, from: ann)
        #expect(host.take(ann).first?["message"] == "you are waiting in the pool rps-3; send {\"type\":\"pool_leave\"} first")
        host.send(#"{"type":"pool_leave"}"#, from: ann)
        host.send(#"{"type":"create","game":"set","seats":2}"#, from: ann)
        let room = try #require(host.take(ann).first { $0["type"] == "joined" }?["room"]?.stringValue)
        host.send(#"{"type":"pool_join","pool":"rps-3","id":4}"#, from: ann)
        #expect(host.take(ann).first?["message"] == .string("you are in room \(room); send {\"type\":\"leave\"} first, then join a pool"))
    }

    @Test func theCatalogListsThePools() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"games"}"#, from: ann)
        let pools = try #require(host.take(ann).first?["pools"]?.arrayValue)
        #expect(pools.first == ["id": "rps-3", "game": "rps", "title": "rock-paper-scissors, best of 3", "seats": 2, "options": ["rounds": 3]])
        #expect(pools.compactMap { $0.objectValue?["id"]?.stringValue } == ["rps-3", "rps-5", "set-2", "set-4", "concentration-2", "rps-brain-2"])
    }

    @Test func aBigWaveSeatsAHundredTablesATurnAndTheRestOnTheTurnsAfter() throws {
        let host = ScriptedHost()
        host.runsPutOffTurns = false
        let players = (0..<300).map { host.player("g\($0)", peer: "127.0.\($0 / 250).\($0 % 250):1") }
        for player in players { host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: player) }
        // 300 waiting: the wave at 16 fired early, and each joiner after it waited for the next.
        for player in players { _ = host.take(player) }
        host.advance(by: .seconds(3))
        func pairedNow() -> Int { players.reduce(0) { count, player in count + host.take(player).count { $0["type"] == "paired" } } }
        // The first 16 were paired at once when they came; the other 284 wait for this wave:
        // 142 tables, of which a turn seats 25.
        var seated = pairedNow()
        #expect(seated == 2 * GameServer.tablesPerTurn)
        var turns = 0
        while host.hasPutOffWork {
            host.runTurn()
            seated += pairedNow()
            turns += 1
        }
        #expect(seated == 284)
        // Everyone who waited sat down, 25 tables a turn at most: 25 in the wave's turn, then 5 turns.
        #expect(host.server.quickPairing.waitingIn.isEmpty)
        #expect(host.server.quickPairing.pendingTables.isEmpty)
        #expect(host.server.rooms.count == 150)
        #expect(turns == 5)
    }

    @Test func aTableWhosePlayerLeftBeforeItsTurnSendsTheOtherBackToThePool() throws {
        let host = ScriptedHost()
        host.runsPutOffTurns = false
        // 16 paired as they come, then 216 in one wave: 108 tables, 83 for the turns after.
        let players = (0..<232).map { host.player("h\($0)", peer: "127.1.\($0 / 250).\($0 % 250):1") }
        for player in players { host.send(#"{"type":"pool_join","pool":"rps-3"}"#, from: player) }
        host.advance(by: .seconds(3))
        #expect(host.hasPutOffWork)
        // One table waits for the next turn; find a player in it (not yet paired) and drop them.
        for player in players { _ = host.take(player) }
        let pending = try #require(host.server.quickPairing.pendingTables.last?.players)
        let (gone, partner) = (try #require(host.server.players[pending[0]]), try #require(host.server.players[pending[1]]))
        let goneClient = try #require(gone.client)
        let partnerClient = try #require(partner.client)
        host.drop(goneClient)
        while host.hasPutOffWork { host.runTurn() }
        let back = host.take(partnerClient)
        #expect(!back.contains { $0["type"] == "paired" })
        #expect(back.last?["type"] == "pool_status")
        #expect(host.server.quickPairing.waitingIn[partner.id]?.pool == "rps-3")
    }
}
