import Wire

/// What a challenge and a seek share: the game of two they offer, checked when it is offered,
/// and the new room that seats its two players when it is taken.
extension GameServer {
    /// The game `game` with `options`, for two seats, checked as `create` would check it; the
    /// offerer must be in no room.
    /// - Parameter what: the command, for the error ("challenge", "seek").
    func gameOfTwo(_ game: String, options: JSONObject, offeredBy player: Player, what: String) throws(CommandError) -> (any GameEngine.Type, Int) {
        if let code = player.roomCode {
            throw .badRequest("you are in room \(code); send {\"type\":\"leave\"} first, then \(what)")
        }
        guard let engineType = Self.engines.first(where: { $0.gameName == game }) else {
            throw .badRequest("there is no game '\(game.quotedForEcho(maxScalars: 20))'; games: \(Self.gameNames.joined(separator: ", "))")
        }
        let seats = try engineType.seatCount(requested: 2, options: options)
        _ = try engineType.init(room: "", seats: seats, options: options)
        return (engineType, seats)
    }

    /// Seats `offerer` (seat 0) and `taker` (seat 1) in a new public room of the game: both leave
    /// any pool, the taker's command is answered `ok`, each is told `paired` (`paired(seat)`
    /// makes the message), and the game begins.
    func seatPair(
        offerer: Player, taker: Player, game: (engine: any GameEngine.Type, seats: Int), options: JSONObject, rated: Bool,
        id: RequestID?, paired: (_ room: Room, _ seat: Int) -> ServerMessage
    ) throws(CommandError) -> Room {
        let room = try openRoom(
            game.engine, seatCount: game.seats, options: options, isPrivate: false,
            rated: rated && offerer.account != nil && taker.account != nil, creator: offerer)
        leavePool(offerer)
        leavePool(taker)
        send(.ok(id: id), to: taker)
        tellPaired(paired(room, 0), to: offerer)
        try takeSeat(taker, in: room, seat: 1)
        tellPaired(paired(room, 1), to: taker)
        countGameStartUnchecked(by: offerer)
        countGameStartUnchecked(by: taker)
        // The game begins with the pairing, whoever's command made it.
        withCause(.event(.begin)) { seatsChanged(room) }
        return room
    }

    /// Sends `paired` to the player seated and `paired_elsewhere`, with the same fields, to
    /// every other connected session of their account: the account's own events reach all
    /// its connections, so a bot's watching connection or a second tab learns where it plays.
    func tellPaired(_ message: ServerMessage, to player: Player) {
        send(message, to: player)
        guard let account = player.account, let sessions = playersByAccount[account], sessions.count > 1,
              case .paired(let room, let pool, let game, let seat, let challenge, let seek) = message else { return }
        let elsewhere = ServerMessage.pairedElsewhere(room: room, pool: pool, game: game, seat: seat, challenge: challenge, seek: seek)
        for id in sessions.sorted() where id != player.id {
            if let other = players[id], other.isConnected { send(elsewhere, to: other) }
        }
    }
}
