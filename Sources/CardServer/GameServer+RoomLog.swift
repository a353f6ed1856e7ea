import Wire

/// The room log's side of the server: what each change writes, and the replay at start that
/// rebuilds every room in progress from it (see ``RoomLog``).
extension GameServer {
    /// The game clock: the host's monotonic clock, carried on across a restart from the last
    /// time the room log recorded. Every time the rules see is on it.
    var gameNow: UInt64 { host.nowNanoseconds &+ clockShift }

    /// Records what has already happened (a connection dropped, a room emptied): it cannot be
    /// refused, so a failing disk keeps it in order until it can be written (``RoomLog/record(_:)``).
    /// Nothing while replaying or without a log.
    func log(_ record: RoomLogRecord) {
        guard !isReplaying, roomLog != nil || replays != nil else { return }
        let entry = RoomLog.Entry(record, role: roomLogRole(of: record))
        keepInGameRecord(record, line: entry.line)
        roomLog?.record(entry)
    }

    /// Writes a command's record before the command changes anything (the write-ahead rule):
    /// a record that cannot be written refuses the command, which then changes nothing.
    /// - Throws: `storage_unavailable` when the disk does not take it.
    func logCommand(_ records: RoomLogRecord...) throws(CommandError) {
        guard !isReplaying, roomLog != nil || replays != nil else { return }
        let entries = records.map { RoomLog.Entry($0, role: roomLogRole(of: $0)) }
        if let roomLog, !roomLog.write(entries) {
            metrics.storageFailures += 1
            throw .storageUnavailable
        }
        for (record, entry) in zip(records, entries) { keepInGameRecord(record, line: entry.line) }
    }

    /// A game command as the client sent it (without its id), for a `move` record, written
    /// before the rules see it.
    /// - Throws: `storage_unavailable` when the disk does not take it.
    /// - Returns: the bytes written to the room log (0 without one).
    @discardableResult
    func logMove(_ command: ClientCommand, by player: Player, in room: Room, now: UInt64) throws(CommandError) -> Int {
        guard !isReplaying, roomLog != nil || replays != nil else { return 0 }
        let encoded = ClientRequest(id: nil, command: command).encodedLine()
        let line = RoomLogRecord.moveLine(room: room.code, player: player.id, command: Array(encoded.dropLast()), t: now)
        if let roomLog, !roomLog.writeMove(room: room.code, line: line) {
            metrics.storageFailures += 1
            throw .storageUnavailable
        }
        keep(line, inRecordOf: room)
        return roomLog == nil ? 0 : line.count
    }

    /// Whether a record is one of the room's game's inputs, or a coming or going a summary of
    /// the room's members replaces (``RoomLog/LineRole``), judged before it changes anything.
    /// A seated player away, back or gone while a game is under way is the game's: its rules
    /// see it (a forfeit, a deadline waived) and its replay shows it. Seats change only
    /// between games (`join` is refused during one), so every seat of a game is in the
    /// `room` record its `begin` follows.
    func roomLogRole(of record: RoomLogRecord) -> RoomLog.LineRole {
        switch record {
        case .watch, .join, .vote:
            return .passing
        case .leave(let code, let playerID, _), .presence(let code, let playerID, _, _):
            guard let room = rooms[code], room.phase == .playing, room.seat(of: playerID) != nil else { return .passing }
            return .game
        case .create, .room, .dealing, .begin, .resign, .abort, .move, .deadline, .close, .members, .tick:
            return .game
        }
    }

    /// The room's members as they stand, and its `seq`: what replaces its comings and goings
    /// in the room log once they add up (``RoomLog/summarizeRooms(_:)``).
    func membersSummary(of room: Room) -> RoomLogRecord {
        .members(room: room.code, seq: room.seq, members: members(of: room), votes: room.rematchVotes.sorted(), t: gameNow)
    }

    /// Every member of the room as the log keeps them, seats first.
    private func members(of room: Room) -> [RoomLogRecord.Member] {
        var members: [RoomLogRecord.Member] = []
        room.forEachMember { playerID, seat in
            if let player = players[playerID] { members.append(member(player, seat: seat)) }
        }
        return members
    }

