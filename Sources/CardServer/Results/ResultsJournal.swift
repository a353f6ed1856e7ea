import Storage
import Wire

/// The results journal: every finished game appended as one JSON line and
/// fsynced before anyone hears `game_over`, so a crash loses no result. The
/// writing and the fsync happen on a thread of their own (``WritingThread``),
/// so the event loop never waits for the disk.
///
/// It also keeps the running totals that `stats` and `leaderboard` read, each game's
/// players in rank order, so no request costs time that grows with the journal.
public final class ResultsJournal {
    /// The journal's path.
    public var path: String { log.path }
    /// Where the records go: `results.jsonl` under `--data` (``FileLog``), or memory in tests.
    private let log: any AppendOnlyLog
    /// Each game's players and their figures, ranked as results arrive (``Leaderboard``).
    private var boards: [String: Leaderboard] = [:]
    /// Whether ``boards`` keep their order: not while the file is read, when one sort at
    /// the end (``rankBoards()``) is far cheaper than a tree update per record.
    private var isRanked = false
    /// Each daily deal's results by "day|deal", each player's first game of it only, in the order played.
    private var dailies: [String: DailyBoard] = [:]
    private var writer: WritingThread?
    /// A writing thread the journal started itself (``startWriting(notify:)``), stopped with it.
    private var ownedWriter: WritingThread?
    /// The ids of the games in the journal when it was opened, as their hashes: a replay of
    /// the room log records only the games not among them. Hashes, not the ids: at 8 bytes
    /// they halve what a million results take; two ids share one with odds of about one in
    /// 10^13 for the few games a restart rebuilds (a game taken as recorded when it was not).
    /// Sorted, and searched by halves: 8 bytes a game where a `Set` took 17 (1,000,000 results
    /// made it 17 MB), and only a restart's replay of the room log looks one up.
    private var gameIDHashes: [Int] = []
    /// Each player's latest games with an id, newest first, for `stats.recent`.
    private var recent: [String: RecentGames] = [:]
    /// The game and figure names `recent` refers to by number, each kept once.
    private var recentNames = RecentNames()
    /// The ratings as the file's rated records leave them, for the server to take at its
    /// start (``GameServer``'s ``RatingBook``, which from then on changes as games end).
    private(set) var ratingsRead = RatingBook(keepingBoards: false)
    /// What each ticket in the writer's hands adds to `totals` once it is on disk.
    private var submitted: [UInt64: [GameRecord.Summary]] = [:]

    /// A failed journal operation, naming the call and the path.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens (or creates) `directory/results.jsonl` and reads the totals from it
    /// (see ``init(log:dataDirectory:warn:)``).
    /// - Throws: ``Failure`` when the directory or the file cannot be made or read, or when a
    ///   damaged record has records after it (the message names the line and `cardserver --repair`).
    public convenience init(directory: String, warn: (String) -> Void) throws(Failure) {
        let log: FileLog
        do {
            log = try FileLog(directory: directory, name: "results.jsonl")
        } catch {
            throw Failure(description: error.description)
        }
        try self.init(log: log, dataDirectory: directory, warn: warn)
    }

    /// Reads the totals from the journal in `log`. A torn or damaged last line (a crash
    /// mid-write) is cut off and reported through `warn`.
    /// - Parameter dataDirectory: what the messages name for `cardserver --repair --data`.
    /// - Throws: ``Failure`` when the log cannot be read or cut, or when a damaged record has
    ///   records after it.
    public init(log: any AppendOnlyLog, dataDirectory: String, warn: (String) -> Void) throws(Failure) {
        self.log = log
        let goodLength: Int
        let length: Int
        do {
            let (tail, read) = try DataFileScan.readAtStart(
                log: log, dataDirectory: dataDirectory, parse: GameRecord.summary(ofBody:)
            ) { summary, _, _ in
                add(summary)
                if let id = summary.id { gameIDHashes.append(id.hashValue) }
                if let changes = summary.ratings, let endedMs = summary.endedMs {
                    ratingsRead.record(changes, game: summary.game, endedMs: endedMs)
                }
            }
            gameIDHashes.sort()
            tail.warnings.forEach(warn)
            goodLength = tail.goodLength
            length = read
        } catch {
            throw Failure(description: "\(error)")
        }
        // A torn write: keep the good records and drop the tail, so the next record starts on its own line.
        if goodLength < length, let failure = log.cut(to: goodLength) {
            throw Failure(description: failure.description)
        }
    }

