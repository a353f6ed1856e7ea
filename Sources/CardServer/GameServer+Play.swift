import Wire

extension GameServer {
    /// Deals the room's next game, at once, or once the work its rules need off the loop
    /// (proving a Klondike deal winnable) is done; the room keeps its phase meanwhile.
    func startGame(_ room: Room) {
        // A replay begins games only from the log's `begin` records: the seed was chosen then.
        guard !isReplaying else { return }
        // A chosen seed (one-seat rooms) deals its game again each time; otherwise every
        // game gets a new secret seed, of 53 bits so it is an exact JSON number in every
        // client once game_over reveals it. The journal and game_over show this seed.
        // A daily game's seed is the day's (UTC), the same for everyone who asks for it today.
        room.daily = room.engine.dailyKey.map { GameRecord.Daily(day: Timestamp.day(milliseconds: host.wallMilliseconds), deal: $0) }
        let daily = room.daily.map { DailyDeal.seed(day: $0.day, key: $0.deal) }
        let seed = room.engine.chosenSeed ?? daily ?? (random.next() >> 11)
        guard let preparation = room.engine.dealPreparation(seed: seed) else { return beginGame(room, seed: seed) }
        let day = room.daily?.day
        let dailyKey = room.daily.map { "\($0.day)|\($0.deal)" }
        if let dailyKey, let prepared = preparedDailyDeals[dailyKey] { return beginGame(room, seed: prepared) }
        // Already dealing (a second start, or the last seat taken meanwhile): the deal on its
        // way starts the game with everyone seated then; show who sits now.
        guard !room.isDealing else {
            log(.dealing(room: room.code, t: gameNow))
            return broadcastState(room)
        }
        room.isDealing = true
        log(.dealing(room: room.code, t: gameNow))
        host.log("room \(room.code): preparing a deal off the loop")
        // Everyone sees who sits down meanwhile; the game starts with the next state.
        broadcastState(room)
        host.runOffLoop(preparation) { [weak self, weak room] dealt in
            if let self, let dailyKey, let day {
                self.preparedDailyDeals = self.preparedDailyDeals.filter { $0.key.hasPrefix(day + "|") }
                self.preparedDailyDeals[dailyKey] = dealt
            }
            guard let self, let room, self.rooms[room.code] === room, room.isDealing else { return }
            room.isDealing = false
            self.withCause(.event(.begin)) {
                // Players may have left while the deal was prepared.
                guard room.phase != .playing, room.seatedCount >= room.minPlayers else {
                    self.log(.dealing(room: room.code, t: self.gameNow))
                    return self.broadcastState(room)
                }
                self.beginGame(room, seed: dealt)
            }
        }
    }

    /// - Parameter rules: the rules version a game restored from the room log began under;
    ///   nil for today's.
    func beginGame(_ room: Room, seed: UInt64, rules: Int? = nil) {
        // Each clock is read once: the log, the game id and the rules all see the same times.
        let now = gameNow
        let wall = host.wallMilliseconds
        room.isDealing = false
        // Nothing of the game exists until its record is written: a disk that refuses it
        // leaves the room as it was, and the game begins once the disk takes records again.
        guard logBegin(room, seed: seed, now: now, wall: wall) else {
            host.log("room \(room.code): the game cannot begin until the room log can be written")
            beginsWaitingForDisk.insert(room.code)
            return broadcastState(room)
        }
        room.phase = .playing
        room.notice = nil
        room.rematchVotes = []
        room.lastGameOver = nil
        let names = room.seats.map { $0.flatMap { players[$0]?.name } }
        host.log("room \(room.code): game started (\(names.compactMap { $0 }.joined(separator: ", ")))")
        room.seed = Int(seed)
        // A seed the players did not choose is secret until game_over: commit to it now, so
        // the revealed one can be checked against what was dealt.
        room.seedCommitment = room.engine.chosenSeed == nil && room.daily == nil ? SHA256.hex(String(seed)) : nil
        room.moved = false
        room.startedMs = wall
        room.gameID = "\(room.code)-\(String(room.startedMs, radix: 36))-\(room.seq)"
        room.beganAt = now
        room.beganWith = names.map { $0 ?? "" }
        room.gameRecord = []
        room.beganSeats = room.seats
        room.ratedGame = wouldBeRated(room)
        room.beganAccounts = room.seats.map { $0.flatMap { players[$0]?.account } }
        room.movesBySeat = Array(repeating: 0, count: room.seats.count)
        room.returnsBySeat = Array(repeating: 0, count: room.seats.count)
        room.shortBytesBySeat = Array(repeating: 0, count: room.seats.count)
        room.resigned = []
        room.aborted = false
        room.rulesVersion = rules ?? type(of: room.engine).rulesVersion
        room.engine.judge(byRules: room.rulesVersion)
        apply(room.engine.start(names: names, seed: seed, now: now), in: room)
    }