    /// A player as the log keeps them: the token only as its hash.
    func member(_ player: Player, seat: Int?) -> RoomLogRecord.Member {
        RoomLogRecord.Member(
            id: player.id, name: player.name, tokenHash: player.tokenHash, seat: seat, connected: player.countsAsPresent, account: player.account)
    }

    /// The room as it stands, for a `create` or a `room` record.
    func snapshot(of room: Room, options: JSONObject) -> RoomLogRecord.Snapshot {
        RoomLogRecord.Snapshot(
            code: room.code, game: room.gameName, isPrivate: room.isPrivate, seats: room.seats.count, serial: room.serial,
            options: options, seq: room.seq, phase: room.phase, members: members(of: room), rated: room.isRatedRoom)
    }

    /// A game begins: the room as it will stand (playing) replaces its records so far (the
    /// last game's inputs leave the live log), then the seed, in one write.
    /// The begin record carries the game's own clocks (`now`, `wall`), read once:
    /// a restart rebuilds the same game id and times from them, so a finished game it
    /// replays is known as the one already in the journal.
    /// - Returns: false when the disk did not take them: the game does not begin.
    func logBegin(_ room: Room, seed: UInt64, now: UInt64, wall: Int64) -> Bool {
        guard !isReplaying, let roomLog else { return true }
        var playing = snapshot(of: room, options: room.options)
        playing.phase = .playing
        let rules = type(of: room.engine).rulesVersion
        return roomLog.write(.room(playing), .begin(room: room.code, seed: seed, t: now, wall: wall, rules: rules))
    }

    /// Every second while a deadline runs: the time, so a restart knows when the server
    /// stopped; and, with `everysec`, the fsync of what was written.
    public func startLogClock() {
        guard roomLog != nil else { return }
        // Everything through a weak self: the loop's timers must not keep the server's stores alive.
        _ = host.schedule(after: .seconds(1)) { [weak self] in
            guard let self, let roomLog = self.roomLog else { return }
            // Records kept while the disk failed go first; then games that could not begin.
            if roomLog.retry(), !self.beginsWaitingForDisk.isEmpty { self.beginWaitingGames() }
            self.retryJournal()
            self.replays?.retryFailedSaves()
            self.diskBudget?.measure()
            self.keepDiskReserve()
            if !roomLog.hasBacklog, self.rooms.values.contains(where: { $0.deadlineTimer != nil }) {
                self.log(.tick(t: self.gameNow, wall: self.host.wallMilliseconds))
            }
            if roomLog.policy == .everysec {
                roomLog.sync()
                self.replays?.syncRecentSaves()
            }
            self.startLogClock()
        }
    }

    /// The disk takes records again: the games whose `begin` it refused begin now, if they still can.
    func beginWaitingGames() {
        let waiting = beginsWaitingForDisk
        beginsWaitingForDisk = []
        cause = .event(.begin)
        defer { cause = nil }
        for room in waiting.compactMap({ rooms[$0] }) {
            if room.phase == .waiting, room.seatedCount == room.seats.count {
                startGame(room)
            } else if room.phase == .over {
                startRematchIfAgreed(room)
            }
        }
    }

    /// The end of a turn, before its replies go out: the records were written as the turn ran
    /// (``RoomLog/write(_:)-(RoomLogRecord...)``); this fsyncs them under `--appendfsync always`
    /// and starts a rewrite of the log when it has outgrown the live rooms (``RoomLog/flush()``).
    func flushRoomLog() {
        guard let roomLog else { return }
        roomLog.summarizeRooms { code in rooms[code].map(membersSummary(of:)) }
        roomLog.flush()
    }

    /// On a clean shutdown: the clock as it stopped, written and synced.
    func closeRoomLog() {
        guard let roomLog else { return }
        roomLog.retry()
        if !rooms.isEmpty, !roomLog.hasBacklog { log(.tick(t: gameNow, wall: host.wallMilliseconds)) }
        roomLog.flush()
        roomLog.sync()
    }

