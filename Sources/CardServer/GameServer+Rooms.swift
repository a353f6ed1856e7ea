import Wire

extension GameServer {
    /// The `rooms` reply for one page: cut from the kept text, with the asker's `id` spliced in.
    func roomsReply(_ query: RoomsQuery, id: RequestID?) throws(CommandError) -> [UInt8] {
        if let game = query.game, !Self.gameNames.contains(game) {
            throw .badRequest("there is no game '\(game)'; games: \(Self.gameNames.joined(separator: ", "))")
        }
        let prefix = listing.page(query) { room in listedSummary(of: room) }
        return RoomsPage.replyLine(prefix: prefix, id: id)
    }

    /// A room's line in `rooms`; nil while none of its members is connected: a room
    /// everyone left (kept for the grace period) is not offered to newcomers.
    func listedSummary(of room: Room) -> RoomSummary? {
        var anyoneConnected = false
        room.forEachMember { memberID, _ in
            if players[memberID]?.isConnected == true { anyoneConnected = true }
        }
        guard anyoneConnected else { return nil }
        return RoomSummary(
            room: room.code, game: room.gameName, options: ListedOptions.of(room.options, declared: type(of: room.engine).options),
            players: seatedNames(in: room),
            seats: room.seats.count, phase: room.phase, spectators: room.spectators.count, bots: seatedBots(in: room),
            ratings: room.isRatedRoom ? room.seats.compactMap { $0.flatMap { players[$0] } }.map { shownRating(of: $0, in: room) } : nil)
    }

    func createRoom(_ request: CreateRequest, by player: Player, id: RequestID?) throws(CommandError) {
        try requireNoRoom(player)
        guard let engineType = Self.engines.first(where: { $0.gameName == request.game }) else {
            throw .badRequest("there is no game '\(request.game)'; games: \(Self.gameNames.joined(separator: ", "))")
        }
        let seatCount = try engineType.seatCount(requested: request.seats, options: request.options)
        let holder = capHolder(of: player)
        if let wait = retryAfter(.rooms, holder) {
            throw .rateLimited(
                "your \(holder.word) has created \(limit(.rooms, holder)) rooms this minute, the most allowed; to play again, stay in your room after a game and send {\"type\":\"start\"} (a rematch needs no new room); or join a listed room, or wait", retryAfterMs: wait)
        }
        try requireDiskRoom()
        // A one-seat room's game begins with it.
        if seatCount == 1 { try countGameStart(by: player) }
        let room = try openRoom(
            engineType, seatCount: seatCount, options: request.options, isPrivate: request.isPrivate, rated: request.rated, creator: player)
        record(.rooms, holder)
        reply(.joined(room: room.code, game: room.gameName, seat: 0, id: id), to: player, changing: room)
        seatsChanged(room)
    }

    /// Makes a room with `creator` in seat 0, written to the room log first (a disk that
    /// refuses it leaves no room), and lists it unless private.
    /// - Throws: `server_busy` at ``ServerConfig/maxRooms``; what the game says of the
    ///   options; `storage_unavailable` when the log refuses it.
    func openRoom(
        _ engineType: any GameEngine.Type, seatCount: Int, options: JSONObject, isPrivate: Bool, rated: Bool, creator player: Player
    ) throws(CommandError) -> Room {
        if config.maxRooms > 0, rooms.count >= config.maxRooms {
            throw CommandError(
                code: .serverBusy, message: "the server has \(config.maxRooms) rooms, as many as it holds; join one ({\"type\":\"rooms\"}) or try again later")
        }
        let code = newRoomCode(isPrivate: isPrivate)
        let engine = try engineType.init(room: code, seats: seatCount, options: options)
        let room = Room(
            code: code, gameName: engineType.gameName, isPrivate: isPrivate, serial: nextRoomSerial,
            // A room against the robot has fewer seats than the game's players: full is enough.
            seatCount: seatCount, minPlayers: min(engineType.minPlayers, seatCount), engine: engine)
        room.options = options
        room.isRatedRoom = rated
        try logCommand(.create(snapshot(of: room, options: options), creator: member(player, seat: 0), t: gameNow))
        nextRoomSerial += 1
        rooms[code] = room
        roomAdded(room)
        if !room.isPrivate { listing.add(room) }
        room.seats[0] = player.id
        player.roomCode = code
        // A challenge of theirs could no longer be accepted: it ends.
        tookPlace(player)
        host.log("room \(code) created by \(player.name): \(room.gameName), \(seatCount) seats\(isPrivate ? ", private" : "")")
        return room
    }

