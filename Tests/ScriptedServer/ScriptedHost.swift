import CardServer
import GameRules
import Transport
import Wire

/// A host for testing server logic on virtual time: a manual clock, timers that run
/// only when the test advances the clock, and every line sent kept per client. Bytes go in
/// through the server's transport, as they do in production, which runs on the same clock.
///
/// Like swift-nio's `EmbeddedEventLoop.advanceTime(by:)`: no sockets, no sleeps.
public final class ScriptedHost: ServerHost {
    /// The virtual monotonic clock, in nanoseconds.
    public private(set) var now: UInt64 = 1_000_000_000
    /// Lines sent to each client, decoded, in order; `take(_:)` empties them.
    private var outbox: [ClientID: [JSONObject]] = [:]
    /// The same lines as sent, exact text without the newline; `takeLines(_:)` empties them.
    private var sentLines: [ClientID: [String]] = [:]
    /// Bytes sent to each client that it has not read: only clients the test made
    /// slow readers (`stopReading(_:)`) leave bytes unread; the others read everything
    /// at once, as a client on a fast network with big socket buffers does.
    public internal(set) var pendingBytes: [ClientID: Int] = [:]
    /// Bytes sent to each client, all told; a test may reset it to measure one reply.
    public var bytesSent: [ClientID: Int] = [:]
    /// Clients that read nothing until `startReading(_:)`.
    var slowReaders: Set<ClientID> = []
    /// Clients the server stopped reading (backpressure), and the bytes they sent
    /// meanwhile, which wait "in the kernel" until the server reads again.
    public internal(set) var notRead: Set<ClientID> = []
    private var waitingInput: [ClientID: [UInt8]] = [:]
    /// Drain marks the server asked for.
    private var drainMarks: [ClientID: Int] = [:]
    /// Clients the server asked to close.
    public internal(set) var disconnected: Set<ClientID> = []
    /// Clients that closed their side (`drop(_:)`).
    private var gone: Set<ClientID> = []
    /// Log lines, in order.
    public private(set) var logLines: [String] = []
    private var timers: [(token: UInt64, due: UInt64, action: () -> Void)] = []
    private var offLoopWork: [(work: @Sendable () -> UInt64, completion: (UInt64) -> Void)] = []
    private var nextToken: UInt64 = 1
    private var nextClient: UInt64 = 1

    /// The server under test, wired to this host (and to `journal`, if any).
    public private(set) var server: GameServer!
    /// The transport in front of it: every protocol on the port, on this host's clock.
    public private(set) var transport: TransportLayer!

    /// - Parameters:
    ///   - seed: seeds the server's generator: the same script gets the same room
    ///     codes, tokens and deals on every run.
    ///   - journal: a results journal whose writer was started; nil for none.
    ///   - replays: where finished games' replays go; nil for none.
    ///   - roomLog: the room log the server writes; nil for none.
    ///   - web: HTTP and WebSocket on the port; nil (the default) for protocol 1 over NDJSON only.
    ///   - accounts, accountLog: the accounts the server starts with, and their file; none by default.
    public init(
        config: ServerConfig = ServerConfig(version: "test"), seed: UInt64 = 1, journal: ResultsJournal? = nil,
        roomLog: RoomLog? = nil, replays: ReplayStore? = nil, web: WebConfig? = nil,
        accounts: AccountBook = AccountBook(), accountLog: AccountLog? = nil
    ) {
        self.journal = journal
        server = GameServer(
            config: config, host: self, journal: journal, roomLog: roomLog, replays: replays, accounts: accounts, accountLog: accountLog,
            random: SplitMix64(seed: seed))
        transport = TransportLayer(
            config: TransportConfig(
                web: web, pauseInputAboveUnsentBytes: config.pauseInputAboveUnsentBytes, resumeInputAtUnsentBytes: config.resumeInputAtUnsentBytes),
            host: self, service: self)
    }

