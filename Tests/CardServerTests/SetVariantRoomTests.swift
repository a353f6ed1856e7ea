@testable import CardServer
import GameRules
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// Set's `variant` option through the server, on the scripted host: each variant's state
/// fields, claims and refusals as a client sees them.
struct SetVariantRoomTests {
    /// A solo Set room of `variant` dealt from `seed`; returns the host, the player and the first state.
    static func solo(_ variant: String, seed: Int = 5) throws -> (ScriptedHost, ClientID, JSONObject) {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"set","seats":1,"options":{"variant":"\#(variant)","seed":\#(seed)}}"#, from: ann)
        let state = try #require(host.take(ann).last { $0["type"] == .string("state") })
        return (host, ann, state)
    }

    static func board(_ state: JSONObject) -> [SetCard] {
        state["board"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue.flatMap(SetCard.init(id:)) } ?? []
    }

    static func claim(_ cards: [SetCard], id: Int) -> String {
        #"{"type":"claim","cards":[\#(cards.map { String($0.id) }.joined(separator: ","))],"id":\#(id)}"#
    }

    @Test func classicStatesKeepTheirFieldsAndTheVariantsAddTheirs() throws {
        let (_, _, classic) = try Self.solo("classic")
        #expect(classic["variant"] == nil)
        #expect(classic["chain"] == nil)
        let (_, _, junior) = try Self.solo("junior")
        #expect(junior["variant"] == .string("junior"))
        #expect(junior["deck"] == .int(27 - Self.board(junior).count))
        #expect(Self.board(junior).allSatisfy { $0.fill == .solid })
        let (_, _, chain) = try Self.solo("chain")
        #expect(chain["variant"] == .string("chain"))
        #expect(chain["chain"] == .array([]))
    }

    @Test func aChainClaimMustUseACardOfTheLastSet() throws {
        let (host, ann, first) = try Self.solo("chain")
        let opening = try #require(SetSolver.firstClaim(on: Self.board(first), variant: .chain))
        host.send(Self.claim(opening, id: 1), from: ann)
        let replies = host.take(ann)
        #expect(replies.first?["type"] == .string("claimed"))
        #expect(replies.first?["valid"] == .bool(true))
        let state = try #require(replies.last { $0["type"] == .string("state") })
        #expect(state["chain"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue } == opening.map(\.id))

        // Any three board cards are refused now, without a penalty: one must come from the chain.
        let board = Self.board(state)
        host.send(Self.claim(Array(board.prefix(3)), id: 2), from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"illegal_move","message":"in Set-chain, a Set uses exactly one card of the last Set and two from the board","id":2}"#,
        ])
        let next = try #require(SetSolver.firstClaim(on: board, variant: .chain, chain: opening))
        host.send(Self.claim(next, id: 3), from: ann)
        let claimed = try #require(host.take(ann).first)
        #expect(claimed["valid"] == .bool(true))
        #expect(claimed["points"] == .int(3))
        #expect(claimed["cards"]?.arrayValue?.count == 3)
    }

    @Test func anUltraSetIsClaimedWithFourCards() throws {
        let (host, ann, first) = try Self.solo("ultra")
        #expect(first["variant"] == .string("ultra"))
        let board = Self.board(first)
        host.send(Self.claim(Array(board.prefix(3)), id: 1), from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"bad_request","message":"an UltraSet claim names exactly four different cards","id":1}"#,
        ])
        let ultra = try #require(SetSolver.firstClaim(on: board, variant: .ultra))
        host.send(Self.claim(ultra, id: 2), from: ann)
        let claimed = try #require(host.take(ann).first)
        #expect(claimed["type"] == .string("claimed"))
        #expect(claimed["valid"] == .bool(true))
        #expect(claimed["cards"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.intValue } == ultra.map(\.id))
        // Four ids in a classic game are no claim there.
        let (classicHost, bob, classic) = try Self.solo("classic")
        classicHost.send(Self.claim(Array(Self.board(classic).prefix(4)), id: 3), from: bob)
        #expect(classicHost.takeLines(bob) == [
            #"{"type":"error","code":"bad_request","message":"a claim names exactly three different cards","id":3}"#,
        ])
    }

    @Test func anUnknownVariantIsRefusedWithTheList() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"set","options":{"variant":"speed"},"id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [
            #"{"type":"error","code":"bad_request","message":"option 'variant' must be \"classic\", \"junior\", \"chain\" or \"ultra\", not \"speed\"","id":1}"#,
        ])
    }
}

/// A deal vote is checked against the same rule that deals: a chain board of 22 or 23
/// cards cannot take three more, so the vote is refused instead of counted and dropped.
struct ChainBoardFullTests {
    @Test func aDealOnAChainBoardOf22IsRefusedNotSwallowed() throws {
        var engine = try SetEngine(room: "T", seats: 1, options: ["variant": "chain"])
        _ = engine.start(names: ["ann"], seed: 5, now: 0)
        let seats = SeatContext(seated: [0], connected: [0])
        func board() -> (cards: [SetCard], chain: [SetCard]) {
            guard case .set(let fields) = engine.fields(viewerSeat: 0, now: 0) else { return ([], []) }
            return (fields.board, fields.chain)
        }
        // Deal while three more fit and reach 22 by threes; claim (a chain takes two) otherwise.
        var steps = 0
        while board().cards.count != 22, steps < 2_000 {
            steps += 1
            let (cards, chain) = board()
            if cards.count < 22, (22 - cards.count) % 3 == 0 {
                _ = try engine.handle(.deal, seat: 0, seats: seats, now: 0)
            } else if let claim = SetSolver.firstClaim(on: cards, variant: .chain, chain: chain) {
                _ = try engine.handle(.claim(cards: claim.map(\.id)), seat: 0, seats: seats, now: 0)
            } else {
                _ = try engine.handle(.deal, seat: 0, seats: seats, now: 0)
            }
        }
        try #require(board().cards.count == 22, "no board of 22 reached in \(steps) steps")
        #expect(throws: CommandError.illegalMove("three more cards would put more than 24 on the board; find a Set instead")) {
            _ = try engine.handle(.deal, seat: 0, seats: seats, now: 0)
        }
        guard case .set(let fields) = engine.fields(viewerSeat: 0, now: 0) else { return }
        #expect(fields.dealVotes.isEmpty, "the refused vote is not counted")
    }
}
