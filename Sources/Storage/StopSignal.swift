/// A flag one thread raises and others read: how the loop tells a long job on a worker (a
/// password's 600,000 rounds) that the server is stopping, so the worker's join at shutdown
/// waits milliseconds, not the rest of the job.
public final class StopSignal: Sendable {
    private let monitor = Monitor()
    nonisolated(unsafe) private var raised = false

    public init() {}

    /// Whether ``raise()`` was called.
    public var isRaised: Bool { monitor.locked { raised } }

    /// Raises the flag, for good.
    public func raise() {
        monitor.locked { raised = true }
    }
}
