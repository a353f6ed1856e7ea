import CardClient
import Foundation
import TestServers
import Testing
import Wire

/// Every screen of every game in the real client at 80×24 (tmux, a real server): no line ends
/// cut mid-word. A line too long ends at a whole word and " …".
@Suite(.ownThread, .needs(.tmux), .timeLimit(.minutes(5 * TestBudget.scale)))
struct ScreenWalkTests {
    static let width = 80
    static let height = 24

    /// The rows of a screen that end cut mid-word: text reaching the last cell (or the one
    /// before, when a wide character did not fit) that ends in a letter or digit, or in an
    /// ellipsis right after one ("wor…"). A shorter line's "…" is what it says ("thinking…").
    /// The title bar (row 0) is flush right by design.
    static func cutLines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().compactMap { row in
            let line = String(row)
            guard DisplayWidth.of(line) >= width - 1 else { return nil }
            let end = line.hasSuffix("…") ? line.dropLast().last : line.last
            return end.map { $0.isLetter || $0.isNumber } == true ? line : nil
        }
    }

    /// The check itself: what it flags and what it lets pass.
    @Test func theCheckFlagsOnlyLinesCutMidWord() {
        let full = String(repeating: "x", count: 70)
        let screen = [
            " TITL · Set · playing" + String(repeating: " ", count: 47) + "ann · seat 1",
            " " + full + " a word…",
            " " + full + " a word …",
            "  thinking…",
            " " + full + " ab cdefg",
            " " + full + " │ ┌ a ┐",
        ].joined(separator: "\n")
        #expect(Self.cutLines(screen) == [" " + full + " a word…", " " + full + " ab cdefg"])
    }

    /// Checks the screen once `ready` holds on it: records every line cut mid-word.
    @discardableResult
    static func check(_ terminal: Tmux, _ name: String, until ready: String) -> String {
        let screen = terminal.waitFor(ready)
        #expect(screen.contains(ready), "\(name): never showed \(ready)\n\(screen)")
        let cut = cutLines(screen)
        #expect(cut.isEmpty, "\(name): cut mid-word:\n\(cut.joined(separator: "\n"))\n\(screen)")
        return screen
    }

    static func client(_ server: ServerProcess, _ arguments: String, settings: URL) throws -> Tmux {
        try Tmux(EndToEndTests.clientCommand("--port \(server.port) --name ann \(arguments)", settings: settings), width: width, height: height)
    }

    @Test func theLobbyItsKeysTheNewGameFormForEachGameAndTheRecords() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let host = try RawClient(port: server.port, name: "rosalind")
        host.send(#"{"type":"create","game":"concentration","seats":4}"#)
        try host.expect("joined")
        let terminal = try Self.client(server, "", settings: settings)
        defer { terminal.kill() }
        // The lobby opens on quick play; Esc shows the public rooms, p quick play again.
        Self.check(terminal, "lobby: quick play", until: "Quick play")
        terminal.press("Escape")
        Self.check(terminal, "lobby: rooms", until: "Public rooms")
        terminal.type("p")
        terminal.waitFor("Quick play")
        terminal.type("?")
        Self.check(terminal, "lobby keys", until: "any key closes this list")
        terminal.type("x")
        terminal.type("n")
        for game in ["Set", "rock-paper-scissors", "rps-brain", "Concentration", "Klondike"] {
            Self.check(terminal, "new game: \(game)", until: "◂ \(game) ▸")
            terminal.press("Right")
        }
        terminal.press("Escape")
        terminal.type("i")
        Self.check(terminal, "records", until: "Best players")
    }

    @Test func setWaitingPlayingWithTheLastSetsAndItsKeys() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Self.client(server, "--create set --seats 2", settings: settings)
        defer { terminal.kill() }
        let code = EndToEndTests.roomCode(Self.check(terminal, "Set waiting", until: "Friends join with the room code"))
        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        let state = try bob.expect("state") { $0["phase"] == .string("playing") }
        Self.check(terminal, "Set playing", until: "┌ l ────┐")
        let cards = (state["board"]?.arrayValue ?? []).compactMap(\.objectValue)
        let set = try #require(EndToEndTests.findSet(cards)).compactMap { cards[$0]["id"]?.intValue }
        bob.send(#"{"type":"claim","cards":[\#(set.map(String.init).joined(separator: ","))]}"#)
        Self.check(terminal, "Set with the last Sets", until: "Last Sets")
        terminal.type("?")
        Self.check(terminal, "Set keys", until: "any key closes this list")
        terminal.type("x")
        terminal.type("T")
        terminal.type("a long line of chat that goes on and on past the end of the line")
        Self.check(terminal, "Set chat", until: "past the end")
    }

    @Test func rpsWaitingPlayingOverItsRecordsAndReplay() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Self.client(server, "--create rps --option rounds=1", settings: settings)
        defer { terminal.kill() }
        let code = EndToEndTests.roomCode(Self.check(terminal, "rps waiting", until: "Waiting for an opponent"))
        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        Self.check(terminal, "rps playing", until: "your move…")
        terminal.type("r")
        bob.send(#"{"type":"throw","sign":"paper"}"#)
        Self.check(terminal, "rps over", until: "game over:")
        terminal.type("?")
        Self.check(terminal, "rps keys after the game", until: "any key closes this list")
        terminal.type("x")
        terminal.type("i")
        Self.check(terminal, "records after rps", until: "Recent games")
        terminal.press("Enter")
        Self.check(terminal, "rps replay", until: "The deal ·")
        terminal.press("End")
        Self.check(terminal, "rps replay end", until: "· the end")
    }

    @Test func rpsBrainConcentrationAndKlondike() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let brain = try Self.client(server, "--create rps-brain", settings: settings)
        Self.check(brain, "rps-brain", until: "rps-brain · playing")
        brain.kill()

        let concentration = try Self.client(server, "--create concentration", settings: settings)
        defer { concentration.kill() }
        let code = EndToEndTests.roomCode(Self.check(concentration, "Concentration waiting", until: "Concentration · waiting"))
        let bob = try RawClient(port: server.port, name: "bob")
        bob.send(#"{"type":"join","room":"\#(code)"}"#)
        try bob.expect("joined")
        Self.check(concentration, "Concentration playing", until: "Concentration · playing")
        concentration.type("?")
        Self.check(concentration, "Concentration keys", until: "any key closes this list")

        let klondike = try Self.client(server, "--create klondike --option draw=3", settings: settings)
        defer { klondike.kill() }
        Self.check(klondike, "Klondike", until: "Klondike · playing")
        klondike.type("?")
        Self.check(klondike, "Klondike keys", until: "any key closes this list")
    }
}
