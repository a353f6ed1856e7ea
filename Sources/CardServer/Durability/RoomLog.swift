import Storage

/// The append-only room log (`rooms.log` under `--data`), the redis AOF model: every input
/// that changed a room, in order, so a restart rebuilds every room in progress by replaying them.
///
/// The loop writes records with ``write(_:)-(RoomLogRecord...)`` before what they record
/// happens (the write-ahead rule; a refused write refuses the command), and ``record(_:)-(RoomLogRecord)``
/// what has happened already: once `write(2)` returns they are in the kernel, so a SIGKILL
/// loses no move anyone heard of. When they reach the disk is the ``LogSyncPolicy``: at the
/// end of each turn ``flush()`` fsyncs them under `always` (on the writing thread when there
/// is one) and starts a rewrite when the file has outgrown the live rooms; it writes nothing.
///
/// The log holds only what the rooms still need: for each live room, its records since its
/// current game began (a `room` snapshot then the game's inputs). A finished game leaves it
/// when the next one begins or the room closes; the file is rewritten with just those on
/// start and whenever it grows past twice what they take (and past ``compactionFloor``).
///
/// A room's comings and goings (``LineRole/passing``: spectators watching and leaving, seats
/// taken and left between games, rematch offers) are not part of its game: once they pass
/// ``passingBound`` (64 KiB) in one room, the server's summary of its members as they stand
/// replaces them (``summarizeRooms(_:)``), so a spectator who watches and leaves all day
/// grows the log by one summary, not by every visit. The game's own records are kept: a
/// restart and the game's replay are made of them.
public final class RoomLog {
    /// The log's path.
    public var path: String { log.path }
    public let policy: LogSyncPolicy
    /// Where the records go: a file under `--data` (``FileLog``), or memory in tests.
    private let log: any AppendOnlyLog
    /// The records read at start, in order, for ``GameServer/recover()``.
    private(set) var recovered: [RoomLogRecord] = []
    /// Each live room's lines since its last snapshot, numbered in the order written: what a
    /// rewrite keeps, in that order (a player leaves one room before joining the next).
    private var roomLines: [String: LiveLines] = [:]
    /// Rooms whose passing lines went past their bound this turn: summarized at its end.
    private var roomsToSummarize: [String] = []
    private var nextOrder = 0
    /// The last `tick`: a rewrite keeps the clock too.
    private var lastTick: [UInt8]?
    private var liveBytes = 0
    /// Records of what already happened that the disk has not taken yet, in order (see ``record(_:)``).
    private var backlog: [Entry] = []
    /// While writes fail (an outage): how many attempts failed since the first.
    private var failedWrites: Int?
    /// Written since the last fsync.
    private(set) var needsSync = false
    /// Told how long each write of records took, and each fsync done in place, in nanoseconds
    /// of the real clock (for `/metrics`).
    var observeWrite: ((UInt64) -> Void)?
    var observeSync: ((UInt64) -> Void)?
    /// Hands an fsync of the log to the writing thread (``WritingThread``); nil fsyncs in place.
    public var requestSync: ((any AppendOnlyLog) -> Void)?
    /// Runs a rewrite's fsync and rename off the loop (the server's background worker), then
    /// the second closure back on the loop; nil does the whole rewrite in place.
    public var runOffLoop: ((_ work: @escaping @Sendable () -> Void, _ then: @escaping () -> Void) -> Void)?
    /// Whether a rewrite is written aside and not yet renamed into place: every turn's
    /// records go to it as well as to the log until it replaces it.
    private var isRewriting = false
    private let warn: (String) -> Void

    /// The largest room log a start reads: the live rooms' records are far smaller (each seat's
    /// moves are capped at ``ServerConfig/maxMovesPerSeat``, under 1 MB a seat), and a file
    /// past it is not one this server wrote (or points at a device), so it is refused at once.
    static let maxFileBytes = 1 << 30

    /// Below this size the log is never rewritten: rewriting costs more than it saves.
    static let defaultCompactionFloor = 1 << 20

    /// ``defaultCompactionFloor``; a test sets a lower one to see rewrites of a small log.
    var compactionFloor = RoomLog.defaultCompactionFloor

    /// A room's passing lines are summarized once they take more than this (or twice its
    /// last summary, for a room whose members alone take more): a summary costs the loop
    /// what the room's members take, so it comes at most once per that many bytes written.
    static let defaultPassingBound = 64 << 10

