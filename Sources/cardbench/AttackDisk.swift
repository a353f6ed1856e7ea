import Foundation
import Glibc

/// The attacks on the server's disk (issue 26): a stranger who fills it with finished
/// games, and an operator who starts a second server on the same data directory.
extension Attacks {
    /// Connections the disk-fill attack plays from, all from one address.
    static let diskFillConnections = 40

    /// 40 connections from one address, each playing one-round rps against the robot and
    /// offering a rematch the moment it ends, as fast as the server answers: every game a
    /// results line and a replay file. Counts the games finished (`game_over`) and refused
    /// (`rate_limited` past `--games-per-minute`, `server_busy` on a full disk), and, with
    /// `--server-pid`, how much the data directory grew.
    static func diskFill(_ context: AttackContext) {
        let before = context.serverPID.flatMap(DataDirectorySize.of(serverPID:))
        let players = (0..<diskFillConnections).compactMap { context.player("filler\($0)") }
        for player in players { player.send(#"{"type":"create","game":"rps","options":{"bot":"random","rounds":1}}"#) }
        var waiting = players.map { _ in false }
        while !context.stop.value, !players.isEmpty {
            for (index, player) in players.enumerated() where !context.stop.value {
                player.send(waiting[index] ? #"{"type":"start"}"# : #"{"type":"throw","sign":"rock"}"#)
                guard let line = player.readLine() else { continue }
                let kind = LineConnection.kind(of: line)
                switch kind {
                case "rate_limited", "server_busy", "storage_unavailable":
                    context.tally.add(kind)
                    // Refused: wait as told before the next try (a well-behaved flood).
                    usleep(20_000)
                case "thrown":
                    // The round, the state, and game_over when the round had a winner (a draw
                    // replays the round).
                    let round = player.readUntil(#""state""#) ?? []
                    guard !round.contains(where: { $0.contains(#""winner":null"#) }) else { continue }
                    if player.readUntil(#""game_over""#) != nil {
                        context.tally.add("game_over")
                        waiting[index] = true
                    }
                case "ok":
                    waiting[index] = false
                    _ = player.readUntil(#""state""#)
                case "illegal_move":
                    // A throw after the game ended (draws replay the round): offer the rematch.
                    waiting[index] = true
                default:
                    break
                }
            }
        }
        if let before, let after = context.serverPID.flatMap(DataDirectorySize.of(serverPID:)) {
            context.tally.add("data directory KiB grown", max(0, after - before) / 1024)
        }
        for player in players { context.tally.noteClosed(player) }
    }

    /// Solo Klondike games the live-disk-fill attack draws in, all from one address.
    static let liveDiskFillGames = 19

    /// Issue 39's M5: 19 solo Klondike games from one address, each drawing at the command
    /// rate (50 a second) for as long as the attack runs, to grow the room log with games
    /// under way rather than finished ones. Counts the draws taken and refused by code, the
    /// refusals' words once each (a seat past its reserve on a short disk), and with
    /// `--server-pid` how much the data directory grew. Against a server whose data budget
    /// is small (`--max-data-size 2M`) the draws stop at each seat's reserve while the
    /// innocent's game plays on.
    static func liveDiskFill(_ context: AttackContext) {
        let before = context.serverPID.flatMap(DataDirectorySize.of(serverPID:))
        let players = (0..<liveDiskFillGames).compactMap { context.player("drawer\($0)") }
        var playing: [LineConnection] = []
        for player in players {
            player.send(#"{"type":"create","game":"klondike","options":{"winnable":false}}"#)
            guard let joined = player.readLine(), joined.contains(#""joined""#) else {
                context.tally.add("game refused")
                continue
            }
            _ = player.readUntil(#""state""#)
            playing.append(player)
        }
        context.tally.add("games", playing.count)
        var said: Set<String> = []
        var next = Date()
        while !context.stop.value, !playing.isEmpty {
            // 50 draws a second from each game: the rate a well-behaved flood keeps to.
            next = next.addingTimeInterval(0.02)
            for player in playing where !context.stop.value {
                player.send(#"{"type":"draw"}"#)
                guard let line = player.readLine() else { continue }
                let kind = LineConnection.kind(of: line)
                if kind == "ok" {
                    context.tally.add("draws taken")
                    _ = player.readUntil(#""state""#)
                } else {
                    context.tally.add(kind)
                    if let message = line.range(of: #""message":""#).map({ String(line[$0.upperBound...].prefix { $0 != "\"" }) }),
                       said.insert(message).inserted {
                        context.tally.add("\(kind): \(message)")
                    }
                }
            }
            let wait = next.timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        }
        if let before, let after = context.serverPID.flatMap(DataDirectorySize.of(serverPID:)) {
            context.tally.add("data directory KiB grown", max(0, after - before) / 1024)
        }
        for player in players {
            player.send(#"{"type":"leave"}"#)
            context.tally.noteClosed(player)
        }
    }

    /// Starts the server's own binary again with its own arguments (same port, same
    /// `--data`), as a careless operator or a second systemd unit would. It must exit 1 at
    /// once, saying the directory is in use, having touched nothing; the running server
    /// must not notice. Needs `--server-pid`.
    static func secondStart(_ context: AttackContext) {
        guard let pid = context.serverPID,
              let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
              let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
              let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
        else {
            return context.tally.add("needs --server-pid")
        }
        let arguments = cmdline.split(separator: 0).dropFirst().map { String(decoding: $0, as: UTF8.self) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return context.tally.add("could not start the second server") }
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return context.tally.add("second server kept running")
        }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let refused = process.terminationStatus == 1 && said.contains("is in use by cardserver pid \(pid)")
        context.tally.add(refused ? "second start refused (exit 1, directory in use)" : "second start NOT refused (exit \(process.terminationStatus))")
    }
}

/// The bytes under a running server's `--data` directory, found from its command line.
enum DataDirectorySize {
    /// The size of one file under the directory (`rooms.log`), or nil.
    static func of(serverPID pid: Int32, file: String) -> Int? {
        guard let directory = path(serverPID: pid) else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: directory + "/" + file))?[.size] as? Int
    }

    static func of(serverPID pid: Int32) -> Int? {
        guard let path = path(serverPID: pid), let walker = FileManager.default.enumerator(atPath: path) else { return nil }
        var total = 0
        while let name = walker.nextObject() as? String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
            total += (attributes?[.size] as? Int) ?? 0
        }
        return total
    }

    /// The data directory's path, from the server's command line and working directory.
    private static func path(serverPID pid: Int32) -> String? {
        guard let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
              let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
        else { return nil }
        let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        var directory = "./cardserver-data"
        if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { directory = arguments[index + 1] }
        return directory.hasPrefix("/") ? directory : cwd + "/" + directory
    }
}
