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
        let isResult = (room.seatedCount > 0 || room.moved) && !room.aborted
        if !isResult {
            host.log("room \(room.code): \(room.aborted ? "aborted" : "left") before any move; not a result, not journalled")
        }
        let endedMs = host.wallMilliseconds
        // Rated once: a restart that rebuilds a game the journal has already rated leaves it.
        let changes = isResult && (!isReplaying || journal?.hadGame(room.gameID) != true)
            ? ratingChanges(result, in: room, endedMs: endedMs) : nil
        let record = isResult ? journalRecord(of: result, in: room, endedMs: endedMs, ratings: changes) : nil
        // Made in the book only with a record that carries them: what a restart rebuilds.
        if let changes = record?.ratings { ratings.record(changes, game: room.gameName, endedMs: endedMs) }
        let over = GameOver(
            room: room.code, winners: isResult ? result.winners : [], scores: result.scores, hintsUsed: result.hintsUsed,
            seed: room.seed, summary: result.summary, gameID: replays == nil ? nil : room.gameID, ratings: record?.ratings?.map(\.shown))
        let message = ServerMessage.gameOver(over)
        saveReplay(of: room, result: over)
        if isReplaying {
            // Rebuilt from the room log: everyone heard of it already if the journal has it.
            room.lastGameOver = message.encodedLine()
            if let record, journal?.hadGame(record.id) != true {
                replayedResults.append(FinishedGame(record: record, line: message.encodedLine(), audience: room.members, room: room))
            }
            return
        }
        results.gameEnded(
            FinishedGame(record: record, line: message.encodedLine(), audience: room.members, room: room),
            in: room.resultKey, isRecorded: record != nil)
    }

    /// The game's journal record, its rating changes included, or nil when it is longer than
    /// ``GameRecord/maxBytes``: refused rather than written, with a log line.
    private func journalRecord(of result: GameResult, in room: Room, endedMs: Int64, ratings: [RatingBook.Change]?) -> GameRecord? {
        var record = GameRecord(
            id: room.gameID, room: room.code, game: room.gameName, seed: room.seed, players: result.scores.map(\.name),
            scores: result.scores, winners: result.winners, startedMs: room.startedMs, endedMs: endedMs,
            daily: room.daily, summary: result.summary)
        record.ratings = ratings
        let robots = room.engine.robotPlayers.map(\.name)
        record.robots = robots.isEmpty ? nil : robots
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
        turnShares.endTurn()
        // Before the turn's results are announced: a game's last state comes before its `game_over`.
        sendOwedStates()
        // The lobby's changes of the turn, to its subscribers: after the states that made them.
        publishLobby()
        // The turn's room records go to the kernel before any of its replies can.
        flushRoomLog()
        let now = results.endTurn { games in
            // endTurn submits only when there is a journal and something to record.
            journal?.submit(games.compactMap(\.record)) ?? 0
        }
        announce(now)
    }

    /// The journal has put some turns' games on disk: send their `game_over`s, then the
    /// `stats` and `leaderboard` replies that waited for them.
    /// The host calls this on the loop's thread when the journal's writer wakes it.
    public func journalWritten() {
        guard let journal else { return }
        for written in journal.takeWritten() {
            metrics.journalWrites.observe(nanoseconds: written.nanoseconds)
            if let failure = written.failure {
                // Nobody hears of a result a restart would not find: it waits, and is written
                // again. Logged once an outage, not at each retry.
                if !journalFailing {
                    journalFailing = true
                    host.log("results journal: \(failure); game_over waits until the result is written (retried every second)")
                }
                metrics.storageFailures += 1
                results.writeFailed(written.ticket)
                continue
            }
            if journalFailing {
                journalFailing = false
                host.log("results journal: writing again; the results that waited are written")
            }
            announce(results.written(written.ticket))
        }
        for reply in results.takeDueReplies() { reply() }
    }

    /// Every second: the results whose write failed go to the journal again.
    func retryJournal() {
        guard let journal, results.hasFailedWrites else { return }
        results.resubmitFailed { games in journal.submit(games.compactMap(\.record)) }
    }

    /// Runs `reply` once every game that has ended so far is on disk (at once when
    /// none is being written), so `stats` and `leaderboard` count a game whose
    /// player asks right after it ended.
    func afterJournal(_ reply: @escaping () -> Void) {
        if !results.deferUntilDurable(reply) { reply() }
    }

    /// Sends each game's `game_over`, then lets its room start again: a `start`
    /// that came while the result was being written, and what its client sent
    /// after it, are handled now, after the `game_over`, in the order they came.
    private func announce(_ games: [DurableResults<FinishedGame, ObjectIdentifier>.Ended]) {
        for ended in games {
            let game = ended.game
            for playerID in game.audience {
                if let client = players[playerID]?.client {
                    host.send(game.line, to: client)
                }
            }
            game.room.lastGameOver = game.line
            handleReleased(results.announced(ended).clients)
        }
    }

    /// Handles, in order, the commands held for clients whose `start` waited for a
    /// result. One of them may hold the client again (a start after a game that
    /// ended at once): the rest then wait behind it.
    private func handleReleased(_ released: [(client: ClientID, commands: [DurableResults<FinishedGame, ObjectIdentifier>.Command])]) {
        for (id, commands) in released {
            guard let client = clients[id] else { continue }
            var rest = commands[...]
            while let command = rest.popFirst(), !client.isClosing {
                handle(command, from: client)
                if results.isHolding(id) {
                    results.holdRest(rest, of: id)
                    break
                }
            }
        }
    }
}

extension GameServer {
    /// The day and the deal's name a daily `leaderboard` asks about: the deal a one-seat room
    /// created with the query's options and `daily` deals (checked the same way as a `create`).
    /// - Throws: `bad_request` for a game without a daily deal, or options it would refuse.
    func dailyDeal(_ query: DailyQuery) throws(CommandError) -> (day: String, deal: String) {
        guard let engine = Self.engines.first(where: { $0.gameName == query.game }) else {
            throw .badRequest("there is no game '\(query.game)'; games: \(Self.gameNames.joined(separator: ", "))")
        }
        // A loop, not filter and a key path: swift-frontend 6.3.1 crashes on key paths over existential metatypes.
        var dailyGames: [String] = []
        for candidate in Self.engines where candidate.options.contains(where: { $0.name == DailyDeal.isDaily }) {
            dailyGames.append(candidate.gameName)
        }
        guard dailyGames.contains(query.game) else {
            throw .badRequest("\(query.game) has no daily deal; the games with one: \(dailyGames.joined(separator: ", "))")
        }
        var options = query.options
        options[DailyDeal.isDaily] = .bool(true)
        guard let deal = try engine.init(room: "", seats: 1, options: options).dailyKey else {
            throw .badRequest("\(query.game) has no daily deal with these options")
        }
        return (query.day ?? Timestamp.day(milliseconds: host.wallMilliseconds), deal)
    }
}