    /// A host with a real results journal in `journalDirectory`. Its writer thread writes and
    /// fsyncs as in production, but the server hears that a write is done only when the test
    /// says so (``confirmJournalWrites()``), as if the loop woke just then.
    public convenience init(config: ServerConfig = ServerConfig(version: "test"), seed: UInt64 = 1, journalDirectory: String) throws {
        let journal = try ResultsJournal(directory: journalDirectory, warn: { _ in })
        try journal.startWriting(notify: {})
        self.init(config: config, seed: seed, journal: journal)
    }

    /// The results journal, when the host was made with one.
    public private(set) var journal: ResultsJournal?

    /// The journal's writer has put everything submitted so far on disk, and the loop
    /// wakes: the server hears of it and sends what waited for it.
    public func confirmJournalWrites() {
        server.endOfTurn()
        journal?.waitForWrites()
        server.journalWritten()
        settle()
    }

    // MARK: ServerHost

    public func send(_ line: [UInt8], to client: ClientID) {
        bytesSent[client, default: 0] += line.count
        if slowReaders.contains(client) {
            pendingBytes[client, default: 0] += line.count
        }
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        let object = (try? JSONParser.parse(text))?.objectValue ?? JSONObject([("unparsed", .string(text))])
        outbox[client, default: []].append(object)
        sentLines[client, default: []].append(text)
    }

    /// Bytes the transport sent as they are (HTTP replies, WebSocket control frames), per client, in order.
    public internal(set) var unframed: [ClientID: [UInt8]] = [:]
    /// Clients whose lines the transport asked to frame as WebSocket text frames.
    public internal(set) var webSockets: Set<ClientID> = []

    /// The unframed bytes sent to a client so far, as text, emptied.
    public func takeUnframed(_ client: ClientID) -> String {
        defer { unframed[client] = nil }
        return String(decoding: unframed[client] ?? [], as: UTF8.self)
    }

    public func disconnect(_ client: ClientID, goingAway: Bool) {
        transport.close(ConnectionNumber(rawValue: client.rawValue), goingAway: goingAway)
    }

    public func refuse(_ client: ClientID, reason: String) {
        transport.refuse(ConnectionNumber(rawValue: client.rawValue), reason: reason)
    }

    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerToken {
        let token = nextToken
        nextToken += 1
        let (seconds, attoseconds) = delay.components
        let nanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        timers.append((token, now + nanoseconds, action))
        return TimerToken(rawValue: token)
    }

    public func cancel(_ timer: TimerToken) {
        timers.removeAll { $0.token == timer.rawValue }
    }

    public func nextTurn(_ action: @escaping () -> Void) {
        nextTurnWork.append(action)
    }

    /// Work the server put off to the next turn, in order.
    private var nextTurnWork: [() -> Void] = []
    /// Whether each step (a send, a connect, the clock moving) also runs the turns after it
    /// until no work is put off, as the loop runs them back to back: true, so that a
    /// script reads the replies to everything it sent. False, for a test that counts
    /// turns: it runs each with ``runTurn()``.
    public var runsPutOffTurns = true
    /// Turns run for work put off to them (``runTurn()``), all told.
    public private(set) var turnsRun = 0
    /// Whether work waits for the next turn.
    public var hasPutOffWork: Bool { !nextTurnWork.isEmpty }

    /// Runs the next turn: the work put off to it, in order, then the turn's end.
    public func runTurn() {
        let work = nextTurnWork
        nextTurnWork = []
        turnsRun += 1
        for action in work { action() }
        settleTurn()
    }

    /// How far the clock moves each time the server reads it (0: it moves only by
    /// ``advance(by:)``). A real clock moves between two reads in one turn; this makes two
    /// reads where one was meant differ, as they sometimes do in production.
    public var nanosecondsPerRead: UInt64 = 0

    public var nowNanoseconds: UInt64 {
        now += nanosecondsPerRead
        return now
    }

    /// The virtual clock as a search off the loop reads it: it stands still while the work runs
    /// (the test advances the clock, the work does not), so a time budget never runs out and a
    /// search's answer depends on its node budget alone, however loaded the machine is.
    public var searchClock: any Clock<Duration> { StandingClock(at: now) }

