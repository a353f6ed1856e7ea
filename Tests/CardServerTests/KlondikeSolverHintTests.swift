import CardServer
import GameRules
import KlondikeSolver
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// Klondike's hint from the solver, through the server: the first move of a winning line,
/// worked out off the loop, then the rest of the line at once; none, and why, when nothing helps.
struct KlondikeSolverHintTests {
    /// Ann plays deal `seed` alone, drawing one; her outbox is emptied.
    static func solo(_ host: ScriptedHost, seed: Int) -> ClientID {
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"klondike","options":{"seed":\#(seed)}}"#, from: ann)
        _ = host.take(ann)
        return ann
    }

    /// Sends `hint`, lets the worker search if it must, and returns the `suggestion`.
    static func hint(_ host: ScriptedHost, from ann: ClientID, searches: inout Int) throws -> JSONObject {
        host.send(#"{"type":"hint"}"#, from: ann)
        searches += host.runBackgroundWork()
        // The command rate is 50 a second: a game of hundreds of commands takes seconds.
        host.advance(by: .milliseconds(50))
        return try #require(host.take(ann).first { $0["type"] == .string("suggestion") })
    }

    @Test func aHintIsTheFirstMoveOfTheSolversLineAndTheNextOneIsAtOnce() throws {
        let host = ScriptedHost()
        let ann = Self.solo(host, seed: 1)
        host.send(#"{"type":"hint","id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [], "the search runs off the loop")
        #expect(host.runBackgroundWork() == 1)
        let lines = host.takeLines(ann)
        #expect(lines.first == #"{"type":"suggestion","move":{"type":"move","from":"t3","to":"t1","count":1},"text":"move 8♦ from t3 to t1","seq":2,"id":1}"#)
        #expect(lines.count == 2, "then the state, as after any command")
        guard case .winnable(let line) = KlondikeSolver.solve(KlondikeGame(seed: 1, drawCount: 1), budget: KlondikeHinter.budget).verdict else {
            Issue.record("deal 1 is won within the hint's budget")
            return
        }
        #expect(ClientCommand(line[0]) == .move(from: .tableau(2), to: .tableau(0), count: 1))
        host.send(#"{"type":"move","from":"t3","to":"t1","count":1}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"hint","id":2}"#, from: ann)
        #expect(host.pendingBackgroundWork == 0, "the line is kept: the next hint needs no search")
        let next = try #require(host.take(ann).first)
        let move = try #require(next["move"]?.objectValue)
        #expect(try ClientMessageDecoder.decode(Array(JSONValue.object(move).jsonText.utf8)).command == ClientCommand(line[1]))
    }

    @Test func followingTheHintsWinsTheDealWithOneSearch() throws {
        let host = ScriptedHost()
        let ann = Self.solo(host, seed: 1)
        var searches = 0
        var solved: JSONObject?
        while solved == nil {
            let suggestion = try Self.hint(host, from: ann, searches: &searches)
            let move = try #require(suggestion["move"]?.objectValue, "a winnable deal always has a move")
            host.send(JSONValue.object(move).jsonText, from: ann)
            solved = host.take(ann).first { $0["type"] == .string("solved") }
        }
        #expect(searches == 1)
        #expect(solved?["moves"] == .int(191))
    }

    @Test func whenOnlyCyclingTheStockRemainsTheHintIsNullAndSaysWhy() throws {
        // Deal 3 drawing one cannot be won: the hints play on until nothing helps.
        let host = ScriptedHost()
        let ann = Self.solo(host, seed: 3)
        var searches = 0
        var suggestion = try Self.hint(host, from: ann, searches: &searches)
        var moves = 0
        while let move = suggestion["move"]?.objectValue {
            host.send(JSONValue.object(move).jsonText, from: ann)
            moves += 1
            suggestion = try Self.hint(host, from: ann, searches: &searches)
        }
        #expect(moves == 84)
        #expect(searches == 1, "a deal proved lost stays lost as cards go home and turn up")
        #expect(JSONValue.object(suggestion).jsonText == #"{"type":"suggestion","move":null,"text":"no useful move: drawing only cycles the stock, and no card can go home, turn up or empty a pile; undo, or start a new game","seq":170}"#)
    }

    @Test func theSearchHoldsOnlyTheAskersInput() throws {
        let host = ScriptedHost()
        let ann = Self.solo(host, seed: 1)
        let bob = host.player("bob")
        host.sendRaw(Array("{\"type\":\"hint\",\"id\":1}\n{\"type\":\"ping\",\"id\":2}\n".utf8), from: ann)
        #expect(host.notRead.contains(ann))
        host.send(#"{"type":"ping","id":3}"#, from: bob)
        #expect(host.takeLines(bob) == [#"{"type":"pong","id":3}"#], "others are answered meanwhile")
        #expect(host.takeLines(ann) == [], "ann's ping waits behind her hint")
        #expect(host.runBackgroundWork() == 1)
        #expect(host.types(ann) == ["suggestion", "state", "pong"])
        #expect(!host.notRead.contains(ann))
    }
}