    // MARK: - Recovery

    /// The stand-in connection of a player who was connected at that point of the replay.
    static let replayClient = ClientID(rawValue: .max)

    /// Rebuilds every room the log holds by replaying its records through the same code that
    /// made them, with nothing sent and the clock as it was; then every player of those rooms
    /// is away with a fresh grace period, resuming with the token they had, and every
    /// deadline runs on with the time it had left when the server stopped.
    /// - Returns: the rooms restored.
    @discardableResult
    public func recover() -> Int {
        guard let roomLog, !roomLog.recovered.isEmpty else { return 0 }
        let realHost = host
        let replayHost = ReplayHost()
        host = replayHost
        isReplaying = true
        clockShift = 0
        var lastTime: UInt64 = 0
        for record in roomLog.recovered {
            if let time = record.time {
                lastTime = max(lastTime, time)
                replayHost.nowNanoseconds = lastTime
            }
            if case .begin(_, _, _, let wall, _) = record { replayHost.wallMilliseconds = wall }
            if case .tick(_, let wall) = record { replayHost.wallMilliseconds = wall }
            replay(record)
        }
        roomLog.dropRecovered()
        host = realHost
        isReplaying = false
        clockShift = lastTime &- realHost.nowNanoseconds

        var highestPlayer = 0
        for (playerID, player) in players {
            guard let code = player.roomCode, rooms[code] != nil else {
                players[playerID] = nil
                unindex(player)
                continue
            }
            highestPlayer = max(highestPlayer, Int(playerID.dropFirst()) ?? 0)
            player.client = nil
            player.awaitingReturn = true
            playerIDsByToken[player.tokenHash] = playerID
            // An account's player comes back signed in: its session is in the accounts file, or
            // (an API token's) its account in the room log, while the account still exists.
            player.account = (accounts.sessions[player.tokenHash]?.account ?? player.account).flatMap { accounts.accounts[$0] != nil ? $0 : nil }
            player.isBot = player.account.flatMap { accounts.accounts[$0]?.bot } ?? false
            if let account = player.account { playersByAccount[account, default: []].insert(playerID) }
            player.graceTimer = host.schedule(after: config.grace) { [weak self] in
                self?.graceExpired(playerID)
            }
        }
        nextPlayerNumber = max(nextPlayerNumber, highestPlayer + 1)
        for room in rooms.values.sorted(by: { $0.serial < $1.serial }) {
            nextRoomSerial = max(nextRoomSerial, room.serial + 1)
            room.deadlineTimer = nil
            room.scheduledDeadline = nil
            if !room.isPrivate, room.listing == nil { listing.add(room) }
            if let versions = room.closedForRules {
                // Its players find it waiting for a new game, and each is told why once back.
                room.closedForRules = nil
                room.notice = .notice(
                    room: room.code, reason: "rules_changed",
                    text: "the \(room.gameName) game in this room began under version \(versions.began) of its rules, and the server "
                        + "restarted with version \(versions.current): it was closed unfinished and counts for nobody; start a new one")
                host.log("room \(room.code): its \(room.gameName) game began under version \(versions.began) of the rules, this server plays version \(versions.current); the game is closed unfinished")
            } else if room.isDealing {
                // The search for its deal died with the process: start it again.
                room.isDealing = false
                withCause(.event(.begin)) { startGame(room) }
            } else if room.phase == .waiting, room.seatedCount == room.seats.count {
                // Every seat taken but no game begun: the process died between the two
                // records (or the disk refused the begin). The last seat taken begins it now.
                withCause(.event(.begin)) { startGame(room) }
            } else {
                scheduleDeadline(of: room)
            }
        }
        for game in replayedResults {
            results.gameEnded(game, in: game.room.resultKey, isRecorded: game.record != nil)
        }
        replayedResults = []
        host.log("room log: \(rooms.count) room\(rooms.count == 1 ? "" : "s") restored, \(players.count) player\(players.count == 1 ? "" : "s") away until they resume")
        return rooms.count
    }

