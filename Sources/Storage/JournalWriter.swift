import Glibc
import SystemCall

/// Appends journal lines to a file and fsyncs them on a thread of its own, so
/// a slow disk never stalls the event loop (an fsync here takes from under a
/// millisecond to tens of milliseconds, and a loop waiting on it delays every
/// player's reply that long).
///
/// The loop hands over a turn's lines with ``submit(_:)`` and goes on. The
/// writer thread writes and fsyncs them, then calls `notify` from its thread;
/// the loop, woken, collects the batches that are on disk with
/// ``takeFinished()``. Batches queued while an fsync runs go to disk together,
/// with one fsync (a group commit).
///
/// The two threads share only the queues below, always under `monitor`; the
/// file descriptor is the writer thread's once it starts. Redis moves its
/// AOF fsync off the main thread the same way.
public final class JournalWriter: @unchecked Sendable {
    /// A batch that reached the disk, or failed to.
    public struct Finished: Equatable {
        /// The number ``submit(_:)`` gave the batch.
        public let ticket: UInt64
        /// The failed call and its error, when the batch may not be on disk.
        public let failure: String?
        /// How long the write and fsync that took it lasted (with the batches beside it in
        /// the same group), in nanoseconds of the real clock.
        public let nanoseconds: UInt64

        public init(ticket: UInt64, failure: String?, nanoseconds: UInt64 = 0) {
            self.ticket = ticket
            self.failure = failure
            self.nanoseconds = nanoseconds
        }
    }

    private let fd: Int32
    private let path: String
    private let notify: @Sendable () -> Void
    /// Broadcast when work is queued, the writer is asked to stop, or a group of batches is finished.
    private let monitor = Monitor()
    private var thread = pthread_t()

    // Under `monitor`:
    private var queued: [(ticket: UInt64, bytes: [UInt8])] = []
    /// Other files to fsync (the room log, with `everysec`): one writing thread for all.
    private var syncRequests: [Int32] = []
    /// Other writes (a finished game's replay file), run in the order handed over.
    private var jobs: [@Sendable () -> Void] = []
    private var finished: [Finished] = []
    private var writing = false
    private var stopping = false
    /// When set, every batch fails with this text instead of being written: how tests fill the disk.
    private var injectedFailure: String?

    // Loop thread only:
    private var nextTicket: UInt64 = 1
    private var running = false

    /// Makes a writer for an open, append-mode `fd`; `notify` is called on the
    /// writer's thread after every group of batches it finishes.
    public init(fd: Int32, path: String, notify: @escaping @Sendable () -> Void) {
        self.fd = fd
        self.path = path
        self.notify = notify
    }

    /// Starts the writer thread.
    /// - Throws: the failed `pthread_create` when the thread cannot be made.
    public func start() throws(SystemError) {
        precondition(!running, "the journal writer is already running")
        // The thread holds the writer until it ends; `stop()` joins it.
        thread = try HelperThread.start("journal writer") { [self] in run() }
        running = true
    }

    /// Queues bytes to append; returns the ticket ``takeFinished()`` reports them under.
    public func submit(_ bytes: [UInt8]) -> UInt64 {
        precondition(running, "start the journal writer before submitting")
        let ticket = nextTicket
        nextTicket += 1
        monitor.locked {
            queued.append((ticket, bytes))
            monitor.broadcast()
        }
        return ticket
    }

    /// Asks the thread to fsync another file soon (the room log); at most once per request in the queue.
    public func requestSync(of fd: Int32) {
        monitor.locked {
            if !syncRequests.contains(fd) { syncRequests.append(fd) }
            monitor.broadcast()
        }
    }

    /// Runs `job` on the writer thread, before the batches queued after it: a game's replay
    /// handed over with its result is written (and with `always` fsynced) before its
    /// `game_over` goes out.
    public func perform(_ job: @escaping @Sendable () -> Void) {
        monitor.locked {
            jobs.append(job)
            monitor.broadcast()
        }
    }

    /// Makes every batch from now on fail with `failure` (nil: write again), as a full disk would.
    public func injectFailure(_ failure: String?) {
        monitor.locked { injectedFailure = failure }
    }

    /// The batches finished since the last call, in ticket order.
    public func takeFinished() -> [Finished] {
        monitor.locked {
            let taken = finished
            finished = []
            return taken
        }
    }

    /// Blocks until every submitted batch is finished (for shutdown).
    public func waitUntilIdle() {
        monitor.locked {
            while !queued.isEmpty || !jobs.isEmpty || writing {
                monitor.wait()
            }
        }
    }

    /// Finishes what is queued, then ends the thread and waits for it.
    public func stop() {
        guard running else { return }
        running = false
        monitor.locked {
            stopping = true
            monitor.broadcast()
        }
        pthread_join(thread, nil)
    }

    // MARK: The writer thread

    private func run() {
        while let (batches, syncs, jobs) = nextWork() {
            for job in jobs { job() }
            // A failed fsync of the room log is found again by the next one; nothing waits on it.
            for fd in syncs { _ = fsync(fd) }
            let (failure, nanoseconds) = MonotonicClock.time { batches.isEmpty ? nil : append(batches.flatMap(\.bytes)) }
            monitor.locked {
                writing = false
                finished += batches.map { Finished(ticket: $0.ticket, failure: failure, nanoseconds: nanoseconds) }
                monitor.broadcast()
            }
            if !batches.isEmpty { notify() }
        }
    }

    /// Waits for work and takes all of it; nil when asked to stop and nothing is left.
    private func nextWork() -> (batches: [(ticket: UInt64, bytes: [UInt8])], syncs: [Int32], jobs: [@Sendable () -> Void])? {
        monitor.locked {
            while queued.isEmpty && syncRequests.isEmpty && jobs.isEmpty && !stopping {
                monitor.wait()
            }
            guard !queued.isEmpty || !syncRequests.isEmpty || !jobs.isEmpty else { return nil }
            let work = (queued, syncRequests, jobs)
            queued = []
            syncRequests = []
            jobs = []
            writing = true
            return work
        }
    }

    /// Writes `bytes` whole, then fsyncs; returns what failed, if anything.
    /// A write that fails part way (a full disk) is cut back off, so the next
    /// record does not land glued to half a line.
    private func append(_ bytes: [UInt8]) -> String? {
        if let failure = monitor.locked({ injectedFailure }) { return failure }
        let end = lseek(fd, 0, SEEK_END)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let failure = "write(\(path)): \(SystemError.text(forErrno: errno))"
                if end >= 0 { _ = ftruncate(fd, end) }
                return failure
            }
            written += result
        }
        if fsync(fd) != 0 {
            // Reported as not written, so it is cut off too: written again, it is there once.
            let failure = "fsync(\(path)): \(SystemError.text(forErrno: errno))"
            if end >= 0 { _ = ftruncate(fd, end) }
            return failure
        }
        return nil
    }
}