    func join(_ rawCode: String, player: Player, id: RequestID?) throws(CommandError) {
        let room = try existingRoom(rawCode, for: player)
        try requireNoRoom(player)
        try requireNameFree(player.name, in: room)
        guard let seat = room.seats.firstIndex(of: nil) else {
            throw CommandError(code: .roomFull, message: "room \(room.code) has no free seat; you can watch it instead")
        }
        guard room.phase != .playing else {
            throw CommandError(
                code: .roomFull, message: "room \(room.code) has a game under way; watch it, or join once it is over")
        }
        // A seat taken is a room-log record, and a short disk's room is kept for the games under
        // way: a join and leave in a loop (between games, or in a room not yet full) would spend it.
        try requireDiskRoom()
        if room.phase == .waiting, room.seatedCount == room.seats.count - 1 {
            // The last seat: the game begins with this join.
            try countGameStart(by: player)
        }
        try takeSeat(player, in: room, seat: seat)
        reply(.joined(room: room.code, game: room.gameName, seat: seat, id: id), to: player, changing: room)
        seatsChanged(room)
    }

    /// Seats `player` in `room` (its first free seat unless given), written to the room log
    /// first, and tells the other members.
    func takeSeat(_ player: Player, in room: Room, seat: Int? = nil) throws(CommandError) {
        guard let seat = seat ?? room.seats.firstIndex(of: nil) else {
            throw CommandError(code: .roomFull, message: "room \(room.code) has no free seat")
        }
        try logCommand(.join(room: room.code, seat: seat, player: member(player, seat: seat), t: gameNow))
        room.seats[seat] = player.id
        player.roomCode = room.code
        tookPlace(player)
        host.log("room \(room.code): \(player.name) took seat \(seat)")
        broadcast(.member(.joined, room: room.code, name: player.name, role: .player), in: room, except: player.id)
    }

    func watch(_ rawCode: String, player: Player, id: RequestID?) throws(CommandError) {
        let room = try existingRoom(rawCode, for: player)
        try requireNoRoom(player)
        // Another connection of the same account may watch the account's own game (a bot's
        // watching connection, a second tab told `paired_elsewhere`); it never takes a seat.
        try requireNameFree(player.name, in: room, unlessSignedInAs: player.account)
        try requireDiskRoomToWatch()
        try logCommand(.watch(room: room.code, player: member(player, seat: nil), t: gameNow))
        // The state owed to the others is of before this watch: not for the newcomer, whose
        // first state is the one its `watching` names (or a newer one).
        sendSpectatorState(room)
        room.spectators.append(player.id)
        player.roomCode = room.code
        tookPlace(player)
        host.log("room \(room.code): \(player.name) watches")
        reply(.watching(room: room.code, id: id), to: player, changing: room)
        broadcast(.member(.joined, room: room.code, name: player.name, role: .spectator), in: room, except: player.id)
        broadcastState(room)
    }

    func leave(player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        let now = gameNow
        try logCommand(.leave(room: room.code, player: player.id, t: now))
        send(.left(room: room.code, id: id), to: player)
        removeMember(player, from: room, now: now, isLogged: true)
    }

