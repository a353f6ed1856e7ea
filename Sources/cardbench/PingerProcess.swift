import Foundation
import Glibc

/// The innocent client's pinger, in a process of its own so that the attack's threads never
/// delay its pings (issue 39): three connections take turns, one ping every 10 ms in all (each
/// at a third of that, under the default command rate of 50 a second), each waiting for its
/// pong. The process prints each round trip in microseconds, a line each, then `cut` if the
/// server closed one of its connections; the attack bench starts it with `CARDBENCH_PINGER`.
enum PingerProcess {
    /// The environment variable that makes cardbench the pinger: "HOST PORT SOURCE MILLISECONDS".
    static let variable = "CARDBENCH_PINGER"
    /// Time between two pings, from the start of one to the start of the next.
    static let interval: UInt64 = 10_000_000
    static let connections = 3

    /// Runs the pinger when this process was started as one; returns false otherwise.
    static func runIfAsked() -> Bool {
        guard let value = getenv(variable).map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: " ").map(String.init)
        guard parts.count == 4, let port = UInt16(parts[1]), let milliseconds = UInt64(parts[3]) else {
            writeStandardError("Error: \(variable) must be HOST PORT SOURCE MILLISECONDS, not '\(value)'\n")
            exit(64)
        }
        ping(host: parts[0], port: port, source: parts[2], for: milliseconds * 1_000_000)
        return true
    }

    private static func ping(host: String, port: UInt16, source: String, for duration: UInt64) {
        var pingers: [LineConnection] = []
        for number in 0 ..< connections {
            guard let connection = try? LineConnection.player("pinger\(number)", host: host, port: port, source: source) else {
                print("refused")
                return
            }
            pingers.append(connection)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var next = start
        var turn = 0
        var output = ""
        while DispatchTime.now().uptimeNanoseconds - start < duration {
            let now = DispatchTime.now().uptimeNanoseconds
            if next > now { usleep(UInt32((next - now) / 1_000)) }
            next += interval
            let pinger = pingers[turn % connections]
            turn += 1
            let sent = DispatchTime.now().uptimeNanoseconds
            guard pinger.send(#"{"type":"ping"}"#), pinger.readUntil(#""pong""#) != nil else {
                // No pong: the wait counts (a frozen server), and a close is a cut.
                output += "\((DispatchTime.now().uptimeNanoseconds - sent) / 1_000)\n"
                if pinger.closedByServer { output += "cut\n" }
                break
            }
            output += "\((DispatchTime.now().uptimeNanoseconds - sent) / 1_000)\n"
            // A ping that took longer than the interval delays the next, not a burst of them.
            next = max(next, DispatchTime.now().uptimeNanoseconds)
        }
        print(output, terminator: "")
        fflush(nil)
    }

    /// Starts the pinger process against `host:port` from `source` for `seconds`.
    static func start(host: String, port: UInt16, source: String, seconds: Int) throws(BenchError) -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = []
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "\(host) \(port) \(source) \(seconds * 1_000)"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw BenchError("could not start the pinger process: \(error)")
        }
        return (process, output)
    }

    /// Waits for the pinger to end: its round trips (µs), and whether the server cut it off.
    static func finish(_ started: (process: Process, output: Pipe)) -> (pings: [Double], cut: Bool, refused: Bool) {
        let data = started.output.fileHandleForReading.readDataToEndOfFile()
        started.process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return (lines.compactMap { Double($0) }, lines.contains("cut"), lines.contains("refused"))
    }
}
