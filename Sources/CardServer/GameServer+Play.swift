import Wire

extension GameServer {
    func startGame(_ room: Room) {
        room.phase = .playing
        let names = room.seats.map { $0.flatMap { players[$0]?.name } }
        host.log("room \(room.code): game started (\(names.compactMap { $0 }.joined(separator: ", ")))")
        // 53 bits, so the seed is an exact JSON number in every client.
        room.seed = Int(random.next() >> 11)
        room.startedMs = Timestamp.nowMilliseconds()
        apply(room.engine.start(names: names, seed: UInt64(room.seed), now: host.nowNanoseconds), in: room)
    }

    /// A game command from a player: checked against the room, then handed to the rules.
    func play(_ command: ClientCommand, by player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        guard let seat = room.seat(of: player.id) else {
            throw CommandError(code: .notSeated, message: "spectators cannot play; join a room to take a seat")
        }
        switch room.phase {
        case .waiting:
            throw CommandError(code: .gameNotStarted, message: "the game has not started; it starts when every seat is taken, or on {\"type\":\"start\"}")
        case .over:
            throw CommandError(code: .gameOver, message: "the game is over; send {\"type\":\"start\"} for a rematch")
        case .playing:
            break
        }
        let update = try room.engine.handle(command, seat: seat, seats: seatContext(of: room), now: host.nowNanoseconds)
        send(update.reply(id), to: player)
        if update.replyIsBroadcast {
            broadcast(update.reply(nil), in: room, except: player.id)
        }
        apply(update, in: room)
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
        if let result = update.result {
            host.log("room \(room.code): game over, winners: \(result.winners.isEmpty ? "none" : result.winners.joined(separator: ", "))")
            finished(result, in: room)
        }
        scheduleDeadline(of: room)
    }

    /// Queues the game's record and its `game_over`: the record goes to the journal
    /// at the end of the turn, and `game_over` once the record is on disk, so nobody
    /// hears of a result a crash could lose.
    private func finished(_ result: GameResult, in room: Room) {
        let record = GameRecord(
            room: room.code, game: room.gameName, seed: room.seed, players: result.scores.map(\.name),
            scores: result.scores, winners: result.winners, startedMs: room.startedMs, endedMs: Timestamp.nowMilliseconds())
        let message = ServerMessage.gameOver(GameOver(room: room.code, winners: result.winners, scores: result.scores, hintsUsed: result.hintsUsed))
        room.resultPending = true
        finishedGames.append(FinishedGame(record: record, line: message.encodedLine(), audience: room.members, room: room))
    }

    /// The end of a turn: hands the turn's finished games to the journal, which
    /// writes them with one fsync on its own thread; ``journalWritten()`` tells
    /// their rooms. The host calls this before it writes the turn's output.
    public func endOfTurn() {
        guard !finishedGames.isEmpty else { return }
        let games = finishedGames
        finishedGames = []
        guard let journal else { return announce(games) }
        let ticket = journal.submit(games.map(\.record))
        journalTicketsSubmitted = ticket
        gamesBeingWritten[ticket] = games
    }

    /// The journal has put some turns' games on disk: send their `game_over`s.
    /// The host calls this on the loop's thread when the journal's writer wakes it.
    public func journalWritten() {
        guard let journal else { return }
        for written in journal.takeWritten() {
            if let failure = written.failure {
                host.log("results journal: \(failure)")
            }
            if let games = gamesBeingWritten.removeValue(forKey: written.ticket) {
                announce(games)
            }
            journalTicketsWritten = max(journalTicketsWritten, written.ticket)
        }
        guard !repliesAwaitingJournal.isEmpty else { return }
        let due = repliesAwaitingJournal.prefix { $0.afterTicket <= journalTicketsWritten }
        repliesAwaitingJournal.removeFirst(due.count)
        for waiting in due { waiting.reply() }
    }

    /// Runs `reply` once every game that has ended so far is on disk (at once when
    /// none is being written), so `stats` and `leaderboard` count a game whose
    /// player asks right after it ended.
    func afterJournal(_ reply: @escaping () -> Void) {
        // A game that ended this turn goes to the journal at the turn's end, under the next ticket.
        let needed = journalTicketsSubmitted + (finishedGames.isEmpty ? 0 : 1)
        guard journal != nil, needed > journalTicketsWritten else { return reply() }
        repliesAwaitingJournal.append((needed, reply))
    }

    /// Sends each game's `game_over`, then lets its room start again: a `start`
    /// that came while the result was being written is handled now, after the
    /// `game_over`, so nobody sees a new game before the old one's end.
    private func announce(_ games: [FinishedGame]) {
        for game in games {
            for playerID in game.audience {
                if let client = players[playerID]?.client {
                    host.send(game.line, to: client)
                }
            }
            let room = game.room
            room.resultPending = false
            // A room closed meanwhile has no one left to start it.
            guard rooms[room.code] === room else { continue }
            let starts = room.startsAwaitingResult
            room.startsAwaitingResult = []
            for start in starts {
                guard let player = players[start.playerID], player.roomCode == room.code else { continue }
                do throws(CommandError) {
                    try self.start(by: player, id: start.id)
                } catch {
                    if let client = player.client { reject(error, to: client, id: start.id) }
                }
            }
            if room.seatsFilledAwaitingResult {
                room.seatsFilledAwaitingResult = false
                if room.phase != .playing, room.seatedCount == room.seats.count { startGame(room) }
            }
        }
    }

    /// Who sits and who is connected, for the rules.
    func seatContext(of room: Room) -> SeatContext {
        var seated: [Int] = []
        var connected: [Int] = []
        seated.reserveCapacity(room.seats.count)
        connected.reserveCapacity(room.seats.count)
        for (seat, playerID) in room.seats.enumerated() {
            guard let playerID else { continue }
            seated.append(seat)
            if players[playerID]?.isConnected == true { connected.append(seat) }
        }
        return SeatContext(seated: seated, connected: connected)
    }

    /// A seated player went away or came back: the rules may care (deal votes), then everyone gets the state.
    func presenceChanged(in room: Room) {
        if room.phase == .playing {
            apply(room.engine.presenceChanged(seats: seatContext(of: room), now: host.nowNanoseconds), in: room)
        } else {
            broadcastState(room)
        }
    }

    private func scheduleDeadline(of room: Room) {
        if let timer = room.deadlineTimer {
            host.cancel(timer)
            room.deadlineTimer = nil
        }
        guard room.phase == .playing, let deadline = room.engine.deadline else { return }
        let now = host.nowNanoseconds
        let delay = deadline > now ? Duration.nanoseconds(Int64(deadline - now)) : .zero
        let code = room.code
        room.deadlineTimer = host.schedule(after: delay) { [weak self] in
            self?.deadlineFired(code)
        }
    }

    private func deadlineFired(_ code: String) {
        guard let room = rooms[code], room.phase == .playing else { return }
        room.deadlineTimer = nil
        apply(room.engine.deadlinePassed(now: host.nowNanoseconds), in: room)
    }
}
