import Foundation
import Glibc
import TestServers
import Testing

/// A terminal for the real client: a detached tmux session on its own tmux server (socket), so
/// tests never touch anyone's tmux. Type with ``type(_:)``, read with ``screen()``, and always
/// ``kill()``.
final class Tmux {
    let socket = "cardclient-test-\(UUID().uuidString.prefix(8))"
    let session = "t"

    /// Starts `command` (a shell command line) in a `width`×`height` terminal.
    init(_ command: String, width: Int = 110, height: Int = 40) throws {
        guard Self.run(["-V"]) != nil else { throw TestFailure("tmux is not installed (apt-get install -y tmux)") }
        // The new session starts the tmux server, which keeps the standard output it inherits.
        let started = Self.run(
            ["-L", socket, "-u", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", session, command],
            capture: false)
        guard started != nil else { throw TestFailure("tmux new-session failed") }
    }

    /// A new folder name for a client's saved state (`--state`), under the temporary directory.
    static func clientStateDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cardclient-state-\(UUID().uuidString)").path
    }

    /// What the terminal shows now, one line a row (trailing spaces trimmed by tmux).
    func screen() -> String {
        Self.run(["-L", socket, "capture-pane", "-p", "-t", session]) ?? ""
    }

    /// Types text literally (no key names).
    func type(_ text: String) {
        Self.run(["-L", socket, "send-keys", "-t", session, "-l", text])
    }

    /// Presses named keys (`Enter`, `Escape`, `Down`, `C-c`).
    func press(_ keys: String...) {
        Self.run(["-L", socket, "send-keys", "-t", session] + keys)
    }

    /// Resizes the terminal.
    func resize(width: Int, height: Int) {
        Self.run(["-L", socket, "resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits up to `seconds` (times `TEST_TIME_SCALE`) for the screen to satisfy `condition`;
    /// returns the last screen either way.
    @discardableResult
    func waitFor(_ seconds: Double = 10, _ condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(TestBudget.seconds(seconds))
        var shown = screen()
        while !condition(shown) && Date() < deadline {
            usleep(50_000)
            shown = screen()
        }
        return shown
    }

    /// Waits up to 10 s for `text` to appear; returns the screen. A text that never came is
    /// a failure recorded here, with the screen: a check made on the screen returned after
    /// the wait ran out could otherwise pass without the text ever shown.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let shown = waitFor(seconds) { $0.contains(text) }
        if !shown.contains(text) {
            Issue.record("waited \(seconds) s for \"\(text)\"; the screen:\n\(shown)", sourceLocation: sourceLocation)
        }
        return shown
    }

    /// Ends the session, everything in it, and its tmux server.
    func kill() {
        Self.run(["-L", socket, "kill-server"])
    }

    /// Runs tmux with `arguments` and waits for it.
    ///
    /// Spawned with an empty signal mask and default signal actions (a test runner's threads
    /// block signals, and tmux and the client would inherit that and never hear SIGTERM), with
    /// no file descriptor but 0-2 (the tmux server lives on and must hold none of ours), and
    /// with its output in a file rather than a pipe, which the server could keep open.
    /// - Returns: its standard output (empty when not captured), or nil when it failed.
    @discardableResult
    static func run(_ arguments: [String], capture: Bool = true) -> String? {
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("cardclient-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, capture ? outputURL.path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // glibc ignores a close action on a descriptor closed meanwhile by another thread.
        let inherited = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for fd in inherited where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        // A sanitized cardclient whose window closes under it (kill-server) can hang in
        // LeakSanitizer's exit check and spin on a core: its leaks are checked in-process by
        // the unit tests instead, and in tmux only its memory errors are.
        if let options = environment["ASAN_OPTIONS"] {
            environment["ASAN_OPTIONS"] = options + ":detect_leaks=0"
        } else if environment["LSAN_OPTIONS"] != nil {
            environment["ASAN_OPTIONS"] = "detect_leaks=0"
        }
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { return nil }
        guard capture else { return "" }
        return (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }
}
