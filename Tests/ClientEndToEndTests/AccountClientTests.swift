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
        terminal.waitFor("Public rooms")
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
}
