import Glibc

/// Runs slow pure work (proving a Klondike deal winnable) on a thread of its own, one job
/// at a time, so no player's reply waits for it: the event loop submits a job and goes on;
/// the worker runs it, then calls `notify` from its thread, and the loop, woken, collects
/// the results with ``takeFinished()`` and uses them on its own thread.
///
/// One thread, not one per core: the loop keeps a core to itself on a two-core machine.
/// Jobs wait in order; a room has at most one in flight, so the queue is bounded by the
/// room cap. The two threads share only the queues below, always under `mutex`.
public final class BackgroundWorker: @unchecked Sendable {
    /// A finished job: the number ``submit(_:)`` gave it and what it returned.
    public struct Finished: Equatable, Sendable {
        public let job: UInt64
        public let result: UInt64
    }

    private let notify: @Sendable () -> Void
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let workQueued: UnsafeMutablePointer<pthread_cond_t>
    private var thread = pthread_t()

    // Under `mutex`:
    private var queued: [(job: UInt64, work: @Sendable () -> UInt64)] = []
    private var finished: [Finished] = []
    private var stopping = false

    // Loop thread only:
    private var nextJob: UInt64 = 1

    /// Starts the worker thread; `notify` is called on it after each job.
    /// - Throws: the errno text when the thread cannot be made.
    public init(notify: @escaping @Sendable () -> Void) throws(ResultsJournal.Failure) {
        self.notify = notify
        mutex = .allocate(capacity: 1)
        workQueued = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(workQueued, nil)
        // The thread holds the worker until it ends.
        thread = try HelperThread.start("background worker") { [self] in run() }
    }

    deinit {
        pthread_cond_destroy(workQueued)
        pthread_mutex_destroy(mutex)
        workQueued.deallocate()
        mutex.deallocate()
    }

    /// Queues a job; returns the number ``takeFinished()`` reports it under.
    public func submit(_ work: @escaping @Sendable () -> UInt64) -> UInt64 {
        let job = nextJob
        nextJob += 1
        locked {
            queued.append((job, work))
            pthread_cond_signal(workQueued)
        }
        return job
    }

    /// The jobs finished since the last call, in the order they finished.
    public func takeFinished() -> [Finished] {
        locked {
            defer { finished = [] }
            return finished
        }
    }

    /// Asks the thread to end after the job it is running; jobs still queued are dropped
    /// (the server is shutting down, and nobody waits for a deal any more).
    public func stop() {
        locked {
            stopping = true
            queued = []
            pthread_cond_signal(workQueued)
        }
    }

    private func run() {
        while let (job, work) = waitForJob() {
            let result = work()
            locked { finished.append(Finished(job: job, result: result)) }
            notify()
        }
    }

    /// The next job, waiting for one; nil once stopped.
    private func waitForJob() -> (UInt64, @Sendable () -> UInt64)? {
        locked {
            while queued.isEmpty, !stopping {
                pthread_cond_wait(workQueued, mutex)
            }
            guard !stopping else { return nil }
            return queued.removeFirst()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
