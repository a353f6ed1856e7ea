/// A log that only grows at its end, one whole append at a time: the room log, the results
/// journal, and whatever comes next (accounts). Records are sealed by their owner
/// (``RecordSeal``); the log promises that a failed append leaves nothing of itself, so the
/// file always ends on a record boundary and holds only what was confirmed, and it can be
/// replaced by a compacted copy with no moment at which a crash leaves neither.
///
/// ``FileLog`` keeps one in a file under the data directory; ``MemoryLog`` keeps one in
/// memory and fails on command, so the server's storage failures are tested on virtual time.
///
/// One thread at a time appends (the loop for the room log, the writing thread for the
/// journal); ``size`` and ``sync()`` may be called from any thread.
public protocol AppendOnlyLog: AnyObject, Sendable {
    /// The file's path, or what names the log in messages.
    var path: String { get }
    /// Bytes in the log now.
    var size: Int { get }
    /// Up to `count` bytes from `offset` (fewer at the end, none past it): the start reads a
    /// log a chunk at a time, so a journal of a million results is never held whole.
    func read(at offset: Int, count: Int) -> Result<[UInt8], LogFailure>
    /// Appends `bytes` whole, or not at all: a failed or short write is cut back off (redis
    /// cuts a partial AOF write the same way), and the failure is returned. While a
    /// replacement is under way the bytes go to both files.
    func append(_ bytes: [UInt8]) -> LogFailure?
    /// Cuts the log back to its first `size` bytes (a torn tail found at start, or an append
    /// its owner will report as failed).
    func cut(to size: Int) -> LogFailure?
    /// Makes what was appended durable (fsync).
    func sync() -> LogFailure?
    /// How long the last ``append(_:)`` and the last ``sync()`` took, in nanoseconds of the
    /// real clock (for `/metrics`; 0 in memory). Read by the thread that made the call.
    var lastAppendNanoseconds: UInt64 { get }
    var lastSyncNanoseconds: UInt64 { get }
    /// Replaces the whole log with `bytes` now: written aside, synced, renamed over the log,
    /// the directory synced. For the start, before anyone is served.
    func replace(with bytes: [UInt8]) -> LogFailure?
    /// Starts replacing the log with `bytes` while it is in use: the copy is written aside
    /// now, and every append from here goes to both until ``endReplacement(committed:)``.
    func beginReplacement(with bytes: [UInt8], alsoSyncAppends: Bool) -> LogFailure?
    /// The slow half of a replacement, for a thread other than the loop: syncs the copy (when
    /// `sync`), renames it over the log and syncs the directory.
    func commitReplacement(sync: Bool) -> LogFailure?
    /// Back on the appending thread after ``commitReplacement(sync:)``: `committed` adopts the
    /// copy as the log, false drops it and the log goes on as it was.
    func endReplacement(committed: Bool)
    /// Keeps room for `bytes` more past the log's end: the disk's blocks are taken now
    /// (`fallocate` keeping the size), so appends into them succeed on a disk another writer
    /// has filled since. A replacement or a cut drops what was kept; ask again after.
    /// Any thread may call it.
    func reserve(_ bytes: Int) -> LogFailure?
}

extension AppendOnlyLog {
    /// Every byte from the start, read a chunk at a time.
    public func contents() -> Result<[UInt8], LogFailure> {
        var all: [UInt8] = []
        while true {
            switch read(at: all.count, count: 1 << 16) {
            case .failure(let failure): return .failure(failure)
            case .success(let chunk) where chunk.isEmpty: return .success(all)
            case .success(let chunk): all += chunk
            }
        }
    }
}

/// A log operation that failed, naming the call, the file and the error
/// (`write(DIR/rooms.log): No space left on device`).
public struct LogFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// When a log is fsynced, as redis's `appendfsync` says it for its AOF.
public enum LogSyncPolicy: String, Sendable, CaseIterable {
    /// After every turn's write, before its replies go out: a power cut loses nothing anyone heard.
    case always
    /// Once a second, on the writing thread: a power cut loses at most about the last second.
    case everysec
    /// Whenever the kernel writes it back (about 30 s on Linux): a power cut may lose that much.
    case no
}
