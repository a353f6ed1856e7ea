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
/// and its directory 0700 (``StateFile``): a token is a password for a seat.
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

    private var file: StateFile { StateFile(directory: directory, name: "sessions.json") }

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

    private func readAll() -> JSONObject { file.read() }

    private func write(_ all: JSONObject) throws(SystemError) { try file.write(all) }
}
