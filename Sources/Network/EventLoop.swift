import CEpoll
import Glibc

/// A handle that stops an `EventLoop` from any thread: it writes to the loop's
/// eventfd, which wakes the loop and makes `run()` return at the end of that turn.
/// It owns the eventfd, so it stays safe to use after the loop is gone.
public final class EventLoopStopper: Sendable {
    let event: EventFD

    init() throws(NetworkError) {
        event = try EventFD()
    }

    /// Asks the loop to stop: `run()` returns at the end of the turn that sees it
    /// (at once if the loop is waiting, or at the start of the next `run()` if it is
    /// not running). Safe from any thread, any number of times.
    public func stop() {
        event.signal()
    }
}

/// One accepted connection's state, owned by the loop.
final class Connection {
    enum State {
        /// Reading and writing.
        case open
        /// `close(flushFirst: true)` was asked: not reading, writing what is queued.
        case flushing
        /// Scheduled for closing at the end of the batch; no more reads or writes.
        case closing
    }

    let id: ConnectionID
    let fd: Int32
    var output = OutputBuffer()
    var state = State.open
    var closeReason = CloseReason.closedByServer
    /// In the loop's end-of-turn write queue.
    var queuedForWrite = false
    /// EPOLLOUT is in the interest set (output was left over after a write).
    var watchingWritable = false
    /// Deadline of a flush-then-close.
    var flushTimer: TimerID?
    /// The owner asked to stop reading (backpressure): EPOLLIN is out of the interest set.
    var readingPaused = false
    /// `connectionDrained` is owed once the unsent output is at most this many bytes.
    var drainMark: Int?

    init(id: ConnectionID, fd: Int32) {
        self.id = id
        self.fd = fd
    }
}

/// A listening socket.
final class Listener {
    let fd: Int32
    let token: UInt64
    /// Not watched for a while after accept ran out of descriptors.
    var paused = false
    var closed = false

    init(fd: Int32, token: UInt64) {
        self.fd = fd
        self.token = token
    }
}

/// A single-threaded, level-triggered epoll event loop that accepts TCP
/// connections and moves bytes (Redis's ae + networking, in small).
///
/// Everything — I/O dispatch, timers, signal handlers, delegate calls — runs on
/// the thread that calls `run()` (or `drain(timeout:)`); the loop is not
/// thread-safe, except for `stopper` and the
/// wakers of `makeWaker(_:)`.
///
/// One turn: wait in epoll_wait (up to the earliest timer), dispatch the events
/// (accept, read, signals), run the timers that came due, then write the output
/// queued during the turn (one flush per connection) and close the connections
/// that were scheduled for closing.
public final class EventLoop {
    /// Receives connection events; held weakly.
    public weak var delegate: (any EventLoopDelegate)?

    /// A Sendable handle for stopping this loop from another thread.
    public let stopper: EventLoopStopper

    /// Runs at the end of every turn, after events and timers and before the queued
    /// output is written (Redis's beforeSleep): the place to hand a turn's work on
    /// at once, such as the game server's finished games to its journal.
    public var beforeWrites: (() -> Void)?

    private let limits: NetworkLimits
    private let epollFD: Int32
    private var connections: [ConnectionID: Connection] = [:]
    private var nextConnectionNumber: UInt64 = 1
    private var listeners: [Listener] = []
    private var nextListenerToken = Token.firstListener
    private var timers = TimerQueue<() -> Void>()
    private var signalFD: Int32 = -1
    private var signalSet = sigset_t()
    private var signalHandler: ((Int32) -> Void)?
    /// Wakers made by `makeWaker`, by epoll token, with the handler each runs.
    private var wakers: [(token: UInt64, waker: EventLoopWaker, handler: () -> Void)] = []
    /// Connections with output to write at the end of this turn.
    private var writeQueue: [Connection] = []
    /// The queue's other buffer: the two swap every turn, so neither is reallocated.
    private var spareWriteQueue: [Connection] = []
    /// Connections to close at the end of this batch.
    private var closeQueue: [Connection] = []
    /// Connections whose output fell to their drain mark, for `connectionDrained` at the end of the turn.
    private var drainedQueue: [Connection] = []
    /// Connections in flush-then-close.
    private var flushing: Set<ConnectionID> = []
    private var stopRequested = false
    private var running = false
    private var inTurn = false
    private let readBuffer: UnsafeMutableRawBufferPointer
    private let eventBuffer: UnsafeMutableRawPointer