    func start(by player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        if results.isPending(room.resultKey), let client = player.client.flatMap({ clients[$0] }) {
            // This start, and what the client sends after it, wait for the last game's
            // game_over (see announce): nobody sees a new game before the old one's end.
            results.hold(client.id, start: .success(ClientRequest(id: id, command: .start)), until: room.resultKey)
            return
        }
        guard room.seat(of: player.id) != nil else {
            throw CommandError(code: .notSeated, message: "spectators cannot start the game")
        }
        guard room.phase != .playing else { throw .illegalMove("the game is already under way") }
        guard room.seatedCount >= room.minPlayers else {
            throw .illegalMove(
                "\(room.gameName) needs at least \(room.minPlayers) players and \(room.seatedCount) \(room.seatedCount == 1 ? "is" : "are") seated: share the room code \(room.code) so someone joins, or create a room with a robot or one seat")
        }
        guard room.phase == .over else {
            try requireDiskRoom()
            try countGameStart(by: player)
            reply(.ok(id: id), to: player, changing: room)
            return startGame(room)
        }
        // After a game, a start is an offer: the rematch begins once every connected seated player offered.
        guard !room.rematchVotes.contains(player.id) else { return send(.ok(id: id), to: player) }
        try requireDiskRoom()
        try countGameStart(by: player)
        try logCommand(.vote(room: room.code, player: player.id, t: gameNow))
        reply(.ok(id: id), to: player, changing: room)
        room.rematchVotes.insert(player.id)
        if !startRematchIfAgreed(room) { broadcastState(room) }
    }

    /// Starts the next game once every connected seated player offered a rematch (someone away
    /// does not hold the others up); true when it started.
    @discardableResult
    func startRematchIfAgreed(_ room: Room) -> Bool {
        guard room.phase == .over, !room.rematchVotes.isEmpty, room.seatedCount >= room.minPlayers else { return false }
        let connected = room.seats.compactMap { $0 }.filter { players[$0]?.countsAsPresent == true }
        guard connected.allSatisfy(room.rematchVotes.contains), !results.isPending(room.resultKey) else { return false }
        startGame(room)
        return true
    }

    func chat(_ rawText: String, from player: Player, id: RequestID?) throws(CommandError) {
        let room = try currentRoom(of: player)
        let text = try ChatText.clean(rawText)
        if let wait = player.chat.take(now: host.nowNanoseconds) {
            throw .rateLimited("you are chatting too fast; \(ServerConfig.chatBurst) lines at once, then one a second", retryAfterMs: wait)
        }
        broadcast(.chat(room: room.code, from: player.name, text: text, id: nil), in: room, except: player.id)
        send(.chat(room: room.code, from: player.name, text: text, id: id), to: player)
    }

    /// Takes a player out of a room for good: frees the seat (forfeiting by the game's rules) or the spectator place.
    /// - Parameter isLogged: the `leave` record is written already (a `leave` command writes it
    ///   before anything changes); otherwise it is recorded here (a grace period ran out).
    func removeMember(_ player: Player, from room: Room, now: UInt64? = nil, isLogged: Bool = false) {
        let now = now ?? gameNow
        if !isLogged { log(.leave(room: room.code, player: player.id, t: now)) }
        player.roomCode = nil
        var update: GameUpdate?
        if let seat = room.seat(of: player.id) {
            room.seats[seat] = nil
            room.rematchVotes.remove(player.id)
            broadcast(.member(.left, room: room.code, name: player.name, role: .player), in: room)
            // A seat that resigned is out of the game already.
            if room.phase == .playing, !room.resigned.contains(seat) {
                update = room.engine.seatLeft(seat, seats: seatContext(of: room), now: now)
            }
        } else {
            room.spectators.removeAll { $0 == player.id }
            broadcast(.member(.left, room: room.code, name: player.name, role: .spectator), in: room)
        }
        host.log("room \(room.code): \(player.name) left")
        // The rules' verdict is applied even when nobody is left to hear it: a game that
        // ends because its last player left still goes into the results journal.
        if let update {
            apply(update, in: room)
        } else if !room.isEmpty, !startRematchIfAgreed(room) {
            broadcastState(room)
        }
        if room.isEmpty {
            closeRoom(room)
        }
    }

