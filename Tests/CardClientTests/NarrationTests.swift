import CardClient
import GameRules
import ScriptedServer
import TestServers
import Testing
import Wire

/// Nothing happens unseen: every event by another player is told in the room's log, in words.
struct NarrationTests {
    static func events(_ session: ScriptedSession) -> [String] {
        (session.model.room?.chat ?? []).compactMap { line in
            if case .event(let text) = line { text } else { nil }
        }
    }

    @Test func aClaimNamesItsCardsAndAWrongOneItsBrokenRule() {
        let set = [
            SetCard(count: 1, shape: .triangle, color: .red, fill: .solid),
            SetCard(count: 2, shape: .circle, color: .green, fill: .striped),
            SetCard(count: 3, shape: .square, color: .purple, fill: .open),
        ]
        #expect(Narration.claim(by: "bob", cards: set, valid: true, points: 3, me: "ann")
            == "bob found a Set: 1 red solid triangle, 2 green striped circles, 3 purple open squares (+3)")
        let wrong = [set[0], set[1], SetCard(count: 3, shape: .square, color: .red, fill: .open)]
        #expect(Narration.claim(by: "ann", cards: wrong, valid: false, points: -1, me: "ann")
            == "you: not a Set, the colours are two red and one green (−1)")
        let shapes = [set[1], SetCard(count: 1, shape: .circle, color: .red, fill: .solid), SetCard(count: 3, shape: .triangle, color: .purple, fill: .open)]
        #expect(Narration.claim(by: "ann", cards: shapes, valid: false, points: -5, me: "ann")
            == "you: not a Set, the shapes are two circles and one triangle (−5)")
        let counts = [set[0], SetCard(count: 1, shape: .circle, color: .green, fill: .striped), SetCard(count: 3, shape: .square, color: .purple, fill: .open)]
        #expect(Narration.claim(by: "ann", cards: counts, valid: false, points: -5, me: "ann")
            == "you: not a Set, the counts are two 1s and one 3 (−5)")
    }

    /// Solo Set games played until the server deals three more by itself (a board with no
    /// Set left after a claim): the log says so.
    @Test func theServerDealingThreeMoreByItselfIsTold() throws {
        for seed in UInt64(1)...40 {
            var ann = ScriptedSession(host: ScriptedHost(seed: seed), name: "ann", destination: .create(CreateRequest(game: "set", seats: 1)))
            for _ in 0..<27 {
                guard case .set(let set)? = ann.gameFields, ann.model.room?.phase == .playing, set.board.count <= 12,
                      let positions = SetSolver.firstSet(on: set.board) else { break }
                ann.press(positions.map { SetLabels.letter($0, of: set.board.count) }.joined())
            }
            guard case .set(let set)? = ann.gameFields, set.board.count > 12, ann.model.room?.phase == .playing else { continue }
            #expect(Self.events(ann).last == "no Set on the table: the server dealt three more")
            return
        }
        Issue.record("no game of seeds 1-40 needed three more cards")
    }

    @Test func aRoundAndAFlipInWords() {
        let reveal = RoundReveal(room: "R", round: 2, throwsByName: [("ann", .rock)], winner: "ann", timedOut: ["bob"])
        #expect(Narration.round(reveal, players: ["ann", "bob"], me: "bob") == "round 2: ann ✊ rock vs you (no throw in time) → ann wins the round")
        #expect(Narration.flip(by: "bob", face: "🐱", result: "mismatch", points: 0, firstFace: "🐶", me: "ann") == "bob: 🐶 and 🐱, no match")
        #expect(Narration.flip(by: "ann", face: "🐶", result: "match", points: 2, firstFace: "🐶", me: "ann") == "you found a pair 🐶🐶 (+2)")
    }

    @Test func aSetRaceTellsWhoTookItAndTooLateSaysWho() throws {
        let host = ScriptedHost(seed: 11)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "set", seats: 2)))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        guard case .set(let board)? = bob.gameFields else { throw TestFailure("no Set state") }
        let positions = try #require(SetSolver.firstSet(on: board.board))
        let letters = positions.map { SetLabels.letter($0, of: board.board.count) }.joined()
        let cards = positions.map { board.board[$0] }

        bob.press(letters)
        // ann has not read bob's claim yet: she claims the same cards, and is too late.
        ann.press(letters)
        #expect(Self.events(ann).contains(Narration.claim(by: "bob", cards: cards, valid: true, points: 3, me: "ann")))
        #expect(Self.events(ann).last?.hasPrefix("bob found a Set: ") == true)
        #expect(ann.model.flash?.text == "too late: bob took it")
    }

    @Test func aTurnThatRunsOutIsTold() throws {
        let host = ScriptedHost(seed: 9)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "concentration", seats: 2)))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        guard case .concentration(let game)? = ann.gameFields else { throw TestFailure("no state") }
        let first = try #require(game.turn)
        ann.advance(by: .seconds(30))
        bob.exchange()
        #expect(Self.events(ann).last == (first == "ann" ? "you ran out of time; bob's turn" : "bob ran out of time; your turn"))
        #expect(Self.events(bob).last == (first == "bob" ? "you ran out of time; ann's turn" : "ann ran out of time; your turn"))
    }

    @Test func anRPSForfeitSaysTheOpponentLeftNotAScore() throws {
        let host = ScriptedHost(seed: 3)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "rps")))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        bob.press("p")
        ann.press("r")
        #expect(Self.events(ann).last == "round 1: you ✊ rock vs bob ✋ paper → bob wins the round")
        bob.press("q")
        bob.press("y")
        ann.exchange()
        let screen = Fixtures.trimmed(ScreenRenderer.render(ann.model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(screen.contains { $0.contains("match over: you win: bob left the match") }, "\(screen)")
        #expect(Self.events(ann).contains("bob left"))
    }
}