    private static let maxEvents: Int32 = 1024
    private static let maxAcceptsPerTurn = 64
    private static let readBufferSize = 64 * 1024
    private static let acceptPause: Duration = .milliseconds(100)

    /// epoll tokens (epoll_event.data.u64): connection ids are below `firstListener`.
    private enum Token {
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
        self.limits = limits
        cepoll_ignore_sigpipe()
        let epollFD = try Syscall.epollCreate()
        let stopper: EventLoopStopper
        do throws(NetworkError) {
            stopper = try EventLoopStopper()
            try Syscall.epollControl(epollFD, CEPOLL_CTL_ADD, fd: stopper.event.fd, events: CEPOLL_IN, token: Token.wake)
        } catch {
            Syscall.close(epollFD)
            throw error
        }
        self.epollFD = epollFD
        self.stopper = stopper
        _ = cepoll_sigemptyset(&signalSet)
        readBuffer = .allocate(byteCount: EventLoop.readBufferSize, alignment: 16)
        eventBuffer = .allocate(byteCount: cepoll_event_size() * Int(EventLoop.maxEvents), alignment: 16)
    }

    deinit {
        for connection in connections.values {
            Syscall.close(connection.fd)
        }
        for listener in listeners {
            Syscall.close(listener.fd)
        }
        Syscall.close(signalFD)
        Syscall.close(epollFD)
        readBuffer.deallocate()
        eventBuffer.deallocate()
    }

    // MARK: - Listening

    /// Binds and listens. `host` is an IPv4 or IPv6 literal ("127.0.0.1", "::",
    /// "0.0.0.0", "::1"); "::" listens dual-stack (IPV6_V6ONLY off), and falls back
    /// to 0.0.0.0 when IPv6 is unavailable (socket() fails with EAFNOSUPPORT).
    /// Port 0 picks a free port. SO_REUSEADDR is on. Returns the address actually
    /// bound (host without brackets), so a caller passing port 0 learns the port.
    /// May be called more than once to listen on several addresses.
    @discardableResult
    public func listen(host: String, port: UInt16, backlog: Int32 = 511) throws(NetworkError) -> (host: String, port: UInt16) {
        var address = try SocketAddress(host: host, port: port)
        let fd: Int32
        do throws(NetworkError) {
            fd = try Syscall.tcpSocket(family: address.family, description: address.description)
        } catch where error.errno == EAFNOSUPPORT && address.isIPv6Unspecified {
            address = try SocketAddress(host: "0.0.0.0", port: port)
            fd = try Syscall.tcpSocket(family: address.family, description: address.description)
        }
        let name = address.description
        do throws(NetworkError) {
            try Syscall.call("setsockopt(\(name), SO_REUSEADDR)", cepoll_set_reuseaddr(fd))
            if address.isIPv6Unspecified {
                try Syscall.call("setsockopt(\(name), IPV6_V6ONLY)", cepoll_set_v6only(fd, 0))
            }
            _ = try address.withSockAddr { (pointer, length) throws(NetworkError) in
                try Syscall.call("bind(\(name))", Glibc.bind(fd, pointer, length))
            }
            try Syscall.call("listen(\(name))", Glibc.listen(fd, backlog))
            let (_, bound) = try SocketAddress.receive { (pointer, length) throws(NetworkError) in
                try Syscall.call("getsockname(\(name))", getsockname(fd, pointer, length))
            }
            let token = nextListenerToken
            try Syscall.epollControl(epollFD, CEPOLL_CTL_ADD, fd: fd, events: CEPOLL_IN, token: token)
            nextListenerToken += 1
            listeners.append(Listener(fd: fd, token: token))
            return (bound.host, bound.port)
        } catch {
            Syscall.close(fd)
            throw error
        }
    }

    /// Stops accepting new connections (closes the listening sockets); the loop
    /// and the open connections keep running.
    public func stopListening() {
        for listener in listeners {
            listener.closed = true
            try? Syscall.epollControl(epollFD, CEPOLL_CTL_DEL, fd: listener.fd, events: 0, token: listener.token)
            Syscall.close(listener.fd)
        }
        listeners.removeAll()
    }

