import Wire

/// The figures `/metrics` shows, kept as things happen: a scrape costs the same however many
/// rooms, players or games there are, and the loop never counts anything up at scrape time.
final class ServerMetrics {
    /// The transport's figures (connections by kind, HTTP replies by status, bytes moved): the
    /// transport keeps them, and hands them over for each scrape.
    struct TransportFigures {
        /// Open connections by kind, every kind in order.
        var connections: [(kind: String, count: Int)] = []
        /// HTTP replies by status, in order of status.
        var httpResponses: [(status: Int, count: UInt64)] = []
        /// Bytes read from and written to all connections since the start.
        var bytes: (received: UInt64, sent: UInt64) = (0, 0)
    }

    /// Rooms open by game, and those of them with a game under way.
    private(set) var rooms: [String: Int] = [:]
    private(set) var gamesPlaying: [String: Int] = [:]
    /// Lines taken as commands, by their `type` (every line a connection sent, refused ones too):
    /// pings apart, the commonest line, counted without a lookup; `invalid` for a line that is
    /// not a command (not JSON, an unknown type, too long). Only these names are ever labels,
    /// so no line a client makes up adds a series.
    var pings: UInt64 = 0
    private(set) var commands: [String: UInt64] = [:]
    /// The label of a line that is not a command.
    static let invalidCommand = "invalid"
    /// Errors sent, by code (`rate_limited` and `storage_unavailable` among them).
    private(set) var errors: [String: UInt64] = [:]
    /// Records the disk refused: room-log and results-journal writes that failed.
    var storageFailures: UInt64 = 0
    /// Each write(2) of room-log records on the loop (a turn's records, or a command's before it
    /// runs), and each fsync of it the loop waits for (`--appendfsync always`).
    var roomLogWrites = LatencyHistogram()
    var roomLogSyncs = LatencyHistogram()
    /// Each batch of results as the journal's writer thread appended and fsynced it.
    var journalWrites = LatencyHistogram()

    func roomOpened(_ game: String, playing: Bool) {
        rooms[game, default: 0] += 1
        if playing { gamesPlaying[game, default: 0] += 1 }
    }

    func roomClosed(_ game: String, playing: Bool) {
        rooms[game, default: 0] -= 1
        if playing { gamesPlaying[game, default: 0] -= 1 }
    }

    func gameBeganOrEnded(_ game: String, playing: Bool) {
        gamesPlaying[game, default: 0] += playing ? 1 : -1
    }

    /// A line taken: its command's `type`, or ``invalidCommand``.
    func commandTaken(_ type: String) { commands[type, default: 0] &+= 1 }
    func errorSent(_ code: String) { errors[code, default: 0] += 1 }

    /// The Prometheus text exposition (version 0.0.4) of every figure.
    /// - Parameters:
    ///   - commandTypes: every command's `type`, each with its series from the start.
    ///   - games: every game's name, so each has its series from the start (a series that appears late looks like a reset).
    ///   - players: players logged in, those in their grace period after a drop included.
    ///   - transport: the transport's figures: connections, HTTP replies, bytes moved.
    func exposition(commandTypes: [String], games: [String], players: Int, transport: TransportFigures) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples {
                text += "\(name)\(sample.labels.isEmpty ? "" : "{\(sample.labels)}") \(sample.value)\n"
            }
        }
        func histogram(_ name: String, _ help: String, _ histogram: LatencyHistogram) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
            for sample in histogram.samples(name) {
                text += "\(sample.name)\(sample.labels.isEmpty ? "" : "{\(sample.labels)}") \(sample.value)\n"
            }
        }
        family("cardserver_connections", "gauge", "Open connections by kind (pending: not yet known).",
               transport.connections.map { ("kind=\"\($0.kind)\"", String($0.count)) })
        family("cardserver_players", "gauge", "Players logged in, those in their grace period after a drop included.", [("", String(players))])
        family("cardserver_rooms", "gauge", "Rooms open by game.", games.map { ("game=\"\($0)\"", String(rooms[$0, default: 0])) })
        family("cardserver_games_playing", "gauge", "Games under way by game.", games.map { ("game=\"\($0)\"", String(gamesPlaying[$0, default: 0])) })
        family("cardserver_commands_total", "counter", "Lines taken as protocol 1 commands by type, refused ones included (invalid: not a command).",
               (commandTypes + [Self.invalidCommand]).map { type in
                   ("type=\"\(type)\"", String(type == "ping" ? pings &+ commands[type, default: 0] : commands[type, default: 0]))
               })
        family("cardserver_errors_total", "counter", "Errors sent to clients by code.",
               errors.keys.sorted().map { ("code=\"\($0)\"", String(errors[$0]!)) })
        family("cardserver_http_responses_total", "counter", "HTTP replies by status.",
               transport.httpResponses.map { ("status=\"\($0.status)\"", String($0.count)) })
        family("cardserver_received_bytes_total", "counter", "Bytes read from every connection.", [("", String(transport.bytes.received))])
        family("cardserver_sent_bytes_total", "counter", "Bytes written to every connection.", [("", String(transport.bytes.sent))])
        family("cardserver_storage_failures_total", "counter", "Room-log and results-journal writes the disk refused.", [("", String(storageFailures))])
        histogram("cardserver_room_log_write_seconds", "Time of each write of room-log records on the event loop.", roomLogWrites)
        histogram("cardserver_room_log_fsync_seconds", "Time of each room-log fsync the event loop waited for (--appendfsync always).", roomLogSyncs)
        histogram("cardserver_journal_write_seconds", "Time of each batch of results written and fsynced by the journal's thread.", journalWrites)
        return text
    }
}