    /// A game command from a player: checked against the room, then handed to the rules.
    func play(_ command: ClientCommand, by player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        let engine = type(of: room.engine)
        guard engine.commandTypes.contains(command.type) else {
            let names = engine.commandTypes
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
            throw .badRequest("'\(command.type)' is not a move in \(engine.gameName); send \(list)")
        }
        guard let seat = room.seat(of: player.id) else {
            throw CommandError(code: .notSeated, message: "spectators cannot play; join a room to take a seat")
        }
        if room.phase == .playing, room.resigned.contains(seat) {
            throw .illegalMove("you resigned this game; the others play it out (send {\"type\":\"leave\"} to go)")
        }
        switch room.phase {
        case .waiting where room.isDealing:
            throw CommandError(code: .gameNotStarted, message: "the game has not started: its deal is being searched for (one that can be won); it starts with the next state, in a moment")
        case .waiting:
            throw CommandError(code: .gameNotStarted, message: "the game has not started; it starts when every seat is taken, or on {\"type\":\"start\"}")
        case .over:
            throw CommandError(code: .gameOver, message: "the game is over; send {\"type\":\"start\"} to offer a rematch (it starts once every player has)")
        case .playing:
            break
        }
        // Every command is a record in the room log until the game ends: one player may not
        // grow it without end (draw and undo, round and round), and the others play on.
        if room.movesBySeat.indices.contains(seat), room.movesBySeat[seat] >= config.maxMovesPerSeat {
            throw .illegalMove(
                "you have sent \(config.maxMovesPerSeat) moves in this game, the most one player may; send {\"type\":\"leave\"} and start a new game")
        }
        // Written before the rules see it: a refused command can still count (a wrong Set claim),
        // and a command the disk does not take is refused before it changes anything.
        // One clock read for the log, the replay and the rules: two reads can fall either side
        // of a millisecond (a reaction time) or a second (a time bonus), and a restart or a
        // replay would then rebuild another game than the one played.
        let short = try checkShortReserve(of: seat, in: room)
        let now = gameNow
        let written = try logMove(command, by: player, in: room, now: now)
        if short, room.shortBytesBySeat.indices.contains(seat) { room.shortBytesBySeat[seat] += written }
        if room.movesBySeat.indices.contains(seat) { room.movesBySeat[seat] += 1 }
        let update = try room.engine.handle(command, seat: seat, seats: seatContext(of: room), now: now)
        room.moved = true
        if let slow = update.slowReply { return answerOffLoop(slow, update: update, of: command, to: player, in: room, id: id) }
        reply(update.reply(id), to: player, changing: room)
        if update.replyIsBroadcast {
            broadcast(update.reply(nil), in: room, except: player.id, seq: room.seq + 1)
        }
        apply(update, in: room)
    }