    // MARK: - Connections

    /// Queues bytes for a connection; they are written at the end of the current
    /// loop turn (one flush per connection per turn, batching everything queued).
    /// If the unsent bytes would pass `maxPendingOutputBytes`, nothing more is
    /// queued and the connection is scheduled for closing with `.outputOverflow`.
    /// Sending to an unknown or closing connection is a silent no-op.
    public func send(_ bytes: [UInt8], to id: ConnectionID) {
        guard !bytes.isEmpty, let connection = connections[id], connection.state == .open else { return }
        let total = connection.output.count + bytes.count
        if total > limits.maxPendingOutputBytes {
            scheduleClose(connection, reason: .outputOverflow(pendingBytes: total))
            return
        }
        connection.output.append(bytes)
        // While EPOLLOUT is watched, the writable event queues the flush.
        if !connection.watchingWritable {
            queueWrite(connection)
        }
    }

    /// Closes a connection after the current batch of events (never inside a
    /// handler, so a reused descriptor never gets a stale event). With
    /// `flushFirst`, reading stops and the queued output is written first, waiting
    /// up to `closeFlushTimeout` for a slow reader. The delegate then gets
    /// `connectionClosed(.closedByServer)` (also if the flush fails or times out).
    /// Unknown or already closing connections are ignored; `flushFirst: false`
    /// cuts short a flush in progress.
    public func close(_ id: ConnectionID, flushFirst: Bool) {
        guard let connection = connections[id] else { return }
        switch connection.state {
        case .closing:
            return
        case .flushing:
            if !flushFirst {
                scheduleClose(connection, reason: .closedByServer)
            }
        case .open:
            if !flushFirst || connection.output.isEmpty {
                scheduleClose(connection, reason: .closedByServer)
                return
            }
            connection.state = .flushing
            flushing.insert(id)
            updateInterest(connection)
            if !connection.watchingWritable {
                queueWrite(connection)
            }
            connection.flushTimer = schedule(after: limits.closeFlushTimeout) { [weak self, weak connection] in
                guard let self, let connection else { return }
                connection.flushTimer = nil
                self.scheduleClose(connection, reason: .closedByServer)
            }
        }
    }

    /// Bytes still unsent for a connection (0 if unknown).
    public func pendingOutputBytes(_ id: ConnectionID) -> Int {
        connections[id]?.output.count ?? 0
    }

    /// Bytes still unsent for an open connection; nil once it is flushing, closing or
    /// gone (nothing more sent to it will be written).
    public func unsentBytes(_ id: ConnectionID) -> Int? {
        guard let connection = connections[id], connection.state == .open else { return nil }
        return connection.output.count
    }

    /// Stops (`false`) or restarts (`true`) reading from a connection: backpressure.
    /// While paused, what the peer sends waits in the kernel, whose full receive
    /// buffer in turn stops the peer (TCP flow control). Output is still written,
    /// and a reset or hang-up still closes the connection. A no-op for connections
    /// that are not open or already in that state.
    public func setReading(_ id: ConnectionID, _ reading: Bool) {
        guard let connection = connections[id], connection.state == .open, connection.readingPaused == reading else { return }
        connection.readingPaused = !reading
        updateInterest(connection)
    }

    /// Asks for one `connectionDrained(_:)` as soon as the connection's unsent output
    /// is at most `bytes` (at the end of the turn that writes it down that far; at the
    /// end of this turn if it already is). Asking again replaces the mark.
    public func notifyWhenDrained(_ id: ConnectionID, atMost bytes: Int) {
        guard let connection = connections[id], connection.state == .open else { return }
        connection.drainMark = bytes
        noteIfDrained(connection)
    }

    /// Open connections, including those flushing or about to be closed this turn.
    public var connectionCount: Int { connections.count }

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

    /// Cancels a timer; a no-op if it already ran or was cancelled.
    public func cancel(_ timer: TimerID) {
        timers.cancel(timer)
    }

    // MARK: - Signals