    private func closeRoom(_ room: Room) {
        log(.close(room: room.code))
        if let timer = room.deadlineTimer { host.cancel(timer) }
        rooms[room.code] = nil
        roomRemoved(room)
        listing.remove(room)
        host.log("room \(room.code) closed")
    }

    /// After a player took a seat: a room whose seats are all taken starts its first game by
    /// itself; after a game, the next one waits for everyone's offer (a newcomer offers too).
    func seatsChanged(_ room: Room) {
        if room.phase == .waiting, room.seatedCount == room.seats.count {
            startGame(room)
        } else {
            broadcastState(room)
        }
    }

    /// New games wait while the data disk is nearly full (or the data at its size limit);
    /// games under way play on.
    /// - Throws: `server_busy`, saying so.
    private func requireDiskRoom() throws(CommandError) {
        if let refusal = diskBudget?.refusal { throw CommandError(code: .serverBusy, message: refusal) }
    }

    /// A `watch` writes to the room log, and a short disk's room is kept for the games under
    /// way (each seat's reserve): a spectator watching and leaving in a loop would spend it.
    /// So nobody begins to watch until the disk has room; those watching stay.
    /// - Throws: `server_busy`, saying so.
    private func requireDiskRoomToWatch() throws(CommandError) {
        guard roomLog != nil, let budget = diskBudget, budget.isShort else { return }
        throw CommandError(
            code: .serverBusy,
            message: "the server's disk is nearly full, so no one can begin to watch a game now; games under way play on. Try again later")
    }

    /// Counts a game the player's command begins against their address's share this minute.
    /// - Throws: `rate_limited` once the address has begun ``ServerConfig/gamesPerMinutePerAddress``.
    private func countGameStart(by player: Player) throws(CommandError) {
        try requireGameAllowance(of: player)
        record(.games, capHolder(of: player))
    }

    /// - Throws: `rate_limited` once the player's address (or account) has begun
    ///   ``ServerConfig/gamesPerMinutePerAddress`` games this minute.
    func requireGameAllowance(of player: Player) throws(CommandError) {
        let holder = capHolder(of: player)
        if let wait = retryAfter(.games, holder) {
            throw .rateLimited("your \(holder.word) has begun \(limit(.games, holder)) games this minute, the most allowed; wait a moment", retryAfterMs: wait)
        }
    }

    /// Counts a game a pool's wave began for the player (checked when they joined the pool).
    func countGameStartUnchecked(by player: Player) {
        record(.games, capHolder(of: player))
    }

    private func requireNoRoom(_ player: Player) throws(CommandError) {
        if let code = player.roomCode {
            throw .badRequest("you are already in room \(code); send {\"type\":\"leave\"} first")
        }
        if let waiting = quickPairing.waitingIn[player.id] {
            throw .badRequest("you are waiting in the pool \(waiting.pool); send {\"type\":\"pool_leave\"} first")
        }
    }

    /// A name that looks like a member's (``NameSkeleton``) is taken: "аnn" in Cyrillic
    /// letters, "ＡＮＮ" or "Ann" could pass for "ann" in every message that names them.
    /// So is the name of the room's robot, which `state.players` lists like a member.
    /// - Parameter account: the newcomer's account, whose own other sessions in the room are
    ///   no look-alikes (nil: every member counts).
    private func requireNameFree(_ name: String, in room: Room, unlessSignedInAs account: String? = nil) throws(CommandError) {
        let skeleton = NameSkeleton.of(name)
        var lookAlike: String?
        room.forEachMember { memberID, _ in
            if lookAlike == nil, let member = players[memberID], member.nameSkeleton == skeleton, account == nil || member.account != account {
                lookAlike = member.name
            }
        }
        // At most one robot a room, and only when a spectator comes: no need to keep its skeleton.
        lookAlike = lookAlike ?? room.engine.robotPlayers.first { NameSkeleton.of($0.name) == skeleton }?.name
        guard let lookAlike else { return }
        let message = lookAlike == name
            ? "someone in room \(room.code) is already called \(name); log in with another name to join"
            : "someone in room \(room.code) is called \(lookAlike), which looks the same as \(name); log in with another name to join"
        throw CommandError(code: .nameTaken, message: message)
    }

