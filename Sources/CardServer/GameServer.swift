import Storage
import Wire

/// The referee: turns client lines into rule applications and messages out.
///
/// Everything happens on the host's one thread: connections, timers and
/// all game state, so the order of commands is the order of arrival.
public final class GameServer {
    let config: ServerConfig
    /// The outside world; while the room log is replayed at start, a silent stand-in (``ReplayHost``).
    /// Not owned: whoever runs the server owns the host and keeps it for as long as the
    /// server runs (the host owns the server while it serves), so the two make no cycle.
    unowned var host: any ServerHost
    let journal: ResultsJournal?
    /// Every input that changed a room, for recovery after a crash or a restart; nil without `--data`.
    let roomLog: RoomLog?
    /// Finished games' replays; nil when none are kept (no `--data`, or `--keep-replays 0`).
    let replays: ReplayStore?
    /// The data directory's bounds: new games wait while its disk is nearly full; nil for none.
    public var diskBudget: DiskBudget?
    /// Counts the disk's shortages: each time it is found short after it was not, a new one
    /// begins and every seat has its reserve again (``checkShortReserve(of:in:)``).
    var diskShortage = 0
    var diskWasShort = false
    /// The room log and the journal could not keep their reserve: said once, until they can.
    var reserveFailing = false
    /// Rooms whose `begin` record the disk refused: their games begin once it takes records again.
    var beginsWaitingForDisk: Set<String> = []
    /// What the loop is handling now (a command, a deadline, a dropped connection): the
    /// `cause` of every state it sends. Set where each change comes in (``withCause(_:_:)``).
    var cause: StateCause?
    /// The room log is being replayed: nothing is written to it and nobody is sent anything.
    var isReplaying = false
    /// Added to the host's clock to make the game clock (``gameNow``): a restart carries the
    /// game clock on from the last time the log recorded, so deadlines keep their time left.
    var clockShift: UInt64 = 0
    /// The results journal's writes are failing: its outage was logged, and its end will be.
    var journalFailing = false
    /// The finished games a replay rebuilt that the results journal lacks (a crash came between).
    var replayedResults: [FinishedGame] = []

    var clients: [ClientID: Client] = [:]
    /// Connections turned away as they opened, while their first bytes are awaited: what a
    /// protocol 1 one is told (``clientSpeaksLines(_:)``).
    var refusals: [ClientID: String] = [:]
    var players: [String: Player] = [:]
    var playerIDsByToken: [TokenDigest: String] = [:]
    /// Every account and its live sessions (``AccountBook``), read from the accounts file at start.
    let accounts: AccountBook
    /// The accounts file; nil without `--data` (accounts then last as long as the process).
    let accountLog: AccountLog?
    /// Each account's players (sessions and API-token connections), by the account's skeleton:
    /// whom `account_delete` signs out.
    var playersByAccount: [String: Set<String>] = [:]
    /// Password jobs handed to the background worker and not back yet (``ServerConfig/maxPasswordJobs``).
    var passwordJobs = 0
    /// The skeletons of names whose `register` is under way: a second one waits for the first.
    var namesBeingRegistered: Set<String> = []
    /// Failed password logins per account (by skeleton, registered or not).
    var lockouts = AccountLockout()
    /// API tokens made per account (by skeleton) an hour: each is a synced write to the
    /// accounts file, and a make-and-revoke loop must not grow it without end.
    var apiTokenCreations = AddressWindowCounter(limit: 20, window: .seconds(3_600))
    /// What a name with no account is checked against: the same count as a new password, so
    /// a wrong name costs the worker what a wrong password does; a key no password derives in
    /// practice. Made once, not at every sign-in.
    lazy var standInPassword = StoredPassword(
        text: "pbkdf2-sha256$\(config.passwordIterations)$\(String(repeating: "0", count: 32))$\(String(repeating: "0", count: 64))")!
    /// Raised at shutdown: a password job under way ends at once (``PBKDF2``).
    let passwordStop = StopSignal()
    var rooms: [String: Room] = [:]
    /// The rooms whose members are owed a state by the turn's end (``sendOwedStates()``), each once.
    var roomsOwingStates: [Room] = []
    /// The public rooms as `rooms` pages show them.
    let listing = RoomListing()
    /// What `/metrics` shows, kept as things happen.
    let metrics = ServerMetrics()
    /// Connections, room creations and missed codes, counted per address.
    lazy var addressLimits = AddressLimits(config: config)
    /// Rooms created and games begun per minute by signed-in accounts.
    lazy var accountLimits = AccountLimits(config: config)
    /// Finished games on their way to the disk, and what waits for them (see ``DurableResults``).
    var results: DurableResults<FinishedGame, ObjectIdentifier>
    /// Every account's rating per game: read from the journal at the start, then changed as
    /// rated games end (``GameServer/ratingChanges(of:in:endedMs:)``).
    var ratings: RatingBook
    /// When this server started, in ms since 1970: `hello` says it, so a client holding a
    /// token from an earlier start (tokens live only as long as the process) knows.
    let startedMs: Int64
    /// Turns of the loop so far, and what this one has spent (see GameServer+TurnShare.swift).
    var turnShares = TurnShares()
    /// The quick-pairing pools' waiting players and wave timers (``GameServer+Pools``).
    var quickPairing = QuickPairing()
    /// The open challenges (``ChallengeBook``).
    var challenges = ChallengeBook()
    /// The open seeks (``SeekBook``).
    var seekBook = SeekBook()
    /// The lobby stream (``LobbyFeed``).
    var lobbyFeed = LobbyFeed()
    /// Each player by the skeleton of their name (``NameSkeleton``): whom a `challenge` asks.
    var playersBySkeleton: [String: Set<String>] = [:]
    var nextPlayerNumber = 1
    var nextRoomSerial = 1
    /// Daily deals already prepared off the loop (a winnable one found), by "day|deal": the
    /// day's deal is the same for everyone, so it is searched for once. Only today's are kept.
    var preparedDailyDeals: [String: UInt64] = [:]
    /// Where room seeds, room codes and session tokens come from: the system's generator
    /// in production; a seeded one in tests, so a scripted run deals and names the same
    /// every time.
    var random: any RandomNumberGenerator

