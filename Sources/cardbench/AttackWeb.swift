import Foundation
import Glibc

// The attacks of issue 30: HTTP and WebSocket on the game port.
extension Attacks {
    /// How long the slow-header attack must run: past the server's 10 s header deadline.
    static let slowHeaderSeconds = 12

    private static let upgradeRequest = Array(
        ("GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)

    /// 60 connections from one address (under its cap of 64) sending a request head one byte
    /// a second (slowloris); each is counted by what it got (`408` once the deadline passes).
    static func slowHeaders(_ context: AttackContext) {
        var slow: [LineConnection] = []
        for _ in 0 ..< 60 {
            guard let connection = try? LineConnection(host: context.host, port: context.port, source: context.source) else {
                context.tally.add("connect failed")
                continue
            }
            connection.send(Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8))
            slow.append(connection)
        }
        while !context.stop.value {
            for connection in slow where !connection.closedByServer {
                connection.send(Array("X".utf8))
            }
            usleep(1_000_000)
        }
        for connection in slow {
            let status = connection.readLine().map { $0.split(separator: " ").prefix(2).joined(separator: " ") } ?? "nothing"
            context.tally.add(status)
            while connection.readLine() != nil {}
            context.tally.noteClosed(connection)
        }
    }

    /// WebSocket abuse: 1,000 upgrades at once from one address (its cap refuses all but 64),
    /// then from upgraded sockets a frame announcing 1 MiB, an unmasked frame, and 10,000 pings
    /// whose pongs are never read. Each is counted by the close code it got.
    static func webSocket(_ context: AttackContext) {
        var upgraded: [LineConnection] = []
        var refused: [LineConnection] = []
        // All 1,000, even past the attack's time on a slow server (a sanitized build under
        // load): what the attacker got is counted against that number.
        for _ in 0 ..< 1_000 {
            guard let connection = try? LineConnection(host: context.host, port: context.port, source: context.address(2)) else {
                context.tally.add("connect failed")
                continue
            }
            connection.send(upgradeRequest)
            guard let first = connection.readLine() else {
                context.tally.add("no answer")
                refused.append(connection)
                continue
            }
            if first.hasPrefix("HTTP/1.1 101") {
                context.tally.add("upgraded")
                // The rest of the head, up to its blank line.
                while let line = connection.readLine(), line != "\r" {}
                upgraded.append(connection)
            } else {
                context.tally.add(line: first)
                refused.append(connection)
            }
        }
        for connection in refused { connection.close() }
        let abuses: [(String, [UInt8])] = [
            ("1 MiB frame", [0x81, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4]),
            ("unmasked frame", [0x81, 0x05] + Array("hello".utf8)),
            ("10,000 pings", [[UInt8]](repeating: [0x89, 0x80, 0, 0, 0, 0], count: 10_000).flatMap { $0 }),
        ]
        for (index, (name, bytes)) in abuses.enumerated() where index < upgraded.count {
            let connection = upgraded[index]
            connection.send(bytes)
            if index == 2 {
                // Never read: the server stops reading it; what it has sent is dropped at the end.
                continue
            }
            context.tally.add("\(name): close \(closeCode(connection).map(String.init) ?? "none")")
            context.tally.noteClosed(connection)
        }
        while !context.stop.value { usleep(50_000) }
        for connection in upgraded { connection.close() }
    }

    /// The code of the first close frame the server sends, reading raw bytes until it comes or the connection ends.
    private static func closeCode(_ connection: LineConnection) -> UInt16? {
        var seen: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let index = seen.indices.first(where: { seen[$0] == 0x88 && $0 + 3 < seen.count && seen[$0 + 1] >= 2 && seen[$0 + 1] < 126 }) {
                return UInt16(seen[index + 2]) << 8 | UInt16(seen[index + 3])
            }
            let count = chunk.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            seen += chunk[..<count]
        }
    }
}
