import CLinux
import Glibc
import SystemCall

/// The replay files on disk, oldest first, with their sizes, so the store evicts for its
/// budget and prunes by age without scanning the folder: the folder is read once, at start.
///
/// Touched only by jobs on the writing thread, which run one at a time (or, without that
/// thread, on the caller's): hence `@unchecked Sendable` with no lock.
public final class ReplayShelf: @unchecked Sendable {
    private struct File {
        let path: String
        let bytes: Int
        let writtenSeconds: Int
    }

    private let directory: String
    /// Oldest first; `head` is the first still on disk (removal from the front is O(1)).
    private var files: [File] = []
    private var head = 0
    /// Bytes of the files on the shelf.
    public private(set) var totalBytes = 0
    /// Replays whose write failed, oldest first, to write again: a full disk delays a replay,
    /// it does not lose it (up to ``maxFailed``; past that the oldest is given up, logged).
    private var failed: [(path: String, bytes: [UInt8])] = []

    /// Replays kept in memory for a retry at most.
    static let maxFailed = 1_000

    /// Reads the folder once: every replay file, by the time it was last written; a `.new`
    /// left by a crash mid-write is removed.
    public init(directory: String) {
        self.directory = directory
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            let path = directory + "/" + name
            if name.hasSuffix(".json.new") {
                unlink(path)
                continue
            }
            var info = stat()
            guard name.hasSuffix(".json"), lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let used = Self.usedBytes(info)
            files.append(File(path: path, bytes: used, writtenSeconds: Int(info.st_mtim.tv_sec)))
            totalBytes += used
        }
        files.sort { ($0.writtenSeconds, $0.path) < ($1.writtenSeconds, $1.path) }
    }

    /// Replay files kept.
    public var count: Int { files.count - head }

    /// Writes one replay to a new name, fsynced when `sync` says, then renamed into place, so
    /// a reader never sees half; a failure keeps it for ``retryFailed(sync:warn:)``.
    public func write(_ bytes: [UInt8], to final: String, sync: Bool, warn: @Sendable (String) -> Void) {
        if let failure = Self.writeFile(bytes, to: final, sync: sync) {
            if failed.isEmpty { warn("replay \(Self.name(final)): \(failure); kept to be written again") }
            failed.append((final, bytes))
            if failed.count > Self.maxFailed {
                let dropped = failed.removeFirst()
                warn("replay \(Self.name(dropped.path)): not written after \(Self.maxFailed) later replays failed too; given up")
            }
            return
        }
        let used = Self.usedBytes(at: final, written: bytes.count)
        files.append(File(path: final, bytes: used, writtenSeconds: Int(time(nil))))
        totalBytes += used
    }

    /// What a file takes on the disk: its allocated blocks, not its length (a 1 KB replay
    /// takes a 4 KiB block, so counting lengths let a 2 MiB budget hold 9.6 MiB).
    static func usedBytes(_ info: stat) -> Int {
        max(Int(info.st_blocks) * 512, Int(info.st_size))
    }

    /// What the file just written at `path` takes on the disk; its length rounded up to a
    /// 4 KiB block when it cannot be read back.
    static func usedBytes(at path: String, written: Int) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (written + 4_095) / 4_096 * 4_096 }
        return usedBytes(info)
    }

    /// Writes the replays whose write failed, oldest first, until one fails again.
    public func retryFailed(sync: Bool, warn: @Sendable (String) -> Void) {
        guard !failed.isEmpty else { return }
        var written = 0
        while let (path, bytes) = failed.first {
            guard Self.writeFile(bytes, to: path, sync: sync) == nil else { break }
            failed.removeFirst()
            let used = Self.usedBytes(at: path, written: bytes.count)
            files.append(File(path: path, bytes: used, writtenSeconds: Int(time(nil))))
            totalBytes += used
            written += 1
        }
        if written > 0 { warn("replays: \(written) written after a failed write\(failed.isEmpty ? "" : "; \(failed.count) still waiting")") }
    }

    /// Removes the oldest replays until they take at most `budget` bytes.
    public func evict(toFit budget: Int, warn: @Sendable (String) -> Void) {
        var removed = 0
        while totalBytes > budget, head < files.count {
            removeFirst()
            removed += 1
        }
        if removed > 0 { warn("replays: removed the \(removed) oldest to keep the data directory within --max-data-size") }
    }

    /// Removes the replays written before `cutoff` (seconds since 1970); returns how many.
    public func removeOlder(than cutoff: Int) -> Int {
        var removed = 0
        while head < files.count, files[head].writtenSeconds < cutoff {
            removeFirst()
            removed += 1
        }
        return removed
    }

    private func removeFirst() {
        let file = files[head]
        unlink(file.path)
        totalBytes -= file.bytes
        head += 1
        // Compacted once half the array is gone: amortised O(1) a removal.
        if head > 1_024, head * 2 > files.count {
            files.removeFirst(head)
            head = 0
        }
    }

    private static func name(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "").replacingSuffix(".json")
    }

    /// Writes a whole file under a temporary name and renames it into place; the failure, or nil.
    private static func writeFile(_ bytes: [UInt8], to final: String, sync: Bool) -> String? {
        let temporary = final + ".new"
        let fd: Int32
        do {
            fd = try DataDirectory.openRegular(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        } catch {
            return error.description
        }
        if let failure = WholeFile.write(bytes, to: fd) {
            close(fd)
            unlink(temporary)
            return "write: \(failure.message)"
        }
        if sync, fsync(fd) != 0 {
            let failure = "fsync: \(SystemError.text(forErrno: errno))"
            close(fd)
            unlink(temporary)
            return failure
        }
        close(fd)
        if rename(temporary, final) != 0 {
            let failure = "rename: \(SystemError.text(forErrno: errno))"
            unlink(temporary)
            return failure
        }
        return nil
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }

}

extension ReplayShelf {
    // MARK: Reading and syncing, from any thread

    /// What reading one replay file found.
    public enum FileRead: Equatable, Sendable {
        /// Its bytes.
        case bytes([UInt8])
        /// No such file.
        case none
        /// A file that is there but cannot be read as one: not a regular file, too large, or
        /// a read failed.
        case unreadable
    }

    /// Reads a replay file: only a regular file, never through a link, never blocking (a FIFO
    /// put there would wedge the thread), and none larger than `maxBytes`. Touches no shelf
    /// state, so any thread may call it.
    public static func read(_ path: String, maxBytes: Int) -> FileRead {
        guard let fd = try? DataDirectory.openRegular(path, flags: O_RDONLY, maxBytes: maxBytes) else {
            return access(path, F_OK) == 0 ? .unreadable : .none
        }
        defer { close(fd) }
        guard case .success(let bytes) = WholeFile.read(fd, limit: maxBytes), bytes.count <= maxBytes else { return .unreadable }
        return .bytes(bytes)
    }

    /// Whether a file is at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Gets every file written on the folder's file system to the disk with one `syncfs`
    /// (an fsync each would cost a thousand for a thousand games a second); the failure, if any.
    public static func syncFileSystem(of directory: String) -> String? {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "open(\(directory)): \(SystemError.text(forErrno: errno))" }
        defer { close(fd) }
        return clinux_syncfs(fd) == 0 ? nil : "syncfs: \(SystemError.text(forErrno: errno))"
    }
}