    /// Replays one record with the cause its states had when it was made (as near as the
    /// record tells: a `leave` record does not say whether a command or the grace period wrote it).
    private func replay(_ record: RoomLogRecord) {
        // The game's record is the log's: what was read is kept before it is applied (a
        // move that ends the game is still one of its inputs).
        if replays != nil { keepInGameRecord(record, line: record.line) }
        withCause(replayedCause(of: record)) {
            replayRecord(record)
        }
    }

    private func replayedCause(of record: RoomLogRecord) -> StateCause {
        func name(_ playerID: String) -> String { players[playerID]?.name ?? playerID }
        return switch record {
        case .create(_, let creator, _): .command("create", by: creator.name)
        case .join(_, _, let entry, _): .command("join", by: entry.name)
        case .watch(_, let entry, _): .command("watch", by: entry.name)
        case .leave(_, let playerID, _): .command("leave", by: name(playerID))
        case .vote(_, let playerID, _): .command("start", by: name(playerID))
        case .resign(_, let playerID, _): .command("resign", by: name(playerID))
        case .abort(_, let playerID, _): .command("abort", by: name(playerID))
        case .move(_, let playerID, let object, _): .command(object["type"]?.stringValue ?? "move", by: name(playerID))
        case .deadline: .event(.deadline)
        case .room, .dealing, .begin, .presence, .close, .members, .tick: .event(.begin)
        }
    }

    private func replayRecord(_ record: RoomLogRecord) {
        switch record {
        case .create(let snapshot, let creator, _):
            guard let room = restoredRoom(snapshot) else { return }
            let player = restoredPlayer(creator)
            room.seats[0] = player.id
            player.roomCode = room.code
            seatsChanged(room)
        case .room(let snapshot):
            if let old = rooms.removeValue(forKey: snapshot.code) {
                listing.remove(old)
                roomRemoved(old)
            }
            guard let room = restoredRoom(snapshot) else { return }
            place(snapshot.members, in: room)
            room.seq = snapshot.seq
            // A room recorded playing is written in one write with its game's `begin`, which
            // makes it so. Without it (a repair cut the torn `begin`) no game was dealt: the
            // room waits, and the restart begins one if its seats are full.
            room.phase = snapshot.phase == .playing ? .waiting : snapshot.phase
            // What changed it last is not kept in the log's snapshot of it.
            room.cause = .event(.restart)
        case .join(let code, let seat, let entry, _):
            guard let room = rooms[code], room.seats.indices.contains(seat) else { return }
            let player = restoredPlayer(entry)
            room.seats[seat] = player.id
            player.roomCode = code
            seatsChanged(room)
        case .watch(let code, let entry, _):
            guard let room = rooms[code] else { return }
            let player = restoredPlayer(entry)
            room.spectators.append(player.id)
            player.roomCode = code
            broadcastState(room)
        case .leave(let code, let playerID, _):
            guard let room = rooms[code], let player = players[playerID] else { return }
            removeMember(player, from: room)
        case .dealing(let code, _):
            guard let room = rooms[code] else { return }
            room.isDealing = true
            broadcastState(room)
        case .begin(let code, let seed, _, let wall, let rules):
            guard let room = rooms[code] else { return }
            let current = type(of: room.engine).rulesVersion
            guard (type(of: room.engine).oldestRulesVersion...current).contains(rules) else {
                // Never re-judged: today's rules might deal it otherwise or refuse its moves.
                // The game is closed unfinished; the moves logged after it find no game.
                room.isDealing = false
                room.phase = .waiting
                room.closedForRules = (rules, current)
                return
            }
            room.daily = room.engine.dailyKey.map { GameRecord.Daily(day: Timestamp.day(milliseconds: wall), deal: $0) }
            beginGame(room, seed: seed, rules: rules)
        case .vote(let code, let playerID, _):
            guard let room = rooms[code], room.rematchVotes.insert(playerID).inserted else { return }
            if !startRematchIfAgreed(room) { broadcastState(room) }
        case .resign, .abort:
            replayConcession(record)
        case .move(_, let playerID, let object, _):
            var line: [UInt8] = []
            JSONValue.object(object).write(into: &line)
            guard let player = players[playerID], let request = try? ClientMessageDecoder.decode(line) else { return }
            // A command the rules refused the first time is refused again, the same way.
            try? play(request.command, by: player, id: nil)
        case .deadline(let code, _):
            deadlineFired(code)
        case .presence(let code, let playerID, let connected, _):
            guard let room = rooms[code], let player = players[playerID], player.roomCode == code else { return }
            if connected {
                // Counted as the return was: a restart does not give the seat its returns again
                // (those after earlier restarts count here, one each: the log does not tell them apart).
                _ = countReturn(of: player, to: room)
                player.client = Self.replayClient
                player.graceTimer = nil
                presenceChanged(in: room, of: player, now: gameNow)
            } else {
                playerWentAway(player)
            }
        case .members(let code, let seq, let entries, let votes, _):
            guard let room = rooms[code] else { return }
            replaceMembers(of: room, with: entries)
            room.rematchVotes = Set(votes)
            room.seq = seq
            if room.listing != nil { listing.changed(room) }
        case .close(let code):
            guard let room = rooms.removeValue(forKey: code) else { return }
            listing.remove(room)
            roomRemoved(room)
        case .tick:
            break
        }
    }

