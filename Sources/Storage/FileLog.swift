import CLinux
import Glibc
import Synchronization
import SystemCall

/// An ``AppendOnlyLog`` in a file under the data directory: opened as a regular file only
/// (never through a link, never a FIFO), appended with `O_APPEND`, replaced by write-aside,
/// fsync and rename, so a crash at any moment leaves one whole log, the old or the new.
public final class FileLog: AppendOnlyLog, @unchecked Sendable {
    public let path: String
    /// The log's descriptor. After a replacement the new file takes this number (`dup2`), so
    /// a sync another thread was asked for reaches the file in place.
    private let fd: Int32
    /// Bytes in the file: written by the appending thread, read by any.
    private let bytes = Atomic<Int>(0)
    /// A replacement under way: the copy's descriptor, set before the slow half is handed to
    /// another thread and cleared after it is back, so that thread reads it while nobody
    /// writes it; and the copy's size, the appending thread's alone.
    private var replacementFD: Int32?
    private var replacementSize = 0
    /// With a replacement under way, whether each append to the copy is fsynced too.
    private var syncReplacementAppends = false
    public private(set) var lastAppendNanoseconds: UInt64 = 0
    public private(set) var lastSyncNanoseconds: UInt64 = 0

    /// Opens (or creates, 0600) the file at `path`.
    /// - Parameter maxBytes: a file larger than this is refused at once: it is not one this
    ///   server wrote.
    /// - Throws: ``LogFailure`` naming the call when the file cannot be opened, is not a
    ///   regular file, or is too large.
    public init(path: String, maxBytes: Int? = nil) throws(LogFailure) {
        self.path = path
        do {
            fd = try DataDirectory.openRegular(path, flags: O_RDWR | O_CREAT | O_APPEND, maxBytes: maxBytes)
        } catch {
            throw LogFailure(error.description)
        }
        var info = stat()
        bytes.store(fstat(fd, &info) == 0 ? Int(info.st_size) : 0, ordering: .relaxed)
    }

    /// Opens (or creates) the log `name` in the data directory `directory`, making the
    /// directory (0700) first if need be: the one way the server's logs are opened.
    /// - Throws: ``LogFailure`` naming the call that failed.
    public convenience init(directory: String, name: String, maxBytes: Int? = nil) throws(LogFailure) {
        do {
            try DataDirectory.makePrivateDirectory(directory)
        } catch {
            throw LogFailure(error.description)
        }
        try self.init(path: DataDirectory.join(directory, name), maxBytes: maxBytes)
    }

    deinit {
        if let replacementFD { close(replacementFD) }
        close(fd)
    }

    public var size: Int { bytes.load(ordering: .relaxed) }