    /// ``defaultPassingBound``; a test sets another (`Int.max` for a log that never summarizes).
    var passingBound = RoomLog.defaultPassingBound

    /// What a room's line is to a replay of it.
    enum LineRole {
        /// The room's snapshot, its game's `begin` and the game's inputs (moves, deadlines, a
        /// seated player away, back or gone): kept until the next game begins or the room closes.
        case game
        /// A coming or going that changes no game (a spectator, a seat between games, a
        /// rematch offer): replaced by a summary of the room's members once they add up.
        case passing
    }

    /// One live room's lines: those its game needs, and the comings and goings since.
    private struct LiveLines {
        var game: [(order: Int, line: [UInt8])]
        var passing: [(order: Int, line: [UInt8])] = []
        var passingBytes = 0
        /// Past this many passing bytes the room is summarized.
        var passingLimit: Int
        /// Listed in ``roomsToSummarize``.
        var isQueued = false

        var bytes: Int { game.reduce(0) { $0 + $1.line.count } + passingBytes }
    }

    /// A failed log operation, naming the call and the path.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens (or creates) `directory/rooms.log` and reads it (see ``init(log:dataDirectory:policy:warn:)``).
    /// - Throws: ``Failure`` when the file cannot be made, read or rewritten, or is damaged
    ///   before its end (the message names the line and `cardserver --repair`).
    public convenience init(directory: String, policy: LogSyncPolicy, warn: @escaping (String) -> Void) throws(Failure) {
        let log: FileLog
        do {
            log = try FileLog(directory: directory, name: "rooms.log", maxBytes: Self.maxFileBytes)
        } catch {
            throw Failure(description: error.description)
        }
        try self.init(log: log, dataDirectory: directory, policy: policy, warn: warn)
    }

    /// Reads the room log in `log` and rewrites it with only the records the live rooms need.
    /// A torn or damaged last line (a crash mid-write) is cut off with a warning; a damaged
    /// record with records after it stops the start (``DataFileScan``).
    /// - Parameter dataDirectory: what the messages name for `cardserver --repair --data`.
    /// - Throws: ``Failure`` when the log cannot be read or rewritten, or is damaged before its end.
    public init(log: any AppendOnlyLog, dataDirectory: String, policy: LogSyncPolicy, warn: @escaping (String) -> Void) throws(Failure) {
        self.log = log
        self.policy = policy
        self.warn = warn
        let contents: [UInt8]
        switch log.contents() {
        case .success(let read): contents = read
        case .failure(let failure): throw Failure(description: failure.description)
        }
        do {
            // What is cut off needs no truncation here: the rewrite below keeps only what was read.
            let tail = try DataFileScan.readAtStart(
                contents, path: log.path, dataDirectory: dataDirectory, parse: RoomLogRecord.init(body:)
            ) { record, line, sealed in
                recovered.append(record)
                // A record from before checksums is written back sealed.
                keep(record, line: sealed ? Array(contents[line.bytes.lowerBound...line.bytes.upperBound]) : record.line)
            }
            tail.warnings.forEach(warn)
        } catch {
            throw Failure(description: error.description)
        }
        if let failure = log.replace(with: liveRecords()) {
            throw Failure(description: failure.description)
        }
        needsSync = false
    }

    /// One record on its way to the file: a room record, or a move's line (written by
    /// ``RoomLogRecord/moveLine(room:player:command:t:)`` without building a JSON object).
    enum Entry {
        case record(RoomLogRecord, line: [UInt8], role: LineRole)
        case move(room: String, line: [UInt8])

        /// A record, kept as `role` says (a game's, unless the server knows it passes).
        init(_ record: RoomLogRecord, role: LineRole = .game) { self = .record(record, line: record.line, role: role) }

        var line: [UInt8] {
            switch self {
            case .record(_, let line, _), .move(_, let line): line
            }
        }
    }

    /// Writes records now, whole or not at all, before what they record happens: the write-ahead
    /// rule. False when they could not be written (a full or failing disk, or what was waiting
    /// before them could not be): then nothing of them is in the file, and the caller refuses
    /// the command they were for.
    @discardableResult
    func write(_ records: RoomLogRecord...) -> Bool {
        writeInOrder(records.map { Entry($0) })
    }

    /// Writes records now, whole or not at all (see ``write(_:)-(RoomLogRecord...)``).
    func write(_ records: [RoomLogRecord]) -> Bool {
        writeInOrder(records.map { Entry($0) })
    }

