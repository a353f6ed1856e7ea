import Glibc
import Wire

/// The results journal: every finished game appended as one JSON line and
/// fsynced before anyone hears `game_over`, so a crash loses no result. The
/// writing and the fsync happen on a thread of their own (``JournalWriter``),
/// so the event loop never waits for the disk.
///
/// It also keeps the running totals that `stats` and `leaderboard` read.
public final class ResultsJournal {
    /// The journal's path.
    public let path: String
    private let fd: Int32
    private var totals: [String: [String: PlayerStats.Line]] = [:]
    /// Each daily deal's results by "day|deal", each player's first game of it only, in the order played.
    private var dailies: [String: DailyBoard] = [:]
    private var writer: JournalWriter?
    /// The ids of the games in the journal when it was opened: a replay of the room log
    /// records only the games not among them.
    public private(set) var gameIDs: Set<String> = []
    /// Each player's latest games with an id, newest first, for `stats.recent`.
    private var recent: [String: [PlayerStats.RecentGame]] = [:]
    /// What each ticket in the writer's hands adds to `totals` once it is on disk.
    private var submitted: [UInt64: [GameRecord.Summary]] = [:]

    /// A failed journal operation, naming the call and the path.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens (or creates) `directory/results.jsonl` and reads the totals from it.
    /// A torn last line (a crash mid-write) is cut off and reported through `warn`.
    /// - Throws: ``Failure`` when the directory or the file cannot be made or read.
    public init(directory: String, warn: (String) -> Void) throws(Failure) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw Failure(description: "mkdir(\(directory)): \(String(cString: strerror(errno)))")
        }
        path = directory.hasSuffix("/") ? directory + "results.jsonl" : directory + "/results.jsonl"
        fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "open(\(path)): \(String(cString: strerror(errno)))") }
        let contents = try readAll()
        let complete = contents.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        var lineStart = 0
        var lineNumber = 0
        for index in contents.indices where contents[index] == UInt8(ascii: "\n") {
            lineNumber += 1
            if let summary = GameRecord.summary(of: contents[lineStart..<index]) {
                add(summary)
                if let id = summary.id { gameIDs.insert(id) }
            } else if index > lineStart {
                warn("\(path): line \(lineNumber) is not a game record; skipped")
            }
            lineStart = index + 1
        }
        if complete < contents.count {
            // A torn write: keep the complete lines and drop the tail, so the next record starts on its own line.
            warn("\(path): the last line is incomplete (\(contents.count - complete) bytes, a crash mid-write); skipped")
            if ftruncate(fd, off_t(complete)) != 0 {
                throw Failure(description: "ftruncate(\(path)): \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit {
        writer?.stop()
        close(fd)
    }

    /// Starts the thread that writes and fsyncs records; `notify` runs on that
    /// thread each time records reach the disk, and should wake the loop to
    /// call ``takeWritten()``. Call it once, before ``submit(_:)``.
    /// - Throws: ``Failure`` when the thread cannot be made.
    public func startWriting(notify: @escaping @Sendable () -> Void) throws(Failure) {
        precondition(writer == nil, "the journal is already writing")
        let writer = JournalWriter(fd: fd, path: path, notify: notify)
        try writer.start()
        self.writer = writer
    }

    /// Hands finished games to the writer thread: appended as one write and one
    /// fsync however many there are. Returns the ticket ``takeWritten()`` reports
    /// them under once they are on disk.
    func submit(_ records: [GameRecord]) -> UInt64 {
        guard let writer else { preconditionFailure("startWriting(notify:) before submit") }
        let ticket = writer.submit(records.flatMap(\.jsonLine))
        submitted[ticket] = records.map {
            GameRecord.Summary(id: $0.id, game: $0.game, winners: $0.winners, scores: $0.scores, daily: $0.daily, summary: $0.summary)
        }
        return ticket
    }

    /// The tickets whose records reached the disk (or failed to) since the last
    /// call. The games on disk count in `stats` and `leaderboard` from now on;
    /// a failed batch does not, as a restart would not find it.
    func takeWritten() -> [(ticket: UInt64, failure: Failure?)] {
        guard let writer else { return [] }
        return writer.takeFinished().map { batch in
            let summaries = submitted.removeValue(forKey: batch.ticket) ?? []
            if batch.failure == nil {
                summaries.forEach(add)
            }
            return (batch.ticket, batch.failure.map { Failure(description: $0) })
        }
    }

    /// Has the writer thread fsync another file (the room log), so one thread writes for both.
    public func requestSync(of fd: Int32) {
        writer?.requestSync(of: fd)
    }

    /// Runs `job` on the writer thread (a replay file), or here if the thread is not started.
    public func perform(_ job: @escaping @Sendable () -> Void) {
        guard let writer else { return job() }
        writer.perform(job)
    }

    /// Blocks until every submitted record is on disk (for shutdown).
    func waitForWrites() {
        writer?.waitUntilIdle()
    }

    /// Everything the journal knows of players called `name`.
    func stats(for name: String, gameOrder: [String]) -> PlayerStats {
        let byGame = totals[name] ?? [:]
        let lines = gameOrder.compactMap { byGame[$0] }
        return PlayerStats(
            name: name, games: lines.reduce(0) { $0 + $1.games }, wins: lines.reduce(0) { $0 + $1.wins }, byGame: lines,
            recent: recent[name] ?? [])
    }

    /// The best players of `game`: most wins, then most points, then by name.
    func leaderboard(for game: String, size: Int) -> [PlayerStats.Line] {
        totals.compactMap { name, games in
            games[game].map { PlayerStats.Line(key: name, games: $0.games, wins: $0.wins, points: $0.points) }
        }
        .sorted { ($1.wins, $1.points, $0.key) < ($0.wins, $0.points, $1.key) }
        .prefix(size)
        .map { $0 }
    }

    /// One day's results of a daily deal, best first (``DailyRanking``), at most `size`.
    func dailyLeaderboard(day: String, deal: String, size: Int) -> [DailyLeaderboard.Entry] {
        Array((dailies["\(day)|\(deal)"]?.entries ?? []).prefix(size))
    }

    private func add(_ summary: GameRecord.Summary) {
        if let daily = summary.daily, summary.scores.count == 1, let score = summary.scores.first {
            // Like a word puzzle of the day: the first try counts, as the deal is known after it.
            let key = "\(daily.day)|\(daily.deal)"
            let finished = summary.winners == [score.name] && summary.summary != nil
            dailies[key, default: DailyBoard()].add(
                DailyLeaderboard.Entry(
                    name: score.name, finished: finished, score: score.score, timeMs: finished ? summary.summary?.timeMs : nil,
                    figures: summary.summary?.figures ?? []),
                game: summary.game)
        }
        if let id = summary.id {
            for score in summary.scores {
                var games = recent[score.name] ?? []
                games.insert(PlayerStats.RecentGame(gameID: id, game: summary.game, won: summary.winners.contains(score.name)), at: 0)
                recent[score.name] = Array(games.prefix(PlayerStats.recentLimit))
            }
        }
        for score in summary.scores {
            let old = totals[score.name]?[summary.game] ?? PlayerStats.Line(key: summary.game, games: 0, wins: 0, points: 0)
            totals[score.name, default: [:]][summary.game] = PlayerStats.Line(
                key: summary.game, games: old.games + 1,
                wins: old.wins + (summary.winners.contains(score.name) ? 1 : 0), points: old.points + score.score)
        }
    }

    private func readAll() throws(Failure) -> [UInt8] {
        switch WholeFile.read(fd) {
        case .success(let contents): return contents
        case .failure(let error): throw Failure(description: "read(\(path)): \(error.text)")
        }
    }
}
