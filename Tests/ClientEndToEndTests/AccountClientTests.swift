import Foundation
import TestServers
import Testing
import Wire

/// cardclient with an account, in a real terminal against a real server: it registers (the
/// password asked twice without echo), plays, and its records are the account's wherever the
/// account signs in next; the account screen lists that other sign-in and ends it.
@Suite(.ownThread, .needs(.tmux), .timeLimit(.minutes(5 * TestBudget.scale)))
struct AccountClientTests {
    @Test func registerPlayAndTheAccountsRecordsAndSessionsAreSeenFromElsewhere() throws {
        let server = try ServerProcess(["--password-iterations", "100000"])
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(EndToEndTests.clientCommand(
            "--port \(server.port) --account ann --register --create rps --option bot=random --option rounds=1", settings: settings))
        defer { terminal.kill() }

        terminal.waitFor("Password for ann:")
        terminal.type("correct horse battery")
        terminal.press("Enter")
        terminal.waitFor("The same password again:")
        // Typed without echo: the screen never shows it.
        #expect(!terminal.screen().contains("correct horse"))
        terminal.type("correct horse battery")
        terminal.press("Enter")
        // A debug build checks a password in seconds.
        var over = terminal.waitFor(60, { $0.contains("your move…") })
        for _ in 0..<20 where !over.contains("game over:") {
            terminal.type("r")
            over = terminal.waitFor(5) { $0.contains("game over:") || $0.contains("your move…") }
        }
        #expect(over.contains("game over:"))

        // Elsewhere, with the password: the same account and its game.
        let elsewhere = try RawClient(port: server.port, login: #"{"type":"login","name":"ann","password":"correct horse battery"}"#, seconds: 60)
        elsewhere.send(#"{"type":"stats","name":"ann","id":1}"#)
        let stats = try elsewhere.expect("stats")
        #expect(stats["account"] == true)
        #expect(stats["games"] == 1)
        #expect(stats["by_game"]?.objectValue?["rps"]?.objectValue?["games"] == 1)

        // The account screen shows both sessions; ending the other signs it out at once.
        terminal.type("q")
        terminal.waitFor("Quick play")
        terminal.type("a")
        let page = terminal.waitFor("Sessions (2)")
        #expect(page.contains("  Account  ann · made "))
        #expect(page.contains("  ▸ this client  since "))
        terminal.press("Down")
        terminal.type("x")
        terminal.waitFor("End that session? Whoever uses it is signed out.")
        terminal.type("y")
        // (The status line may show the match's last words instead: it shows one line at a time.)
        #expect(terminal.waitFor("Sessions (1)").contains("  ▸ this client  since "))
        #expect(try elsewhere.expect("signed_out") == ["type": "signed_out", "reason": "revoked"])
    }

    /// A rated rps match between two accounts: the room says "rated", each rating shows beside
    /// its name, and after the game the change shows there, in the log, and on the records
    /// screen with the history's sparkline.
    @Test func aRatedMatchShowsEachRatingChange() throws {
        let server = try ServerProcess(["--password-iterations", "100000"])
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        defer { try? FileManager.default.removeItem(at: settings) }
        let terminal = try Tmux(EndToEndTests.clientCommand(
            "--port \(server.port) --account ann --register --create rps --option rounds=1", settings: settings))
        defer { terminal.kill() }
        for prompt in ["Password for ann:", "The same password again:"] {
            terminal.waitFor(prompt)
            terminal.type("correct horse battery")
            terminal.press("Enter")
        }
        let waiting = terminal.waitFor(60) { $0.contains("waiting · 1 of 2 seated · rated") }
        #expect(waiting.contains("waiting · 1 of 2 seated · rated"), "\(waiting)")
        #expect(waiting.contains(" ann (1500?) 0 · 0 watching"))
        let code = try #require(waiting.split(separator: "\n").first?.split(separator: " ").first.map(String.init))

        let bob = try RawClient(port: server.port, login: #"{"type":"register","name":"bob","password":"correct horse battery"}"#, seconds: 60)
        bob.send(#"{"type":"join","room":"\#(code)","id":1}"#)
        try bob.expect("state") { $0["phase"] == "playing" }
        terminal.waitFor("your move…")
        terminal.type("r")
        bob.send(#"{"type":"throw","sign":"scissors","id":2}"#)
        let over = try bob.expect("game_over")
        #expect(over["ratings"]?.objectValue?["ann"]?.objectValue?["after"] == 1662.3)
        let screen = terminal.waitFor("ratings: ann 1662? (+162) · bob 1338? (−162)")
        #expect(screen.contains(" ann (1662? +162) 1 · bob (1338? −162) 0 · 0 watching"))
        #expect(screen.contains("rock-paper-scissors · over · rated"))
        terminal.type("i")
        #expect(terminal.waitFor("Your ratings").contains("    rock-paper-scissors   1662? · 1 rated · +162 ▄"))
    }
}
