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

/// Sessions kept per server and per player in one file, `sessions.json`, in the client's state
/// directory (`$XDG_STATE_HOME/cardclient`, else `~/.local/state/cardclient`). The file is mode
/// 0600 and its directory 0700 (``StateFile``): a token is a password for a seat.
///
/// Per player, so two clients on one machine (ann's and bob's) never take each other's seat:
/// `{"127.0.0.1:7878": {"players": {"ann": {"token": "…", "started_ms": …}, "bob": {…}}}}`.
/// A file of the one-session-a-server kind written before (`{"name", "token"}` a server) is
/// still read, as that name's.
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

    /// The session kept for `name` on `server` (`host:port`); with no name, the one kept for
    /// the server when it keeps only one (with several, whose it is cannot be told). Nil when
    /// there is none or the file is unreadable.
    public func load(server: String, name: String?) -> SavedSession? {
        let kept = sessions(of: readAll()[server]?.objectValue)
        if let name { return kept.first { $0.name == name } }
        return kept.count == 1 ? kept[0] : nil
    }

    /// Every session kept for `server`, by name: the players a client started without a name
    /// offers to be.
    public func all(server: String) -> [SavedSession] {
        sessions(of: readAll()[server]?.objectValue).sorted { $0.name < $1.name }
    }

    /// Keeps `session` for its player on `server`, replacing what was kept for that player.
    /// - Throws: ``SystemError`` when the directory or the file cannot be written.
    public func save(_ session: SavedSession, server: String) throws(SystemError) {
        var all = readAll()
        var players: JSONObject = [:]
        for kept in sessions(of: all[server]?.objectValue) where kept.name != session.name { players[kept.name] = entry(kept) }
        players[session.name] = entry(session)
        all[server] = .object(["players": .object(players)])
        try write(all)
    }

    /// Forgets the session kept for `name` on `server`.
    /// - Throws: ``SystemError`` when the file cannot be written.
    public func remove(server: String, name: String) throws(SystemError) {
        var all = readAll()
        let kept = sessions(of: all[server]?.objectValue)
        guard kept.contains(where: { $0.name == name }) else { return }
        var players: JSONObject = [:]
        for other in kept where other.name != name { players[other.name] = entry(other) }
        all[server] = players.isEmpty ? nil : .object(["players": .object(players)])
        try write(all)
    }

    /// Every session kept in a server's entry, of either kind, in name order.
    private func sessions(of entry: JSONObject?) -> [SavedSession] {
        guard let entry else { return [] }
        if let name = entry["name"]?.stringValue, let token = entry["token"]?.stringValue {
            return [SavedSession(name: name, token: token, serverStartedMs: entry["started_ms"]?.intValue)]
        }
        guard let players = entry["players"]?.objectValue else { return [] }
        return players.keys.sorted().compactMap { name in
            guard let player = players[name]?.objectValue, let token = player["token"]?.stringValue else { return nil }
            return SavedSession(name: name, token: token, serverStartedMs: player["started_ms"]?.intValue)
        }
    }

    private func entry(_ session: SavedSession) -> JSONValue {
        var entry: JSONObject = ["token": .string(session.token)]
        if let started = session.serverStartedMs { entry["started_ms"] = .int(started) }
        return .object(entry)
    }

    private func readAll() -> JSONObject { file.read() }

    private func write(_ all: JSONObject) throws(SystemError) { try file.write(all) }
}