    deinit {
        ownedWriter?.stop()
    }

    /// The log the journal's records go to: the one the writing thread appends to.
    public var records: any AppendOnlyLog { log }

    /// Keeps `bytes` allocated past the journal's end for the records of the games under way
    /// (``AppendOnlyLog/reserve(_:)``: safe beside the writing thread's appends).
    func keepReserve(_ bytes: Int) -> LogFailure? {
        log.reserve(bytes)
    }

    /// Hands the journal's writes to `writer`, the program's one writing thread, which
    /// appends to ``records`` (and whose `notify` wakes the loop to call ``takeWritten()``).
    /// Call it once, before ``submit(_:)`` and before the server serves: it first ranks the
    /// leaderboards read from the file (one sort each). The caller starts and stops the thread.
    public func startWriting(on writer: WritingThread) {
        precondition(self.writer == nil, "the journal is already writing")
        // The file is read, before the server serves: from here every result keeps its board in order.
        rankBoards()
        self.writer = writer
    }

    /// Starts a writing thread of the journal's own (for a server without a program's main:
    /// tests), stopped when the journal goes; otherwise as ``startWriting(on:)``.
    /// - Throws: ``Failure`` when the thread cannot be made.
    public func startWriting(notify: @escaping @Sendable () -> Void) throws(Failure) {
        let writer = WritingThread(log: log, notify: notify)
        do {
            try writer.start()
        } catch {
            throw Failure(description: error.description)
        }
        ownedWriter = writer
        startWriting(on: writer)
    }

    /// Hands finished games to the writer thread: appended as one write and one
    /// fsync however many there are. Returns the ticket ``takeWritten()`` reports
    /// them under once they are on disk.
    func submit(_ records: [GameRecord]) -> UInt64 {
        guard let writer else { preconditionFailure("startWriting before submit") }
        let ticket = writer.submit(records.flatMap(\.jsonLine))
        submitted[ticket] = records.map {
            GameRecord.Summary(
                id: $0.id, game: $0.game, winners: $0.winners, scores: $0.scores, daily: $0.daily, summary: $0.summary,
                startedMs: $0.startedMs, endedMs: $0.endedMs, robots: $0.robots ?? [])
        }
        return ticket
    }

    /// The tickets whose records reached the disk (or failed to) since the last
    /// call, each with how long its write and fsync took. The games on disk count in `stats` and `leaderboard` from now on;
    /// a failed batch does not, as a restart would not find it.
    func takeWritten() -> [(ticket: UInt64, failure: Failure?, nanoseconds: UInt64)] {
        guard let writer else { return [] }
        return writer.takeFinished().map { batch in
            let summaries = submitted.removeValue(forKey: batch.ticket) ?? []
            if batch.failure == nil {
                summaries.forEach(add)
            }
            return (batch.ticket, batch.failure.map { Failure(description: $0) }, batch.nanoseconds)
        }
    }

    /// The journal's size now: what the disk budget counts.
    public var fileBytes: Int { log.size }

    /// Has the writing thread fsync another log (the room log), so one thread writes for both.
    public func requestSync(of other: any AppendOnlyLog) {
        writer?.requestSync(of: other)
    }

    /// Runs `job` on the writer thread (a replay file), or here if the thread is not started.
    public func perform(_ job: @escaping @Sendable () -> Void) {
        guard let writer else { return job() }
        writer.perform(job)
    }

    /// Blocks until every submitted record is on disk (for shutdown).
    package func waitForWrites() {
        writer?.waitUntilIdle()
    }

