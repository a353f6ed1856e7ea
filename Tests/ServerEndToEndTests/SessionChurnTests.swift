import Foundation
import ServerTestSupport
import Testing
import TestServers

/// Connecting, logging in as a guest and closing, in a loop, from one address: each session
/// ends with its connection when it holds no seat, so nothing piles up for the grace period
/// (it held 340,000 sessions and 245 MiB after 30 s). A player with a seat is still kept.
@Suite(.ownThread)
struct SessionChurnTests {
    /// The value of one unlabelled gauge in `/metrics`.
    static func gauge(_ name: String, on server: ServerProcess) throws -> Int? {
        let request = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        let body = try httpExchange(port: server.port, request).body
        let line = body.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.dropFirst(name.count + 1)) }
    }

    @Test func twoThousandGuestsWhoLogInAndCloseLeaveOnlyTheSeatedPlayer() throws {
        // The guest logins cap (120 a minute an address) would stop the churn at once: off,
        // to show that what passes it holds nothing.
        let server = try ServerProcess(["--guest-logins-per-minute", "0"])
        defer { server.stop() }
        // One player with a seat, whose connection drops: kept for the grace period.
        let ann = try server.player("ann")
        ann.send(#"{"type":"create","game":"rps","seats":2}"#)
        try ann.expect("joined")
        ann.close()

        for number in 0..<2_000 {
            // Speaking first (no wait for the greeting delay), as a churning script would.
            let guest = try server.connect()
            guest.send(#"{"type":"login","name":"guest\#(number)"}"#)
            _ = try guest.receive(until: "welcome")
            guest.close()
        }
        // The server reads each close in its own time: ask until the count settles.
        let deadline = Date().addingTimeInterval(TestBudget.seconds(10))
        var players = try Self.gauge("cardserver_players", on: server)
        while players != 1, Date() < deadline {
            usleep(20_000)
            players = try Self.gauge("cardserver_players", on: server)
        }
        #expect(players == 1, "only ann, whose seat waits for her")
        #expect(server.log.contains("guest1999 (p2001) left, in no room: the session ends"), "\(server.log.suffix(500))")
        // The names are free at once.
        let again = try server.player("guest0")
        #expect(again.token != nil)
    }
}