    /// The games this server plays, by name, in `hello` order.
    static var engines: [any GameEngine.Type] { [SetEngine.self, RPSEngine.self, BrainEngine.self, ConcentrationEngine.self, KlondikeEngine.self] }

    /// Creates a server that talks through `host` and records finished games in `journal`.
    /// - Parameter random: the source of room seeds, codes and session tokens; leave it to
    ///   the system's generator except in tests (a predictable generator makes guessable tokens).
    public init(
        config: ServerConfig, host: any ServerHost, journal: ResultsJournal?, roomLog: RoomLog? = nil, replays: ReplayStore? = nil,
        accounts: AccountBook = AccountBook(), accountLog: AccountLog? = nil,
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) {
        self.config = config
        self.accounts = accounts
        self.accountLog = accountLog
        self.host = host
        startedMs = host.wallMilliseconds
        self.journal = journal
        ratings = journal?.ratingsRead ?? RatingBook()
        self.roomLog = roomLog
        self.replays = replays
        // A rewrite of the room log is fsynced and renamed on the background worker.
        // Weak: the host's loop keeps timers that reach the room log, and a strong host here
        // would close a cycle that outlives the run (LeakSanitizer finds it at exit).
        roomLog?.runOffLoop = { [weak host] work, then in host?.runOffLoop(work, then: then) }
        // Unowned: the metrics live as long as the server, which holds the log.
        roomLog?.observeWrite = { [unowned metrics] in metrics.roomLogWrites.observe(nanoseconds: $0) }
        roomLog?.observeSync = { [unowned metrics] in metrics.roomLogSyncs.observe(nanoseconds: $0) }
        self.random = random
        results = DurableResults(isJournaled: journal != nil, maxHeldCommands: ServerConfig.maxHeldCommands)
    }

    /// The names `hello.games` lists.
    public static let gameNames: [String] = engines.map { $0.gameName }

    /// The `games` catalog: each engine's declarations, in `hello` order.
    public static let gameCatalog: [GameInfo] = engines.map { engine in
        GameInfo(name: engine.gameName, title: engine.title, seats: engine.seatRange, defaultSeats: engine.defaultSeats, options: engine.options)
    }

    /// The `games` reply without its `id` and closing brace: it never changes while the
    /// server runs, so it is written once and each request only splices its `id` in.
    static let gamesReplyPrefix = GameInfo.replyPrefix(gameCatalog, pools: poolCatalog)

