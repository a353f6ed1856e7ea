import Wire

/// Replays: each game's inputs are kept as it is played, saved with its result when it ends,
/// and `replay` sends them back, or the state after any step, rebuilt by the game's own rules.
extension GameServer {
    /// The most steps a game's replay keeps; past it the replay is not saved (the game still
    /// counts). A replay of this many steps is about 600 KB on the wire, within the output a
    /// client may leave unread (`--output-limit`, 1 MiB by default).
    static let maxReplaySteps = 5_000

    /// Removes replays past their days: now (at start), then every hour.
    public func startReplayPruning() {
        guard let replays else { return }
        replays.prune(nowSeconds: Int(host.wallMilliseconds) / 1000)
        _ = host.schedule(after: .seconds(3600)) { [weak self] in self?.startReplayPruning() }
    }

    /// Saves the game that just ended (once: a restart that replays its end finds it saved).
    /// The replay is made from the game's one record, off the loop with the file's write.
    func saveReplay(of room: Room, result: GameOver) {
        guard let replays, !room.gameID.isEmpty else { return }
        guard room.gameRecord.count <= Self.maxReplaySteps else {
            return host.log("room \(room.code): game \(room.gameID) has over \(Self.maxReplaySteps) steps; no replay kept")
        }
        if isReplaying, replays.contains(room.gameID) { return }
        let (record, seats, names, beganAt) = (room.gameRecord, room.beganSeats, room.beganWith, room.beganAt)
        let (gameID, game, code, seed, options, startedMs) = (room.gameID, room.gameName, room.code, room.seed, room.options, Int(room.startedMs))
        let rules = room.rulesVersion
        replays.save(gameID: gameID) {
            GameReplay(
                gameID: gameID, game: game, room: code, seed: seed, options: options, players: names, startedMs: startedMs,
                steps: Self.replaySteps(of: record, seats: seats, names: names, beganAt: beganAt), result: result, rules: rules)
        }
    }

    /// `replay`: the game's record, or with `step` the state after that step as `seat` saw it.
    ///
    /// Reading a long game and rebuilding it takes milliseconds, so it runs on the background
    /// worker, never on the loop: the client is read no further until its answer goes out
    /// (one replay at a time per connection), and nobody else waits for it.
    func sendReplay(_ gameID: String, step: Int?, seat: Int?, to client: Client, id: RequestID?) throws(CommandError) {
        guard let replays else {
            throw CommandError(code: .noSuchGame, message: "this server keeps no replays (it runs without --data, or with --keep-replays 0)")
        }
        let missing = CommandError(
            code: .noSuchGame,
            message: "there is no replay of game '\(gameID.quotedForEcho(maxScalars: 40))'; game_over and stats give game ids, and replays are kept \(replays.keepDays) days")
        guard ReplayStore.isGameID(gameID) else { throw missing }
        let job = ReplayJob(path: replays.path(of: gameID), gameID: gameID, step: step, seat: seat, id: id, missing: missing)
        pauseInput(client, .replay)
        let clientID = client.id
        host.runOffLoop({ job.run() }) { [weak self] in
            self?.replayAnswered(job, to: clientID)
        }
    }

    /// The worker has read (and rebuilt) the replay: its answer goes out, then the client is read on.
    private func replayAnswered(_ job: ReplayJob, to clientID: ClientID) {
        guard let client = clients[clientID], !client.isClosing else { return }
        if job.unreadable { replays?.warnUnreadable(job.gameID) }
        // Reading and sending a long game, or rebuilding it, costs a command per 1,000 steps.
        for _ in 0..<job.cost { client.commands.spend(now: host.nowNanoseconds) }
        switch job.outcome {
        case .success(let line)?: host.send(line, to: clientID)
        case .failure(let error)?: reject(error, to: clientID, id: job.id)
        case nil: break
        }
        if case .replay? = client.inputPause { resumeInput(client) }
    }

    /// The commitment the game's states showed: its seed's, unless the seed was chosen
    /// (`seed`) or the day's (`daily`), as ``beginGame(_:seed:)`` decides.
    static func seedCommitment(of replay: GameReplay) -> String? {
        guard replay.options["seed"] == nil, replay.options[DailyDeal.isDaily] != .bool(true) else { return nil }
        return SHA256.hex(String(replay.seed))
    }

    /// Steps of a replay rebuilt for the price of one command.
    static let replayStepsPerCommand = 1_000

