import Storage
import CardServer
import CLinux
import Glibc
import Network
import Transport
import Wire

let version = SuiteVersion.number

/// Raises the open-file limit to its hard maximum: each client is a file descriptor
/// (Redis does the same for maxclients).
func raiseFileLimit(toServe clients: Int) {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    if limit.rlim_cur < limit.rlim_max {
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
    // A few descriptors go to epoll, the listener, the signalfd and the journal.
    if Int(limit.rlim_cur) < clients + 32 {
        Log.write("warning: the open-file limit is \(limit.rlim_cur); fewer than --max-clients \(clients) clients can connect")
    }
}

/// The signals that shut the server down cleanly.
let shutdownSignals = [SIGINT, SIGTERM]

/// Signals that are logged and otherwise ignored, where their default action would end the
/// server: systemd's reload sends SIGHUP, and a stray `kill -USR1` or alarm must not
/// cost every game in progress.
let ignoredSignals = [SIGHUP, SIGUSR1, SIGUSR2, SIGALRM]

/// "SIGTERM" for 15, and so on for the signals the server handles.
func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    case SIGUSR1: "SIGUSR1"
    case SIGUSR2: "SIGUSR2"
    case SIGALRM: "SIGALRM"
    default: "signal \(signal)"
    }
}

/// Builds the server from its options and runs it until SIGINT or SIGTERM.
/// - Returns: the exit status: 0 after a clean shutdown, 1 when it could not start or run.
func runServer(_ options: Options) -> Int32 {
    raiseFileLimit(toServe: options.maxClients)
    do {
        // Before any other thread starts (the journal's writer is the first): threads
        // inherit this mask, so these signals can only reach the loop's signalfd.
        // Started by systemd, a shell or Docker, the process begins with them unblocked.
        try EventLoop.blockSignals(shutdownSignals + ignoredSignals)
        // One server per data directory: the lock comes before anything under it is read.
        let dataDirectory = try DataDirectory(path: options.dataDirectory)
        defer { withExtendedLifetime(dataDirectory) {} }
        var limits = NetworkLimits()
        limits.maxPendingOutputBytes = options.outputLimit
        limits.maxTotalOutputBytes = options.maxOutputTotal
        let loop = try EventLoop(limits: limits)
        loop.log = { Log.write("warning: \($0)") }
        // Sent by the loop itself when accept runs out of descriptors, before any GameServer sees the connection.
        loop.refusalWhenOutOfDescriptors = ServerMessage.error(
            code: .serverFull, message: "the server is out of file descriptors; try again later", id: nil
        ).encodedLine()
        // Bound before the room log is read and rewritten: a start that cannot serve stops
        // having changed nothing under --data.
        let bound = try loop.listen(host: options.host, port: options.port)
        switch try DataFormat.check(directory: options.dataDirectory, writtenBy: "cardserver \(version)") {
        case .created:
            Log.write("data directory \(options.dataDirectory): new, data format \(DataFormat.current)")
        case .upgraded(let format):
            Log.write("data directory \(options.dataDirectory): upgraded from data format \(format) to \(DataFormat.current)")
        case .current:
            break
        }
        let journal = try ResultsJournal(directory: options.dataDirectory, warn: { Log.write("warning: \($0)") })
        let roomLog = try RoomLog(directory: options.dataDirectory, policy: options.appendFsync, warn: { Log.write("warning: \($0)") })
        let accountsStart = ContinuousClock.now
        let accounts = AccountBook()
        let accountLog = try AccountLog(directory: options.dataDirectory, policy: options.appendFsync, book: accounts, warn: { Log.write("warning: \($0)") })
        if accounts.count > 0 {
            Log.write("read \(accounts.count) account\(accounts.count == 1 ? "" : "s") from \(accountLog.log.path) in \(ContinuousClock.now - accountsStart)")
        }
        let replays = options.keepReplayDays > 0
            ? try ReplayStore(
                dataDirectory: options.dataDirectory, keepDays: options.keepReplayDays, policy: options.appendFsync,
                log: { Log.write("warning: \($0)") }) : nil
        // Reading the files made and dropped a parsed record for each line (on two threads,
        // so in two malloc arenas): give what is free back before serving, once.
        _ = clinux_malloc_trim()
        let host = LoopHost(loop: loop)
        var config = ServerConfig(
            version: version, maxClients: options.maxClients, grace: .seconds(options.graceSeconds),
            commandRate: options.commandRate, commandBurst: options.commandBurst,
            loginTimeout: .seconds(options.loginTimeoutSeconds),
            maxRooms: options.maxRooms, maxConnectionsPerAddress: options.maxConnectionsPerAddress,
            roomsPerMinutePerAddress: options.roomsPerMinute, failedJoinsPerMinutePerAddress: options.failedJoinsPerMinute)
        // A client is read no further well before it could reach the output cap itself.
        config.pauseInputAboveUnsentBytes = min(config.pauseInputAboveUnsentBytes, options.outputLimit / 4)
        config.gamesPerMinutePerAddress = options.gamesPerMinute
        config.roomsPerMinutePerAccount = options.accountRoomsPerMinute
        config.gamesPerMinutePerAccount = options.accountGamesPerMinute
        config.guestLoginsPerMinutePerAddress = options.guestLoginsPerMinute
        config.passwordIterations = options.passwordIterations
        config.maxSessionsPerAddress = options.maxSessionsPerAddress
        config.turnBudget = .milliseconds(options.turnBudgetMilliseconds)
        var web = WebConfig()
        web.trust(origins: options.allowedOrigins, hosts: options.allowedHosts)
        let server = GameServer(config: config, host: host, journal: journal, roomLog: roomLog, replays: replays, accounts: accounts, accountLog: accountLog)
        host.server = server
        // Every transport slows a client at the server's bounds.
        host.transport = TransportLayer(
            config: TransportConfig(
                web: web, pauseInputAboveUnsentBytes: config.pauseInputAboveUnsentBytes, resumeInputAtUnsentBytes: config.resumeInputAtUnsentBytes),
            host: host, service: server)
        let budget = DiskBudget(directory: options.dataDirectory, maxDataBytes: options.maxDataBytes, minFreeBytes: options.minFreeBytes)
        budget.fixedDataBytes = { [unowned journal, unowned roomLog, unowned accountLog] in journal.fileBytes + roomLog.fileSize + accountLog.log.size }
        server.diskBudget = budget
        replays?.maxDataBytes = options.maxDataBytes
        replays?.otherDataBytes = budget.fixedDataBytes
        loop.delegate = host.transport
        // A strong capture: this runs every turn, and a weak one costs an atomic load
        // and release each time. The cycle it makes (loop → closure → server → host →
        // loop) is broken when the run ends, like the host's link to the server.
        loop.beforeWrites = { server.endOfTurn(); host.turnLog.flush() }
        defer {
            host.transport = nil
            host.server = nil
            loop.beforeWrites = nil
            host.turnLog.flush()
        }
        // The loop keeps these closures too: weak captures, so no cycle outlives the run.
        let journalWaker = try loop.makeWaker { [weak server] in server?.journalWritten() }
        // The one writing thread (redis's bio): the journal's appends and fsyncs, the room
        // log's fsyncs with everysec, the replays' files. Stopped after the loop, once every
        // result handed to it is on disk.
        let writingThread = WritingThread(log: journal.records, notify: { journalWaker.wake() })
        try writingThread.start()
        defer { writingThread.stop() }
        journal.startWriting(on: writingThread)
        let workWaker = try loop.makeWaker { [weak host] in host?.backgroundWorkFinished() }
        host.worker = try BackgroundWorker(notify: { workWaker.wake() })
        defer { host.worker?.stop() }
        host.passwordWorker = try BackgroundWorker(name: "password worker", niceness: 10, notify: { workWaker.wake() })
        defer { host.passwordWorker?.stop() }
        roomLog.requestSync = { log in writingThread.requestSync(of: log) }
        // Replays are written by the same thread, so game_over never waits on their files.
        replays?.writeOffLoop = { job in writingThread.perform(job) }
        let restoreStart = ContinuousClock.now
        let restored = server.recover()
        // What the recovery logged is written before the lines that follow (the loop's lines
        // wait for a turn's end otherwise, and no turn has run yet).
        host.turnLog.flush()
        if restored > 0 {
            Log.write("restored \(restored) room\(restored == 1 ? "" : "s") from \(roomLog.path) in \(ContinuousClock.now - restoreStart)")
        }
        server.startLogClock()
        server.startReplayPruning()
        try loop.handleSignals(shutdownSignals) { [weak loop, weak server] signal in
            Log.write("signal \(signal) (\(signalName(signal))): shutting down; telling every client and writing pending results")
            loop?.stopListening()
            server?.shutdown()
            loop?.stop()
        }
        try loop.handleSignals(ignoredSignals) { signal in
            Log.write("signal \(signal) (\(signalName(signal))): ignored")
        }
        let shownHost = bound.host.contains(":") ? "[\(bound.host)]" : bound.host
        host.turnLog.flush()
        Log.write("cardserver \(version) listening on \(shownHost):\(bound.port), results in \(journal.path)")
        try loop.run()
        // Every client was sent `shutdown` and asked to close: let the goodbyes drain.
        loop.drain(timeout: .seconds(3))
        Log.write("bye")
        return 0
    } catch {
        Log.write("Error: \(error)")
        return 1
    }
}

/// Repairs the data folder's room log and results journal (``DataFileRepair``), printing
/// what it did, without starting a server.
/// - Returns: the exit status: 0 when done, 1 when the folder is missing or in use, or a
///   file could not be read or rewritten.
func runRepair(dataDirectory: String) -> Int32 {
    do {
        // A newer format's files are not this server's to rewrite.
        _ = try DataFormat.check(directory: dataDirectory, writtenBy: "cardserver \(version)", upgrade: false)
        for line in try DataFileRepair.run(dataDirectory: dataDirectory) { print(line) }
        return 0
    } catch {
        writeStandardError("Error: \(error)\n")
        return 1
    }
}

let request: Options.Request
do {
    request = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    writeStandardError("Error: \(error.message)\n\(Options.usage)\n")
    exit(64)
}

switch request {
case .help:
    print(Options.help)
case .version:
    print("cardserver \(version)")
case .repair(let dataDirectory):
    exit(runRepair(dataDirectory: dataDirectory))
case .run(let options):
    // SIGPIPE is ignored by the event loop it makes: a vanished peer costs an error code.
    exit(runServer(options))
}
