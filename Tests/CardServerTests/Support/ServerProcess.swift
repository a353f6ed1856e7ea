import Foundation
import Testing

/// A real `cardserver` process on a free loopback port, for end-to-end tests.
///
/// Every test that starts one stops it (`stop()`); the port comes from the
/// server's own "listening on" log line, so there is no race for a free port.
final class ServerProcess {
    let process = Process()
    let port: UInt16
    let logURL: URL
    /// The results journal's folder, made for this server and removed by `stop()`.
    let dataURL: URL

    /// The built `cardserver` binary: beside the test bundle, or `CARDSERVER_BIN`.
    static var binaryURL: URL {
        if let path = ProcessInfo.processInfo.environment["CARDSERVER_BIN"] {
            return URL(fileURLWithPath: path)
        }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("cardserver")
    }

    /// Starts a server; `dataURL` is a new empty folder unless `data` names one to reuse.
    init(_ arguments: [String] = [], data: URL? = nil) throws {
        let unique = UUID().uuidString
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-test-\(unique).log")
        dataURL = data ?? FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-test-\(unique)-data")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = Self.binaryURL
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--data", dataURL.path] + arguments
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var found: UInt16?
        for _ in 0..<500 where found == nil {
            if let log = try? String(contentsOf: logURL, encoding: .utf8),
               let range = log.range(of: "listening on 127.0.0.1:") {
                let digits = log[range.upperBound...].prefix(while: \.isNumber)
                found = UInt16(digits)
            }
            if found == nil { usleep(10_000) }
        }
        guard let found else {
            process.terminate()
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            throw TestFailure("cardserver did not start: \(log)")
        }
        port = found
    }

    /// What the server wrote on stderr so far.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Sends a signal (SIGTERM by default) and waits up to 5 s for exit; kills it after that.
    /// - Returns: the exit status.
    /// - Parameter keepData: leave the journal folder for a restarted server.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, keepData: Bool = false) -> Int32 {
        defer {
            if !keepData { try? FileManager.default.removeItem(at: dataURL) }
        }
        if process.isRunning {
            kill(process.processIdentifier, signal)
        }
        for _ in 0..<500 where process.isRunning {
            usleep(10_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: logURL)
        return process.terminationStatus
    }

    /// Connects from 127.0.0.1, or from `source` (another loopback address).
    func connect(timeout: TimeInterval = 5, from source: String? = nil) throws -> TestClient {
        try TestClient(port: port, timeout: timeout, source: source)
    }

    /// Connects (from `source`, if given), reads `hello` and logs in.
    func player(_ name: String, from source: String? = nil) throws -> TestClient {
        let client = try connect(from: source)
        try client.expect("hello")
        client.send(#"{"type":"login","name":"\#(name)"}"#)
        client.token = try client.expect("welcome")["token"]?.stringValue
        return client
    }

    /// ann sends `create` (the whole line) and bob joins the room it made; both have read
    /// their `joined`, nothing after it.
    func seatAnnAndBob(create: String) throws -> (ann: TestClient, bob: TestClient, room: String) {
        let ann = try player("ann")
        ann.send(create)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        let bob = try player("bob")
        bob.send(#"{"type":"join","room":"\#(room)"}"#)
        try bob.expect("joined")
        return (ann, bob, room)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
