import Foundation
import Glibc

/// A program built by this package, found and run the way the end-to-end tests run it.
public enum BuiltProgram {
    /// The built program `name` beside the test bundle, or the one `CARDSERVER_BIN` or
    /// `CARDCLIENT_BIN` names for `cardserver` or `cardclient` when it is set
    /// (`Scripts/test.sh` runs the end-to-end tests again against the release binaries).
    public static func url(_ name: String) -> URL {
        let variable = ["cardserver": "CARDSERVER_BIN", "cardclient": "CARDCLIENT_BIN"][name]
        if let variable, let path = ProcessInfo.processInfo.environment[variable] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
    }

    /// What a program run to its exit did.
    public struct Run: Sendable {
        /// How it ended.
        public var exit: ProcessExit
        /// Its standard output.
        public var output: String
        /// Its standard error.
        public var error: String
    }

    /// Runs the built program `name` (spawned as ``ServerProcess`` spawns the server) to its
    /// exit, with no input.
    /// - Throws: `TestFailure` when it cannot start or has not exited after `seconds` (it is killed).
    public static func run(_ name: String, _ arguments: [String], seconds: Double = 10) throws -> Run {
        let unique = UUID().uuidString
        let temporary = FileManager.default.temporaryDirectory
        let outputURL = temporary.appendingPathComponent("\(name)-test-\(unique).out")
        let errorURL = temporary.appendingPathComponent("\(name)-test-\(unique).err")
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let pid = try spawn(url(name).path, arguments, openFileLimit: nil, output: outputURL.path, error: errorURL.path)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(seconds)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw TestFailure("\(name) \(arguments.joined(separator: " ")) did not exit within \(seconds) s")
            }
            usleep(10_000)
        }
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return Run(exit: ProcessExit(waitStatus: status), output: read(outputURL), error: read(errorURL))
    }

    /// Spawns `path` with `arguments`: stdin from /dev/null, stdout and stderr to these files,
    /// no other descriptor, no signal blocked and every signal at its default action.
    static func spawn(_ path: String, _ arguments: [String], openFileLimit: Int?, output: String, error: String) throws -> pid_t {
        let program = openFileLimit == nil ? path : "/bin/sh"
        let argv = openFileLimit.map { ["/bin/sh", "-c", "ulimit -n \($0) && exec \"$0\" \"$@\"", path] + arguments } ?? [path] + arguments

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
        // Every signal back to its default action, as a fresh service has.
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, cArguments, environ)
        guard status == 0 else { throw TestFailure("posix_spawn \(program): \(String(cString: strerror(status)))") }
        return child
    }
}