    /// Rebuilds a game from its record with a fresh engine: the deal, then each step as the
    /// room applied it, up to `step`; the events of that step and the state after it.
    static func frame(of replay: GameReplay, after step: Int, seenBy viewer: Int) -> ReplayFrame? {
        guard let engineType = engines.first(where: { $0.gameName == replay.game }),
              var engine = try? engineType.init(room: replay.room, seats: replay.players.count, options: replay.options)
        else { return nil }
        // The game clock of the first run is gone; any origin keeps the same differences.
        let origin: UInt64 = 1 << 40
        var seated = replay.players.indices.filter { !replay.players[$0].isEmpty }
        var present = Set(seated)
        var resigned: Set<Int> = []
        engine.judge(byRules: replay.rules)
        var update = engine.start(names: replay.players.map { $0.isEmpty ? nil : $0 }, seed: UInt64(replay.seed), now: origin)
        var result = update.result
        var now = origin
        // The frame's state says what changed the game last, as the live state did (the
        // record does not say whether a seat was left by command or by the grace period).
        var cause = StateCause.event(.begin)
        for entry in replay.steps.prefix(step) {
            now = origin &+ entry.ns
            let name = entry.seat.map { replay.players.indices.contains($0) ? replay.players[$0] : "" }
            cause = switch entry.kind {
            case .move: .command(entry.command?.type ?? "move", by: name ?? "")
            case .deadline: .event(.deadline)
            case .left: .command("leave", by: name ?? "")
            case .away: .event(.away, player: name)
            case .back: .event(.back, player: name)
            case .resign: .command("resign", by: name ?? "")
            case .abort: .command("abort", by: name ?? "")
            }
            let context = { SeatContext(seated: seated, connected: seated.filter(present.contains)) }
            switch entry.kind {
            case .move:
                guard let seat = entry.seat, let command = entry.command else { continue }
                do throws(CommandError) {
                    update = try engine.handle(command, seat: seat, seats: context(), now: now)
                    if update.replyIsBroadcast { update.events.append(update.reply(nil)) }
                } catch {
                    update = GameUpdate()
                }
            case .deadline:
                update = engine.deadlinePassed(now: now)
            case .left:
                guard let seat = entry.seat else { continue }
                seated.removeAll { $0 == seat }
                present.remove(seat)
                update = engine.seatLeft(seat, seats: context(), now: now)
            case .away, .back:
                guard let seat = entry.seat else { continue }
                if entry.kind == .away { present.remove(seat) } else { present.insert(seat) }
                update = engine.presenceChanged(seats: context(), now: now)
            case .resign:
                guard let seat = entry.seat, result == nil else { continue }
                seated.removeAll { $0 == seat }
                resigned.insert(seat)
                update = Concession.resign(seat, engine: &engine, seats: context(), names: replay.players, resigned: resigned, now: now)
            case .abort:
                guard result == nil else { continue }
                update = Concession.abort(engine: &engine, names: replay.players, now: now)
            }
            if result == nil { result = update.result.map { $0.conceded(by: resigned.map { replay.players[$0] }) } }
        }
        var events = step == 0 ? [] : update.events
        let ended = result != nil
        if let result, step == replay.steps.count {
            // The end as these rules reach it again, not the record's copy: a test compares the two.
            events.append(.gameOver(GameOver(
                room: replay.room, winners: result.winners, scores: result.scores, hintsUsed: result.hintsUsed,
                seed: replay.seed, summary: result.summary, gameID: replay.gameID)))
        }
        let players = replay.players.enumerated().compactMap { seat, name -> PlayerEntry? in
            name.isEmpty ? nil : PlayerEntry(name: name, seat: seat, score: engine.score(seat: seat), connected: present.contains(seat))
        } + engine.robotPlayers
        let state = RoomState(
            room: replay.room, game: replay.game, seq: step, phase: ended ? .over : .playing, players: players, spectators: 0,
            seats: replay.players.count, rematchVotes: [], seedCommitment: Self.seedCommitment(of: replay), cause: cause,
            gameFields: engine.fields(viewerSeat: viewer, now: now))
        return ReplayFrame(gameID: replay.gameID, step: step, steps: replay.steps.count, seat: viewer, events: events, state: state)
    }
}

/// One `replay` request, worked on the background worker: the file read and decoded, the
/// frame rebuilt, the answer encoded. It is handed back to the loop only after the worker
/// has finished with it (the worker's queue, under its mutex, orders the two threads).
final class ReplayJob: @unchecked Sendable {
    let path: String
    let gameID: String
    let step: Int?
    let seat: Int?
    let id: RequestID?
    let missing: CommandError
    /// The answer's line, or the error to send.
    private(set) var outcome: Result<[UInt8], CommandError>?
    /// Commands the answer costs past the request itself (one per 1,000 steps read or rebuilt).
    private(set) var cost = 0
    /// The file was there but did not read as a replay (the loop logs it).
    private(set) var unreadable = false

    init(path: String, gameID: String, step: Int?, seat: Int?, id: RequestID?, missing: CommandError) {
        self.path = path
        self.gameID = gameID
        self.step = step
        self.seat = seat
        self.id = id
        self.missing = missing
    }

    /// Runs on the worker: pure but for reading the file.
    func run() {
        outcome = Result { () throws(CommandError) in try answer() }
    }

    private func answer() throws(CommandError) -> [UInt8] {
        let read = ReplayStore.readFile(path)
        guard case .some(let replay) = read else {
            unreadable = read == .unreadable
            throw missing
        }
        cost = (step ?? replay.steps.count) / GameServer.replayStepsPerCommand
        guard let step else { return ServerMessage.replay(replay, id: id).encodedLine() }
        guard step >= 0, step <= replay.steps.count else {
            throw .badRequest("game \(gameID) has \(replay.steps.count) steps; step must be 0 (the deal) to \(replay.steps.count)")
        }
        let viewer = seat ?? replay.steps[..<step].last?.seat ?? 0
        guard replay.players.indices.contains(viewer) else {
            throw .badRequest("game \(gameID) has seats 0 to \(replay.players.count - 1), not \(viewer)")
        }
        if let engine = GameServer.engines.first(where: { $0.gameName == replay.game }),
           !(engine.oldestRulesVersion...engine.rulesVersion).contains(replay.rules) {
            // Today's rules might judge its moves otherwise: the record stands, its frames are not made up.
            throw CommandError(code: .noSuchGame, message:
                "game \(gameID) was played under version \(replay.rules) of the \(replay.game) rules and this server plays version \(engine.rulesVersion): "
                    + "ask for its replay without step to see its record")
        }
        guard let frame = GameServer.frame(of: replay, after: step, seenBy: viewer) else {
            throw CommandError(code: .noSuchGame, message: "game \(gameID) cannot be rebuilt by this server's rules")
        }
        return ServerMessage.replayFrame(frame, id: id).encodedLine()
    }
}