    // MARK: - Connections

    /// A connection was accepted: it is turned away when the server, or its address's share
    /// of it, is full; otherwise it waits for ``clientSpeaksLines(_:)`` to be greeted.
    /// - Returns: the server's object for it, which its lines come with (``takeLines(of:_:)``).
    @discardableResult
    public func clientConnected(_ id: ClientID, peer: String) -> Client {
        let bucket = TokenBucket(capacity: config.commandBurst, ratePerSecond: Double(config.commandRate), now: host.nowNanoseconds)
        let client = Client(id: id, commands: bucket)
        client.address = PeerAddress.key(peer)
        clients[id] = client
        let fromAddress = addressLimits.connectionOpened(from: client.address)
        host.log("\(id) opened from \(peer)")
        if clients.count > config.maxClients {
            refuse(client, "the server is full (\(config.maxClients) connections); try again later")
        } else if config.maxConnectionsPerAddress > 0, fromAddress > config.maxConnectionsPerAddress {
            host.log("\(id) refused: \(fromAddress - 1) connections from \(client.address) already")
            refuse(client, "too many connections from your address (at most \(config.maxConnectionsPerAddress)); close one and try again")
        }
        return client
    }

    /// Turns a connection away as it opens: an HTTP or WebSocket client gets a `503` saying
    /// `message` from the transport; a protocol 1 client comes back to ``clientSpeaksLines(_:)``
    /// and reads `server_full` with it.
    private func refuse(_ client: Client, _ message: String) {
        client.isClosing = true
        refusals[client.id] = message
        host.refuse(client.id, reason: message)
    }

    /// The connection speaks protocol 1 from now on (over NDJSON or WebSocket): greet it.
    public func clientSpeaksLines(_ id: ClientID, overWebSocket: Bool = false) {
        if let message = refusals.removeValue(forKey: id) {
            send(.error(code: .serverFull, message: message, id: nil), to: id)
            return host.disconnect(id, goingAway: false)
        }
        guard let client = clients[id], !client.isClosing else { return }
        client.overWebSocket = overWebSocket
        greet(client)
    }

    /// Says `hello` to a protocol 1 client, which then has the login timeout to log in.
    func greet(_ client: Client) {
        let id = client.id
        client.speaksLines = true
        send(.hello(protocolVersion: 1, server: "cardserver \(config.version)", games: Self.gameNames, startedMs: Int(startedMs)), to: id)
        client.loginTimer = host.schedule(after: config.loginTimeout) { [weak self] in
            self?.loginTimedOut(id)
        }
    }

    /// Lines arrived from a client: `scan` is called once with the judge of each of its
    /// frames (``take(_:from:host:)``), whose verdict holds the rest back when the client is
    /// read no further for now.
    public func takeLines(of client: Client, _ scan: (_ judge: (LineFramer.FrameView) -> LineFramer.Verdict) -> Void) {
        guard !client.isClosing else { return }
        // Made strong once for all the lines of this read: each use of the unowned `host`
        // makes it strong again, two atomic operations, and every line uses it.
        let host = self.host
        scan { frame in take(frame, from: client, host: host) }
    }

    /// A client taken for protocol 1 sent an HTTP request as its first line: a browser's
    /// connection greeted before its request came, or a server without web transports.
    public func firstLineWasHTTP(_ id: ClientID) {
        guard let client = clients[id], !client.isClosing else { return }
        metrics.commandTaken(ServerMetrics.invalidCommand)
        send(.error(code: .badRequest, message: "this is a cardserver, which speaks JSON lines, not HTTP; connect with netcat or cardclient", id: nil), to: id)
        close(client)
    }

    /// An HTTP request of the client's connection was answered: it counts against the
    /// connection's command rate and its address's request rate.
    /// - Returns: nil to read on; else the nanoseconds the connection's next request waits.
    public func requestServed(by client: Client) -> UInt64? {
        let now = host.nowNanoseconds
        var wait: UInt64?
        if config.commandRate > 0 {
            client.commands.spend(now: now)
            wait = client.commands.wait(now: now)
        }
        if let addressWait = addressLimits.requestServed(from: client.address, config: config, now: now) {
            wait = max(wait ?? 0, addressWait)
        }
        return wait
    }

