import Wire

extension GameServer {
    func login(_ credential: LoginCredential, client: Client, id: RequestID?) {
        if let playerID = client.playerID, let player = players[playerID] {
            reject(.badRequest("you are already logged in as \(player.name); to play under another name, open another connection and log in there"), to: client.id, id: id)
            return
        }
        if client.signingIn {
            reject(.badRequest("a sign-in of this connection is under way; wait for its answer"), to: client.id, id: id)
            return
        }
        switch credential {
        case .name(let raw):
            do {
                let name = try PlayerName.validate(raw)
                try refuseRegisteredName(name)
                try admitGuest(from: client.address)
                newPlayer(named: name, client: client, id: id)
            } catch {
                reject(error, to: client.id, id: id)
            }
        case .token(let token):
            // Real tokens are 32 hex digits: anything much longer is not one, and is not hashed.
            guard token.utf8.count <= 128 else {
                reject(CommandError(code: .badToken, message: "that token is unknown or has expired; log in with a name"), to: client.id, id: id)
                return
            }
            let digest = TokenDigest(hashing: token)
            if let playerID = playerIDsByToken[digest], let player = players[playerID] {
                resume(player, token: token, on: client, id: id)
            } else if let session = accounts.sessions[digest], let account = accounts.accounts[session.account] {
                // An account's session outlives its player: signed in again, in no room.
                newPlayer(named: account.name, client: client, id: id, token: token, account: session.account)
            } else {
                reject(CommandError(code: .badToken, message: "that token is unknown or has expired; log in with a name"), to: client.id, id: id)
            }
        case .password(let name, let password):
            signIn(name: name, password: password, client: client, id: id)
        case .apiToken(let token):
            signIn(apiToken: token, client: client, id: id)
        }
    }

    /// A guest login from `address` is within its caps: guest logins a minute, and sessions
    /// held at once (a seat keeps one for the grace period after its connection closes).
    private func admitGuest(from address: String) throws(CommandError) {
        let now = host.nowNanoseconds
        if let wait = addressLimits.guestLogins.retryAfter(address, now: now) {
            throw .rateLimited(
                "your address has logged in \(config.guestLoginsPerMinutePerAddress) guests this minute, the most allowed; "
                    + "come back to a seat with your token ({\"type\":\"login\",\"token\":\"…\"}), or wait", retryAfterMs: wait)
        }
        let held = addressLimits.sessions[address] ?? 0
        if config.maxSessionsPerAddress > 0, held >= config.maxSessionsPerAddress {
            throw CommandError(
                code: .serverFull,
                message: "your address holds \(held) sessions, the most allowed, seats kept for players who left among them; "
                    + "come back to one with its token, or wait for them to end")
        }
        addressLimits.guestLogins.record(address, now: now)
    }

    /// A session ends: the player is forgotten, and no longer counts against its address.
    func endSession(_ player: Player) {
        leavePool(player)
        offersGone(of: player)
        players[player.id] = nil
        unindex(player)
        playerIDsByToken[player.tokenHash] = nil
        if let account = player.account {
            playersByAccount[account]?.remove(player.id)
            if playersByAccount[account]?.isEmpty == true { playersByAccount[account] = nil }
        }
        addressLimits.sessionEnded(for: player.address)
    }

    /// A new session: a guest's (`token` nil: a new one is made) or an account's (`account`,
    /// its skeleton, with the token of its session in the accounts file).
    func newPlayer(named name: String, client: Client, id: RequestID?, token given: String? = nil, account: String? = nil) {
        let playerID = "p\(nextPlayerNumber)"
        nextPlayerNumber += 1
        let token = given ?? Self.makeToken(using: &random)
        let chat = TokenBucket(capacity: ServerConfig.chatBurst, ratePerSecond: ServerConfig.chatRate, now: host.nowNanoseconds)
        let player = Player(id: playerID, name: name, tokenHash: TokenDigest(hashing: token), client: client.id, chat: chat)
        player.address = client.address
        player.account = account
        player.isBot = account.flatMap { accounts.accounts[$0]?.bot } ?? false
        addressLimits.sessionBegan(for: client.address)
        players[playerID] = player
        index(player)
        playerIDsByToken[player.tokenHash] = playerID
        if let account {
            playersByAccount[account, default: []].insert(playerID)
            sawSession(player.tokenHash, on: client)
        }
        client.playerID = playerID
        loggedIn(client)
        host.log("\(client.id) \(account == nil ? "logged in as" : "signed in to the account") \(name) (\(playerID))")
        send(.welcome(player: playerID, name: name, token: token, resumed: false, room: nil, limits: sessionLimits(for: player), account: accountInfo(of: player), id: id), to: client.id)
    }

