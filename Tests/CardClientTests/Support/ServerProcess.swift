import Foundation
import Glibc

/// A real `cardserver` on a free loopback port, with its own data folder; `stop()` ends it and
/// removes what it wrote.
final class ServerProcess {
    let process = Process()
    let port: UInt16
    private let logURL: URL
    private let dataURL: URL

    /// A binary built beside the test bundle (`cardserver`, `cardclient`).
    /// A built binary beside the test bundle; `CARDSERVER_BIN` names another server (CI tests the release one).
    static func binary(_ name: String) -> URL {
        if name == "cardserver", let path = ProcessInfo.processInfo.environment["CARDSERVER_BIN"] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
    }

    init() throws {
        let unique = UUID().uuidString
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("cardclient-test-\(unique).log")
        dataURL = FileManager.default.temporaryDirectory.appendingPathComponent("cardclient-test-\(unique)-data")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = Self.binary("cardserver")
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--data", dataURL.path]
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var found: UInt16?
        for _ in 0..<500 where found == nil {
            if let log = try? String(contentsOf: logURL, encoding: .utf8), let range = log.range(of: "listening on 127.0.0.1:") {
                found = UInt16(log[range.upperBound...].prefix(while: \.isNumber))
            }
            if found == nil { usleep(10_000) }
        }
        guard let found else {
            process.terminate()
            throw TestFailure("cardserver did not start: \((try? String(contentsOf: logURL, encoding: .utf8)) ?? "")")
        }
        port = found
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its log and data.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        for _ in 0..<500 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: logURL)
        try? FileManager.default.removeItem(at: dataURL)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
