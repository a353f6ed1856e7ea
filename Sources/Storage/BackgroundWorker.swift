import CLinux
import Glibc
import SystemCall

/// Runs slow pure work (proving a Klondike deal winnable) on a thread of its own, one job
/// at a time, so no player's reply waits for it: the event loop submits a job and goes on;
/// the worker runs it, then calls `notify` from its thread, and the loop, woken, collects
/// the results with ``takeFinished()`` and uses them on its own thread.
///
/// One thread, not one per core: the loop keeps a core to itself on a two-core machine.
/// Jobs wait in order; a room has at most one in flight, so the queue is bounded by the
/// room cap. The two threads share only the queues below, always under `monitor`.
public final class BackgroundWorker: @unchecked Sendable {
    /// A finished job: the number ``submit(_:)`` gave it and what it returned.
    public struct Finished: Equatable, Sendable {
        public let job: UInt64
        public let result: UInt64
    }

    private let notify: @Sendable () -> Void
    private let monitor = Monitor()
    private var thread = pthread_t()

    // Under `monitor`:
    private var queued: [(job: UInt64, work: @Sendable () -> UInt64)] = []
    private var finished: [Finished] = []
    private var stopping = false

    // Loop thread only:
    private var nextJob: UInt64 = 1

    /// Starts the worker thread; `notify` is called on it after each job.
    /// - Parameter niceness: the thread's nice value (0 to 19): above 0, the kernel gives the
    ///   loop's thread the CPU first whenever both want it (the password worker runs at 10).
    /// - Throws: the failed `pthread_create` when the thread cannot be made.
    public init(name: String = "background worker", niceness: Int32 = 0, notify: @escaping @Sendable () -> Void) throws(SystemError) {
        self.notify = notify
        // The thread holds the worker until it ends.
        thread = try HelperThread.start(name) { [self] in
            // Linux keeps a nice value per thread: this one's, not the process's.
            if niceness > 0 { _ = clinux_set_thread_niceness(niceness) }
            run()
        }
    }

    /// Queues a job; returns the number ``takeFinished()`` reports it under.
    public func submit(_ work: @escaping @Sendable () -> UInt64) -> UInt64 {
        let job = nextJob
        nextJob += 1
        monitor.locked {
            queued.append((job, work))
            monitor.broadcast()
        }
        return job
    }

    /// The jobs finished since the last call, in the order they finished.
    public func takeFinished() -> [Finished] {
        monitor.locked {
            defer { finished = [] }
            return finished
        }
    }

    /// Asks the thread to end after the job it is running; jobs still queued are dropped
    /// (the server is shutting down, and nobody waits for a deal any more).
    /// Then waits for the thread to end (the job under way finishes first), so nothing of the
    /// worker outlives the server; a second call does nothing.
    public func stop() {
        let wasStopping = monitor.locked {
            defer {
                stopping = true
                queued = []
                monitor.broadcast()
            }
            return stopping
        }
        if !wasStopping { pthread_join(thread, nil) }
    }

    private func run() {
        while let (job, work) = waitForJob() {
            let result = work()
            monitor.locked { finished.append(Finished(job: job, result: result)) }
            notify()
        }
    }

    /// The next job, waiting for one; nil once stopped.
    private func waitForJob() -> (UInt64, @Sendable () -> UInt64)? {
        monitor.locked {
            while queued.isEmpty, !stopping {
                monitor.wait()
            }
            guard !stopping else { return nil }
            return queued.removeFirst()
        }
    }
}
