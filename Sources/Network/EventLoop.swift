import CLinux
import Glibc
import SystemCall

/// A single-threaded, level-triggered epoll event loop that accepts TCP
/// connections and moves bytes (Redis's ae + networking, in small).
///
/// Everything — I/O dispatch, timers, signal handlers, delegate calls — runs on
/// the thread that calls `run()` (or `drain(timeout:)`); the loop is not
/// thread-safe, except for `stopper` and the
/// wakers of `makeWaker(_:)`.
///
/// One turn: wait in epoll_wait (up to the earliest timer), dispatch the events
/// (accept, read, signals), run the work put off from the turn before
/// (``nextTurn(_:)``) and the timers that came due, then write the output
/// queued during the turn (one flush per connection) and close the connections
/// that were scheduled for closing.
public final class EventLoop {
    /// Receives connection events; held weakly.
    public weak var delegate: (any EventLoopDelegate)?

    /// A Sendable handle for stopping this loop from another thread: `wake()` makes
    /// `run()` return at the end of the turn that sees it (at once if the loop is
    /// waiting, or at the start of the next `run()` if it is not running). It owns
    /// its eventfd, so it stays safe to use after the loop is gone.
    public let stopper: EventLoopWaker

    /// Runs at the end of every turn, after events and timers and before the queued
    /// output is written (Redis's beforeSleep): the place to hand a turn's work on
    /// at once, such as the game server's finished games to its journal.
    public var beforeWrites: (() -> Void)?

    /// Where the loop tells of what an operator should know: backlogs cut for the total
    /// output limit, and running out of file descriptors (once an episode). Loop thread.
    public var log: ((String) -> Void)?

    /// What a connection accepted with the spare descriptor is sent before it is closed,
    /// when the process is out of file descriptors: the caller's words for "server full",
    /// one line of its protocol. Empty: it is closed without a word.
    public var refusalWhenOutOfDescriptors: [UInt8] = []

    /// Bytes read from every connection since the loop was made (for metrics).
    public internal(set) var bytesReceived: UInt64 = 0
    /// Bytes written to every connection since the loop was made (for metrics).
    public internal(set) var bytesSent: UInt64 = 0

    let limits: NetworkLimits
    let epollFD: Int32
    var connections: [ConnectionID: Connection] = [:]
    var nextConnectionNumber: UInt64 = 1
    var listeners: [Listener] = []
    var nextListenerToken = Token.firstListener
    var timers = TimerQueue<() -> Void>()
    var signalFD: Int32 = -1
    var signalSet = sigset_t()
    /// What each signal of `signalSet` runs.
    var signalHandlers: [Int32: (Int32) -> Void] = [:]
    /// Wakers made by `makeWaker`, by epoll token, with the handler each runs.
    var wakers: [(token: UInt64, waker: EventLoopWaker, handler: () -> Void)] = []
    /// The connection whose bytes the delegate is handling now, if any: what it sends while
    /// it answers them goes, in all likelihood, to this one, found without a lookup.
    var receiving: Connection?
    /// Connections with output to write at the end of this turn.
    var writeQueue: [Connection] = []
    /// The queue's other buffer: the two swap every turn, so neither is reallocated.
    var spareWriteQueue: [Connection] = []
    /// Work to run in the next turn, after that turn's I/O events (``nextTurn(_:)``), in order.
    var nextTurnWork: [() -> Void] = []
    /// The other buffer of `nextTurnWork`: the two swap every turn, so neither is reallocated.
    var spareNextTurnWork: [() -> Void] = []
    /// Connections to close at the end of this batch.
    var closeQueue: [Connection] = []
    /// Connections whose output fell to their drain mark, for `connectionDrained` at the end of the turn.
    var drainedQueue: [Connection] = []
    /// Connections in flush-then-close.
    var flushing: Set<ConnectionID> = []
    /// Memory the unsent output of every connection holds (`OutputBuffer.heldBytes`), kept
    /// as output is queued, written and dropped.
    var totalOutputMemory = 0
    /// Output bytes dropped with closing connections since memory was last given back to the system.
    var releasedOutputBytes = 0
    /// A `malloc_trim` is scheduled.
    var trimScheduled = false
    /// A descriptor on /dev/null, given up to accept and refuse one connection when accept
    /// runs out of descriptors (nginx and libev keep one the same way); -1 while it is out.
    var spareFD: Int32 = -1
    /// Connections refused for want of descriptors since accept last worked: 0 outside an episode.
    var refusedForDescriptors = 0
    /// When this turn's events came (the monotonic clock, read once a turn after epoll_wait).
    var turnStarted: UInt64 = 0
    var stopRequested = false
    var running = false
    var inTurn = false
    let readBuffer: UnsafeMutableRawBufferPointer
    let eventBuffer: UnsafeMutableRawPointer

