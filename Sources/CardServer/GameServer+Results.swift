import Wire

/// Finished games: their records go to the results journal, their `game_over`
/// out once the record is on disk, and `stats` and `leaderboard` wait for it.
extension GameServer {
    /// Queues the game's record and its `game_over`: the record goes to the journal
    /// at the end of the turn, and `game_over` once the record is on disk, so nobody
    /// hears of a result a crash could lose. A game with no record has its
    /// `game_over` sent at the end of the turn.
    ///
    /// A game every player left before anyone made a move is not a result: no
    /// record, no fsync (so leaving an unplayed room costs the disk nothing), and
    /// no winners (the rps robot does not win a game nobody played).
    func finished(_ result: GameResult, in room: Room) {
        let isResult = room.seatedCount > 0 || room.moved
        if !isResult {
            host.log("room \(room.code): left before any move; not a result, not journalled")
        }
        let message = ServerMessage.gameOver(GameOver(
            room: room.code, winners: isResult ? result.winners : [], scores: result.scores, hintsUsed: result.hintsUsed,
            seed: room.seed))
        room.resultPending = true
        finishedGames.append(FinishedGame(
            record: isResult ? journalRecord(of: result, in: room) : nil, line: message.encodedLine(), audience: room.members,
            room: room))
    }

    /// The game's journal record, or nil when it is longer than ``GameRecord/maxBytes``:
    /// refused rather than written, with a log line.
    private func journalRecord(of result: GameResult, in room: Room) -> GameRecord? {
        let record = GameRecord(
            room: room.code, game: room.gameName, seed: room.seed, players: result.scores.map(\.name),
            scores: result.scores, winners: result.winners, startedMs: room.startedMs, endedMs: Timestamp.nowMilliseconds())
        let size = record.jsonLine.count
        guard size <= GameRecord.maxBytes else {
            host.log("room \(room.code): the game's record is \(size) bytes, over the journal's bound of \(GameRecord.maxBytes); not journalled")
            return nil
        }
        return record
    }

    /// The end of a turn: hands the turn's finished games to the journal, which
    /// writes them with one fsync on its own thread; ``journalWritten()`` tells
    /// their rooms. The host calls this before it writes the turn's output.
    public func endOfTurn() {
        guard !finishedGames.isEmpty else { return }
        let games = finishedGames
        finishedGames = []
        guard let journal else { return announce(games) }
        // A game with no record has nothing to wait for.
        announce(games.filter { $0.record == nil })
        let recorded = games.filter { $0.record != nil }
        guard !recorded.isEmpty else { return }
        let ticket = journal.submit(recorded.compactMap(\.record))
        journalTicketsSubmitted = ticket
        gamesBeingWritten[ticket] = recorded
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
        let needed = journalTicketsSubmitted + (finishedGames.contains { $0.record != nil } ? 1 : 0)
        guard journal != nil, needed > journalTicketsWritten else { return reply() }
        repliesAwaitingJournal.append((needed, reply))
    }

    /// Sends each game's `game_over`, then lets its room start again: a `start`
    /// that came while the result was being written, and what its client sent
    /// after it, are handled now, after the `game_over`, in the order they came.
    private func announce(_ games: [FinishedGame]) {
        for game in games {
            for playerID in game.audience {
                if let client = players[playerID]?.client {
                    host.send(game.line, to: client)
                }
            }
            let room = game.room
            room.resultPending = false
            room.lastGameOver = game.line
            releaseHeldClients(of: room)
            if rooms[room.code] === room, room.seatsFilledAwaitingResult {
                room.seatsFilledAwaitingResult = false
                if room.phase != .playing, room.seatedCount == room.seats.count { startGame(room) }
            }
        }
    }

    /// Handles, in order, the commands held for clients whose `start` waited for
    /// this room's result. One of them may hold the client again (a start after a
    /// game that ended at once): the rest then wait with it.
    private func releaseHeldClients(of room: Room) {
        let waiting = room.heldClients
        room.heldClients = []
        for id in waiting {
            guard let client = clients[id], client.heldFor === room else { continue }
            client.heldFor = nil
            var commands = client.held[...]
            client.held = []
            while let command = commands.popFirst(), !client.isClosing {
                handle(command, from: client)
                if client.heldFor != nil {
                    client.held += commands
                    break
                }
            }
        }
    }
}
