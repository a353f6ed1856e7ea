import Foundation
import Glibc

/// A `cardserver` started the way systemd, a shell or Docker start it: no blocked
/// signals and default signal dispositions (`posix_spawn` with
/// `POSIX_SPAWN_SETSIGMASK` and `POSIX_SPAWN_SETSIGDEF`).
///
/// `Foundation.Process` passes on the test runner's signal mask, in which SIGTERM
/// may be blocked: a server started that way can look as if it handles signals
/// when it would die of them in production.
final class SpawnedServer {
    let pid: pid_t
    let port: UInt16
    let logURL: URL
    let dataURL: URL
    private var exitStatus: Int32?

    /// Starts a server with these options after the fixed ones (loopback, a free port, a new data folder).
    /// - Parameter openFileLimit: the server's RLIMIT_NOFILE, soft and hard (so it cannot raise it),
    ///   set by `/bin/sh`'s `ulimit -n` before it execs the server; nil leaves the limit as it is.
    init(_ arguments: [String] = [], openFileLimit: Int? = nil) throws {
        let unique = UUID().uuidString
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-spawned-\(unique).log")
        dataURL = FileManager.default.temporaryDirectory.appendingPathComponent("cardserver-spawned-\(unique)-data")
        let path = ServerProcess.binaryURL.path
        let serverArguments = [path, "--host", "127.0.0.1", "--port", "0", "--data", dataURL.path] + arguments
        let program = openFileLimit == nil ? path : "/bin/sh"
        let argv = openFileLimit.map { ["/bin/sh", "-c", "ulimit -n \($0) && exec \"$0\" \"$@\""] + serverArguments } ?? serverArguments

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, logURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else: the test runner's own descriptors (other tests' sockets) stay behind,
        // as a service manager leaves its own. (A GNU extension, which Swift's Glibc module
        // leaves out: looked up by name.)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // Every catchable signal back to its default action, as a fresh service has.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw TestFailure("posix_spawn \(program): \(String(cString: strerror(status)))") }
        pid = child

        var found: UInt16?
        for _ in 0..<500 where found == nil {
            if let log = try? String(contentsOf: logURL, encoding: .utf8),
               let range = log.range(of: "listening on 127.0.0.1:") {
                found = UInt16(log[range.upperBound...].prefix(while: \.isNumber))
            }
            if found == nil { usleep(10_000) }
        }
        guard let found else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            throw TestFailure("cardserver did not start: \(log)")
        }
        port = found
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 5)
        }
        try? FileManager.default.removeItem(at: logURL)
        try? FileManager.default.removeItem(at: dataURL)
    }

    /// What the server wrote on stderr so far.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// How the process ended, within `seconds`: "exit N" or "signal N"; nil if it is still running.
    func waitForExit(seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exitStatus = status
                // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros in C.
                let termination = status & 0x7f
                return termination == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(termination)"
            }
            if result < 0 { return "waitpid failed: errno \(errno)" }
            usleep(10_000)
        }
        return nil
    }

    func connect() throws -> TestClient {
        try TestClient(port: port, timeout: 5)
    }
}
