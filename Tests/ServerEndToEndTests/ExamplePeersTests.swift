import Foundation
import TestServers
import Testing

/// The programs people write against the server, run against the server being tested: the
/// example bots (Examples/bots/, Python's standard library and jsonschema) and every game in a
/// real browser (Tests/Web/web_play.py: headless Chromium through Selenium, one scenario a
/// process, several at once). Each checks every line it sends and reads against
/// Protocol.schema.json and exits non-zero on any failure; its whole output is shown when it does.
@Suite(.ownThread, .timeLimit(.minutes(5 * TestBudget.scale)))
struct ExamplePeersTests {
    @Test(.needs(.pipPython("jsonschema", "regex")))
    func theExampleBotsPlayEveryGameTheyKnow() throws {
        let script = OutsidePeersTests.root.appendingPathComponent("Scripts/example-bots.sh").path
        let run = try OutsidePeersTests.run(script, [BuiltProgram.url("cardserver").path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("; every bot passed\n"), "\(run.output)")
    }

    /// web_play.py's scenarios, slowest first, so that run side by side they end together.
    static let browserScenarios = [
        "klondike-comforts-phone", "klondike-phone", "klondike-comforts", "klondike", "set-phone", "cardclient-mixed", "ratings", "concentration-phone", "set", "concentration",
        "links-mixed-rps", "rps-brain-phone", "rps-brain", "rps", "reload-restart", "account", "quickplay", "resign-abort", "challenge", "seek", "link-after-game", "klondike-double-click",
        "form-rules", "daily-front", "lobby-options",
        "no-emoji", "no-emoji-phone", "set-feedback", "set-feedback-phone", "toasts-phone",
    ]

    @Test(.needs(.chromium, .debianPython("selenium", "jsonschema", "regex")), arguments: browserScenarios)
    func aGamePlaysInABrowser(scenario: String) throws {
        let script = OutsidePeersTests.root.appendingPathComponent("Tests/Web/web_play.py").path
        let run = try OutsidePeersTests.run("/usr/bin/python3", [
            script, "--server", BuiltProgram.url("cardserver").path, "--cardbench", BuiltProgram.url("cardbench").path, "--only", scenario,
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("web: \(scenario): ok, "), "\(run.output)")
        #expect(run.output.contains("web: 1 passed, 0 failed; "), "\(run.output)")
    }

    @Test(.needs(.debianPython("selenium", "jsonschema", "regex")))
    func everyBrowserScenarioIsRun() throws {
        let script = OutsidePeersTests.root.appendingPathComponent("Tests/Web/web_play.py").path
        let run = try OutsidePeersTests.run("/usr/bin/python3", [script, "--list"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.split(separator: "\n").map(String.init).sorted() == Self.browserScenarios.sorted())
    }
}