    /// Whether the game with this id was in the journal when it was opened.
    public func hadGame(_ id: String) -> Bool {
        let hash = id.hashValue
        var (low, high) = (0, gameIDHashes.count)
        while low < high {
            let middle = (low + high) / 2
            if gameIDHashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < gameIDHashes.count && gameIDHashes[low] == hash
    }

    /// How many games with an id the journal held when it was opened.
    public var gamesWithIDs: Int { gameIDHashes.count }

    /// Everything the journal knows of players called `name`: a look-up in each of
    /// `gameOrder`'s boards, whatever the number of players.
    func stats(for name: String, gameOrder: [String]) -> PlayerStats {
        let lines = gameOrder.compactMap { game in
            boards[game]?.figures(of: name).map {
                PlayerStats.Line(
                    key: game, games: $0.games, wins: $0.wins, points: $0.points, fewestMoves: $0.fewestMoves, bestTimeMs: $0.bestTimeMs)
            }
        }
        return PlayerStats(
            name: name, games: lines.reduce(0) { $0.addingSaturated($1.games) }, wins: lines.reduce(0) { $0.addingSaturated($1.wins) },
            byGame: lines, recent: (recent[name]?.newestFirst ?? []).map { $0.game(as: name, names: recentNames) })
    }

    /// The best players of `game`: most wins, then most points, then by name (Klondike: fewest
    /// moves, then best time, of a one-seat game won; ``Leaderboard``). It costs
    /// O(log n + size), read from the board kept in order as results arrived.
    func leaderboard(for game: String, size: Int) -> [PlayerStats.Line] {
        // A no-op once the journal writes: startWriting(notify:) ranked the boards before the server ran.
        rankBoards()
        return boards[game]?.top(size) ?? []
    }

    /// Orders the players of every board, once, after the file is read.
    private func rankBoards() {
        guard !isRanked else { return }
        for index in boards.indices {
            boards.values[index].rank()
        }
        isRanked = true
    }

    /// One day's results of a daily deal, best first (``DailyRanking``), at most `size`.
    func dailyLeaderboard(day: String, deal: String, size: Int) -> [DailyLeaderboard.Entry] {
        dailies["\(day)|\(deal)"]?.top(size) ?? []
    }

    /// How many have a result for the day and deal, and `name`'s own result and rank.
    func dailyStanding(day: String, deal: String, name: String) -> (players: Int, you: DailyLeaderboard.Standing?) {
        guard let board = dailies["\(day)|\(deal)"] else { return (0, nil) }
        return (board.count, board.standing(of: name))
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
            let timeMs = summary.startedMs.flatMap { started in summary.endedMs.map { Int(max(0, $0 - started)) } }
            if let number = recentNames.gameNumber(summary.game) {
                // One packed copy of the game, shared by its players' lists.
                let entry = RecentEntry(
                    gameID: id, game: number, scores: summary.scores, winners: summary.winners, endedMs: summary.endedMs, timeMs: timeMs,
                    summary: summary.summary, names: &recentNames)
                for score in summary.scores where !summary.robots.contains(score.name) {
                    // In place: no copy of the list, no new array once it is full.
                    recent[score.name, default: RecentGames()].keep(entry)
                }
            }
        }
        // A one-seat Klondike won: its moves and time rank it.
        let solved = summary.game == Leaderboard.byMovesGame && summary.scores.count == 1 ? summary.summary : nil
        // A game won against nobody is no win on the boards: a one-seat Set or Concentration
        // has its one player among the winners. Klondike's is a deal solved, and ranks by moves.
        let againstSomeone = summary.scores.count > 1 || summary.game == Leaderboard.byMovesGame
        // The robot is no player of the boards (its name is a seat's in the game, not a person's).
        for score in summary.scores where !summary.robots.contains(score.name) {
            let won = againstSomeone && summary.winners.contains(score.name)
            boards[summary.game, default: Leaderboard(ranked: isRanked, byMoves: summary.game == Leaderboard.byMovesGame)].add(
                score.name, won: won, points: score.score,
                solved: won ? solved.flatMap { solved in solved.figure("moves").map { (moves: $0, timeMs: solved.timeMs) } } : nil)
        }
    }
}

/// A player's latest games, at most ``PlayerStats/recentLimit``: a ring, so a new game takes
/// the oldest one's place without moving the others (a start keeps the last ten of every
/// player's games, a million times over).
struct RecentGames {
    /// Oldest first until the ring is full; then `next` is where the oldest is.
    private var games: [RecentEntry] = []
    private var next = 0

    /// Keeps `game` as the newest, in the place of the oldest once there are ten.
    mutating func keep(_ game: RecentEntry) {
        if games.count < PlayerStats.recentLimit {
            // Room for the whole ring at once: grown by doubling, ten would take 16 places.
            if games.isEmpty { games.reserveCapacity(PlayerStats.recentLimit) }
            games.append(game)
        } else {
            games[next] = game
            next = (next + 1) % PlayerStats.recentLimit
        }
    }

    /// The games, newest first.
    var newestFirst: [RecentEntry] {
        (0..<games.count).map { offset in games[(next + games.count - 1 - offset) % games.count] }
    }
}
