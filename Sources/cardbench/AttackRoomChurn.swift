import Foundation
import Glibc

extension Attacks {
    /// Connections that watch the room-churn attack's room and leave it, each from an address
    /// of its own.
    static let roomChurnVisitors = 4

    /// Issue 39's last item, a game's log past a bound: a player sits alone in a Klondike game
    /// while 4 connections watch it and leave, over and over, as fast as the server answers
    /// (the command rate), and the player drops its connection and comes back with its token
    /// in a loop. The visits are comings and goings a summary replaces; the returns are the
    /// game's, and a seat has 1,000 of them a game: past them the seat is given up, its room
    /// closes and the attack ends. Counts the visits, the returns taken and what the rest got
    /// (the refusal's words once); with `--server-pid`, `rooms.log`'s size before and after,
    /// and what the data directory grew.
    static func roomChurn(_ context: AttackContext) {
        let before = context.serverPID.flatMap(DataDirectorySize.of(serverPID:))
        let logBefore = context.serverPID.flatMap { DataDirectorySize.of(serverPID: $0, file: "rooms.log") }
        guard let sitter = try? LineConnection(host: context.host, port: context.port, source: context.source) else {
            return context.tally.add("connect failed")
        }
        sitter.send(#"{"type":"login","name":"sitter"}"#)
        guard let welcome = sitter.readLine(containing: #""welcome""#), let token = field("token", of: welcome) else {
            return context.tally.add("refused at login")
        }
        sitter.send(#"{"type":"create","game":"klondike","options":{"winnable":false}}"#)
        guard let joined = sitter.readLine(containing: #""joined""#), let room = field("room", of: joined) else {
            return context.tally.add("game refused")
        }
        let visitors = (0..<roomChurnVisitors).compactMap { context.player("visitor\($0)", from: $0 + 2) }
        var said: Set<String> = []
        func count(_ line: String) {
            let kind = LineConnection.kind(of: line)
            context.tally.add(kind)
            if let message = field("message", of: line), said.insert(message).inserted { context.tally.add("\(kind): \(message)") }
        }
        var seat: LineConnection? = sitter
        var roomGone = false
        while !context.stop.value, !roomGone {
            for visitor in visitors where !context.stop.value && !roomGone {
                visitor.send(#"{"type":"watch","room":"\#(room)","id":1}"#)
                guard let watching = visitor.readLine(containing: #""id":1"#) else { continue }
                guard watching.contains(#""watching""#) else {
                    count(watching)
                    // The seat given up, its room closed: nothing is left to visit.
                    roomGone = LineConnection.kind(of: watching) == "no_such_room"
                    continue
                }
                visitor.send(#"{"type":"leave","id":2}"#)
                guard let left = visitor.readLine(containing: #""id":2"#) else { continue }
                if left.contains(#""left""#) { context.tally.add("visits") } else { count(left) }
            }
            // The sitter's connection drops; a new one comes back to the seat.
            guard !context.stop.value, seat != nil else { continue }
            seat?.close()
            seat = nil
            guard let again = try? LineConnection(host: context.host, port: context.port, source: context.source) else {
                context.tally.add("connect failed")
                continue
            }
            again.send(#"{"type":"login","token":"\#(token)","id":3}"#)
            guard let answer = again.readLine(containing: #""id":3"#) else { continue }
            if answer.contains(#""welcome""#) {
                context.tally.add("returns")
                seat = again
            } else {
                // Refused: the seat was given up. The visits go on.
                count(answer)
                again.close()
            }
        }
        seat?.send(#"{"type":"leave"}"#)
        for visitor in visitors { context.tally.noteClosed(visitor) }
        if let pid = context.serverPID {
            if let logBefore, let logAfter = DataDirectorySize.of(serverPID: pid, file: "rooms.log") {
                context.tally.add("rooms.log KiB before", logBefore / 1024)
                context.tally.add("rooms.log KiB after", logAfter / 1024)
            }
            if let before, let after = DataDirectorySize.of(serverPID: pid) {
                context.tally.add("data directory KiB grown", max(0, after - before) / 1024)
            }
        }
    }

    /// A string field of a JSON line, read as text (the lines are the server's own).
    private static func field(_ name: String, of line: String) -> String? {
        line.range(of: "\"\(name)\":\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
    }
}