    /// Seats and spectators as a `members` record lists them. Whoever it leaves out went
    /// (their `leave` was summarized away) and is in this room no longer; one who since went
    /// on to another room (a later record, already replayed) stays there.
    private func replaceMembers(of room: Room, with entries: [RoomLogRecord.Member]) {
        let listed = Set(entries.map(\.id))
        room.forEachMember { playerID, _ in
            if !listed.contains(playerID), let player = players[playerID], player.roomCode == room.code { player.roomCode = nil }
        }
        room.seats = Array(repeating: nil, count: room.seats.count)
        room.spectators = []
        place(entries, in: room)
    }

    /// Puts the members a `room` or `members` record lists in their seats, or among the
    /// spectators, connected as they were.
    private func place(_ entries: [RoomLogRecord.Member], in room: Room) {
        for entry in entries {
            let player = restoredPlayer(entry)
            player.client = entry.connected ? Self.replayClient : nil
            player.roomCode = room.code
            if let seat = entry.seat, room.seats.indices.contains(seat) {
                room.seats[seat] = player.id
            } else {
                room.spectators.append(player.id)
            }
        }
    }

    /// A room as a `create` or `room` record names it, empty, in the waiting phase.
    private func restoredRoom(_ snapshot: RoomLogRecord.Snapshot) -> Room? {
        guard let engineType = Self.engines.first(where: { $0.gameName == snapshot.game }),
              let engine = try? engineType.init(room: snapshot.code, seats: snapshot.seats, options: snapshot.options)
        else {
            host.log("room log: room \(snapshot.code) (\(snapshot.game)) cannot be rebuilt; dropped")
            return nil
        }
        let room = Room(
            code: snapshot.code, gameName: snapshot.game, isPrivate: snapshot.isPrivate, serial: snapshot.serial,
            seatCount: snapshot.seats, minPlayers: min(engineType.minPlayers, snapshot.seats), engine: engine)
        room.options = snapshot.options
        room.isRatedRoom = snapshot.rated
        rooms[snapshot.code] = room
        roomAdded(room)
        return room
    }

    /// The player a record names: the one already rebuilt, or a new one with no connection.
    private func restoredPlayer(_ entry: RoomLogRecord.Member) -> Player {
        if let player = players[entry.id] { return player }
        let chat = TokenBucket(capacity: ServerConfig.chatBurst, ratePerSecond: ServerConfig.chatRate, now: realNow)
        let player = Player(id: entry.id, name: entry.name, tokenHash: entry.tokenHash, client: Self.replayClient, chat: chat)
        player.account = entry.account
        players[entry.id] = player
        index(player)
        return player
    }

    /// A clock reading for chat buckets while replaying (they are not part of the log).
    private var realNow: UInt64 { host.nowNanoseconds }
}