    private func resume(_ player: Player, token: String, on client: Client, id: RequestID?) {
        let wasAway = !player.isConnected
        // Back after the server restarted is the server's doing: not counted.
        if wasAway, !player.awaitingReturn, let room = player.roomCode.flatMap({ rooms[$0] }), !countReturn(of: player, to: room) {
            return giveUpSeatReturnedTooOften(player, in: room, client: client, id: id)
        }
        if let old = player.client, let oldClient = clients[old] {
            // A second live connection with the same token replaces the first.
            oldClient.playerID = nil
            send(.replaced, to: old)
            close(oldClient)
        }
        if let timer = player.graceTimer {
            host.cancel(timer)
            player.graceTimer = nil
        }
        player.client = client.id
        player.awaitingReturn = false
        client.playerID = player.id
        if player.account != nil { sawSession(player.tokenHash, on: client) }
        loggedIn(client)
        host.log("\(client.id) resumed \(player.name) (\(player.id))")
        send(
            .welcome(player: player.id, name: player.name, token: token, resumed: true, room: player.roomCode, limits: sessionLimits(for: player), account: accountInfo(of: player), id: id),
            to: client.id)
        guard let room = player.roomCode.flatMap({ rooms[$0] }) else { return }
        if wasAway {
            let now = gameNow
            log(.presence(room: room.code, player: player.id, connected: true, t: now))
            broadcast(.member(.back, room: room.code, name: player.name, role: role(of: player, in: room)), in: room, except: player.id)
            presenceChanged(in: room, of: player, now: now)
        } else {
            sendState(room, to: player)
        }
        // Someone away when the game ended still hears how it ended.
        if room.phase == .over, !results.isPending(room.resultKey), let gameOver = room.lastGameOver {
            host.send(gameOver, to: client.id)
        }
        // And why it was closed, when a restart closed it (until the room's next game).
        if let notice = room.notice { send(notice, to: client.id) }
    }

    private func loggedIn(_ client: Client) {
        if let timer = client.loginTimer {
            host.cancel(timer)
            client.loginTimer = nil
        }
    }

    /// The player's connection dropped: keep the seat for the grace period. A player in no
    /// room has no seat to keep: the session ends at once, so connecting, logging in and
    /// closing in a loop holds no memory past the connection (it held a session each for
    /// the whole grace period: 340,000 in 30 s from one address, 245 MiB).
    func playerWentAway(_ player: Player) {
        player.client = nil
        player.awaitingReturn = false
        guard player.roomCode.flatMap({ rooms[$0] }) != nil else {
            host.log("\(player.name) (\(player.id)) left, in no room: the session ends")
            endSession(player)
            return
        }
        if let room = player.roomCode.flatMap({ rooms[$0] }) {
            let now = gameNow
            log(.presence(room: room.code, player: player.id, connected: false, t: now))
            broadcast(.member(.away, room: room.code, name: player.name, role: role(of: player, in: room)), in: room, except: player.id)
            presenceChanged(in: room, of: player, now: now)
        }
        let playerID = player.id
        player.graceTimer = host.schedule(after: config.grace) { [weak self] in
            self?.graceExpired(playerID)
        }
    }

    func graceExpired(_ playerID: String) {
        guard let player = players[playerID], !player.isConnected else { return }
        player.graceTimer = nil
        host.log("\(player.name) (\(player.id)) did not come back within the grace period")
        if let room = player.roomCode.flatMap({ rooms[$0] }) {
            withCause(.event(.gone, player: player.name)) {
                removeMember(player, from: room)
            }
        }
        endSession(player)
    }

    /// 128 random bits as 32 hex digits. Two 64-bit draws, not one per digit:
    /// each draw from the system generator is a `getrandom` system call.
    static func makeToken(using random: inout any RandomNumberGenerator) -> String {
        let hexDigits = Array("0123456789abcdef")
        var digits: [Character] = []
        digits.reserveCapacity(32)
        for var bits in [random.next(), random.next()] {
            for _ in 0..<16 {
                digits.append(hexDigits[Int(bits & 0xF)])
                bits >>= 4
            }
        }
        return String(digits)
    }

    /// Counts a seated player's return to the game under way (``ServerConfig/maxReturnsPerSeat``):
    /// false when the seat has come back as often as one may. A spectator's return, or one
    /// between games, is not the game's: it is neither counted nor refused.
    func countReturn(of player: Player, to room: Room) -> Bool {
        guard room.phase == .playing, let seat = room.seat(of: player.id), room.returnsBySeat.indices.contains(seat) else { return true }
        guard room.returnsBySeat[seat] < config.maxReturnsPerSeat else { return false }
        room.returnsBySeat[seat] += 1
        return true
    }

    /// A seat came back as often as one may in this game: it is given up now, as when the
    /// grace period ends (the game's rules say what leaving means), and the session ends; the
    /// token is then unknown, and the client logs in again by name.
    private func giveUpSeatReturnedTooOften(_ player: Player, in room: Room, client: Client, id: RequestID?) {
        if let timer = player.graceTimer {
            host.cancel(timer)
            player.graceTimer = nil
        }
        host.log("\(player.name) (\(player.id)) came back to room \(room.code) \(config.maxReturnsPerSeat) times in one game; the seat is given up")
        withCause(.event(.gone, player: player.name)) {
            removeMember(player, from: room)
        }
        endSession(player)
        reject(CommandError(
            code: .badToken,
            message: "you came back to your seat in room \(room.code) \(config.maxReturnsPerSeat) times in this game, the most one player may "
                + "(each return is kept in the game's record), so the seat was given up; log in with a name to play on"), to: client.id, id: id)
    }
}