    static let maxEvents: Int32 = 1024
    static let maxAcceptsPerTurn = 64
    static let readBufferSize = 64 * 1024
    static let acceptPause: Duration = .milliseconds(100)
    /// Output dropped with closing connections after which freed memory goes back to the system.
    static let trimAfterReleasedBytes = 16 << 20
    /// How long a `malloc_trim` waits after that, gathering the rest of a batch of closes:
    /// at most one a second, since it can take milliseconds with a large heap.
    static let trimDelay: Duration = .seconds(1)

    /// epoll tokens (epoll_event.data.u64): connection ids are below `firstListener`.
    enum Token {
        static let wake: UInt64 = 1 << 63
        static let signal: UInt64 = (1 << 63) + 1
        static let firstWaker: UInt64 = (1 << 63) + 16
        static let firstListener: UInt64 = 1 << 62
    }

    /// Makes the epoll set and the wake-up eventfd, and sets SIGPIPE to ignored
    /// for the process (writes also use MSG_NOSIGNAL).
    public init(limits: NetworkLimits = NetworkLimits()) throws(NetworkError) {
        var limits = limits
        limits.maxReadBytesPerTurn = max(1, limits.maxReadBytesPerTurn)
        limits.maxWriteBytesPerTurn = max(1, limits.maxWriteBytesPerTurn)
        limits.maxPendingOutputBytes = max(0, limits.maxPendingOutputBytes)
        limits.maxTotalOutputBytes = max(0, limits.maxTotalOutputBytes)
        self.limits = limits
        // A peer that vanishes mid-write must cost an error code, not the process.
        signal(SIGPIPE, SIG_IGN)
        let epollFD = try Syscall.epollCreate()
        let stopper: EventLoopWaker
        do throws(NetworkError) {
            stopper = try EventLoopWaker()
            try Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_ADD, fd: stopper.event.fd, events: CLINUX_EPOLL_IN, token: Token.wake)
        } catch {
            Syscall.close(epollFD)
            throw error
        }
        self.epollFD = epollFD
        self.stopper = stopper
        _ = clinux_sigemptyset(&signalSet)
        readBuffer = .allocate(byteCount: EventLoop.readBufferSize, alignment: 16)
        eventBuffer = .allocate(byteCount: clinux_epoll_event_size() * Int(EventLoop.maxEvents), alignment: 16)
        spareFD = EventLoop.openSpareDescriptor()
    }

    deinit {
        for connection in connections.values {
            Syscall.close(connection.fd)
        }
        for listener in listeners {
            Syscall.close(listener.fd)
        }
        Syscall.close(signalFD)
        Syscall.close(spareFD)
        Syscall.close(epollFD)
        readBuffer.deallocate()
        eventBuffer.deallocate()
    }
    // MARK: - Time and timers

    /// Monotonic clock, nanoseconds (CLOCK_MONOTONIC).
    public static func now() -> UInt64 {
        var time = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Runs `action` on the loop thread once, after `delay` (after the I/O events
    /// of the turn in which it comes due; timers run in deadline order). An action
    /// may schedule and cancel timers and call `send` and `close`.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        timers.schedule(at: EventLoop.now() &+ delay.clampedNanoseconds, action)
    }

    /// Runs `action` on the loop thread in the next turn, after that turn's I/O events and
    /// before its timers; actions run in the order they were asked for. The loop does not
    /// wait in epoll_wait while any is queued. For work put off so that one connection does
    /// not hold a turn: what it sent beyond its share of this one waits for the next, behind
    /// everyone else's.
    public func nextTurn(_ action: @escaping () -> Void) {
        nextTurnWork.append(action)
    }

    /// Cancels a timer; a no-op if it already ran or was cancelled.
    public func cancel(_ timer: TimerID) {
        timers.cancel(timer)
    }


    // MARK: - Running

    /// Runs turns until `stop()` (or a wake of the stopper); returns at the end of the turn
    /// in which it was asked. Throws only if epoll_wait fails; throws at once if
    /// the loop is already running.
    public func run() throws(NetworkError) {
        guard !running, !inTurn else {
            throw NetworkError(call: "run", message: "the event loop is already running")
        }
        running = true
        defer { running = false }
        stopRequested = false
        while !stopRequested {
            try turn(maxWait: nil)
        }
    }

    /// Makes `run()` return at the end of the current turn. Loop thread only.
    public func stop() {
        stopRequested = true
    }

    /// Runs the loop until every connection that is closing has flushed and
    /// closed, or until `timeout`; connections still flushing then are closed at
    /// once (`.closedByServer`). For graceful shutdown: call `stopListening()`,
    /// send a goodbye to everyone, `close(id, flushFirst: true)` each, then
    /// `drain(timeout:)`. Other connections keep being served meanwhile. Does
    /// nothing when called from inside a handler.
    public func drain(timeout: Duration) {
        guard !inTurn else { return }
        let deadline = EventLoop.now() &+ timeout.clampedNanoseconds
        while !flushing.isEmpty || !writeQueue.isEmpty || !closeQueue.isEmpty {
            let now = EventLoop.now()
            if now >= deadline { break }
            do throws(NetworkError) {
                try turn(maxWait: deadline - now)
            } catch {
                break
            }
        }
        inTurn = true
        defer { inTurn = false }
        for id in Array(flushing) {
            if let connection = connections[id] {
                scheduleClose(connection, reason: .closedByServer)
            }
        }
        finishTurn()
    }

    // MARK: - One turn

    func turn(maxWait: UInt64?) throws(NetworkError) {
        inTurn = true
        defer { inTurn = false }
        let count = try Syscall.epollWait(epollFD, events: eventBuffer, maxEvents: EventLoop.maxEvents,
                                          timeoutMS: waitTimeout(maxWait: maxWait))
        turnStarted = EventLoop.now()
        for index in 0 ..< Int32(count) {
            dispatch(token: clinux_epoll_event_token(eventBuffer, index), events: clinux_epoll_event_mask(eventBuffer, index))
        }
        let dispatched = EventLoop.now()
        runPutOffWork()
        let putOff = EventLoop.now()
        runDueTimers()
        let timed = EventLoop.now()
        finishTurn()
        let ended = EventLoop.now()
        let took = ended &- turnStarted
        longestTurnNanoseconds = max(longestTurnNanoseconds, took)
        if took >= Self.slowTurnNanoseconds {
            // Every client waited this long: said, with where the time went, for the operator.
            func ms(_ nanoseconds: UInt64) -> String { "\(nanoseconds / 1_000_000) ms" }
            log?("a turn took \(ms(took)): \(count) events \(ms(dispatched &- turnStarted)), work put off \(ms(putOff &- dispatched)), "
                + "timers \(ms(timed &- putOff)), writes \(ms(ended &- timed))")
        }
    }

    /// The longest turn since the loop started, in nanoseconds (`/metrics`, `cardbench`).
    public private(set) var longestTurnNanoseconds: UInt64 = 0

    /// A turn this long is logged: every client waited for it (issue 42 asks 50 ms at most).
    static let slowTurnNanoseconds: UInt64 = 50_000_000

    /// Milliseconds to wait in epoll_wait: 0 if work is queued, else until the
    /// earliest timer (rounded up) or `maxWait`, else -1 (forever).
    func waitTimeout(maxWait: UInt64?) -> Int32 {
        if !writeQueue.isEmpty || !closeQueue.isEmpty || !drainedQueue.isEmpty || !nextTurnWork.isEmpty { return 0 }
        var wait = maxWait
        if let deadline = timers.nextDeadline() {
            let now = EventLoop.now()
            let untilTimer = deadline > now ? deadline - now : 0
            wait = min(wait ?? untilTimer, untilTimer)
        }
        guard let wait else { return -1 }
        let milliseconds = wait / 1_000_000 + (wait % 1_000_000 == 0 ? 0 : 1)
        return Int32(min(milliseconds, UInt64(Int32.max)))
    }

    func dispatch(token: UInt64, events: UInt32) {
        switch token {
        case Token.wake:
            readWakeups()
        case Token.signal:
            readSignals()
        case Token.firstWaker...:
            if let entry = wakers.first(where: { $0.token == token }) {
                entry.waker.event.clear()
                entry.handler()
            }
        case Token.firstListener ..< Token.wake:
            if let listener = listeners.first(where: { $0.token == token }) {
                acceptConnections(listener)
            }
        default:
            if let connection = connections[ConnectionID(rawValue: token)] {
                handle(connection, events: events)
            }
        }
    }

    /// Runs the work put off to this turn; what it puts off in turn waits for the next.
    func runPutOffWork() {
        guard !nextTurnWork.isEmpty else { return }
        swap(&nextTurnWork, &spareNextTurnWork)
        for action in spareNextTurnWork {
            action()
        }
        spareNextTurnWork.removeAll(keepingCapacity: true)
    }

    func runDueTimers() {
        let now = EventLoop.now()
        let limit = timers.nextIdentifier
        while let (_, action) = timers.popDue(now: now, identifierLimit: limit) {
            action()
        }
    }

    /// Writes the queued output (one flush per connection), then closes the
    /// connections scheduled for closing and tells of those that drained; repeats
    /// while those handlers queue more.
    func finishTurn() {
        while true {
            beforeWrites?()
            if writeQueue.isEmpty && closeQueue.isEmpty && drainedQueue.isEmpty { break }
            // Flushing queues no writes, so the queue can be read from the spare buffer.
            swap(&writeQueue, &spareWriteQueue)
            for connection in spareWriteQueue {
                connection.queuedForWrite = false
                flush(connection)
            }
            spareWriteQueue.removeAll(keepingCapacity: true)
            let closes = closeQueue
            closeQueue = []
            for connection in closes {
                finishClose(connection)
            }
            let drained = drainedQueue
            drainedQueue = []
            for connection in drained where connection.state == .open {
                delegate?.connectionDrained(connection.id)
            }
            // Only a close or a drain runs the delegate, which may queue more: without one, the turn is done.
            if closes.isEmpty && drained.isEmpty { break }
        }
    }
}