    /// Writes records already encoded (the bytes a game's record keeps too), whole or not at all.
    func write(_ entries: [Entry]) -> Bool {
        writeInOrder(entries)
    }

    /// Writes a game command's record now (see ``write(_:)-(RoomLogRecord...)``).
    func writeMove(room: String, line: [UInt8]) -> Bool {
        writeInOrder([.move(room: room, line: line)])
    }

    /// Records what has already happened and cannot be refused (a player's connection dropped,
    /// a room emptied): written now, or, while the disk fails, kept in order and written
    /// before anything else once it can be. Until then every ``write(_:)`` is refused, so
    /// no record lands ahead of one that happened before it.
    func record(_ record: RoomLogRecord) {
        self.record(Entry(record))
    }

    /// Records what cannot be refused, already encoded (see ``record(_:)-(RoomLogRecord)``).
    func record(_ entry: Entry) {
        if backlog.isEmpty, writeInOrder([entry]) { return }
        backlog.append(entry)
    }

    /// Writes what waits in the backlog (called every second): true when nothing waits.
    @discardableResult
    func retry() -> Bool {
        guard !backlog.isEmpty else { return true }
        guard writeEntries(backlog) else { return false }
        backlog.removeAll()
        return true
    }

    /// Whether records wait to be written (the disk failed and has not taken them yet).
    var hasBacklog: Bool { !backlog.isEmpty }

    /// Writes behind whatever waits in the backlog, or not at all.
    private func writeInOrder(_ entries: [Entry]) -> Bool {
        if !backlog.isEmpty, !retry() { return false }
        return writeEntries(entries)
    }

    /// The one place bytes go into the log: whole or not at all (``AppendOnlyLog/append(_:)``),
    /// so the file always ends on a record boundary and holds only what was confirmed.
    private func writeEntries(_ entries: [Entry]) -> Bool {
        var bytes: [UInt8] = []
        for entry in entries { bytes += entry.line }
        let failure = log.append(bytes)
        observeWrite?(log.lastAppendNanoseconds)
        if let failure {
            noteFailure(failure.description)
            return false
        }
        needsSync = true
        for entry in entries {
            switch entry {
            case .record(let record, let line, let role): keep(record, line: line, role: role)
            case .move(let room, let line):
                nextOrder += 1
                keepInput(line, of: room, role: .game)
            }
        }
        if let failed = failedWrites {
            failedWrites = nil
            warn("room log: writing again after \(failed) failed write\(failed == 1 ? "" : "s"); play goes on")
        }
        return true
    }

    /// A write failed: logged once per outage, not once per record.
    private func noteFailure(_ failure: String) {
        if failedWrites == nil {
            warn("room log: \(failure); commands that change a room are refused with storage_unavailable until a write succeeds (retried every second)")
        }
        failedWrites = (failedWrites ?? 0) + 1
    }

    /// The end of a turn, before its replies go out: with `always`, the turn's records go to
    /// the disk; the file is rewritten when it has grown past what the live rooms need.
    func flush() {
        guard needsSync else { return }
        if policy == .always { sync() }
        let fileBytes = log.size
        if !isRewriting, fileBytes > compactionFloor, fileBytes > 2 * liveBytes {
            startRewrite()
        }
    }

    /// Gets what was written to the disk: on the writer thread when there is one.
    func sync() {
        guard needsSync else { return }
        needsSync = false
        if let requestSync, policy != .always {
            requestSync(log)
        } else {
            let failure = log.sync()
            observeSync?(log.lastSyncNanoseconds)
            if let failure { warn("room log: \(failure)") }
        }
    }

    /// The records read at start are replayed; they are no longer needed.
    func dropRecovered() { recovered = [] }

    /// Keeps `bytes` allocated past the log's end (``AppendOnlyLog/reserve(_:)``), so the games
    /// under way can write that much on a full disk. The failure, if the disk could not.
    func keepReserve(_ bytes: Int) -> LogFailure? {
        log.reserve(bytes)
    }

    /// The file's size: what the disk budget counts.
    public var fileSize: Int { log.size }

    /// Bytes the live rooms' records take, and the file's size: for tests and the log.
    var sizes: (live: Int, file: Int) { (liveBytes, log.size) }

    // MARK: What the live rooms need

