import Foundation
import ServerTestSupport
import Testing
import Wire

/// Set rooms on virtual time, read line by line as a socket client reads them: solo to the
/// end, races, deal votes, hints.
struct SetRoomTests {
    /// Logs in, creates a set room and returns the client, the room code and the first state.
    /// A `seed` is for one-seat rooms only; rooms with more seats deal from a secret one.
    func createSet(_ server: VirtualServer, name: String, seats: Int, seed: Int? = nil) throws -> (ScriptedClient, String, JSONObject) {
        let client = try server.player(name)
        let options = seed.map { #","options":{"seed":\#($0)}"# } ?? ""
        client.send(#"{"type":"create","game":"set","seats":\#(seats)\#(options)}"#)
        let room = try #require(try client.expect("joined")["room"]?.stringValue)
        return (client, room, try client.expect("state"))
    }

    /// The state carries the game's clock, from the deal: 0 at once, 30 s later 30000, and
    /// after the last Set it stands where the game ended.
    @Test func theStateCarriesTheGamesClockWhichStopsAtTheEnd() throws {
        let server = try VirtualServer()
        let (ann, room, first) = try createSet(server, name: "ann", seats: 1, seed: 2026)
        #expect(first["clock_ms"] == .int(0))
        server.host.advance(by: .seconds(30))
        var state = first
        var claims = 0
        while state["phase"] != .string("over"), claims < 40 {
            let set = try #require(SetTestSolver.sets(on: SetTestSolver.board(of: state)).first)
            ann.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))]}"#)
            _ = try ann.expect("claimed")
            state = try ann.expect("state")
            claims += 1
            if claims == 1 { #expect(state["clock_ms"] == .int(30_000)) }
            server.host.advance(by: .milliseconds(1_500))
        }
        #expect(state["phase"] == .string("over"))
        let ended = 30_000 + (claims - 1) * 1_500
        #expect(state["clock_ms"] == .int(ended))
        // A minute on, a spectator's arrival sends the state again: the clock has not moved.
        server.host.advance(by: .seconds(60))
        let bob = try server.player("bob")
        bob.send(#"{"type":"watch","room":"\#(room)"}"#)
        #expect(try bob.receive(until: "state").message["clock_ms"] == .int(ended))
        #expect(try ann.receive(until: "state").message["clock_ms"] == .int(ended))
    }