    /// Blocks these signals for the calling thread and every thread it starts after:
    /// call it first thing on the main thread, before any other thread exists, so that
    /// no thread has them unblocked and the kernel can only queue them for the loop's
    /// signalfd (`handleSignals`). A thread that exists already keeps its own mask, and
    /// a signal that lands on it acts as if no handler were set: for SIGTERM, death.
    public static func blockSignals(_ signals: [Int32]) throws(NetworkError) {
        var set = sigset_t()
        _ = cepoll_sigemptyset(&set)
        for signal in signals where cepoll_sigaddset(&set, signal) != 0 {
            throw NetworkError(call: "sigaddset(\(signal))", errno: Glibc.errno)
        }
        let status = cepoll_block_signals(&set)
        if status != 0 {
            throw NetworkError(call: "pthread_sigmask", errno: status)
        }
    }

    /// Blocks these signals for the calling thread — call it on the main thread
    /// before starting other threads, which inherit the mask, so that it holds for
    /// the whole process — and delivers them through a signalfd on the loop: the
    /// handler gets the signal number. Calling it again adds signals and replaces
    /// the handler.
    public func handleSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(NetworkError) {
        var set = signalSet
        for signal in signals where cepoll_sigaddset(&set, signal) != 0 {
            throw NetworkError(call: "sigaddset(\(signal))", errno: Glibc.errno)
        }
        let status = cepoll_block_signals(&set)
        if status != 0 {
            throw NetworkError(call: "pthread_sigmask", errno: status)
        }
        let fd = try Syscall.call("signalfd", cepoll_signalfd(signalFD, &set))
        if signalFD < 0 {
            do throws(NetworkError) {
                try Syscall.epollControl(epollFD, CEPOLL_CTL_ADD, fd: fd, events: CEPOLL_IN, token: Token.signal)
            } catch {
                Syscall.close(fd)
                throw error
            }
            signalFD = fd
        }
        signalSet = set
        signalHandler = handler
    }

    // MARK: - Work from other threads

    /// Makes a handle another thread uses to have `handler` run on this loop's
    /// thread, as part of a turn (so its output goes out at that turn's end).
    /// Keep the handler's captures weak: the loop holds it for its lifetime.
    public func makeWaker(_ handler: @escaping () -> Void) throws(NetworkError) -> EventLoopWaker {
        let waker = try EventLoopWaker()
        let token = Token.firstWaker + UInt64(wakers.count)
        try Syscall.epollControl(epollFD, CEPOLL_CTL_ADD, fd: waker.event.fd, events: CEPOLL_IN, token: token)
        wakers.append((token, waker, handler))
        return waker
    }

    // MARK: - Running

    /// Runs turns until `stop()` (or the stopper); returns at the end of the turn
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

    private func turn(maxWait: UInt64?) throws(NetworkError) {
        inTurn = true
        defer { inTurn = false }
        let count = try Syscall.epollWait(epollFD, events: eventBuffer, maxEvents: EventLoop.maxEvents,
                                          timeoutMS: waitTimeout(maxWait: maxWait))
        for index in 0 ..< Int32(count) {
            dispatch(token: cepoll_event_token(eventBuffer, index), events: cepoll_event_mask(eventBuffer, index))
        }
        runDueTimers()
        finishTurn()
    }