    /// Keeps a record read at start or written now. What was read at start is all kept as
    /// the game's: a summary replaces only what was written after it.
    private func keep(_ record: RoomLogRecord, line: [UInt8], role: LineRole = .game) {
        guard let room = record.room else {
            lastTick = line
            return
        }
        nextOrder += 1
        switch record {
        case .create, .room:
            liveBytes -= roomLines[room]?.bytes ?? 0
            roomLines[room] = LiveLines(game: [(nextOrder, line)], passingLimit: passingBound)
            liveBytes += line.count
        case .close:
            liveBytes -= roomLines.removeValue(forKey: room)?.bytes ?? 0
        default:
            keepInput(line, of: room, role: role)
        }
    }

    /// A record of a room (kept only while the room is live), numbered after those before it.
    private func keepInput(_ line: [UInt8], of room: String, role: LineRole) {
        guard roomLines[room] != nil else { return }
        liveBytes += line.count
        switch role {
        case .game:
            roomLines[room]?.game.append((nextOrder, line))
        case .passing:
            roomLines[room]?.passing.append((nextOrder, line))
            roomLines[room]?.passingBytes += line.count
            if let lines = roomLines[room], lines.passingBytes > lines.passingLimit, !lines.isQueued {
                roomLines[room]?.isQueued = true
                roomsToSummarize.append(room)
            }
        }
    }

    /// Replaces the comings and goings of each room past ``passingBound`` with the summary
    /// `summary` gives of it (its members as they stand: a ``RoomLogRecord/members(room:seq:members:votes:t:)``),
    /// numbered after every line so far, as a record written now would be. Called at the end
    /// of a turn, before ``flush()``: the file holds the lines summarized until its next
    /// rewrite, and replays to the same rooms either way.
    func summarizeRooms(_ summary: (String) -> RoomLogRecord?) {
        guard !roomsToSummarize.isEmpty else { return }
        let rooms = roomsToSummarize
        roomsToSummarize = []
        for room in rooms {
            roomLines[room]?.isQueued = false
            guard let lines = roomLines[room], lines.passingBytes > lines.passingLimit, let record = summary(room) else { continue }
            nextOrder += 1
            let line = record.line
            liveBytes += line.count - lines.passingBytes
            roomLines[room]?.passing = [(nextOrder, line)]
            roomLines[room]?.passingBytes = line.count
            roomLines[room]?.passingLimit = max(passingBound, 2 * line.count)
            summaries += 1
        }
    }

    /// How many times a room's comings and goings were summarized since the start (for tests).
    private(set) var summaries = 0

    /// The bytes a room's live lines take, and those of them that pass (for tests).
    func liveBytes(of room: String) -> (all: Int, passing: Int)? {
        roomLines[room].map { ($0.bytes, $0.passingBytes) }
    }

    /// The live rooms' records in the order they were written, and the last clock tick.
    private func liveRecords() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(liveBytes)
        for (_, line) in roomLines.values.flatMap({ $0.game + $0.passing }).sorted(by: { $0.order < $1.order }) {
            bytes += line
        }
        if let lastTick, !roomLines.isEmpty { bytes += lastTick }
        return bytes
    }

    /// Rewrites the log while the server runs. The new file is written here (into the
    /// kernel: a millisecond or two for megabytes), then fsynced and renamed into place off
    /// the loop, where an fsync of megabytes would hold every player for tens of
    /// milliseconds. Until then each turn's records go to both files, so a crash at any
    /// point leaves one whole log: the old one before the rename, the new one after.
    private func startRewrite() {
        let bytes = liveRecords()
        guard let runOffLoop else {
            if let failure = log.replace(with: bytes) { warn("room log: \(failure)") }
            return
        }
        if let failure = log.beginReplacement(with: bytes, alsoSyncAppends: policy == .always) {
            return warn("room log: \(failure)")
        }
        isRewriting = true
        let outcome = RewriteOutcome()
        let (log, syncs) = (log, policy != .no)
        runOffLoop({
            outcome.failure = log.commitReplacement(sync: syncs)
        }, { [weak self] in
            self?.finishRewrite(outcome.failure)
        })
    }

    /// Back on the loop: the new file is in place (or the rewrite failed and the log goes on).
    private func finishRewrite(_ failure: LogFailure?) {
        guard isRewriting else { return }
        isRewriting = false
        log.endReplacement(committed: failure == nil)
        if let failure {
            return warn("room log: rewriting \(path): \(failure); the log goes on as it was")
        }
        // Records written since the new file was synced are not on disk yet.
        needsSync = true
    }
}

/// What a rewrite's off-loop half found, read on the loop after the worker handed it back
/// (the worker's queue, under its mutex, orders the two threads).
private final class RewriteOutcome: @unchecked Sendable {
    var failure: LogFailure?
}