    /// A client whose reading was paused for its unsent output has read enough of it.
    public func clientDrained(_ id: ClientID) {
        guard let client = clients[id] else { return }
        lobbyCaughtUp(id)
        if client.missedStates {
            client.missedStates = false
            // The newest state, at the seq the others saw last: the ones between are not needed.
            if let player = client.playerID.flatMap({ players[$0] }), player.client == id, let room = player.roomCode.flatMap({ rooms[$0] }) {
                sendState(room, to: player)
            }
        }
        guard case .outputBacklog? = client.inputPause else { return }
        resumeInput(client)
    }

    /// A connection closed, for whatever reason.
    public func clientDisconnected(_ id: ClientID, reason: String) {
        refusals[id] = nil
        guard let client = clients.removeValue(forKey: id) else { return }
        addressLimits.connectionClosed(from: client.address)
        dropLobbySubscriber(id)
        host.log("\(id) closed (\(reason))")
        results.forget(id)
        if let timer = client.loginTimer {
            host.cancel(timer)
        }
        if case .commandRate(let timer)? = client.inputPause {
            host.cancel(timer)
        }
        guard let playerID = client.playerID, let player = players[playerID], player.client == id else { return }
        // A pool seats only those here: whoever disconnects stops waiting, and their
        // challenges go with them.
        leavePool(player)
        offersGone(of: player)
        playerWentAway(player)
    }

    /// Tells every client the server is going down and closes their connections.
    public func shutdown() {
        // A password job under way stops within milliseconds, and answers nobody.
        passwordStop.raise()
        closeRoomLog()
        endOfTurn()
        // Every result reported finished goes to disk, and its game_over out, before the goodbye.
        journal?.waitForWrites()
        journalWritten()
        for client in clients.values where !client.isClosing {
            // An HTTP peer, or one not yet known, is only closed: a protocol 1 line is not its language.
            guard client.speaksLines else {
                close(client)
                continue
            }
            send(.shutdown, to: client.id)
            close(client, goingAway: true)
        }
    }

    // MARK: - Lines

    /// Handles one frame, then says whether to read on: a client whose replies pile up
    /// unread, or who has spent its command rate, is read no further for now (the rest
    /// of its bytes wait in the framer, then in the kernel, which slows the sender).
    /// Nothing it sent is dropped or refused; it is served at the pace it reads and
    /// the rate allows, so a burst never disconnects and costs no one else.
    /// - Parameters:
    ///   - host: `self.host`, made strong by the caller for all the frames it hands on.
    ///   - due: the line was put off from an earlier turn and is taken now, first.
    func take(_ frame: LineFramer.FrameView, from client: Client, host: any ServerHost, due: Bool = false) -> LineFramer.Verdict {
        if !spendTurn(on: client, due: due, host: host) {
            return putOff(frame, of: client)
        }
        // The clock is read for the command rate only: without one, a line costs no clock reading.
        let now = config.commandRate > 0 ? host.nowNanoseconds : 0
        if config.commandRate > 0 {
            client.commands.spend(now: now)
        }
        switch frame {
        case .tooLong:
            metrics.commandTaken(ServerMetrics.invalidCommand)
            send(.error(code: .lineTooLong, message: "a line may be at most \(LineFramer.defaultMaxLineBytes) bytes; that one was discarded", id: nil), to: client.id)
        case .line(let line):
            handle(line: line, from: client, host: host)
        }
        // The command itself paused the client (a replay read off the loop): the rest waits for its answer.
        if client.inputPause != nil { return .hold }
        guard !client.isClosing, let unsent = host.unsentBytes(for: client.id) else { return .stop }
        if unsent > config.pauseInputAboveUnsentBytes {
            pauseInput(client, .outputBacklog)
            return .hold
        }
        if config.commandRate > 0, let wait = client.commands.wait(now: now) {
            let id = client.id
            let timer = host.schedule(after: .nanoseconds(Int64(clamping: wait))) { [weak self] in
                self?.commandRateRefilled(id)
            }
            pauseInput(client, .commandRate(timer))
            return .hold
        }
        return .next
    }