    /// The scripted wall clock: 2026-11-24 12:00 UTC, moved by ``advance(by:)`` with the monotonic one.
    public var wallMilliseconds: Int64 { 1_795_521_600_000 + Int64((now - 1_000_000_000) / 1_000_000) }

    public func unsentBytes(for client: ClientID) -> Int? {
        disconnected.contains(client) || gone.contains(client) ? nil : pendingBytes[client, default: 0]
    }

    public func setReading(_ client: ClientID, _ reading: Bool) {
        transport.setReading(ConnectionNumber(rawValue: client.rawValue), reading)
    }

    public func holdsInput(of client: ClientID) -> Bool {
        transport.holdsInput(ConnectionNumber(rawValue: client.rawValue))
    }

    public func notifyWhenDrained(_ client: ClientID, atMost bytes: Int) {
        drainMarks[client] = bytes
    }

    public func log(_ message: String) {
        logLines.append(message)
    }

    public func runOffLoop(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void) {
        offLoopWork.append((work, completion))
    }

    /// Work the server handed off its thread that has not run yet.
    public var pendingBackgroundWork: Int { offLoopWork.count }

    /// Runs the work handed off the server's thread, in order, and gives the server each
    /// result as the loop would once the worker woke it, with the turn's end after each.
    /// - Returns: how many jobs ran.
    @discardableResult
    public func runBackgroundWork() -> Int {
        var ran = 0
        while !offLoopWork.isEmpty {
            let (work, completion) = offLoopWork.removeFirst()
            completion(work())
            server.endOfTurn()
            ran += 1
        }
        return ran
    }

    // MARK: Driving the server