    public func read(at offset: Int, count: Int) -> Result<[UInt8], LogFailure> {
        var chunk = [UInt8](repeating: 0, count: count)
        while true {
            let read = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return .failure(LogFailure("read(\(path)): \(SystemError.text(forErrno: errno))")) }
            chunk.removeLast(count - read)
            return .success(chunk)
        }
    }

    public func append(_ data: [UInt8]) -> LogFailure? {
        let start = MonotonicClock.nanoseconds
        defer { lastAppendNanoseconds = MonotonicClock.nanoseconds &- start }
        let before = size
        if let error = WholeFile.write(data, to: fd) {
            cutBack(fd, to: before, name: path)
            return LogFailure("write(\(path)): \(error.message)")
        }
        if let copy = replacementFD {
            if let error = WholeFile.write(data, to: copy) {
                // A record one of the two files lacks is a failed write, cut back from both.
                cutBack(copy, to: replacementSize, name: path + ".new")
                cutBack(fd, to: before, name: path)
                return LogFailure("write(\(path).new): \(error.message)")
            }
            replacementSize += data.count
            // With `always`, what anyone hears of is on disk in the file about to replace this one too.
            if syncReplacementAppends { _ = fsync(copy) }
        }
        bytes.store(before + data.count, ordering: .relaxed)
        return nil
    }

    public func reserve(_ count: Int) -> LogFailure? {
        guard count > 0 else { return nil }
        while clinux_reserve(fd, Int64(size), Int64(count)) != 0 {
            if errno == EINTR { continue }
            return LogFailure("fallocate(\(path)): \(SystemError.text(forErrno: errno))")
        }
        return nil
    }

    public func cut(to newSize: Int) -> LogFailure? {
        guard ftruncate(fd, off_t(newSize)) == 0 else {
            return LogFailure("ftruncate(\(path)): \(SystemError.text(forErrno: errno))")
        }
        bytes.store(newSize, ordering: .relaxed)
        return nil
    }

    public func sync() -> LogFailure? {
        let (result, nanoseconds) = MonotonicClock.time { fsync(fd) == 0 ? 0 : errno }
        lastSyncNanoseconds = nanoseconds
        return result == 0 ? nil : LogFailure("fsync(\(path)): \(SystemError.text(forErrno: result))")
    }

    public func replace(with data: [UInt8]) -> LogFailure? {
        let copy: Int32
        switch writeAside(data) {
        case .success(let written): copy = written
        case .failure(let failure): return failure
        }
        defer { close(copy) }
        guard fsync(copy) == 0, rename(path + ".new", path) == 0 else {
            let failure = LogFailure("rewriting \(path): \(SystemError.text(forErrno: errno))")
            unlink(path + ".new")
            return failure
        }
        // The rename itself is durable once the directory is.
        DataDirectory.syncDirectory(of: path)
        adopt(copy, size: data.count)
        return nil
    }

    public func beginReplacement(with data: [UInt8], alsoSyncAppends: Bool) -> LogFailure? {
        precondition(replacementFD == nil, "one replacement at a time")
        switch writeAside(data) {
        case .success(let copy):
            replacementFD = copy
            replacementSize = data.count
            syncReplacementAppends = alsoSyncAppends
            return nil
        case .failure(let failure):
            return failure
        }
    }

    public func commitReplacement(sync: Bool) -> LogFailure? {
        // Read on this thread after the loop handed the work over (the handing over orders the two).
        guard let copy = replacementFD else { return LogFailure("\(path): no replacement under way") }
        if sync, fsync(copy) != 0 { return LogFailure("fsync(\(path).new): \(SystemError.text(forErrno: errno))") }
        if rename(path + ".new", path) != 0 { return LogFailure("rename(\(path).new): \(SystemError.text(forErrno: errno))") }
        if sync { DataDirectory.syncDirectory(of: path) }
        return nil
    }

    public func endReplacement(committed: Bool) {
        guard let copy = replacementFD else { return }
        replacementFD = nil
        if committed {
            adopt(copy, size: replacementSize)
            close(copy)
        } else {
            close(copy)
            unlink(path + ".new")
        }
    }

    /// Writes `data` to `path.new`, truncated first; its descriptor.
    private func writeAside(_ data: [UInt8]) -> Result<Int32, LogFailure> {
        let temporary = path + ".new"
        let copy: Int32
        do {
            copy = try DataDirectory.openRegular(temporary, flags: O_RDWR | O_CREAT | O_TRUNC | O_APPEND)
        } catch {
            return .failure(LogFailure(error.description))
        }
        if let error = WholeFile.write(data, to: copy) {
            close(copy)
            return .failure(LogFailure("write(\(temporary)): \(error.message)"))
        }
        return .success(copy)
    }

    /// The copy now in place becomes the log, under the log's descriptor number.
    private func adopt(_ copy: Int32, size: Int) {
        // dup2 replaces the log's descriptor in one step, closing the old file; it fails only
        // for a descriptor that is not open, which neither is.
        _ = dup2(copy, fd)
        bytes.store(size, ordering: .relaxed)
    }

    /// Cuts a file back to its last whole record after a failed write.
    private func cutBack(_ file: Int32, to size: Int, name: String) {
        // A failed cut is found again by the next append's cut or the next start's scan.
        _ = ftruncate(file, off_t(size))
    }
}