    func pauseInput(_ client: Client, _ cause: InputPause) {
        // Waiting for its own replay is not being slowed down: only a slowdown is logged, once.
        let slowdown: String? = switch cause {
        case .outputBacklog: "its replies are piling up unread"
        case .commandRate: "it sends more than \(config.commandRate) commands a second"
        case .replay, .slowReply, .turnShare: nil
        }
        if let slowdown, !client.wasPaused {
            client.wasPaused = true
            host.log("\(client.id) is read more slowly: \(slowdown)")
        }
        client.inputPause = cause
        host.setReading(client.id, false)
        if case .outputBacklog = cause {
            host.notifyWhenDrained(client.id, atMost: config.resumeInputAtUnsentBytes)
        }
    }

    /// Reads on: the host hands over what was held back first, then reads the socket again
    /// unless that paused the client again.
    func resumeInput(_ client: Client) {
        client.inputPause = nil
        host.setReading(client.id, true)
    }

    private func commandRateRefilled(_ id: ClientID) {
        guard let client = clients[id], case .commandRate? = client.inputPause else { return }
        resumeInput(client)
    }

    private func handle(line: UnsafeRawBufferPointer, from client: Client, host: any ServerHost) {
        if results.isHolding(client.id) {
            hold(Result { () throws(DecodeFailure) in try ClientMessageDecoder.decode(line) }, from: client)
            return
        }
        // The commonest line of all is answered as `dispatch` answers `.ping`, without a request made.
        if let ping = ClientMessageDecoder.plainPing(line) {
            metrics.pings &+= 1
            return answerPing(ping.requestID, to: client, host: host)
        }
        // Not wrapped in a Result first: the request goes on as it was decoded, without a copy.
        let request: ClientRequest
        do {
            request = try ClientMessageDecoder.decode(line)
        } catch {
            return refuse(error, from: client)
        }
        dispatch(request, from: client, host: host)
    }

    func handle(_ decoded: Result<ClientRequest, DecodeFailure>, from client: Client) {
        switch decoded {
        case .success(let request):
            dispatch(request, from: client, host: host)
        case .failure(let error):
            refuse(error, from: client)
        }
    }

    /// Answers a line that is not a command.
    private func refuse(_ error: DecodeFailure, from client: Client) {
        metrics.commandTaken(ServerMetrics.invalidCommand)
        send(.error(code: error.code, message: error.message, id: error.id), to: client.id)
    }

    /// Keeps a command of a client whose `start` waits for a result; a client that
    /// piles up more than a few gets them refused, so waiting costs bounded memory.
    private func hold(_ decoded: Result<ClientRequest, DecodeFailure>, from client: Client) {
        guard results.holdMore(decoded, from: client.id) else {
            let id = (try? decoded.get())?.id
            send(.rateLimited(message: "too many commands while the last game's result is saved; send them again", retryAfterMs: 100, id: id), to: client.id)
            return
        }
    }

    /// - Parameter host: `self.host`, already made strong by the caller.
    private func dispatch(_ request: ClientRequest, from client: Client, host: any ServerHost) {
        metrics.commandTaken(request.command.type)
        let id = request.id
        switch request.command {
        case .help:
            send(.help(commands: HelpText.commands, id: id), to: client.id)
            return
        case .ping:
            answerPing(id, to: client, host: host)
            return
        case .games:
            host.send(RoomsPage.replyLine(prefix: Self.gamesReplyPrefix, id: id), to: client.id)
            return
        case .login(let credential):
            login(credential, client: client, id: id)
            return
        case .register(let request):
            register(request, client: client, id: id)
            return
        default:
            break
        }
        guard let playerID = client.playerID, let player = players[playerID] else {
            reject(CommandError(code: .notLoggedIn, message: "log in first: {\"type\":\"login\",\"name\":\"your name\"}"), to: client.id, id: id)
            return
        }
        do throws(CommandError) {
            try withCause(.command(request.command.type, by: player.name)) { () throws(CommandError) in
                try dispatchRoomCommand(request, from: client, player: player)
            }
        } catch {
            reject(error, to: client.id, id: id)
        }
    }

    /// Answers a ping: allowed before login, it changes nothing and only echoes its `id`.
    private func answerPing(_ id: RequestID?, to client: Client, host: any ServerHost) {
        host.send(ServerMessage.pongLine(id: id), to: client.id)
    }

