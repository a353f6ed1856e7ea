import CardClient
import Foundation
import TestServers
import Testing
import Wire

/// The real `cardclient` in tmux against a real `cardserver`: a Set race under a selection,
/// and the records of finished games with their replays.
@Suite(.ownThread, .needs(.tmux), .timeLimit(.minutes(5 * TestBudget.scale)))
struct TableEndToEndTests {
    /// Reads messages until one of `type`; returns it with everything read before it.
    static func read(_ client: RawClient, until type: String) throws -> (JSONObject, [JSONObject]) {
        var before: [JSONObject] = []
        for _ in 0..<500 {
            let message = try client.receive()
            if message["type"]?.stringValue == type { return (message, before) }
            before.append(message)
        }
        throw TestFailure("no \(type) in 500 messages")
    }

    /// The `"k":"move"` records of the room log whose command is a claim.
    static func loggedClaims(_ server: ServerProcess) -> [String] {
        let log = (try? String(contentsOf: server.dataURL.appendingPathComponent("rooms.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init).filter { $0.contains(#""k":"move""#) && $0.contains(#""type":"claim""#) }
    }

    /// Bob (a raw socket) takes a Set while ann has two cards picked in the real client: her
    /// picks are cleared and the log says why, and her next letter picks one card and sends no
    /// claim: the server's room log and bob see none from her.
    @Test func aSetTakenUnderTwoPicksClearsThemAndTheNextLetterSendsNoClaim() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(EndToEndTests.clientCommand("--port \(server.port) --name ann --create set --seats 2", settings: settings))
        defer { terminal.kill() }
        let code = EndToEndTests.roomCode(terminal.waitFor("Friends join with the room code"))

        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        let state = try bob.expect("state") { $0["phase"] == .string("playing") }
        let cards = (state["board"]?.arrayValue ?? []).compactMap(\.objectValue)
        let taken = try #require(EndToEndTests.findSet(cards))
        let others = cards.indices.filter { !taken.contains($0) }
        let letter = { (position: Int) in SetLabels.letter(position, of: cards.count) }
        // The letters name the board once the client has drawn it.
        let drawn = terminal.waitFor { $0.contains(" ann 0 · bob 0") && $0.contains("┌ l ────┐") }
        #expect(drawn.contains(" ann 0 · bob 0") && drawn.contains("┌ l ────┐"), "\(drawn)")

        terminal.type(letter(others[0]) + letter(others[1]))
        let picked = terminal.waitFor("╔ \(letter(others[1])) ════╗")
        #expect(picked.contains("╔ \(letter(others[0])) ════╗"))

        let ids = taken.compactMap { cards[$0]["id"]?.intValue }
        bob.send(#"{"type":"claim","cards":[\#(ids.map(String.init).joined(separator: ","))]}"#)
        let claimed = try bob.expect("claimed")
        #expect(claimed["player"] == .string("bob"))
        #expect(claimed["valid"] == .bool(true))
        let after = try bob.expect("state")
        let board = (after["board"]?.arrayValue ?? []).compactMap(\.objectValue)
        let cleared = terminal.waitFor("bob took a Set; your picks were cleared")
        #expect(cleared.contains(" bob took a Set; your picks were cleared"))
        #expect(!cleared.contains("╔"))

        // One more letter: with the old picks it would have been a claim of three. A letter of
        // the board as it is now, other than the two picked: a Set taken from 15 cards leaves
        // 12, lettered across fewer columns (a deal does that now and then).
        let picks = [letter(others[0]), letter(others[1])]
        let next = try #require(board.indices.map { SetLabels.letter($0, of: board.count) }.first { !picks.contains($0) })
        terminal.type(next)
        let one = terminal.waitFor("╔ \(next) ════╗")
        #expect(one.components(separatedBy: "╔").count == 2, "one card picked")
        #expect(!one.contains("not a Set"))
        #expect(!one.contains("too late"))
        // Whatever ann sent is read before bob's ping is answered: no claim of hers among it.
        bob.send(#"{"type":"ping"}"#)
        let (_, meanwhile) = try Self.read(bob, until: "pong")
        #expect(!meanwhile.contains { $0["type"] == .string("claimed") })
        #expect(Self.loggedClaims(server).count == 1, "bob's claim only: \(Self.loggedClaims(server))")
        #expect(after["players"]?.arrayValue?.first?.objectValue?["score"] == .int(0))
    }

    /// Plays a solo Klondike to its win over a raw socket as `name`, following the server's
    /// hints; returns the moves and the hints it sent.
    static func winKlondike(port: UInt16, name: String) throws -> (moves: Int, hints: Int) {
        let player = try RawClient(port: port, name: name)
        player.send(#"{"type":"create","game":"klondike","seats":1,"options":{"winnable":true}}"#)
        try player.expect("joined")
        // A winnable deal is searched for first: the game starts with the state that shows it.
        var state = try player.expect("state") { $0["phase"] == .string("playing") }
        var moves = 0
        var hints = 0
        while state["phase"] != .string("over"), hints < 600 {
            player.send(#"{"type":"hint"}"#)
            hints += 1
            let (suggestion, _) = try read(player, until: "suggestion")
            guard let move = suggestion["move"]?.objectValue else { throw TestFailure("no move: \(suggestion.jsonText)") }
            (state, _) = try read(player, until: "state")
            player.send(move.jsonText)
            moves += 1
            (state, _) = try read(player, until: "state")
        }
        try player.expect("game_over")
        player.send(#"{"type":"leave"}"#)
        return (moves, hints)
    }

    /// A finished rps match and a won Klondike game on the records screen at 80×24: opponent,
    /// result, day and length, as the server's stats have them; the Klondike replay steps
    /// through the game's moves only, its hints skipped.
    @Test func recordsShowOpponentResultDateAndLengthAndAReplaySkipsHints() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(
            EndToEndTests.clientCommand("--port \(server.port) --name ann --create rps --option rounds=3", settings: settings),
            width: 80, height: 24)
        defer { terminal.kill() }
        let code = EndToEndTests.roomCode(terminal.waitFor("Waiting for an opponent"))
        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        for round in 1...2 {
            let asked = terminal.waitFor { $0.contains("Round \(round) ·") && $0.contains("your move…") }
            #expect(asked.contains("Round \(round) ·") && asked.contains("your move…"), "\(asked)")
            terminal.type("r")
            try bob.expect("state") { $0["waiting_on"] == .array(["bob"]) }
            bob.send(#"{"type":"throw","sign":"scissors"}"#)
            try bob.expect("round") { $0["round"] == .int(round) }
        }
        try bob.expect("game_over")
        terminal.waitFor(" game over: you win")

        let (moves, hints) = try Self.winKlondike(port: server.port, name: "ann")
        #expect(hints == moves)

        let asker = try RawClient(port: server.port, name: "asker")
        asker.send(#"{"type":"stats","name":"ann"}"#)
        let stats = try asker.expect("stats")
        let recent = (stats["recent"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(recent.map { $0["game"]?.stringValue } == ["klondike", "rps"])
        let solo = try #require(recent.first)
        let match = try #require(recent.last)
        #expect(solo["summary"]?.objectValue?["moves"] == .int(moves))
        #expect(match["scores"] == .object(["ann": 2, "bob": 0]))
        let day = { (record: JSONObject) in
            let ended = record["ended_ms"]?.intValue ?? 0
            return RecordsView.dateText(milliseconds: ended, utcOffsetSeconds: RecordsView.localOffset(at: ended))
        }
        let soloTime = Narration.clock(milliseconds: solo["summary"]?.objectValue?["time_ms"]?.intValue ?? -1)
        let matchTime = Narration.clock(milliseconds: match["time_ms"]?.intValue ?? -1)

        terminal.type("i")
        let records = terminal.waitFor("Recent games")
        #expect(records.contains("    Klondike              1 game · 1 won · best \(moves) moves, \(soloTime)"))
        #expect(records.contains("  › Klondike              solved in \(moves) moves · \(day(solo)) · \(soloTime)"))
        #expect(records.contains("    rock-paper-scissors   won 2–0 vs bob · \(day(match)) · \(matchTime)"))
        #expect(!records.contains("52 points"))

        terminal.press("Enter")
        let deal = terminal.waitFor("The deal ·")
        #expect(!deal.contains("terminal too small"))
        #expect(deal.contains("  The deal · \(moves) steps (\(hints) hints skipped: H shows them) · → to play them"))
        terminal.press("End")
        // The step line comes at once; the board and what the step caused once the server has rebuilt it.
        let end = terminal.waitFor { $0.contains("· the end") && $0.contains("solved it in") }
        #expect(end.contains("  Step \(moves) of \(moves) · "))
        #expect(end.contains("solved it in \(moves) moves"))
        terminal.type("H")
        terminal.press("Home")
        #expect(terminal.waitFor("The deal ·").contains("  The deal · \(moves + hints) steps · → to play them"))
        terminal.press("Escape")
        terminal.waitFor("Recent games")
    }
}
