import Foundation
import TestServers
import Testing

/// Two real `cardclient`s in two terminals (tmux) against a real `cardserver`: each opens
/// quick play and presses Enter on rps best of 3; the wave seats them against each other; one
/// resigns with X and the other reads the win.
@Suite(.ownThread, .needs(.tmux), .timeLimit(.minutes(5 * TestBudget.scale)))
struct QuickPlayEndToEndTests {
    @Test func twoClientsPressQuickPlayAndAreSeatedAgainstEachOther() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = [EndToEndTests.settingsFile(), EndToEndTests.settingsFile()]
        defer { settings.forEach { try? FileManager.default.removeItem(at: $0) } }
        let ann = try Tmux(EndToEndTests.clientCommand("--host 127.0.0.1 --port \(server.port) --name ann", settings: settings[0]))
        defer { ann.kill() }
        let bob = try Tmux(EndToEndTests.clientCommand("--host 127.0.0.1 --port \(server.port) --name bob", settings: settings[1]))
        defer { bob.kill() }
        for terminal in [ann, bob] {
            // The lobby opens on quick play, the day's deals under the pools with their boards.
            #expect(terminal.waitFor("nobody has played today's deal yet").contains("    Daily Klondike   nobody has played today's deal yet"))
            #expect(terminal.waitFor("Quick play").contains("  ▸ rps-3            rock-paper-scissors, best of 3"))
            terminal.press("Enter")
        }
        #expect(ann.waitFor("Waiting in rps-3").contains("rps-3            rock-paper-scissors, best of 3  waiting"))
        // The wave (3 s after the first) seats them in one room, the match under way.
        let annPlaying = ann.waitFor("your move…")
        let bobPlaying = bob.waitFor("your move…")
        let code = EndToEndTests.roomCode(annPlaying)
        #expect(code.count == 4)
        #expect(EndToEndTests.roomCode(bobPlaying) == code)
        #expect(annPlaying.contains(" ann 0 · bob 0 · 0 watching"))
        #expect(annPlaying.contains("paired from the pool rps-3"))
        // ann throws, so the match is under way: X asks to resign, y does it.
        ann.type("r")
        bob.waitFor("✔ thrown")
        ann.type("X")
        ann.waitFor("Resign? You lose this game (you stay in the room).")
        ann.type("y")
        #expect(bob.waitFor(" game over: you win").contains("ann resigned"))
        #expect(ann.waitFor(" game over: bob wins").contains(" ann 0 resigned · bob 0"))
    }
}
