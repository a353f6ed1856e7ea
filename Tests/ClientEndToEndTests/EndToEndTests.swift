import CardClient
import Foundation
import TestServers
import Testing
import Wire

/// The real `cardclient` in a real terminal (tmux) against a real `cardserver`: what a person
/// types and what they see.
@Suite(.ownThread, .needs(.tmux), .timeLimit(.minutes(5 * TestBudget.scale)))
struct EndToEndTests {
    /// A shell command line that runs the client, then reports its exit status and whether the
    /// terminal settings are as before.
    /// - Parameter state: the client's state directory (`XDG_STATE_HOME`), where it keeps its
    ///   session; by default a new one, so no test reads another's (or the user's) session.
    static func clientCommand(_ arguments: String, settings: URL, state: String = Tmux.clientStateDirectory()) -> String {
        let client = BuiltProgram.url("cardclient").path
        return "stty -g > \(settings.path); XDG_STATE_HOME=\(state) TERM=xterm-256color \(client) \(arguments); echo EXIT=$?; "
            + "stty -g | cmp -s - \(settings.path) && echo TERMINAL-RESTORED; sleep 60"
    }

    static func settingsFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cardclient-stty-\(UUID().uuidString)")
    }

    /// The room code in the title bar: the first word of the top row.
    static func roomCode(_ screen: String) -> String {
        String(screen.split(separator: "\n").first?.split(separator: " ").first ?? "")
    }

    @Test func rpsMatchAgainstARawSocketOpponent() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = Self.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(Self.clientCommand("--host 127.0.0.1 --port \(server.port) --name ann --create rps", settings: settings))
        defer { terminal.kill() }

        let waiting = terminal.waitFor("Waiting for an opponent")
        let code = Self.roomCode(waiting)
        #expect(waiting.contains("\(code) · rock-paper-scissors · waiting"))
        #expect(code.count == 4)

        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        let playing = terminal.waitFor("your move…")
        #expect(playing.contains(" ann 0 · bob 0 · 0 watching"))
        #expect(playing.contains("  throw: r ✊ rock   p ✋ paper"))
        #expect(playing.contains("thinking…"))

        terminal.type("r")
        try bob.expect("state") { $0["waiting_on"] == .array(["bob"]) }
        #expect(terminal.waitFor("you threw ✊ rock · waiting for bob").contains("  ✊ rock                     thinking…"))
        bob.send(#"{"type":"throw","sign":"scissors"}"#)
        let first = terminal.waitFor("→ you win")
        #expect(first.contains("round 1: ann ✊ rock vs bob ✌️"))
        #expect(first.contains(" ann 1 · bob 0 · 0 watching"))
        #expect(first.contains("Round 2 · best of 3, first to 2"))

        bob.send(#"{"type":"throw","sign":"rock"}"#)
        #expect(terminal.waitFor("✔ thrown").contains("your move…"))
        terminal.type("2")
        // The state saying "over" comes first; game_over follows once the result is on disk.
        let over = terminal.waitFor(" game over: you win")
        #expect(over.contains("match over: you win 2–0 · n rematch"))
        #expect(over.contains(" game over: you win"))
        try bob.expect("game_over")

        terminal.type("q")
        #expect(terminal.waitFor("Quick play").contains("lobby"))
        terminal.type("q")
        let after = terminal.waitFor("TERMINAL-RESTORED")
        #expect(after.contains("EXIT=0"))
        #expect(after.contains("TERMINAL-RESTORED"))
        #expect(!after.contains("Quick play"))
    }

    @Test func aFinishedMatchIsReplayedFromTheRecordsScreen() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = Self.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(Self.clientCommand(
            "--port \(server.port) --name ann --create rps --option bot=random --option rounds=1", settings: settings))
        defer { terminal.kill() }

        terminal.waitFor("your move…")
        // One round to win; a draw is thrown again.
        var over = terminal.screen()
        for _ in 0..<20 where !over.contains("game over:") {
            terminal.type("r")
            over = terminal.waitFor(2) { $0.contains("game over:") || $0.contains("your move…") }
        }
        #expect(over.contains("game over:"))
        terminal.type("i")
        let records = terminal.waitFor("Recent games · ↑↓ choose, Enter replays")
        #expect(records.contains("  › rock-paper-scissors"))
        #expect(records.contains(" ↑↓ game · Enter replay · Esc back"))
        terminal.press("Enter")
        // The step line comes at once; the players (the robot among them) with the deal's frame.
        let deal = terminal.waitFor { $0.contains("The deal ·") && $0.contains("ann, robot") }
        #expect(deal.contains(" Replay · rock-paper-scissors · ann, robot"))
        #expect(deal.contains(" ←→ step · PgUp/PgDn 10 steps · Home/End deal/end · Esc back"))
        terminal.press("End")
        // The step line comes at once; the board and what happened when the server has rebuilt it.
        let end = terminal.waitFor { $0.contains("· the end") && $0.contains("  game over: ") }
        #expect(end.contains("you: throw rock · the end"))
        #expect(end.contains("  game over: "))
        terminal.press("Home")
        terminal.waitFor("The deal ·")
        terminal.press("Escape")
        #expect(terminal.waitFor("Recent games").contains("  Your record"))
    }

    @Test func claimASetByItsLettersInASoloGame() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = Self.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(Self.clientCommand("--port \(server.port) --name ann --create set --seats 1", settings: settings))
        defer { terminal.kill() }

        let board = terminal.waitFor("┌ l ────┐")
        let code = Self.roomCode(board)
        #expect(board.contains("\(code) · Set · playing"))

        let spy = try RawClient(port: server.port, name: "spy")
        spy.send(#"{"type":"watch","room":"\#(code)"}"#)
        let state = try spy.expect("state")
        let cards = (state["board"]?.arrayValue ?? []).compactMap(\.objectValue)
        // A deal with no Set among its first 12 cards shows 15 at once.
        #expect(board.contains(" deck \(81 - cards.count) · \(cards.count) on the table · hints 0"))
        let trio = try #require(Self.findSet(cards))
        #expect(terminal.waitFor(" ann 0 · 1 watching").contains(" ann 0 · 1 watching"))

        let letters = trio.map { SetLabels.letter($0, of: cards.count) }
        terminal.type(letters[0] + letters[1])
        #expect(terminal.waitFor("╔ \(letters[1]) ════╗").contains("╔ \(letters[0]) ════╗"))
        terminal.type(letters[2])
        let claimed = try spy.expect("claimed")
        #expect(claimed["player"] == .string("ann"))
        #expect(claimed["valid"] == .bool(true))
        let afterClaim = try spy.expect("state")
        let deck = afterClaim["deck"]?.intValue ?? -1
        let onTable = afterClaim["board"]?.arrayValue?.count ?? -1
        let scored = terminal.waitFor(" deck \(deck) · \(onTable) on the table")
        #expect(scored.contains(" ann 3 · 1 watching"))
        #expect(scored.contains(" deck \(deck) · \(onTable) on the table"))
        #expect(!scored.contains("╔"))

        terminal.resize(width: 60, height: 20)
        #expect(terminal.waitFor("terminal too small").contains("terminal too small (need 50×23)"))
        terminal.resize(width: 110, height: 40)
        #expect(terminal.waitFor("┌ a ────┐").contains(" ann 3 · 1 watching"))
        // From 120 columns, where the board, the last Sets and a chat line fit, twelve cards are
        // drawn large; fifteen (no Set was left) only wide (issue 43, item 9).
        terminal.resize(width: 120, height: 40)
        let grown = onTable <= 12 ? "┌ a ───────────────┐" : "┌ a ────────┐"
        #expect(terminal.waitFor(grown).contains(grown))

        terminal.type("Q")
        #expect(terminal.waitFor("y leave · n stay").contains("Leave? The game is under way, so you forfeit it."))
        terminal.type("y")
        terminal.waitFor("Quick play")
        terminal.press("C-c")
        let after = terminal.waitFor("TERMINAL-RESTORED")
        #expect(after.contains("EXIT=0"))
        #expect(after.contains("TERMINAL-RESTORED"))
    }

    /// The board positions of a Set: for each attribute, all the same or all different.
    static func findSet(_ cards: [JSONObject]) -> [Int]? {
        let attributes = ["count", "shape", "color", "fill"]
        for first in cards.indices {
            for second in (first + 1)..<cards.count {
                for third in (second + 1)..<cards.count {
                    let isSet = attributes.allSatisfy { key in
                        let values = Set([first, second, third].map { cards[$0][key]?.jsonText ?? "" })
                        return values.count != 2
                    }
                    if isSet { return [first, second, third] }
                }
            }
        }
        return nil
    }

    /// Killing the client mid-game loses nothing: started again the same way, it resumes its
    /// kept session, lands back in its seat, and the match goes on.
    @Test func aClientKilledMidGameIsBackInItsSeatWhenStartedAgain() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = Self.settingsFile()
        let state = Tmux.clientStateDirectory()
        defer {
            try? FileManager.default.removeItem(at: settings)
            try? FileManager.default.removeItem(atPath: state)
        }
        let command = Self.clientCommand("--port \(server.port) --name ann --create rps", settings: settings, state: state)
        let first = try Tmux(command)
        let code = Self.roomCode(first.waitFor("Waiting for an opponent"))
        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        first.waitFor("your move…")
        first.kill()
        try bob.expect("player_away") { $0["name"] == .string("ann") }

        let again = try Tmux(command)
        defer { again.kill() }
        let back = again.waitFor("back in your seat in \(code)")
        #expect(back.contains("back in your seat in \(code)"))
        #expect(back.contains("\(code) · rock-paper-scissors · playing"))
        #expect(back.contains(" ann 0 · bob 0 · 0 watching"))
        try bob.expect("player_back") { $0["name"] == .string("ann") }
        again.type("p")
        try bob.expect("state") { $0["waiting_on"] == .array(["bob"]) }
        #expect(again.waitFor("you threw ✋ paper").contains("waiting for bob"))
    }

    /// A real server and ann's client in its lobby, in tmux; call the returned closure to stop both.
    static func annInTheLobby() throws -> (ServerProcess, Tmux, () -> Void) {
        let server = try ServerProcess()
        let settings = settingsFile()
        let terminal: Tmux
        do {
            terminal = try Tmux(clientCommand("--port \(server.port) --name ann", settings: settings))
        } catch {
            server.stop()
            throw error
        }
        return (server, terminal, {
            terminal.kill()
            server.stop()
            try? FileManager.default.removeItem(at: settings)
        })
    }

    /// Opens the lobby's form, moves to `game` (`steps` to the right of Set), runs `keys` on
    /// the form, presses Enter, and waits for the room.
    static func createFromTheForm(_ terminal: Tmux, steps: Int, keys: [String]) -> String {
        terminal.waitFor("Quick play")
        terminal.type("n")
        terminal.waitFor("New game")
        for _ in 0..<steps { terminal.press("Right") }
        for key in keys { terminal.press(key) }
        terminal.press("Enter")
        return terminal.waitFor(" · playing")
    }

    @Test func rpsBrainFromTheFormWithThreeRoundsAndAnAnswer() throws {
        // The clean-up closure holds the server: it runs until the test ends.
        let (_, terminal, cleanUp) = try Self.annInTheLobby()
        defer { cleanUp() }
        // game → rps-brain, then down to rounds (game, seats, room, rounds) and 7 steps down from 10.
        let playing = Self.createFromTheForm(terminal, steps: 2, keys: ["Down", "Down", "Down"] + Array(repeating: "Left", count: 7))
        #expect(playing.contains("rps-brain · playing"))
        #expect(playing.contains("  Round 1 of 3"))
        terminal.type("r")
        #expect(terminal.waitFor("round 1: the answer was").contains("Round 2 of 3"))
    }

    @Test func concentrationFromTheFormWithFourPairsAndTwoFlips() throws {
        // The clean-up closure holds the server: it runs until the test ends.
        let (_, terminal, cleanUp) = try Self.annInTheLobby()
        defer { cleanUp() }
        // game → concentration; seats 2 → 1; pairs 8 → 4.
        let playing = Self.createFromTheForm(
            terminal, steps: 3, keys: ["Down", "Left", "Down", "Down", "Left", "Left", "Left", "Left"])
        #expect(playing.contains("Concentration · playing"))
        #expect(playing.contains(" h ") || playing.contains("h "), "eight cards, a to h")
        #expect(!playing.contains(" i "))
        terminal.type("a")
        terminal.waitFor("you turned")
        terminal.type("b")
        let flipped = terminal.waitFor(5) { $0.contains("no match") || $0.contains("found a pair") }
        #expect(flipped.contains("you: ") || flipped.contains("you found a pair"))
    }

    @Test func klondikeFromTheFormDrawingThreeWithADrawAndAnUndo() throws {
        // The clean-up closure holds the server: it runs until the test ends.
        let (_, terminal, cleanUp) = try Self.annInTheLobby()
        defer { cleanUp() }
        // game → klondike; down to draw (game, seats, room, draw) and 1 → 3.
        let playing = Self.createFromTheForm(terminal, steps: 4, keys: ["Down", "Down", "Down", "Right"])
        #expect(playing.contains("Klondike · playing"))
        // Auto-play may have sent an ace home at the deal (a move each); off, the draw and its
        // undo are the only moves. A move auto-play sent before it was turned off reaches the
        // server before the draw, so once the draw shows, every earlier move shows too.
        terminal.type("A")
        terminal.waitFor("auto-play: off")
        terminal.type("d")
        let drawn = terminal.waitFor("▸▒21")
        let counts = try #require(drawn.firstMatch(of: /moves (\d+) · draw 3 · home (\d+)\/52/))
        #expect(Int(counts.1)! == Int(counts.2)! + 1, "the draw is the one move that sent no card home")
        terminal.type("u")
        // Undo takes the draw back, its move with it.
        #expect(terminal.waitFor(" ▸▒24  ··").contains(" moves \(counts.2) · draw 3 · home \(counts.2)/52"))
    }

    @Test func setFromTheFormAloneWithAHintADealAndAClaim() throws {
        // The clean-up closure holds the server: it runs until the test ends.
        let (_, terminal, cleanUp) = try Self.annInTheLobby()
        defer { cleanUp() }
        // Set is the form's first game; seats 4 → 1 makes it solo, so it starts at once.
        let playing = Self.createFromTheForm(terminal, steps: 0, keys: ["Down", "Left", "Left", "Left"])
        #expect(playing.contains("Set · playing"))
        // 12 on the table, or 15 when the first 12 held no Set (the deal is a secret seed's).
        #expect(playing.contains(" deck 69 · 12 on the table · hints 0") || playing.contains(" deck 66 · 15 on the table · hints 0"))
        var letters: [String] = []
        for count in 1...3 {
            terminal.type("H")
            let shown = terminal.waitFor(" hints \(count)")
            let hint = shown.split(separator: "\n").last { $0.contains(" hint: ") }.map(String.init) ?? ""
            letters = hint.components(separatedBy: "hint: ").last?.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        }
        #expect(letters.count == 3)
        terminal.type(letters.joined())
        let claimed = terminal.waitFor("you found a Set: ")
        #expect(claimed.contains(" ann 3 · 0 watching"))
        // Usually 12 on the table and 66 in the deck now; 3 more on the table and 3 fewer in the
        // deck for each time the board held no Set and three came by themselves. D deals three more.
        let (deck, table) = try #require(Self.deckAndTable(claimed))
        #expect(deck <= 66 && table == 12 + (66 - deck))
        terminal.type("D")
        #expect(terminal.waitFor(" \(table + 3) on the table").contains(" deck \(deck - 3) · "))
    }

    /// The Set info line's deck and table counts: " deck 66 · 12 on the table".
    static func deckAndTable(_ screen: String) -> (deck: Int, table: Int)? {
        guard let match = screen.firstMatch(of: /deck (\d+) · (\d+) on the table/) else { return nil }
        return (Int(match.1)!, Int(match.2)!)
    }

    @Test func rpsFromTheFormAgainstTheRobotBestOfFive() throws {
        // The clean-up closure holds the server: it runs until the test ends.
        let (_, terminal, cleanUp) = try Self.annInTheLobby()
        defer { cleanUp() }
        // game → rps; (seats, room) rounds 3 → 5; bot none → random → adaptive, which takes
        // the seats to one.
        let playing = Self.createFromTheForm(terminal, steps: 1, keys: ["Down", "Down", "Down", "Right", "Right", "Down", "Down", "Right", "Right"])
        #expect(playing.contains("rock-paper-scissors · playing"))
        #expect(playing.contains("best of 5, first to 3"))
        terminal.type("p")
        #expect(terminal.waitFor("round 1: you ✋ paper vs robot-adaptive").contains("round 1: ann ✋ paper vs robot-adaptive"))
    }
}
