import Glibc

/// How much the data directory may take, and how much room its file system must keep:
/// nothing under `--data` grows without a bound an operator can set.
///
/// Free space is measured once a second (one `statvfs`, on the loop's clock), never per
/// command. Under the floor, new games are refused with `server_busy` while games in
/// progress play on; replays are evicted oldest first to keep the directory inside
/// `--max-data-size` (``ReplayStore/maxDataBytes``).
public final class DiskBudget {
    /// The data directory.
    public let directory: String
    /// The most bytes the data directory may hold (`--max-data-size`).
    public let maxDataBytes: Int
    /// Free bytes its file system must keep (`--min-free-space`).
    public let minFreeBytes: Int
    /// Free bytes for an unprivileged writer as last measured; `Int.max` before the first.
    public private(set) var freeBytes = Int.max
    /// The bytes the journal and the room log take now, which replays cannot free.
    public var fixedDataBytes: () -> Int = { 0 }

    /// - Parameters:
    ///   - maxDataBytes: `--max-data-size`.
    ///   - minFreeBytes: `--min-free-space`.
    public init(directory: String, maxDataBytes: Int, minFreeBytes: Int) {
        self.directory = directory
        self.maxDataBytes = maxDataBytes
        self.minFreeBytes = minFreeBytes
        measure()
    }

    /// Reads the file system's free space again.
    public func measure() {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return }
        let (free, overflow) = Int(clamping: info.f_bavail).multipliedReportingOverflow(by: Int(clamping: info.f_frsize))
        freeBytes = overflow ? .max : free
    }

    /// Whether the disk is short: under the free-space floor, or the data at its budget. New
    /// games wait; games under way play on, each seat within its reserve.
    public var isShort: Bool {
        freeBytes < minFreeBytes || fixedDataBytes() >= maxDataBytes
    }

    /// Why a new game cannot begin now, in words for the player; nil when it can.
    public var refusal: String? {
        if freeBytes < minFreeBytes {
            return "the server's disk is nearly full, so no new game can begin; games under way play on. Try again later"
        }
        if fixedDataBytes() >= maxDataBytes {
            return "the server's data has reached its size limit, so no new game can begin; games under way play on. Try again later"
        }
        return nil
    }
}
