import CEpoll
import Glibc
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

    /// The largest replay file read back: a game of ``GameServer/maxReplaySteps`` steps fits.
    static let maxFileBytes = 4 << 20

    /// Makes (if need be) `dataDirectory/replays` and removes replays older than `keepDays`.
    public init(
        dataDirectory: String, keepDays: Int, policy: LogSyncPolicy = .always, log warn: @escaping @Sendable (String) -> Void
    ) throws(RoomLog.Failure) {
        directory = (dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") + "replays"
        self.keepDays = keepDays
        self.policy = policy
        self.warn = warn
        if mkdir(dataDirectory, 0o755) != 0, errno != EEXIST {
            throw RoomLog.Failure(description: "mkdir(\(dataDirectory)): \(String(cString: strerror(errno)))")
        }
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw RoomLog.Failure(description: "mkdir(\(directory)): \(String(cString: strerror(errno)))")
        }
        prune(nowSeconds: Int(time(nil)))
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
        Self.isGameID(id) && access(path(of: id), F_OK) == 0
    }

    /// Writes a replay, off the loop when a writing thread is set: encoded and written there
    /// (to a new name, fsynced as the policy says, then renamed into place, so a reader
    /// never sees half).
    func save(_ replay: GameReplay) {
        guard Self.isGameID(replay.gameID) else { return }
        let (final, id, sync, warn) = (path(of: replay.gameID), replay.gameID, policy == .always, warn)
        // Encoded on the writing thread too: a long game's replay is kilobytes of JSON.
        let job: @Sendable () -> Void = {
            Self.write(ServerMessage.replay(replay, id: nil).encodedLine(), to: final, sync: sync, warn: { warn("replay \(id): \($0)") })
        }
        if let writeOffLoop { writeOffLoop(job) } else { job() }
        savedSinceSync = true
    }

    /// With `everysec`, called once a second: the replays written since the last call go to
    /// the disk with one `syncfs` on the writing thread, after their writes.
    func syncRecentSaves() {
        guard policy == .everysec, savedSinceSync else { return }
        savedSinceSync = false
        let (directory, warn) = (directory, warn)
        let job: @Sendable () -> Void = {
            let fd = open(directory, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return warn("replays: open(\(directory)): \(String(cString: strerror(errno)))") }
            if cepoll_syncfs(fd) != 0 { warn("replays: syncfs: \(String(cString: strerror(errno)))") }
            close(fd)
        }
        if let writeOffLoop { writeOffLoop(job) } else { job() }
    }

    private static func write(_ bytes: [UInt8], to final: String, sync: Bool, warn: (String) -> Void) {
        let temporary = final + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return warn("open: \(String(cString: strerror(errno)))") }
        if let failure = WholeFile.write(bytes, to: fd) {
            close(fd)
            unlink(temporary)
            return warn("write: \(failure.text)")
        }
        if sync, fsync(fd) != 0 { warn("fsync: \(String(cString: strerror(errno)))") }
        close(fd)
        if rename(temporary, final) != 0 { warn("rename: \(String(cString: strerror(errno)))") }
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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .none }
        defer { close(fd) }
        guard case .success(var bytes) = WholeFile.read(fd, limit: maxFileBytes) else { return .unreadable }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        guard bytes.count <= maxFileBytes, case .replay(let replay, _)? = try? ServerMessageDecoder.decode(bytes) else {
            return .unreadable
        }
        return .some(replay)
    }

    /// Removes replays last written more than `keepDays` days before `nowSeconds`.
    func prune(nowSeconds: Int) {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var removed = 0
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.hasSuffix(".json") || name.hasSuffix(".json.new") else { continue }
            var info = stat()
            let path = directory + "/" + name
            guard stat(path, &info) == 0 else { continue }
            if Int(info.st_mtim.tv_sec) < nowSeconds - keepDays * 86_400 {
                if unlink(path) == 0 { removed += 1 }
            }
        }
        if removed > 0 { warn("replays: removed \(removed) older than \(keepDays) days") }
    }
}