    /// Milliseconds to wait in epoll_wait: 0 if work is queued, else until the
    /// earliest timer (rounded up) or `maxWait`, else -1 (forever).
    private func waitTimeout(maxWait: UInt64?) -> Int32 {
        if !writeQueue.isEmpty || !closeQueue.isEmpty || !drainedQueue.isEmpty { return 0 }
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

    private func dispatch(token: UInt64, events: UInt32) {
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

    private func runDueTimers() {
        let now = EventLoop.now()
        let limit = timers.nextIdentifier
        while let (_, action) = timers.popDue(now: now, identifierLimit: limit) {
            action()
        }
    }

    /// Writes the queued output (one flush per connection), then closes the
    /// connections scheduled for closing and tells of those that drained; repeats
    /// while those handlers queue more.
    private func finishTurn() {
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

    // MARK: - Events

    private func readWakeups() {
        stopper.event.clear()
        stopRequested = true
    }

    private func readSignals() {
        while signalFD >= 0 {
            var signal: UInt32 = 0
            guard case .done(let count)? = try? Syscall.nonBlocking("read(signalfd)", cepoll_signalfd_read(signalFD, &signal)),
                  count > 0
            else { return }
            signalHandler?(Int32(bitPattern: signal))
        }
    }

    private func acceptConnections(_ listener: Listener) {
        for _ in 0 ..< EventLoop.maxAcceptsPerTurn {
            guard !listener.closed, !listener.paused else { return }
            let accepted: (IOResult<Int32>, SocketAddress)
            do throws(NetworkError) {
                accepted = try SocketAddress.receive { (pointer, length) throws(NetworkError) in
                    try Syscall.accept(listener.fd, pointer, length)
                }
            } catch {
                switch error.errno {
                case ECONNABORTED, EPROTO, EPERM, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET,
                     EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH:
                    // The new connection failed before we got it (see accept(2)): take the next.
                    continue
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM or worse: rest instead of spinning.
                    pause(listener)
                    return
                }
            }
            guard case .done(let fd) = accepted.0 else { return }
            try? Syscall.setNoDelay(fd)
            let id = ConnectionID(rawValue: nextConnectionNumber)
            do throws(NetworkError) {
                try Syscall.epollControl(epollFD, CEPOLL_CTL_ADD, fd: fd, events: CEPOLL_IN, token: id.rawValue)
            } catch {
                Syscall.close(fd)
                continue
            }
            nextConnectionNumber += 1
            connections[id] = Connection(id: id, fd: fd)
            delegate?.connectionOpened(id, peer: accepted.1.description)
        }
    }

    /// Stops watching a listener for `acceptPause`.
    private func pause(_ listener: Listener) {
        listener.paused = true
        try? Syscall.epollControl(epollFD, CEPOLL_CTL_MOD, fd: listener.fd, events: 0, token: listener.token)
        schedule(after: EventLoop.acceptPause) { [weak self] in
            guard let self, !listener.closed else { return }
            listener.paused = false
            try? Syscall.epollControl(self.epollFD, CEPOLL_CTL_MOD, fd: listener.fd, events: CEPOLL_IN, token: listener.token)
        }
    }

    private func handle(_ connection: Connection, events: UInt32) {
        let hangUpOrError = events & (CEPOLL_HUP | CEPOLL_ERR) != 0
        if connection.state == .open, connection.readingPaused, hangUpOrError {
            // epoll reports these even without EPOLLIN, level-triggered: the peer is gone,
            // and what it sent cannot be answered, so close instead of spinning.
            scheduleClose(connection, reason: reasonFromSocketError(connection.fd))
        }
        if connection.state == .open, !connection.readingPaused, events & (CEPOLL_IN | CEPOLL_HUP | CEPOLL_ERR) != 0 {
            let blocked = readAvailable(connection)
            if blocked, hangUpOrError, connection.state == .open {
                scheduleClose(connection, reason: reasonFromSocketError(connection.fd))
            }
        }
        if connection.state == .flushing, hangUpOrError {
            scheduleClose(connection, reason: .closedByServer)
        }
        if events & CEPOLL_OUT != 0, connection.state != .closing {
            queueWrite(connection)
        }
    }

    /// Reads up to `maxReadBytesPerTurn`, handing each read to the delegate.
    /// Returns true if the socket said it would block.
    private func readAvailable(_ connection: Connection) -> Bool {
        var budget = limits.maxReadBytesPerTurn
        // The delegate may pause reading from inside `connectionReceived`: stop at once.
        while budget > 0, connection.state == .open, !connection.readingPaused {
            let want = min(readBuffer.count, budget)
            let result: IOResult<Int>
            do throws(NetworkError) {
                result = try Syscall.recv(connection.fd, into: UnsafeMutableRawBufferPointer(rebasing: readBuffer[0 ..< want]))
            } catch {
                let reason: CloseReason = error.errno == ECONNRESET ? .peerClosed : .readFailed(error.description)
                scheduleClose(connection, reason: reason)
                return false
            }
            switch result {
            case .wouldBlock:
                return true
            case .done(0):
                scheduleClose(connection, reason: .peerClosed)
                return false
            case .done(let count):
                budget -= count
                delegate?.connectionReceived(connection.id, bytes: UnsafeRawBufferPointer(rebasing: readBuffer[0 ..< count]))
                if count < want {
                    // Most likely drained; level triggering brings us back if not.
                    return false
                }
            }
        }
        return false
    }

    private func reasonFromSocketError(_ fd: Int32) -> CloseReason {
        let code: Int32
        do throws(NetworkError) {
            code = try Syscall.socketError(fd)
        } catch {
            return .readFailed(error.description)
        }
        if code == 0 || code == ECONNRESET || code == EPIPE {
            return .peerClosed
        }
        return .readFailed(NetworkError(call: "recv", errno: code).description)
    }

    // MARK: - Writing and closing

    private func queueWrite(_ connection: Connection) {
        guard !connection.queuedForWrite else { return }
        connection.queuedForWrite = true
        writeQueue.append(connection)
    }

    private func flush(_ connection: Connection) {
        guard connection.state != .closing else { return }
        let fd = connection.fd
        var failure: Int32 = 0
        let outcome = connection.output.flush(maxBytes: limits.maxWriteBytesPerTurn) { bytes in
            do throws(NetworkError) {
                switch try Syscall.send(fd, bytes) {
                case .done(let count): return .wrote(count)
                case .wouldBlock: return .wouldBlock
                }
            } catch {
                failure = error.errno
                return .failed(error.description)
            }
        }
        noteIfDrained(connection)
        switch outcome {
        case .drained:
            setWatchingWritable(connection, false)
            if connection.state == .flushing {
                scheduleClose(connection, reason: .closedByServer)
            }
        case .blocked, .budgetExhausted:
            setWatchingWritable(connection, true)
        case .failed(let message):
            let reason: CloseReason
            if connection.state == .flushing {
                reason = .closedByServer
            } else if failure == EPIPE || failure == ECONNRESET {
                reason = .peerClosed
            } else {
                reason = .writeFailed(message)
            }
            scheduleClose(connection, reason: reason)
        }
    }

    private func setWatchingWritable(_ connection: Connection, _ watching: Bool) {
        guard connection.watchingWritable != watching else { return }
        connection.watchingWritable = watching
        updateInterest(connection)
    }

    /// Queues `connectionDrained` if the connection asked for it and its output is down to the mark.
    private func noteIfDrained(_ connection: Connection) {
        guard connection.state == .open, let mark = connection.drainMark, connection.output.count <= mark else { return }
        connection.drainMark = nil
        drainedQueue.append(connection)
    }

    /// EPOLLIN while open and not paused, EPOLLOUT while output is left over.
    private func updateInterest(_ connection: Connection) {
        guard connection.state != .closing else { return }
        var events: UInt32 = connection.state == .open && !connection.readingPaused ? CEPOLL_IN : 0
        if connection.watchingWritable {
            events |= CEPOLL_OUT
        }
        do throws(NetworkError) {
            try Syscall.epollControl(epollFD, CEPOLL_CTL_MOD, fd: connection.fd, events: events, token: connection.id.rawValue)
        } catch {
            scheduleClose(connection, reason: .writeFailed(error.description))
        }
    }

    private func scheduleClose(_ connection: Connection, reason: CloseReason) {
        guard connection.state != .closing else { return }
        if connection.state == .flushing {
            flushing.remove(connection.id)
        }
        if let timer = connection.flushTimer {
            timers.cancel(timer)
            connection.flushTimer = nil
        }
        connection.state = .closing
        connection.closeReason = reason
        connection.output.removeAll()
        closeQueue.append(connection)
    }

    private func finishClose(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        try? Syscall.epollControl(epollFD, CEPOLL_CTL_DEL, fd: connection.fd, events: 0, token: connection.id.rawValue)
        if connection.closeReason == .closedByServer {
            discardInput(connection.fd)
        }
        Syscall.close(connection.fd)
        delegate?.connectionClosed(connection.id, reason: connection.closeReason)
    }

    /// Reads and drops what the peer sent and we did not read, so that close()
    /// sends FIN rather than RST (an RST could destroy output still in flight).
    private func discardInput(_ fd: Int32) {
        var budget = limits.maxReadBytesPerTurn
        while budget > 0 {
            guard case .done(let count)? = try? Syscall.recv(fd, into: readBuffer), count > 0 else { return }
            budget -= count
        }
    }
}
