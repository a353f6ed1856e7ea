import Foundation
import Glibc

extension Attacks {
    /// Issue 39's item 4: from one address, connect, log in as a guest, create an rps room (a
    /// seat, which keeps the session for the grace period), close, as fast as the server answers,
    /// for as long as the attack runs. Each session used to stay for the grace period (340,473
    /// logins in 30 s: RSS 11 to 245 MiB, `cardserver_players` 340,474). Counts what the logins
    /// and the creates got; with `--server-pid`, the server's RSS before and after (KiB), and
    /// `cardserver_players` at the end, read from `/metrics` once the closes have been read.
    static func sessionChurn(_ context: AttackContext) {
        let before = context.serverPID.flatMap { ServerMemory.of($0) }
        let playersBefore = playersGauge(context)
        var number = 0
        while !context.stop.value {
            number += 1
            guard let connection = try? LineConnection(host: context.host, port: context.port, source: context.source) else {
                context.tally.add("connect failed")
                continue
            }
            // Speaking first, as a churning script does: no wait for the greeting.
            connection.send(#"{"type":"login","name":"c\#(number % 1_000_000)"}"#)
            while let line = connection.readLine() {
                if line.contains(#""hello""#) { continue }
                context.tally.add(line: line)
                if line.contains(#""welcome""#) {
                    connection.send(#"{"type":"create","game":"rps"}"#)
                    if let reply = connection.readLine() { context.tally.add("create: " + LineConnection.kind(of: reply)) }
                }
                break
            }
            connection.close()
        }
        // The server reads each close in its own time.
        usleep(2_000_000)
        if let playersBefore, let players = playersGauge(context) {
            context.tally.add("players before", playersBefore)
            context.tally.add("players after", players)
        }
        if let pid = context.serverPID, let before, let after = ServerMemory.of(pid) {
            context.tally.add("rss KiB before", before.residentKiB)
            context.tally.add("rss KiB after", after.residentKiB)
        }
    }

    /// `cardserver_players` from `/metrics`, asked from the attack's second address.
    private static func playersGauge(_ context: AttackContext) -> Int? {
        guard let connection = try? LineConnection(host: context.host, port: context.port, source: context.address(2)) else { return nil }
        defer { connection.close() }
        connection.send(Array("GET /metrics HTTP/1.1\r\nHost: \(context.host)\r\nConnection: close\r\n\r\n".utf8))
        while let line = connection.readLine() {
            if line.hasPrefix("cardserver_players ") { return Int(line.dropFirst("cardserver_players ".count)) }
        }
        return nil
    }
}
