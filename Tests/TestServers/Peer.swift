import Foundation
import Glibc
import Testing

/// An outside program some tests use as a real peer or judge (nginx, Caddy, promtool, tmux,
/// Chromium, Python or Python with a module), and the line that installs it.
///
/// A test that needs one says so with ``Testing/Trait/needs(_:)``: on a machine without it the
/// test is skipped, and the skip names what is missing and how to install it; with
/// `CARDSERVER_REQUIRE_PEERS=1` (as `Scripts/test.sh` and CI run) it fails instead, so a run
/// that must use every peer can never skip one.
public struct Peer: Sendable, CustomStringConvertible {
    /// What the skip calls it: "nginx", "/usr/bin/python3 with websockets".
    public let description: String
    /// The command that installs it on Debian (`apt-get`), or into pip's Python.
    public let install: String
    /// Whether it is here, found once when the peer is first named.
    public let isPresent: Bool

    init(_ description: String, install: String, isPresent: Bool) {
        self.description = description
        self.install = install
        self.isPresent = isPresent
    }

    /// Whether a missing peer fails the tests that need it (`CARDSERVER_REQUIRE_PEERS=1`)
    /// instead of skipping them.
    public static let required = ProcessInfo.processInfo.environment["CARDSERVER_REQUIRE_PEERS"] == "1"

    /// nginx, for docs/TLS.md's configuration run.
    public static let nginx = executable("/usr/sbin/nginx", "nginx", install: "apt-get install -y nginx-light")
    /// Caddy, for docs/TLS.md's Caddyfile run.
    public static let caddy = executable("/usr/bin/caddy", "caddy", install: "apt-get install -y caddy")
    /// openssl, to make the TLS tests' certificate.
    public static let openssl = executable("/usr/bin/openssl", "openssl", install: "apt-get install -y openssl")
    /// Prometheus's promtool, the judge of `/metrics`.
    public static let promtool = executable("/usr/bin/promtool", "promtool", install: "apt-get install -y prometheus")
    /// tmux, the terminal the client's end-to-end tests type into.
    public static let tmux = onPath("tmux", arguments: ["-V"], install: "apt-get install -y tmux")
    /// Chromium and its driver, for the browser tests.
    public static let chromium = Peer(
        "chromium and chromedriver", install: "apt-get install -y chromium chromium-driver",
        isPresent: runs("chromium", ["--version"]) && runs("chromedriver", ["--version"]))

    /// Debian's `/usr/bin/python3` with its standard library (its `gzip` is the judge of ours).
    public static let python3 = executable("/usr/bin/python3", "/usr/bin/python3", install: "apt-get install -y python3")

    /// Debian's `/usr/bin/python3` able to import every one of `modules`; each module's Debian
    /// package is `python3-<module>`, and the install line names the missing ones.
    public static func debianPython(_ modules: String...) -> Peer {
        let missing = modules.filter { !imports("/usr/bin/python3", [$0]) }
        return Peer(
            "/usr/bin/python3 with \(modules.joined(separator: ", "))",
            install: "apt-get install -y " + missing.map { "python3-\($0)" }.joined(separator: " "), isPresent: missing.isEmpty)
    }

    /// The `python3` first on `PATH` (pip's, where pip serves one) able to import every one of
    /// `modules`; the install line names the missing ones.
    public static func pipPython(_ modules: String...) -> Peer {
        let missing = modules.filter { !imports("python3", [$0]) }
        return Peer("python3 with \(modules.joined(separator: ", "))", install: "python3 -m pip install " + missing.joined(separator: " "), isPresent: missing.isEmpty)
    }

    private static func executable(_ path: String, _ name: String, install: String) -> Peer {
        Peer(name, install: install, isPresent: FileManager.default.isExecutableFile(atPath: path))
    }

    private static func onPath(_ name: String, arguments: [String], install: String) -> Peer {
        Peer(name, install: install, isPresent: runs(name, arguments))
    }

    private static func imports(_ python: String, _ modules: [String]) -> Bool {
        runs(python, ["-c", "import " + modules.joined(separator: ", ")])
    }

    /// Whether `program` (a path, or a name looked up on `PATH`) runs with `arguments` and exits 0;
    /// its output is thrown away.
    private static func runs(_ program: String, _ arguments: [String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, program, &actions, nil, argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited (the low seven bits clear) with status 0.
        return status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }
}

/// The outside programs a test needs are missing and `CARDSERVER_REQUIRE_PEERS=1` is set.
public struct MissingPeers: Error, CustomStringConvertible {
    /// The peers not found.
    public let peers: [Peer]

    public var description: String {
        "CARDSERVER_REQUIRE_PEERS=1 and this test's peers are missing: "
            + peers.map { "\($0) (\($0.install))" }.joined(separator: "; ")
    }
}

extension Trait where Self == ConditionTrait {
    /// The test needs these outside programs: it runs when all are here; it is skipped, naming
    /// what is missing and how to install it, when one is not; and it fails naming them when
    /// `CARDSERVER_REQUIRE_PEERS=1`.
    public static func needs(_ peers: Peer...) -> Self {
        let missing = peers.filter { !$0.isPresent }
        guard !missing.isEmpty else { return .enabled(if: true) }
        if Peer.required {
            return .enabled { throw MissingPeers(peers: missing) }
        }
        return .disabled(Comment(rawValue: "needs " + missing.map { "\($0) (\($0.install))" }.joined(separator: "; ")))
    }
}
