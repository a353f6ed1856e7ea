import Wire

/// `resign` and `abort`: a seated player ends their part of a game, or a game nobody has
/// moved in, without leaving the room (so a rematch is one `start` away). The rules of it are
/// ``Concession``'s; each is a room-log record written before anything changes.
extension GameServer {
    /// `resign`: a head-to-head game ends at once, lost (`game_over` for everyone, the seed
    /// revealed); in a race of three or more the player is out of it, its loser, and stays to
    /// watch. A rated game rates it as a loss to everyone who played on.
    func resign(player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        let seat = try playingSeat(of: player, in: room, doing: "resign")
        guard !room.resigned.contains(seat) else { throw .illegalMove("you resigned this game already") }
        let now = gameNow
        try logCommand(.resign(room: room.code, player: player.id, t: now))
        reply(.ok(id: id), to: player, changing: room)
        resignSeat(seat, in: room, now: now)
    }

    /// `abort`: ends a game in which nobody has moved yet, for everyone, unrated and
    /// unrecorded. A daily deal is never aborted: its first try is the one that counts, and an
    /// abort would show the deal for free.
    func abort(player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        _ = try playingSeat(of: player, in: room, doing: "abort")
        guard !room.moved else {
            throw .illegalMove("a game can be aborted only before anyone moves; send {\"type\":\"resign\"} to concede it")
        }
        guard room.daily == nil else {
            throw .illegalMove("a daily deal cannot be aborted: its first try is the one that counts; send {\"type\":\"resign\"} to end it")
        }
        let now = gameNow
        try logCommand(.abort(room: room.code, player: player.id, t: now))
        reply(.ok(id: id), to: player, changing: room)
        abortGame(room, now: now)
    }

    /// The seat `player` plays in a game under way, or why they cannot concede it.
    private func playingSeat(of player: Player, in room: Room, doing command: String) throws(CommandError) -> Int {
        guard let seat = room.seat(of: player.id) else {
            throw CommandError(code: .notSeated, message: "spectators have no game to \(command); only a seated player can")
        }
        switch room.phase {
        case .waiting:
            throw CommandError(code: .gameNotStarted, message: "the game has not started; send {\"type\":\"leave\"} to go")
        case .over:
            throw CommandError(code: .gameOver, message: "the game is over already")
        case .playing:
            return seat
        }
    }

    /// Takes `seat` out of the game under way (a `resign`, live or replayed from the log).
    func resignSeat(_ seat: Int, in room: Room, now: UInt64) {
        room.resigned.insert(seat)
        // A resignation decides the game as a move would: it counts (and is rated).
        room.moved = true
        let playing = seatContext(of: room)
        let update = Concession.resign(seat, engine: &room.engine, seats: playing, names: room.beganWith, resigned: room.resigned, now: now)
        if let name = room.beganWith.indices.contains(seat) ? room.beganWith[seat] : nil {
            host.log("room \(room.code): \(name) resigned")
        }
        apply(update, in: room)
    }

    /// Ends the room's game before anyone moved (an `abort`, live or replayed from the log).
    func abortGame(_ room: Room, now: UInt64) {
        room.aborted = true
        let update = Concession.abort(engine: &room.engine, names: room.beganWith, now: now)
        host.log("room \(room.code): game aborted before any move")
        apply(update, in: room)
    }

    /// A `resign` or `abort` record read back from the room log at a restart.
    func replayConcession(_ record: RoomLogRecord) {
        switch record {
        case .resign(let code, let playerID, _):
            guard let room = rooms[code], room.phase == .playing, let seat = room.seat(of: playerID), !room.resigned.contains(seat) else { return }
            resignSeat(seat, in: room, now: gameNow)
        case .abort(let code, _, _):
            guard let room = rooms[code], room.phase == .playing, !room.moved else { return }
            abortGame(room, now: gameNow)
        default:
            return
        }
    }
}
