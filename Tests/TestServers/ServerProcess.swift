import Foundation
import Glibc

/// A real `cardserver` on a free loopback port with a data directory of its own, started the
/// way systemd, a shell or Docker start it: `posix_spawn` with no signal blocked, every signal
/// at its default action, and no descriptor of the test runner's but 0-2.
///
/// `Foundation.Process` passes on the test runner's signal mask, in which SIGTERM may be
/// blocked: a server started that way can look as if it handles signals when it would die of
/// them in production. The port is read from the server's own "listening on" log line, so
/// there is no race for a free port. Every test that starts one stops it (``stop(signal:keepData:)``);
/// one that is let go is killed, and its log and data removed.
public final class ServerProcess {
    /// The server's process id.
    public let pid: pid_t
    /// The loopback port it listens on.
    public let port: UInt16
    /// Where its stderr goes; removed when the server is let go.
    public let logURL: URL
    /// Its data directory (`--data`): a new one unless the test named one.
    public let dataURL: URL
    /// The options given after the fixed ones, which ``restart(after:arguments:)`` gives again.
    public let arguments: [String]
    /// Its RLIMIT_NOFILE, soft and hard; nil when it has the test runner's.
    public let openFileLimit: Int?
    private var exit: ProcessExit?
    /// Whether the data directory outlives this server (a restart runs on it).
    private var keepsData = false

    /// Starts a server and waits (up to `startWithin` seconds, 10 by default, times
    /// `TEST_TIME_SCALE`) for it to listen.
    /// - Parameters:
    ///   - arguments: options after the fixed ones (`--host 127.0.0.1 --port 0 --data <dir>`).
    ///   - data: a data directory to start on (another server's, for a restart); nil for a new one.
    ///   - openFileLimit: the server's RLIMIT_NOFILE, soft and hard (so it cannot raise it), set by
    ///     `/bin/sh`'s `ulimit -n` before it execs the server; nil leaves the limit as it is.
    ///   - startWithin: how long it may take to listen: longer for a start that replays much.
    /// - Throws: `TestFailure` with the server's log when it does not start.
    public init(_ arguments: [String] = [], data: URL? = nil, openFileLimit: Int? = nil, startWithin: Double = 10) throws {
        let unique = UUID().uuidString
        let temporary = FileManager.default.temporaryDirectory
        logURL = temporary.appendingPathComponent("cardserver-test-\(unique).log")
        dataURL = data ?? temporary.appendingPathComponent("cardserver-test-\(unique)-data")
        self.arguments = arguments
        self.openFileLimit = openFileLimit
        let serverArguments = ["--host", "127.0.0.1", "--port", "0", "--data", dataURL.path] + arguments
        pid = try BuiltProgram.spawn(
            BuiltProgram.url("cardserver").path, serverArguments, openFileLimit: openFileLimit,
            output: "/dev/null", error: logURL.path)

        switch Self.listeningPort(pid: pid, log: logURL, within: TestBudget.seconds(startWithin)) {
        case .success(let found):
            port = found
        case .failure(let failure):
            try? FileManager.default.removeItem(at: logURL)
            if data == nil { try? FileManager.default.removeItem(at: dataURL) }
            throw failure
        }
    }

    /// The port of the server's "listening on" log line, waiting up to `seconds` for it; a
    /// server that exits first or is still silent then (it is killed) fails with its log.
    private static func listeningPort(pid: pid_t, log: URL, within seconds: Double) -> Result<UInt16, TestFailure> {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while true {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            // The whole number: the line may be read while it is being written.
            if let range = text.range(of: "listening on 127.0.0.1:"), text[range.upperBound...].contains(where: { !$0.isNumber }),
               let port = UInt16(text[range.upperBound...].prefix(while: \.isNumber)) {
                return .success(port)
            }
            if waitpid(pid, &status, WNOHANG) == pid {
                return .failure(TestFailure("cardserver did not start (\(ProcessExit(waitStatus: status))): \(text)"))
            }
            if Date() >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return .failure(TestFailure("cardserver did not start within \(Int(seconds)) s: \(text)"))
            }
            usleep(10_000)
        }
    }

    deinit {
        if exit == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 10)
        }
        try? FileManager.default.removeItem(at: logURL)
        if !keepsData { try? FileManager.default.removeItem(at: dataURL) }
    }

    /// What the server wrote on stderr so far.
    public var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Whether the process has not ended yet.
    public var isRunning: Bool {
        guard exit == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exit = ProcessExit(waitStatus: status)
        return false
    }

    /// Sends `signal` to the server.
    public func signal(_ signal: Int32) {
        if exit == nil { kill(pid, signal) }
    }

    /// How the process ended, waiting up to `seconds` for it; nil if it is still running.
    public func waitForExit(seconds: Double) -> ProcessExit? {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline {
            usleep(10_000)
        }
        return exit
    }

    /// Sends `signal` (SIGTERM by default), waits up to 10 s for the exit, and kills the server
    /// after that. Calling it again returns the same exit. The log stays readable.
    /// - Parameter keepData: leave the data directory for a restarted server.
    /// - Returns: how the process ended.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, keepData: Bool = false) -> ProcessExit {
        self.signal(signal)
        var ended = waitForExit(seconds: 10)
        if ended == nil {
            kill(pid, SIGKILL)
            ended = waitForExit(seconds: 10)
        }
        if keepData {
            keepsData = true
        } else if !keepsData {
            try? FileManager.default.removeItem(at: dataURL)
        }
        return ended ?? .signalled(SIGKILL)
    }

    /// Stops this server with `signal` (SIGKILL by default: a crash) and starts another on its
    /// data directory, with the same options and open-file limit, or with `arguments`.
    /// The new server owns the data directory from then on.
    public func restart(after signal: Int32 = SIGKILL, arguments: [String]? = nil, startWithin: Double = 10) throws -> ServerProcess {
        stop(signal: signal, keepData: true)
        return try ServerProcess(arguments ?? self.arguments, data: dataURL, openFileLimit: openFileLimit, startWithin: startWithin)
    }
}

/// How a process ended.
public enum ProcessExit: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// Decodes a `waitpid` status (WIFEXITED, WEXITSTATUS and WTERMSIG are C macros).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    public var description: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signalled(let signal): "signal \(signal)"
        }
    }
}