    private func dispatchRoomCommand(_ request: ClientRequest, from client: Client, player: Player) throws(CommandError) {
        let id = request.id
        switch request.command {
        case .rooms(let query):
            host.send(try roomsReply(query, id: id), to: client.id)
        case .create(let create):
            try createRoom(create, by: player, id: id)
        case .join(let code):
            try join(code, player: player, id: id)
        case .watch(let code):
            try watch(code, player: player, id: id)
        case .leave:
            try leave(player: player, id: id)
        case .start:
            try start(by: player, id: id)
        case .chat(let text):
            try chat(text, from: player, id: id)
        case .resign:
            try resign(player: player, id: id)
        case .abort:
            try abort(player: player, id: id)
        case .poolJoin(let pool):
            try joinPool(pool, player: player, id: id)
        case .poolLeave:
            leavePoolCommand(player: player, id: id)
        case .challenge(let request):
            try sendChallenge(request, by: player, id: id)
        case .challengeAccept(let challenge):
            try acceptChallenge(challenge, by: player, id: id)
        case .challengeDecline(let challenge, let reason):
            try declineChallenge(challenge, reason: reason, by: player, id: id)
        case .challengeCancel(let challenge):
            try cancelChallenge(challenge, by: player, id: id)
        case .block(let name):
            try block(name, by: player, client: client, id: id)
        case .unblock(let name):
            try unblock(name, by: player, client: client, id: id)
        case .seek(let request):
            try openSeek(request, by: player, id: id)
        case .seeks:
            listSeeks(for: player, id: id)
        case .seekAccept(let seek):
            try acceptSeek(seek, by: player, id: id)
        case .seekCancel(let seek):
            try cancelSeek(seek, by: player, id: id)
        case .subscribeLobby:
            subscribeLobby(client, player: player, id: id)
        case .unsubscribeLobby:
            unsubscribeLobby(client, id: id)
        case .players:
            listPlayers(for: player, id: id)
        case .stats(let name):
            // No player can have a longer name, and the reply quotes the name back.
            guard name.utf8.count <= ServerConfig.maxNameBytes else {
                throw .badRequest("a name may be at most \(ServerConfig.maxNameBytes) bytes of UTF-8; that one has \(name.utf8.count)")
            }
            afterJournal { [self] in
                send(.stats(marked(journal?.stats(for: name, gameOrder: Self.gameNames) ?? PlayerStats(name: name, games: 0, wins: 0, byGame: [])), id: id), to: client.id)
            }
        case .leaderboard(let game):
            guard Self.gameNames.contains(game) else {
                throw .badRequest("there is no game '\(game)'; games: \(Self.gameNames.joined(separator: ", "))")
            }
            afterJournal { [self] in
                send(.leaderboard(game: game, entries: marked(journal?.leaderboard(for: game, size: ServerConfig.leaderboardSize) ?? []), id: id), to: client.id)
            }
        case .dailyLeaderboard(let query):
            let (day, deal) = try dailyDeal(query)
            afterJournal { [self] in
                let entries = journal?.dailyLeaderboard(day: day, deal: deal, size: ServerConfig.leaderboardSize) ?? []
                // The asker's own place, wherever it is: "you are 14th of 230".
                let (count, you) = journal?.dailyStanding(day: day, deal: deal, name: player.name) ?? (0, nil)
                send(.dailyLeaderboard(DailyLeaderboard(game: query.game, day: day, deal: deal, entries: marked(entries), players: count, you: you), id: id), to: client.id)
            }
        case .ratingLeaderboard(let game):
            guard Self.gameNames.contains(game) else {
                throw .badRequest("there is no game '\(game)'; games: \(Self.gameNames.joined(separator: ", "))")
            }
            afterJournal { [self] in
                send(.ratingLeaderboard(ratingBoard(game: game), id: id), to: client.id)
            }
        case .replay(let game, let step, let seat):
            try sendReplay(game, step: step, seat: seat, to: client, id: id)
        case .logout:
            try logout(player, client: client, id: id)
        case .tokenCreate(let label, let scopes):
            try createApiToken(label: label, scopes: scopes, for: player, client: client, id: id)
        case .tokens:
            try listApiTokens(of: player, client: client, id: id)
        case .tokenRevoke(let label):
            try revokeApiToken(label: label, of: player, client: client, id: id)
        case .sessions:
            try listSessions(of: player, client: client, id: id)
        case .sessionRevoke(let session):
            try revokeSession(session, by: player, client: client, id: id)
        case .passwordChange(let old, let new):
            try changePassword(old: old, new: new, of: player, client: client, id: id)
        case .accountDelete(let password):
            try deleteAccount(password: password, of: player, client: client, id: id)
        case .help, .ping, .games, .login, .register:
            break
        default:
            // Every other command is a game's: the room's engine says which it takes.
            try play(request.command, by: player, id: id)
        }
    }