    /// Moves the clock forward, running every timer that comes due, in order of its due time.
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let target = now + UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        while let next = timers.enumerated().filter({ $0.element.due <= target }).min(by: { $0.element.due < $1.element.due }) {
            timers.remove(at: next.offset)
            now = max(now, next.element.due)
            next.element.action()
            settle()
        }
        now = target
    }

    /// Opens a connection from `peer` and returns its id; its `hello` waits in the outbox.
    public func connect(peer: String = "127.0.0.1:40000") -> ClientID {
        let id = ClientID(rawValue: nextClient)
        nextClient += 1
        transport.opened(ConnectionNumber(rawValue: id.rawValue), peer: peer)
        settle()
        return id
    }

    /// Sends one line (a newline is added) from a client, as one read.
    public func send(_ line: String, from client: ClientID) {
        sendRaw(Array((line + "\n").utf8), from: client)
    }

    /// Sends bytes from a client as one read (or, while the server is not reading it,
    /// keeps them for when it reads again, as the kernel would).
    public func sendRaw(_ bytes: [UInt8], from client: ClientID) {
        if notRead.contains(client) {
            waitingInput[client, default: []] += bytes
            return
        }
        bytes.withUnsafeBytes { transport.received(ConnectionNumber(rawValue: client.rawValue), bytes: $0) }
        settle()
    }

    /// Delivers reads from several clients in one turn, in order (as one epoll_wait reports
    /// them all ready), then ends the turn.
    public func sendInOneTurn(_ reads: [(bytes: [UInt8], from: ClientID)]) {
        for read in reads {
            if notRead.contains(read.from) {
                waitingInput[read.from, default: []] += read.bytes
                continue
            }
            read.bytes.withUnsafeBytes { transport.received(ConnectionNumber(rawValue: read.from.rawValue), bytes: $0) }
        }
        settle()
    }

    /// Makes a client read nothing from now on: what the server sends piles up in `pendingBytes`.
    public func stopReading(_ client: ClientID) {
        slowReaders.insert(client)
    }

    /// Makes a slow reader read everything sent to it so far, and keep reading.
    public func startReading(_ client: ClientID) {
        slowReaders.remove(client)
        pendingBytes[client] = 0
        settle()
    }

    /// Ends a turn as the event loop does, then runs the turns after it while work is put
    /// off to them (unless the test runs them itself).
    private func settle() {
        settleTurn()
        while runsPutOffTurns, !nextTurnWork.isEmpty {
            runTurn()
        }
    }

    /// Ends a turn as the event loop does: the server's end-of-turn work, the drains
    /// it asked to hear of, and input that waited while it was not reading.
    private func settleTurn() {
        server.endOfTurn()
        var progressed = true
        while progressed {
            progressed = false
            for (client, mark) in drainMarks where pendingBytes[client, default: 0] <= mark {
                drainMarks[client] = nil
                transport.drained(ConnectionNumber(rawValue: client.rawValue))
                server.endOfTurn()
                progressed = true
            }
            for (client, bytes) in waitingInput where !notRead.contains(client) {
                waitingInput[client] = nil
                bytes.withUnsafeBytes { transport.received(ConnectionNumber(rawValue: client.rawValue), bytes: $0) }
                server.endOfTurn()
                progressed = true
            }
        }
    }

    /// Bytes that reached a client's socket during a turn and are read in the next
    /// (``arriveDuringTurn(_:from:)``, ``readArrived(_:)``).
    public internal(set) var arrivedUnread: [ClientID: [UInt8]] = [:]

    /// Bytes from a client that reach its socket while a long turn runs: the host says they
    /// are there (``hasUnreadInput(of:)``) but hands them over only at ``readArrived(_:)``.
    public func arriveDuringTurn(_ bytes: [UInt8], from client: ClientID) {
        arrivedUnread[client, default: []] += bytes
    }

    /// The next turn reads what arrived during the last.
    public func readArrived(_ client: ClientID) {
        guard let bytes = arrivedUnread.removeValue(forKey: client) else { return }
        sendRaw(bytes, from: client)
    }

    /// Closes a client's connection from its side.
    public func drop(_ client: ClientID) {
        transport.closed(ConnectionNumber(rawValue: client.rawValue), reason: "peer closed")
        gone.insert(client)
        settle()
    }

    /// Connects, logs in as `name` and empties the outbox; returns the connection.
    public func player(_ name: String, peer: String = "127.0.0.1:40000") -> ClientID {
        let id = connect(peer: peer)
        send(#"{"type":"login","name":"\#(name)"}"#, from: id)
        _ = take(id)
        return id
    }

    /// The messages sent to a client since the last call, oldest first.
    public func take(_ client: ClientID) -> [JSONObject] {
        defer {
            outbox[client] = []
            sentLines[client] = []
        }
        return outbox[client] ?? []
    }

    /// The `type` of each message sent to a client since the last take.
    public func types(_ client: ClientID) -> [String] {
        take(client).map { $0["type"]?.stringValue ?? "?" }
    }

    /// The lines sent to a client since the last take, exactly as sent (without the newline).
    public func takeLines(_ client: ClientID) -> [String] {
        defer {
            outbox[client] = []
            sentLines[client] = []
        }
        return sentLines[client] ?? []
    }
}

/// A clock that always reads the same instant: the scripted host's virtual time while work
/// handed off its loop runs.
public struct StandingClock: Clock {
    /// An instant of virtual time, in nanoseconds.
    public struct Instant: InstantProtocol {
        let nanoseconds: UInt64

        public func advanced(by duration: Duration) -> Instant {
            let (seconds, attoseconds) = duration.components
            return Instant(nanoseconds: UInt64(Int64(nanoseconds) + seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        }

        public func duration(to other: Instant) -> Duration { .nanoseconds(Int64(other.nanoseconds) - Int64(nanoseconds)) }

        public static func < (left: Instant, right: Instant) -> Bool { left.nanoseconds < right.nanoseconds }
    }

    /// The instant it stands at.
    public let now: Instant

    /// A clock standing at `nanoseconds` of virtual time.
    public init(at nanoseconds: UInt64) {
        now = Instant(nanoseconds: nanoseconds)
    }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Returns at once: nothing that runs on it may wait for time to pass.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
