import Glibc
import SystemCall
import Wire

/// What a client keeps of a session between runs: enough to take its seat back.
public struct SavedSession: Equatable, Sendable {
    /// The name the server gave the player.
    public var name: String
    /// The secret that resumes the session.
    public var token: String
    /// The server's `hello.started_ms` when the token was given: a server that started
    /// since has forgotten it.
    public var serverStartedMs: Int?

    /// Makes a saved session.
    public init(name: String, token: String, serverStartedMs: Int?) {
        self.name = name
        self.token = token
        self.serverStartedMs = serverStartedMs
    }
}

/// Sessions kept per server in one file, `sessions.json`, in the client's state directory
/// (`$XDG_STATE_HOME/cardclient`, else `~/.local/state/cardclient`). The file is mode 0600
/// and its directory 0700: a token is a password for a seat. Writes replace the file whole
/// (a temporary file renamed over it), so a crash never leaves half a file.
public struct SessionStore: Sendable {
    /// The directory that holds `sessions.json`.
    public let directory: String

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The state directory the XDG base-directory rules give; nil when neither
    /// `XDG_STATE_HOME` (absolute) nor `HOME` is set.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/cardclient" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/cardclient"
    }

    private var path: String { directory + "/sessions.json" }

    /// The session kept for `server` (`host:port`); nil when there is none or the file is unreadable.
    public func load(server: String) -> SavedSession? {
        guard let entry = readAll()[server]?.objectValue,
              let name = entry["name"]?.stringValue, let token = entry["token"]?.stringValue
        else { return nil }
        return SavedSession(name: name, token: token, serverStartedMs: entry["started_ms"]?.intValue)
    }

    /// Keeps `session` for `server`, replacing what was kept for it.
    /// - Throws: ``SystemError`` when the directory or the file cannot be written.
    public func save(_ session: SavedSession, server: String) throws(SystemError) {
        var all = readAll()
        var entry: JSONObject = ["name": .string(session.name), "token": .string(session.token)]
        if let started = session.serverStartedMs { entry["started_ms"] = .int(started) }
        all[server] = .object(entry)
        try write(all)
    }

    /// Forgets the session kept for `server`.
    /// - Throws: ``SystemError`` when the file cannot be written.
    public func remove(server: String) throws(SystemError) {
        var all = readAll()
        guard all[server] != nil else { return }
        all[server] = nil
        try write(all)
    }

    private func readAll() -> JSONObject {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return JSONObject() }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return (try? JSONParser.parse(bytes))?.objectValue ?? JSONObject()
    }

    private func write(_ all: JSONObject) throws(SystemError) {
        try makeDirectory()
        var text: [UInt8] = []
        JSONValue.object(all).write(into: &text)
        text.append(UInt8(ascii: "\n"))
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemError(call: "open \(temporary)", errno: errno) }
        // An older file made with a looser umask is tightened too.
        fchmod(fd, 0o600)
        var written = 0
        while written < text.count {
            let count = text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = SystemError(call: "write \(temporary)", errno: errno)
                close(fd)
                throw error
            }
            written += count
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw SystemError(call: "rename \(temporary)", errno: errno) }
    }

    /// Makes the directory and its missing parents, the last one 0700.
    private func makeDirectory() throws(SystemError) {
        var partial = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + part
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                throw SystemError(call: "mkdir \(partial)", errno: errno)
            }
        }
    }
}