    private func loginTimedOut(_ id: ClientID) {
        guard let client = clients[id], client.playerID == nil, !client.isClosing else { return }
        client.loginTimer = nil
        let seconds = config.loginTimeout.components.seconds
        send(.error(code: .notLoggedIn, message: "no login within \(seconds) s; closing the connection", id: nil), to: id)
        close(client)
    }

    // MARK: - Sending

    func send(_ message: ServerMessage, to client: ClientID) {
        switch message {
        case .error(let code, _, _): metrics.errorSent(code.rawValue)
        case .rateLimited: metrics.errorSent("rate_limited")
        case .storageUnavailable: metrics.errorSent("storage_unavailable")
        default: break
        }
        host.send(message.encodedLine(), to: client)
    }

    /// Sends the reply to a command that changes `room`, with the `seq` of the state that
    /// shows the change: the next one, which the change sends before the loop turns.
    func reply(_ message: ServerMessage, to player: Player, changing room: Room) {
        if let client = player.client {
            host.send(message.encodedLine(seq: room.seq + 1), to: client)
        }
    }

    /// Runs `body` with `cause` as the cause of the states it sends, then restores the one before.
    func withCause<T, Failure: Error>(_ cause: StateCause, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let outer = self.cause
        self.cause = cause
        defer { self.cause = outer }
        return try body()
    }

    /// Sends to a player's connection, if they have one.
    func send(_ message: ServerMessage, to player: Player) {
        if let client = player.client {
            send(message, to: client)
        }
    }

    func reject(_ error: CommandError, to client: ClientID, id: RequestID?) {
        if error.code == .storageUnavailable {
            send(.storageUnavailable(message: error.message, retryAfterMs: error.retryAfterMs ?? 1_000, id: id), to: client)
        } else if error.code == .serverBusy, let wait = error.retryAfterMs {
            send(.serverBusy(message: error.message, retryAfterMs: wait, id: id), to: client)
        } else if let wait = error.retryAfterMs {
            send(.rateLimited(message: error.message, retryAfterMs: wait, id: id), to: client)
        } else {
            send(.error(code: error.code, message: error.message, id: id), to: client)
        }
    }

    /// Closes a client's connection once what was queued for it is written; `goingAway` when
    /// the server shuts down (a WebSocket's close frame says so).
    func close(_ client: Client, goingAway: Bool = false) {
        client.isClosing = true
        host.disconnect(client.id, goingAway: goingAway)
    }

    /// The text `/metrics` answers: the server's figures, with the transport's in their places.
    /// - Parameters:
    ///   - connections: open connections by kind, every kind in order.
    ///   - httpResponses: HTTP replies by status, in order of status.
    ///   - bytes: bytes read from and written to all connections since the start.
    public func metricsText(connections: [(kind: String, count: Int)], httpResponses: [(status: Int, count: UInt64)], bytes: (received: UInt64, sent: UInt64)) -> String {
        metrics.exposition(
            commandTypes: ClientCommand.types, games: Self.gameNames, players: players.count,
            transport: .init(connections: connections, httpResponses: httpResponses, bytes: bytes))
    }

    /// A room joins the server's rooms: `/metrics` counts it, and its games.
    func roomAdded(_ room: Room) {
        room.metrics = metrics
        metrics.roomOpened(room.gameName, playing: room.phase == .playing)
    }

    /// A room leaves the server's rooms.
    func roomRemoved(_ room: Room) {
        room.metrics = nil
        metrics.roomClosed(room.gameName, playing: room.phase == .playing)
    }
}

/// A game that ended: its journal record, its encoded `game_over`, who hears it, and its room.
struct FinishedGame {
    /// nil for a game that is not a result (left before any move) or whose record is too long:
    /// its `game_over` goes out at once.
    let record: GameRecord?
    let line: [UInt8]
    let audience: [String]
    let room: Room
}
