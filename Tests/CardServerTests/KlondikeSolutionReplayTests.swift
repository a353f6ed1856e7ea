@testable import cardbench
import CardServer
import ServerTestSupport
import Testing
import Wire

/// `cardbench klondike-solver --solution SEED` prints lines to send in a one-seat room with
/// that seed and draw: sent to the server (on virtual time), they play the deal to all 52 cards home.
struct KlondikeSolutionReplayTests {
    /// Deal 339 drawing three is won by the search over face-up cards in shuffled orders, on
    /// the second thread: its line, rearrangements made real, goes through the server too.
    @Test(arguments: [(UInt64(1), 1, 1), (UInt64(2), 3, 1), (UInt64(339), 3, 2)])
    func aPrintedSolutionWinsOnTheServersOwnRules(seed: UInt64, draw: Int, threads: Int) throws {
        // The budget bounds a search that finds its line in about a second here; it is no
        // timing assertion, and a loaded machine (or AddressSanitizer) may take ten times longer.
        let lines = try KlondikeSolverBench.solutionLines(seed: seed, draw: draw, budgetMilliseconds: 120_000, threads: threads)
        #expect(lines.count > 52)
        let server = try VirtualServer(config: ServerConfig(version: "test", commandRate: 0))
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"klondike","options":{"seed":\#(seed),"draw":\#(draw)}}"#)
        try ann.expect("joined")
        try ann.expect("state")
        for (number, line) in lines.enumerated() {
            ann.send(line)
            let reply = try ann.receive()
            #expect(reply["type"] == .string("ok"), "line \(number + 1), \(line): \(reply.jsonText)")
            if number < lines.count - 1 {
                try ann.expect("state")
            }
        }
        let (solved, _) = try ann.receive(until: "solved")
        #expect(solved["moves"] == .int(lines.count))
        let (over, _) = try ann.receive(until: "game_over")
        #expect(over["winners"] == .array(["ann"]))
    }
}