    /// Works out a reply off the loop, holding the sender's input meanwhile (so its next
    /// command sees the answer's effect), then sends it and what the update caused. Nobody
    /// else waits. Replaying the room log, or with nobody to answer, nothing is worked out.
    private func answerOffLoop(_ slow: SlowReply, update: GameUpdate, of command: ClientCommand, to player: Player, in room: Room, id: RequestID?) {
        guard !isReplaying, let clientID = player.client, let client = clients[clientID], !client.isClosing else {
            return apply(update, in: room)
        }
        pauseInput(client, .slowReply)
        let cause = StateCause.command(command.type, by: player.name)
        let (work, clock) = (slow.work, host.searchClock)
        host.runOffLoop({ work(clock) }) { [weak self, weak room] in
            guard let self else { return }
            let reply = slow.reply()
            let client = self.clients[clientID].flatMap { $0.isClosing ? nil : $0 }
            let liveRoom = room.flatMap { self.rooms[$0.code] === $0 ? $0 : nil }
            if client != nil { self.host.send(reply(id).encodedLine(seq: liveRoom.map { $0.seq + 1 }), to: clientID) }
            if let liveRoom { self.withCause(cause) { self.apply(update, in: liveRoom) } }
            // What the client sent meanwhile comes after everything its command caused.
            if let client, case .slowReply? = client.inputPause { self.resumeInput(client) }
        }
    }

    /// Sends what an update caused, in order: its events, the new state, then `game_over`.
    func apply(_ update: GameUpdate, in room: Room) {
        for event in update.events {
            broadcast(event, in: room)
        }
        if update.result != nil {
            room.phase = .over
        }
        broadcastState(room)
        // Whoever resigned cannot win what the others played out.
        if let result = update.result?.conceded(by: room.resigned.map { room.beganWith[$0] }) {
            host.log("room \(room.code): game over, winners: \(result.winners.isEmpty ? "none" : result.winners.joined(separator: ", "))")
            finished(result, in: room)
        }
        scheduleDeadline(of: room)
    }

    /// Who sits and who is connected, for the rules.
    func seatContext(of room: Room) -> SeatContext {
        var seated: [Int] = []
        var connected: [Int] = []
        seated.reserveCapacity(room.seats.count)
        connected.reserveCapacity(room.seats.count)
        for (seat, playerID) in room.seats.enumerated() {
            // A seat that resigned is out of the game under way, as if it were empty.
            guard let playerID, room.phase != .playing || !room.resigned.contains(seat) else { continue }
            seated.append(seat)
            if players[playerID]?.countsAsPresent == true { connected.append(seat) }
        }
        return SeatContext(seated: seated, connected: connected)
    }

    /// A seated player went away or came back: the rules may care (deal votes), then everyone gets the state.
    /// - Parameter now: the game clock as the room log's record of it has it.
    func presenceChanged(in room: Room, of player: Player, now: UInt64) {
        withCause(.event(player.countsAsPresent ? .back : .away, player: player.name)) {
            presenceChangedBecause(in: room, of: player, now: now)
        }
    }

    private func presenceChangedBecause(in room: Room, of player: Player, now: UInt64) {
        if room.phase == .playing {
            apply(room.engine.presenceChanged(seats: seatContext(of: room), now: now), in: room)
        } else if !startRematchIfAgreed(room) {
            // Someone who went away no longer holds up a rematch the others agreed to.
            broadcastState(room)
        }
    }

    func scheduleDeadline(of room: Room) {
        let wanted = room.phase == .playing ? room.engine.deadline : nil
        // Most moves leave the deadline as it was (a throw, a flip): keep the timer then.
        if room.deadlineTimer != nil, wanted == room.scheduledDeadline { return }
        if let timer = room.deadlineTimer {
            host.cancel(timer)
            room.deadlineTimer = nil
        }
        room.scheduledDeadline = wanted
        guard let deadline = wanted else { return }
        let now = gameNow
        let delay = deadline > now ? Duration.nanoseconds(Int64(deadline - now)) : .zero
        let code = room.code
        room.deadlineTimer = host.schedule(after: delay) { [weak self] in
            self?.deadlineFired(code)
        }
    }

    func deadlineFired(_ code: String) {
        guard let room = rooms[code], room.phase == .playing else { return }
        room.deadlineTimer = nil
        let now = gameNow
        // A deadline the disk does not take waits, like the rest of the game, and is tried again.
        do throws(CommandError) {
            try logCommand(.deadline(room: code, t: now))
        } catch {
            room.deadlineTimer = host.schedule(after: .seconds(1)) { [weak self] in
                self?.deadlineFired(code)
            }
            return
        }
        withCause(.event(.deadline)) {
            apply(room.engine.deadlinePassed(now: now), in: room)
        }
    }
}