    /// The room a `join` or `watch` names. Codes that name no room count against the
    /// asker's address: past the cap, every `join` and `watch` from it waits out the minute,
    /// so private codes cannot be found by trying them (20 connections are one address).
    private func existingRoom(_ rawCode: String, for player: Player) throws(CommandError) -> Room {
        let address = address(of: player)
        let now = host.nowNanoseconds
        if let wait = addressLimits.failedJoins.retryAfter(address, now: now) {
            throw .rateLimited(
                "your address named \(config.failedJoinsPerMinutePerAddress) rooms that do not exist this minute; wait before joining or watching", retryAfterMs: wait)
        }
        // ASCII letters only: `uppercased()` would turn "ß" into "SS" and "ſ" into "S", and
        // a code is case-insensitive, not a spelling with other letters.
        let code = String(String.UnicodeScalarView(rawCode.trimmingWhitespace().unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) ? Unicode.Scalar(scalar.value - 0x20)! : scalar
        }))
        guard let room = rooms[code] else {
            addressLimits.failedJoins.record(address, now: now)
            // The code is quoted back cut short: it is whatever the client sent.
            let quoted = rawCode.quotedForEcho(maxScalars: Self.maxQuotedCodeScalars)
            throw CommandError(code: .noSuchRoom, message: "there is no room '\(quoted)'; send {\"type\":\"rooms\"} for the list")
        }
        return room
    }

    /// How much of an unknown room code a `no_such_room` message quotes.
    static let maxQuotedCodeScalars = 16

    /// The address of a player's connection, as the per-address caps count it.
    func address(of player: Player) -> String {
        player.client.flatMap { clients[$0]?.address } ?? ""
    }

    func currentRoom(of player: Player) throws(CommandError) -> Room {
        guard let room = player.roomCode.flatMap({ rooms[$0] }) else {
            throw CommandError(code: .notInRoom, message: "you are not in a room; create, join or watch one first")
        }
        return room
    }

    /// A free room code: 4 characters for a public room (it is listed anyway), 7 for a
    /// private one (31^7 codes, about 34.7 bits, so guessing one takes billions of tries).
    /// No look-alikes (0/O, 1/I/L), so a code read aloud or off a screen is typed right.
    private func newRoomCode(isPrivate: Bool) -> String {
        let length = isPrivate ? ServerConfig.privateCodeLength : ServerConfig.publicCodeLength
        let alphabet = Self.roomCodeAlphabet
        while true {
            // One draw (a getrandom call) per code: 31^7 < 2^35, and the bias of a 64-bit
            // draw's remainders is below 2^-29.
            var bits = random.next()
            var code = ""
            for _ in 0..<length {
                code.append(alphabet[Int(bits % UInt64(alphabet.count))])
                bits /= UInt64(alphabet.count)
            }
            if rooms[code] == nil { return code }
        }
    }

    /// The characters of room codes: capitals and digits without 0, O, 1, I and L.
    static let roomCodeAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    // MARK: - Room messages

    func seatedNames(in room: Room) -> [String] {
        room.seats.compactMap { $0.flatMap { players[$0]?.name } }
    }

    func role(of player: Player, in room: Room) -> MemberRole {
        room.seat(of: player.id) == nil ? .spectator : .player
    }

    /// Sends one message to every connected member, encoding it once.
    /// - Parameter seq: for a reply every member hears (a Set claim), the `seq` of the state that shows it.
    func broadcast(_ message: ServerMessage, in room: Room, except excluded: String? = nil, seq: Int? = nil) {
        // An event comes after the state it follows, for spectators too.
        sendOwedStates(room)
        let line = message.encodedLine(seq: seq)
        room.forEachMember { memberID, _ in
            if memberID != excluded, let client = players[memberID]?.client {
                host.send(line, to: client)
            }
        }
    }

    /// Counts a change and sends every connected member their view of the room,
    /// encoding each distinct view once (one for the whole room when the game allows).
    func broadcastState(_ room: Room) {
        assert(cause != nil, "room \(room.code): a state without a cause; set one (withCause) where the change came in")
        room.seq += 1
        room.cause = cause
        let now = gameNow
        let shared = type(of: room.engine).sameViewForEveryone
        var commonLine: [UInt8]?
        // The player list is the same in every view: built once, not once per viewer.
        let entries = playerEntries(of: room)
        // Another player's command: its state can wait for the turn's end (``oweState(_:in:)``).
        // Any other cause (a deadline, a player back, the game's begin) goes at once, so the
        // notices and results sent to one player right after it still follow their state.
        let actor = cause?.kind == StateCause.Kind.command.rawValue ? cause?.player : nil
        room.forEachMember { memberID, memberSeat in
            guard let player = players[memberID], let client = player.client else { return }
            // Spectators get the newest state once a turn (a Klondike race's racers change it
            // hundreds of times a second; each change for each spectator was most of the loop's work).
            if memberSeat == nil { return oweSpectatorsState(room) }
            // So do players of what the others did, where each seat's view is its own to encode.
            if !shared, let actor, player.name != actor { return oweState(memberID, in: room) }
            settleOwedState(memberID, in: room)
            // A state replaces the one before it: a member far behind on reading (a spectator
            // who stopped) is sent none until it has read down, then the newest. So a room's
            // moves cost it one pending state, not one each (nor the time to encode them).
            if let unsent = host.unsentBytes(for: client), unsent > config.pauseInputAboveUnsentBytes {
                return holdStates(for: client)
            }
            let seat = shared ? nil : memberSeat
            if seat == nil, let commonLine {
                host.send(commonLine, to: client)
                return
            }
            let line = ServerMessage.state(stateView(of: room, entries: entries, forSeat: seat, now: now)).encodedLine()
            if seat == nil { commonLine = line }
            host.send(line, to: client)
        }
    }

    /// Notes that a client missed states, and asks to hear when it has read down.
    func holdStates(for id: ClientID) {
        guard let client = clients[id], !client.missedStates else { return }
        client.missedStates = true
        host.notifyWhenDrained(id, atMost: config.resumeInputAtUnsentBytes)
    }

    /// Sends one player the current view without counting a change (after a resume).
    func sendState(_ room: Room, to player: Player) {
        settleOwedState(player.id, in: room)
        let view = stateView(of: room, entries: playerEntries(of: room), forSeat: room.seat(of: player.id), now: gameNow)
        send(.state(view), to: player)
    }

    /// The seated players, then the robot, as `state.players` lists them.
    func playerEntries(of room: Room) -> [PlayerEntry] {
        let seated = room.seats.enumerated().compactMap { seat, playerID -> PlayerEntry? in
            guard let playerID, let player = players[playerID] else { return nil }
            let score = room.phase == .waiting ? 0 : room.engine.score(seat: seat)
            return PlayerEntry(
                name: player.name, seat: seat, score: score, connected: player.isConnected, bot: player.isBot, rating: shownRating(of: player, in: room),
                resigned: room.phase != .waiting && room.resigned.contains(seat))
        }
        return seated + room.engine.robotPlayers
    }

    func stateView(of room: Room, entries: [PlayerEntry], forSeat viewerSeat: Int?, now: UInt64) -> RoomState {
        RoomState(
            room: room.code, game: room.gameName, seq: room.seq, phase: room.phase, players: entries,
            spectators: room.spectators.count, seats: room.seats.count,
            rematchVotes: room.phase == .over ? room.seats.compactMap { $0 }.filter(room.rematchVotes.contains).compactMap { players[$0]?.name } : [],
            seedCommitment: room.phase == .waiting ? nil : room.seedCommitment, cause: room.cause, rated: ratedFlag(of: room),
            abortable: room.phase == .playing && !room.moved && room.daily == nil,
            gameFields: room.engine.fields(viewerSeat: viewerSeat, now: now))
    }
}
