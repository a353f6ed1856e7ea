/// An ``AppendOnlyLog`` in memory that fails on command: the store the server's tests hand
/// it on virtual time, so a full or failing disk is one property away, and a "restart" is a
/// new server on the same log.
public final class MemoryLog: AppendOnlyLog, @unchecked Sendable {
    public let path: String
    private let monitor = Monitor()
    // Under `monitor`:
    private var stored: [UInt8]
    private var copy: [UInt8]?
    private var failure: String?
    private var readFailure: String?
    /// Appends that still succeed before ``failAppends`` takes effect.
    private var allowance = 0
    /// Where the room kept by ``reserve(_:)`` ends: appends up to it succeed on a full disk.
    private var reservedEnd = 0
    private var syncFailure: String?
    private var synced = 0
    private var syncCount = 0

    /// A log named `path` holding `contents`.
    public init(path: String = "memory/log", contents: [UInt8] = []) {
        self.path = path
        stored = contents
    }

    /// Makes every append and replacement fail with this text from now on (nil: work again),
    /// as a full disk would.
    public var failAppends: String? {
        get { monitor.locked { failure } }
        set { monitor.locked { failure = newValue } }
    }

    /// Makes appends fail with `failure` once `count` more have succeeded (a disk that fills
    /// part way through a turn).
    public func failAppends(_ failure: String?, afterSucceeding count: Int) {
        monitor.locked {
            self.failure = failure
            allowance = count
        }
    }

    /// Makes every read fail with this text from now on (nil: work again), as an unreadable disk would.
    public var failReads: String? {
        get { monitor.locked { readFailure } }
        set { monitor.locked { readFailure = newValue } }
    }

    /// Makes every sync fail with this text from now on (nil: work again).
    public var failSyncs: String? {
        get { monitor.locked { syncFailure } }
        set { monitor.locked { syncFailure = newValue } }
    }

    /// The log's bytes now.
    public var bytes: [UInt8] { monitor.locked { stored } }
    /// The log's bytes at its last successful sync: what a power cut would leave.
    public var syncedBytes: [UInt8] { monitor.locked { Array(stored.prefix(synced)) } }
    /// Successful syncs so far.
    public var syncs: Int { monitor.locked { syncCount } }

    public var size: Int { monitor.locked { stored.count } }
    public var lastAppendNanoseconds: UInt64 { 0 }
    public var lastSyncNanoseconds: UInt64 { 0 }

    public func read(at offset: Int, count: Int) -> Result<[UInt8], LogFailure> {
        monitor.locked {
            if let readFailure { return .failure(LogFailure(readFailure)) }
            return .success(Array(stored.dropFirst(offset).prefix(count)))
        }
    }

    public func append(_ data: [UInt8]) -> LogFailure? {
        monitor.locked {
            if let failure, stored.count + data.count > reservedEnd {
                guard allowance > 0 else { return LogFailure(failure) }
                allowance -= 1
            }
            stored += data
            copy? += data
            return nil
        }
    }

    /// Keeps room as a disk would: none while appends fail (the disk is full), and room kept
    /// before takes appends even then.
    public func reserve(_ count: Int) -> LogFailure? {
        monitor.locked {
            if let failure, stored.count + count > reservedEnd { return LogFailure(failure) }
            reservedEnd = max(reservedEnd, stored.count + count)
            return nil
        }
    }

    /// Where the room kept by ``reserve(_:)`` ends (0 before any).
    public var reservedThrough: Int { monitor.locked { reservedEnd } }

    public func cut(to newSize: Int) -> LogFailure? {
        monitor.locked {
            reservedEnd = 0
            stored.removeLast(max(0, stored.count - newSize))
            synced = min(synced, stored.count)
            return nil
        }
    }

    public func sync() -> LogFailure? {
        monitor.locked {
            if let syncFailure { return LogFailure(syncFailure) }
            synced = stored.count
            syncCount += 1
            return nil
        }
    }

    public func replace(with data: [UInt8]) -> LogFailure? {
        monitor.locked {
            if let failure { return LogFailure(failure) }
            stored = data
            synced = data.count
            reservedEnd = 0
            return nil
        }
    }

    public func beginReplacement(with data: [UInt8], alsoSyncAppends: Bool) -> LogFailure? {
        monitor.locked {
            if let failure { return LogFailure(failure) }
            copy = data
            return nil
        }
    }

    public func commitReplacement(sync: Bool) -> LogFailure? {
        monitor.locked { failure.map(LogFailure.init) }
    }

    public func endReplacement(committed: Bool) {
        monitor.locked {
            if committed, let copy {
                stored = copy
                synced = copy.count
                reservedEnd = 0
            }
            copy = nil
        }
    }
}
