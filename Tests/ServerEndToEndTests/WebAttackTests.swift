import Foundation
import ServerTestSupport
import Testing
import TestServers

/// `cardbench attack`'s HTTP and WebSocket attacks, run against a real server: each attacker
/// gets the documented answer, and the innocent player on another address plays on throughout.
/// (How fast the innocent's pings come back is the bench's figure, not asserted here.)
@Suite(.ownThread, .serialized)
struct WebAttackTests {
    /// Runs one attack for `seconds` and returns its JSON report.
    static func attack(_ name: String, on server: ServerProcess, seconds: Int = 3) throws -> [String: Any] {
        let (status, output, errors) = try OutsidePeersTests.run(
            BuiltProgram.url("cardbench").path,
            ["attack", "--port", String(server.port), "--only", name, "--seconds", String(seconds), "--format", "json"], errorsApart: true)
        #expect(status == 0, "\(output)\(errors)")
        let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") }, "\(output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    @Test func aThousandUpgradesABigFrameAnUnmaskedFrameAndAPingFloodCostTheInnocentNothing() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // Its 1,000 upgrades are made one after another until the attack's time is up: a slower
        // server (a sanitized debug build) is given longer.
        let report = try Self.attack("websocket", on: server, seconds: 3 * TestBudget.scale)
        // One address's connections stop at its cap of 64; the rest get `503`. A frame
        // announcing 1 MiB is closed with 1009, an unmasked one with 1002; 10,000 pings whose
        // pongs are never read stop being read.
        #expect(report["attacker_got"] as? [String: Int] == [
            "upgraded": 64, "HTTP/1.1 503": 936, "1 MiB frame: close 1009": 1, "unmasked frame: close 1002": 1,
        ])
        #expect(report["innocent_disconnected"] as? Bool == false)
        #expect(try #require(report["innocent_draws"] as? Int) > 0)
        #expect(try #require(report["pings"] as? Int) > 0)
        // The server is still whole: a new player is greeted and answered.
        let after = try server.connect()
        try after.expect("hello")
    }

    @Test func slowHeadersAreCutOffAtTheDeadlineWhileTheInnocentPlaysOn() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // The attack runs past the server's 10 s deadline for a request head (12 s).
        let report = try Self.attack("slow-headers", on: server)
        #expect(report["attacker_got"] as? [String: Int] == ["HTTP/1.1 408": 60])
        #expect(report["attackers_cut"] as? Int == 60)
        #expect(report["innocent_disconnected"] as? Bool == false)
        #expect(try #require(report["innocent_draws"] as? Int) > 0)
    }
}