    @Test func aSoloGameIsPlayedToTheEndWithEveryCardAccountedFor() throws {
        let server = try VirtualServer()
        let (ann, room, first) = try createSet(server, name: "ann", seats: 1, seed: 2026)
        #expect(first["phase"] == .string("playing"))
        #expect(SetTestSolver.board(of: first).count >= 12)
        #expect(first["deck"] == .int(81 - SetTestSolver.board(of: first).count))

        var state = first
        var seen = Set(SetTestSolver.ids(of: first))
        var taken: [Int] = []
        var claims = 0
        var gameOver: JSONObject?
        while gameOver == nil, claims < 40 {
            let board = SetTestSolver.board(of: state)
            let set = try #require(SetTestSolver.sets(on: board).first, "the server left a board without a Set: \(state.jsonText)")
            ann.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))],"id":\#(claims)}"#)
            let claimed = try ann.expect("claimed")
            #expect(claimed["valid"] == .bool(true))
            #expect(claimed["points"] == .int(3))
            #expect(claimed["id"] == .int(claims))
            #expect(claimed["room"] == .string(room))
            #expect(claimed["cards"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue } == set)
            taken += set
            claims += 1
            state = try ann.expect("state")
            let ids = SetTestSolver.ids(of: state)
            seen.formUnion(ids)
            let deck = try #require(state["deck"]?.intValue)
            // No card id reaches the client before it is dealt: every id ever sent is a dealt card.
            #expect(seen.count == 81 - deck)
            #expect(Set(ids).isDisjoint(with: taken))
            if state["phase"] == .string("over") {
                gameOver = try ann.expect("game_over")
            }
        }
        let over = try #require(gameOver)
        #expect(state["deck"] == .int(0))
        #expect(SetTestSolver.sets(on: SetTestSolver.board(of: state)).isEmpty)
        #expect(Set(taken + SetTestSolver.ids(of: state)) == Set(0..<81))
        #expect(taken.count + SetTestSolver.ids(of: state).count == 81)
        #expect(over["winners"] == .array(["ann"]))
        #expect(over["scores"] == .object(["ann": .int(3 * claims)]))
        #expect(over["hints_used"] == .int(0))
        #expect(state["players"]?.arrayValue?.first?.objectValue?["score"] == .int(3 * claims))
    }

    @Test func twoPlayersRacingForOneSetProduceExactlyOneClaimed() throws {
        let server = try VirtualServer()
        let (ann, room, _) = try createSet(server, name: "ann", seats: 2)
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        let state = try bob.expect("state")
        #expect(state["phase"] == .string("playing"))
        try ann.expect("player_joined")
        try ann.expect("state")
        let carl = try server.player("carl")
        carl.send(#"{"type":"watch","room":"\#(room)"}"#)
        try carl.expect("watching")
        try carl.expect("state")
        for player in [ann, bob] {
            try player.expect("player_joined")
            try player.expect("state")
        }

        let set = try #require(SetTestSolver.sets(on: SetTestSolver.board(of: state)).first)
        let claim = #"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))]}"#
        ann.send(claim)
        bob.send(claim)

        // Each racer sees exactly one claimed for those cards; the loser also gets stale.
        var winners: [String] = []
        for (name, racer) in [("ann", ann), ("bob", bob)] {
            racer.send(#"{"type":"ping","id":"sync"}"#)
            var claimedCount = 0
            var staleCount = 0
            var message = try racer.receive()
            while message["type"] != .string("pong") {
                if message["type"] == .string("claimed") {
                    claimedCount += 1
                    winners.append(message["player"]?.stringValue ?? "")
                }
                if message["type"] == .string("error") {
                    #expect(message["code"] == .string("stale"))
                    staleCount += 1
                }
                message = try racer.receive()
            }
            #expect(claimedCount == 1, "\(name) saw \(claimedCount) claimed")
            #expect(staleCount == (winners.last == name ? 0 : 1), "\(name) saw \(staleCount) stale")
        }
        #expect(winners.count == 2)
        #expect(winners[0] == winners[1])
        let spectatorClaimed = try carl.expect("claimed")
        #expect(spectatorClaimed["player"] == .string(winners[0]))
        let after = try carl.expect("state")
        let scores = after["players"]?.arrayValue?.compactMap { $0.objectValue?["score"]?.intValue }
        #expect(scores?.sorted() == [0, 3])
        carl.send(#"{"type":"ping"}"#)
        try carl.expect("pong")
    }

    @Test func multiplayerDealsOnlyWhenEveryConnectedPlayerAsked() throws {
        let server = try VirtualServer()
        let (ann, room, _) = try createSet(server, name: "ann", seats: 2)
        let bob = try server.player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        let before = SetTestSolver.board(of: try bob.expect("state")).count
        try ann.expect("player_joined")
        try ann.expect("state")

        ann.send(#"{"type":"deal","id":1}"#)
        let ok = try ann.expect("ok")
        #expect(ok["id"] == .int(1))
        let voted = try ann.expect("state")
        #expect(voted["seq"] == ok["seq"])
        #expect(voted["deal_votes"] == .array(["ann"]))
        #expect(SetTestSolver.board(of: voted).count == before)
        try bob.expect("state")

        bob.send(#"{"type":"deal"}"#)
        try bob.expect("ok")
        let dealt = try bob.expect("state")
        #expect(dealt["deal_votes"] == .array([]))
        #expect(SetTestSolver.board(of: dealt).count == before + 3)
        #expect(dealt["deck"] == .int(81 - before - 3))
        #expect(try ann.expect("state") == dealt)

        // When the only other player drops, a lone vote is enough.
        ann.send(#"{"type":"deal"}"#)
        try ann.expect("ok")
        try ann.expect("state")
        bob.close()
        try ann.expect("player_away")
        let afterDrop = try ann.expect("state")
        #expect(SetTestSolver.board(of: afterDrop).count == before + 6)
    }

    @Test func wrongClaimsCostPointsStaleClaimsCostNothingAndDealStopsAt24() throws {
        let server = try VirtualServer()
        let (ann, room, first) = try createSet(server, name: "ann", seats: 1, seed: 5)
        let board = SetTestSolver.board(of: first)
        let ids = SetTestSolver.ids(of: first)
        let sets = SetTestSolver.sets(on: board)
        let notASet = try #require(Array(ids.prefix(12)).combinations3().first { combo in
            !sets.contains(combo)
        })
        ann.send(#"{"type":"claim","cards":[\#(notASet.map(String.init).joined(separator: ","))]}"#)
        let wrong = try ann.expect("claimed")
        #expect(wrong["valid"] == .bool(false))
        #expect(wrong["points"] == .int(-5))
        #expect(wrong["player"] == .string("ann"))
        let penalised = try ann.expect("state")
        #expect(penalised["players"]?.arrayValue?.first?.objectValue?["score"] == .int(-5))
        #expect(SetTestSolver.ids(of: penalised) == ids)

        let set = try #require(sets.first)
        ann.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))]}"#)
        try ann.expect("claimed")
        try ann.expect("state")
        ann.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))],"id":"again"}"#)
        #expect(try ann.receiveLine() == #"{"type":"error","code":"stale","message":"one of those cards is not on the board (taken already, or not dealt yet); no points lost","id":"again"}"#)
        ann.send(#"{"type":"claim","cards":[1,2]}"#)
        #expect(try ann.expect("error")["code"] == .string("bad_request"))

        var size = SetTestSolver.board(of: penalised).count
        while size < 24 {
            ann.send(#"{"type":"deal"}"#)
            try ann.expect("ok")
            size = SetTestSolver.board(of: try ann.expect("state")).count
        }
        #expect(size == 24)
        ann.send(#"{"type":"deal"}"#)
        #expect(try ann.receiveLine() == #"{"type":"error","code":"illegal_move","message":"three more cards would put more than 24 on the board; find a Set instead"}"#)
        _ = room
    }

    @Test func soloHintsRevealASetCardByCardAndShowInState() throws {
        let server = try VirtualServer()
        let (ann, _, first) = try createSet(server, name: "ann", seats: 1, seed: 99)
        let sets = SetTestSolver.sets(on: SetTestSolver.board(of: first))
        var shown: [Int] = []
        for used in 1...3 {
            ann.send(#"{"type":"hint"}"#)
            let hint = try ann.expect("hint")
            #expect(hint["hints_used"] == .int(used))
            shown = hint["cards"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue } ?? []
            #expect(shown.count == used)
            let state = try ann.expect("state")
            #expect(state["hints_used"] == .int(used))
            #expect(state["hint"] == .array(shown.map { .int($0) }))
        }
        #expect(sets.contains(shown.sorted()) || sets.contains { Set($0) == Set(shown) })
        ann.send(#"{"type":"hint"}"#)
        #expect(try ann.expect("error")["code"] == .string("illegal_move"))
    }

    @Test func hintsAreForSoloGamesOnly() throws {
        let server = try VirtualServer()
        let (ann, _, _) = try createSet(server, name: "ann", seats: 3)
        ann.send(#"{"type":"start"}"#)
        try ann.expect("ok")
        try ann.expect("state")
        ann.send(#"{"type":"hint"}"#)
        #expect(try ann.receiveLine() == #"{"type":"error","code":"illegal_move","message":"hints are for solo games only"}"#)
    }
}
