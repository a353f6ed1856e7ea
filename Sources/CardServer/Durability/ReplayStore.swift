import Storage
import Wire

/// Finished games' replays, one file each under `--data`/replays, kept for `--keep-replays` days.
///
/// A replay is the `replay` message itself (without an id), written when the game ends; the
/// `replay` command reads it back. Files are named by game id, which is checked against the
/// server's own pattern before it goes near a path.
public final class ReplayStore {
    public let directory: String
    /// How long a replay is kept.
    public let keepDays: Int
    /// When replay files reach the disk, as the room log's `appendfsync` says: `always`, each
    /// one before it is renamed into place (and before its `game_over`); `everysec`, all
    /// those written in the last second with one `syncfs` (an fsync each, when a thousand
    /// games end together, kept the writing thread busy for a third of a second); `no`,
    /// whenever the kernel writes them.
    public let policy: LogSyncPolicy
    /// A replay was written since the last once-a-second sync (loop thread only).
    private var savedSinceSync = false
    private let warn: @Sendable (String) -> Void
    /// Runs a file write on the writing thread the results journal and the room log share;
    /// unset, the write runs where it is asked for (tests of the store alone).
    public var writeOffLoop: ((@escaping @Sendable () -> Void) -> Void)?
    /// The replays on disk, oldest first, touched only by jobs on the writing thread.
    private let shelf: ReplayShelf
    /// The most bytes the data directory may hold (`--max-data-size`); nil for no bound.
    /// Replays are evicted oldest first to stay inside it.
    public var maxDataBytes: Int?
    /// The bytes of the rest of the data directory (the journal and the room log), read on
    /// the loop when a replay is saved: the replays get what is left of ``maxDataBytes``.
    public var otherDataBytes: () -> Int = { 0 }

    /// Why the replays' folder could not be made or read.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The largest replay file read back: a game of ``GameServer/maxReplaySteps`` steps fits.
    static let maxFileBytes = 4 << 20

    /// Makes (if need be) `dataDirectory/replays` and removes replays older than `keepDays`.
    public init(
        dataDirectory: String, keepDays: Int, policy: LogSyncPolicy = .always, log warn: @escaping @Sendable (String) -> Void
    ) throws(Failure) {
        directory = (dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") + "replays"
        self.keepDays = keepDays
        self.policy = policy
        self.warn = warn
        do {
            try DataDirectory.makePrivateDirectory(dataDirectory)
            try DataDirectory.makePrivateDirectory(directory)
        } catch {
            throw Failure(description: error.description)
        }
        // Once, at start, before anyone is served: the only scan of the folder.
        shelf = ReplayShelf(directory: directory)
    }

    /// Replays kept now, and their bytes: read only while the writing thread is idle (tests).
    var kept: (count: Int, bytes: Int) { (shelf.count, shelf.totalBytes) }

    /// Runs a job that touches replay files on the writing thread, or here without one.
    private func run(_ job: @escaping @Sendable () -> Void) {
        if let writeOffLoop { writeOffLoop(job) } else { job() }
    }

    /// Whether `id` is shaped like the ids this server makes: room code, base-36 time, seq.
    static func isGameID(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, (4...8).contains(parts[0].count), (1...13).contains(parts[1].count), (1...12).contains(parts[2].count)
        else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
            && parts[2].allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Where a game's replay is kept.
    func path(of id: String) -> String { directory + "/" + id + ".json" }

    /// Whether the game's replay is on disk.
    func contains(_ id: String) -> Bool {
        Self.isGameID(id) && ReplayShelf.exists(path(of: id))
    }

    /// Writes a replay, off the loop when a writing thread is set: encoded and written there
    /// (to a new name, fsynced as the policy says, then renamed into place, so a reader
    /// never sees half).
    func save(_ replay: GameReplay) {
        save(gameID: replay.gameID) { replay }
    }

    /// Writes the replay `make` builds, on the writing thread when there is one: a long
    /// game's replay is thousands of records read and kilobytes of JSON written.
    func save(gameID: String, _ make: @escaping @Sendable () -> GameReplay) {
        guard Self.isGameID(gameID) else { return }
        let (final, sync, warn, shelf) = (path(of: gameID), policy == .always, warn, shelf)
        let budget = maxDataBytes.map { max(0, $0 - otherDataBytes()) }
        run {
            shelf.retryFailed(sync: sync, warn: warn)
            shelf.write(ServerMessage.replay(make(), id: nil).encodedLine(), to: final, sync: sync, warn: warn)
            if let budget { shelf.evict(toFit: budget, warn: warn) }
        }
        savedSinceSync = true
    }

    /// Every second: replays whose write failed (a full disk) are written again, oldest first.
    func retryFailedSaves() {
        let (sync, warn, shelf) = (policy == .always, warn, shelf)
        run { shelf.retryFailed(sync: sync, warn: warn) }
    }

    /// With `everysec`, called once a second: the replays written since the last call go to
    /// the disk with one `syncfs` on the writing thread, after their writes.
    func syncRecentSaves() {
        guard policy == .everysec, savedSinceSync else { return }
        savedSinceSync = false
        let (directory, warn) = (directory, warn)
        let job: @Sendable () -> Void = {
            if let failure = ReplayShelf.syncFileSystem(of: directory) { warn("replays: \(failure)") }
        }
        if let writeOffLoop { writeOffLoop(job) } else { job() }
    }

    /// Logs a replay file that is there but does not read as one.
    func warnUnreadable(_ id: String) {
        warn("replay \(id): the file does not read as a replay")
    }

    /// What reading a replay file found.
    enum Read: Equatable {
        case some(GameReplay)
        /// No such file.
        case none
        /// A file that does not decode as a replay, or is too large to be one.
        case unreadable
    }

    /// Reads a replay file (nothing when there is none: never kept, or past its days); it
    /// touches no store state, so the background worker may call it.
    static func readFile(_ path: String) -> Read {
        var bytes: [UInt8]
        switch ReplayShelf.read(path, maxBytes: maxFileBytes) {
        case .bytes(let read): bytes = read
        case .none: return .none
        case .unreadable: return .unreadable
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        guard bytes.count <= maxFileBytes, case .replay(let replay, _)? = try? ServerMessageDecoder.decode(bytes) else {
            return .unreadable
        }
        return .some(replay)
    }

    /// Removes replays last written more than `keepDays` days before `nowSeconds`: on the
    /// writing thread, oldest first, never a scan of the folder.
    func prune(nowSeconds: Int) {
        let (cutoff, keepDays, warn, shelf) = (nowSeconds - keepDays * 86_400, keepDays, warn, shelf)
        run {
            let removed = shelf.removeOlder(than: cutoff)
            if removed > 0 { warn("replays: removed \(removed) older than \(keepDays) days") }
        }
    }
}
