import Foundation
import Testing

/// Runs each test of a suite on a thread of its own, at most ``width`` at once.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread a core: two on CI's
/// machine. A test that blocks (on a server process, a socket, a tmux screen) holds one of
/// them for as long as it waits, so tests that mostly wait ran two at a time. With this trait
/// such a test waits on a thread of its own and the pool stays free for the tests that compute.
/// The width bounds how many run at once, so the servers and clients they start share the
/// cores without missing their own deadlines.
public struct OwnThread: TestTrait, SuiteTrait, TestScoping {
    /// How many tests with this trait run at once: `TEST_OWN_THREADS` when set, else 8.
    public static let width = max(1, Int(ProcessInfo.processInfo.environment["TEST_OWN_THREADS"] ?? "") ?? 8)
    private static let gate = AsyncGate(width: width)

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        await Self.gate.enter()
        let executor = ThreadExecutor()
        do {
            try await withTaskExecutorPreference(executor) { try await function() }
        } catch {
            executor.finish()
            await Self.gate.leave()
            throw error
        }
        executor.finish()
        await Self.gate.leave()
    }
}

extension Trait where Self == OwnThread {
    /// Each test runs on a thread of its own (see ``OwnThread``): for suites whose tests block.
    public static var ownThread: Self { OwnThread() }
}

/// A counting semaphore for tasks: `enter` suspends, never blocks, while `width` are inside.
actor AsyncGate {
    private let width: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        self.width = width
    }

    func enter() async {
        if inside < width {
            inside += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            inside -= 1
        } else {
            // The place passes straight to the first waiter.
            waiting.removeFirst().resume()
        }
    }
}

/// A task executor with one thread of its own that runs its jobs in order, until ``finish()``.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func enqueue(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs queued so far have run.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
