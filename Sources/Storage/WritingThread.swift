import Glibc
import SystemCall

/// The server's one writing thread, as redis's `bio.c` is its: every write and fsync the loop
/// must not wait for. It appends the results journal's batches and fsyncs them (a group
/// commit), fsyncs the room log when asked (`everysec`), and runs the replay files' writes,
/// so a slow disk never stalls the event loop (an fsync takes from under a millisecond to
/// tens of milliseconds, and a loop waiting on it delays every player's reply that long).
///
/// The loop hands over a turn's lines with ``submit(_:)`` and goes on. The thread appends
/// them to its log and syncs it, then calls `notify` from its thread; the loop, woken,
/// collects the batches that are on disk with ``takeFinished()``. Batches queued while an
/// fsync runs go to disk together, with one fsync.
///
/// The two threads share only the queues below, always under `monitor`; the log is the
/// writing thread's to append once it starts. The program's main makes it, starts it and
/// stops it.
public final class WritingThread: @unchecked Sendable {
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

    private let log: any AppendOnlyLog
    private let notify: @Sendable () -> Void
    /// Broadcast when work is queued, the writer is asked to stop, or a group of batches is finished.
    private let monitor = Monitor()
    private var thread = pthread_t()

    // Under `monitor`:
    private var queued: [(ticket: UInt64, bytes: [UInt8])] = []
    /// Other logs to fsync (the room log, with `everysec`): one writing thread for all.
    private var syncRequests: [any AppendOnlyLog] = []
    /// Other writes (a finished game's replay file), run in the order handed over.
    private var jobs: [@Sendable () -> Void] = []
    private var finished: [Finished] = []
    private var writing = false
    private var stopping = false

    // Loop thread only:
    private var nextTicket: UInt64 = 1
    private var running = false

    /// Makes a writing thread that appends batches to `log`; `notify` is called on the
    /// thread after every group of batches it finishes.
    public init(log: any AppendOnlyLog, notify: @escaping @Sendable () -> Void) {
        self.log = log
        self.notify = notify
    }

    /// Starts the writer thread.
    /// - Throws: the failed `pthread_create` when the thread cannot be made.
    public func start() throws(SystemError) {
        precondition(!running, "the writing thread is already running")
        // The thread holds this object until it ends; `stop()` joins it.
        thread = try HelperThread.start("writing thread") { [self] in run() }
        running = true
    }

    /// Queues bytes to append; returns the ticket ``takeFinished()`` reports them under.
    public func submit(_ bytes: [UInt8]) -> UInt64 {
        precondition(running, "start the writing thread before submitting")
        let ticket = nextTicket
        nextTicket += 1
        monitor.locked {
            queued.append((ticket, bytes))
            monitor.broadcast()
        }
        return ticket
    }

    /// Asks the thread to fsync another log soon (the room log); at most once per request in the queue.
    public func requestSync(of other: any AppendOnlyLog) {
        monitor.locked {
            if !syncRequests.contains(where: { $0 === other }) { syncRequests.append(other) }
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
            for other in syncs { _ = other.sync() }
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
    private func nextWork() -> (batches: [(ticket: UInt64, bytes: [UInt8])], syncs: [any AppendOnlyLog], jobs: [@Sendable () -> Void])? {
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

    /// Appends `bytes` whole, then fsyncs; returns what failed, if anything. A write that
    /// fails part way (a full disk) leaves nothing (``AppendOnlyLog/append(_:)``), so the
    /// next record does not land glued to half a line.
    private func append(_ bytes: [UInt8]) -> String? {
        let end = log.size
        if let failure = log.append(bytes) { return failure.description }
        if let failure = log.sync() {
            // Reported as not written, so it is cut off too: written again, it is there once.
            _ = log.cut(to: end)
            return failure.description
        }
        return nil
    }
}
