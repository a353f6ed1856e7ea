import Wire

/// One open challenge: who asked whom to what, until it is answered, taken back or expires.
struct OpenChallenge {
    let id: String
    /// The challenger's player id and name.
    let from: String
    let fromName: String
    /// The name it went to (an account's as registered), and the sessions that may answer it:
    /// every connection of the account asked, or the one guest of that name.
    let toName: String
    var targets: [String]
    let game: String
    let options: JSONObject
    let rated: Bool
    let expiresAtMs: Int64
    var timer: TimerToken?
}

/// The open challenges, and what bounds them: each costs its challenger a place among
/// ``ChallengeBook/maxOpen`` and a send among ``ChallengeBook/perMinute``, and each player
/// holds at most ``ChallengeBook/maxIncoming`` asked of them, so one client's challenges cost
/// nobody else anything but a line each.
struct ChallengeBook {
    /// Open challenges one challenger (an account, or a guest's session) may have at once.
    static let maxOpen = 3
    /// Challenges one challenger may send a minute.
    static let perMinute = 10
    /// Open challenges one player may be asked at once.
    static let maxIncoming = 20
    /// How long a challenge stands unanswered.
    static let lifetime = Duration.seconds(60)

    var open: [String: OpenChallenge] = [:]
    /// The challenges each player (by id) sent or was asked, by id.
    var involving: [String: Set<String>] = [:]
    /// Each challenger's sends in the last minute (monotonic ns), oldest first.
    var sends: [String: [UInt64]] = [:]
    var nextNumber = 1

    /// How many open challenges `player` sent.
    func sent(by player: String) -> Int {
        (involving[player] ?? []).count { open[$0]?.from == player }
    }

    /// How many open challenges ask `player`.
    func asked(of player: String) -> Int {
        (involving[player] ?? []).count { open[$0]?.targets.contains(player) == true }
    }

    mutating func add(_ challenge: OpenChallenge) {
        open[challenge.id] = challenge
        for player in [challenge.from] + challenge.targets { involving[player, default: []].insert(challenge.id) }
    }

    /// Takes a challenge out, with its places in ``involving``.
    mutating func remove(_ id: String) -> OpenChallenge? {
        guard let challenge = open.removeValue(forKey: id) else { return nil }
        for player in [challenge.from] + challenge.targets {
            involving[player]?.remove(id)
            if involving[player]?.isEmpty == true { involving[player] = nil }
        }
        return challenge
    }
}

/// Challenges: `challenge` asks an online player by name to a game of two; the one asked
/// accepts (both seated in a new room, each told `paired`), declines with a reason, or lets it
/// expire after a minute; `block` stops challenges and pairings between two accounts.
extension GameServer {
    /// `challenge`: checks the game and its options, finds who is asked, and offers it to
    /// every connection of theirs.
    func sendChallenge(_ request: ChallengeRequest, by player: Player, id: RequestID?) throws(CommandError) {
        _ = try gameOfTwo(request.game, options: request.options, offeredBy: player, what: "challenge")
        let (toName, targets) = try challengeTargets(request.name, from: player)
        if request.rated, player.account == nil || targets.contains(where: { players[$0]?.account == nil }) {
            throw .badRequest("a rated game needs two signed-in accounts; send \"rated\":false for a casual one")
        }
        let challenger = player.account ?? player.id
        guard challenges.sent(by: player.id) < ChallengeBook.maxOpen else {
            throw .rateLimited("you have \(ChallengeBook.maxOpen) challenges waiting for an answer; cancel one or wait for them", retryAfterMs: 5_000)
        }
        let now = host.nowNanoseconds
        let minuteAgo = now >= 60_000_000_000 ? now - 60_000_000_000 : 0
        var recent = (challenges.sends[challenger] ?? []).filter { $0 > minuteAgo }
        if recent.count >= ChallengeBook.perMinute, let oldest = recent.first {
            throw .rateLimited(
                "you have sent \(ChallengeBook.perMinute) challenges in the last minute, the most allowed",
                retryAfterMs: Int((oldest + 60_000_000_000 - now) / 1_000_000) + 1)
        }
        guard targets.allSatisfy({ challenges.asked(of: $0) < ChallengeBook.maxIncoming }) else {
            throw .rateLimited("\(toName) has \(ChallengeBook.maxIncoming) challenges waiting; try again later", retryAfterMs: 10_000)
        }
        recent.append(now)
        challenges.sends[challenger] = recent
        let challengeID = "c\(challenges.nextNumber)"
        challenges.nextNumber += 1
        let expiresAt = host.wallMilliseconds + Int64(ChallengeBook.lifetime.components.seconds * 1_000)
        var challenge = OpenChallenge(
            id: challengeID, from: player.id, fromName: player.name, toName: toName, targets: targets, game: request.game,
            options: request.options, rated: request.rated, expiresAtMs: expiresAt)
        challenge.timer = host.schedule(after: ChallengeBook.lifetime) { [weak self] in
            self?.closeChallenge(challengeID, .expired, tellChallenger: true)
        }
        challenges.add(challenge)
        host.log("\(player.name) challenged \(toName) to \(request.game) (\(challengeID))")
        let lifetimeMs = Int(ChallengeBook.lifetime.components.seconds * 1_000)
        send(.challengeSent(challenge: challengeID, to: toName, expiresMs: lifetimeMs, id: id), to: player)
        let rating = player.account.map { ratings.shown(account: $0, game: request.game, nowMs: host.wallMilliseconds) }
        let offer = ChallengeOffer(
            challenge: challengeID, from: player.name, rating: rating, bot: player.isBot, game: request.game, options: request.options,
            rated: request.rated, expiresMs: lifetimeMs)
        for target in targets {
            if let asked = players[target] { send(.challengeOffer(offer), to: asked) }
        }
    }

    /// Who `name` asks: every connected session of the account of that name, or the one
    /// connected guest called so; and the name as it is shown.
    private func challengeTargets(_ name: String, from player: Player) throws(CommandError) -> (String, [String]) {
        let skeleton = NameSkeleton.of(name)
        let echo = name.quotedForEcho(maxScalars: ServerConfig.maxNameCharacters)
        if skeleton == player.nameSkeleton || (player.account != nil && skeleton == player.account) {
            throw .badRequest("you cannot challenge yourself")
        }
        if let account = accounts.accounts[skeleton] {
            if let mine = player.account, accounts.isBlocked(mine, skeleton) {
                throw .badRequest(accounts.blocks[mine]?.contains(skeleton) == true
                    ? "you blocked \(account.name); send {\"type\":\"unblock\",\"name\":\"\(account.name)\"} first"
                    : "\(account.name) does not take challenges from you")
            }
            let online = (playersByAccount[skeleton] ?? []).filter { players[$0]?.isConnected == true }.sorted()
            guard !online.isEmpty else { throw .badRequest("\(account.name) is not online; a challenge goes to a player who is") }
            return (account.name, online)
        }
        let guests = (playersBySkeleton[skeleton] ?? []).filter { players[$0]?.isConnected == true && players[$0]?.account == nil }
        guard let guest = guests.first.flatMap({ players[$0] }) else {
            throw .badRequest("nobody called \(echo) is online; a challenge goes to a player who is")
        }
        guard guests.count == 1 else {
            throw .badRequest("\(guests.count) guests are called \(echo); a challenge goes to one player (an account's name is its own)")
        }
        return (guest.name, [guest.id])
    }

    /// `challenge_accept`: both players leave any pool and sit in a new room of the game,
    /// the challenger in seat 0; each is told `paired`, and the game begins.
    func acceptChallenge(_ challengeID: String, by player: Player, id: RequestID?) throws(CommandError) {
        let challenge = try askedChallenge(challengeID, of: player)
        if let code = player.roomCode {
            throw .badRequest("you are in room \(code); send {\"type\":\"leave\"} first, then accept")
        }
        guard let challenger = players[challenge.from], challenger.isConnected else {
            closeChallenge(challengeID, .gone, tellChallenger: false)
            throw .badRequest("\(challenge.fromName) has left; the challenge is gone")
        }
        guard challenger.roomCode == nil else {
            closeChallenge(challengeID, .busy, tellChallenger: true)
            throw .badRequest("\(challenge.fromName) sat down in another room meanwhile; the challenge is gone")
        }
        if let refusal = diskBudget?.refusal { throw CommandError(code: .serverBusy, message: refusal) }
        // Checked again: the player asked is in no room (above), the game as it was offered.
        let game = try gameOfTwo(challenge.game, options: challenge.options, offeredBy: challenger, what: "challenge")
        // Out of the book before the room opens: sitting down ends the challenger's other challenges.
        takeOut(challengeID)
        for other in challenge.targets where other != player.id {
            if let session = players[other] { send(.challengeClosed(challenge: challengeID, reason: .answered), to: session) }
        }
        let room: Room
        do {
            room = try seatPair(offerer: challenger, taker: player, game: game, options: challenge.options, rated: challenge.rated, id: id) { room, seat in
                .paired(room: room.code, pool: nil, game: room.gameName, seat: seat, challenge: challengeID)
            }
        } catch {
            send(.challengeClosed(challenge: challengeID, reason: .gone), to: challenger)
            throw error
        }
        host.log("challenge \(challengeID): \(player.name) accepted; room \(room.code)")
    }

    /// `challenge_decline`: the challenger hears who said no and why.
    func declineChallenge(_ challengeID: String, reason: DeclineReason, by player: Player, id: RequestID?) throws(CommandError) {
        let challenge = try askedChallenge(challengeID, of: player)
        takeOut(challengeID)
        send(.ok(id: id), to: player)
        if let challenger = players[challenge.from] {
            send(.challengeDeclined(challenge: challengeID, by: player.name, reason: reason), to: challenger)
        }
        for other in challenge.targets where other != player.id {
            if let session = players[other] { send(.challengeClosed(challenge: challengeID, reason: .answered), to: session) }
        }
    }

    /// `challenge_cancel`: the challenger takes it back; those asked hear so.
    func cancelChallenge(_ challengeID: String, by player: Player, id: RequestID?) throws(CommandError) {
        guard let challenge = challenges.open[challengeID], challenge.from == player.id else {
            throw .badRequest("you have no challenge '\(challengeID.quotedForEcho(maxScalars: 16))' waiting")
        }
        send(.ok(id: id), to: player)
        closeChallenge(challenge.id, .canceled, tellChallenger: false)
    }

    /// The open challenge `challengeID` asked of `player`, or why there is none.
    private func askedChallenge(_ challengeID: String, of player: Player) throws(CommandError) -> OpenChallenge {
        guard let challenge = challenges.open[challengeID], challenge.targets.contains(player.id) else {
            throw .badRequest("there is no challenge '\(challengeID.quotedForEcho(maxScalars: 16))' for you: it was answered, taken back or has expired")
        }
        return challenge
    }

    /// Ends a challenge without a game, telling those asked (and, with `tellChallenger`, the challenger).
    func closeChallenge(_ challengeID: String, _ reason: ChallengeEnd, tellChallenger: Bool) {
        guard let challenge = takeOut(challengeID) else { return }
        for target in challenge.targets {
            if let session = players[target] { send(.challengeClosed(challenge: challengeID, reason: reason), to: session) }
        }
        if tellChallenger, let challenger = players[challenge.from] {
            send(.challengeClosed(challenge: challengeID, reason: reason), to: challenger)
        }
    }

    /// `player` sat down or began to watch: what they offered could no longer be taken, so their
    /// challenges and seeks end (`busy`). The one hook for every way into a room.
    func tookPlace(_ player: Player) {
        closeChallengesSent(by: player)
        closeSeeks(of: player, .busy)
    }

    /// `player` is gone (a closed connection, an ended session): their challenges and seeks go
    /// with them, and those asked only of them.
    func offersGone(of player: Player) {
        challengesGone(of: player)
        closeSeeks(of: player, nil)
    }

    /// The challenges `player` sent end (`busy`): they sat down elsewhere.
    func closeChallengesSent(by player: Player) {
        for challengeID in (challenges.involving[player.id] ?? []).sorted() where challenges.open[challengeID]?.from == player.id {
            closeChallenge(challengeID, .busy, tellChallenger: true)
        }
    }

    @discardableResult
    private func takeOut(_ challengeID: String) -> OpenChallenge? {
        guard let challenge = challenges.remove(challengeID) else { return nil }
        if let timer = challenge.timer { host.cancel(timer) }
        return challenge
    }

    /// A player's session ended or its connection closed: the challenges they sent are gone,
    /// and so are those asked only of them.
    func challengesGone(of player: Player) {
        for challengeID in challenges.involving[player.id] ?? [] {
            guard var challenge = challenges.open[challengeID] else { continue }
            if challenge.from == player.id {
                closeChallenge(challengeID, .gone, tellChallenger: false)
                continue
            }
            challenge.targets.removeAll { $0 == player.id }
            guard !challenge.targets.isEmpty else {
                closeChallenge(challengeID, .gone, tellChallenger: true)
                continue
            }
            challenges.open[challengeID] = challenge
            challenges.involving[player.id]?.remove(challengeID)
        }
        challenges.involving[player.id] = nil
    }

    /// Adds a player to ``playersBySkeleton``.
    func index(_ player: Player) {
        playersBySkeleton[player.nameSkeleton, default: []].insert(player.id)
    }

    /// Takes a player out of ``playersBySkeleton``.
    func unindex(_ player: Player) {
        playersBySkeleton[player.nameSkeleton]?.remove(player.id)
        if playersBySkeleton[player.nameSkeleton]?.isEmpty == true { playersBySkeleton[player.nameSkeleton] = nil }
    }

    /// `block`: no challenges and no pairings between the account signed in and `name`'s,
    /// kept in the accounts file; the challenges open between them end.
    func block(_ name: String, by player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "blocks")
        let other = NameSkeleton.of(name)
        guard let blocked = accounts.accounts[other] else {
            throw .badRequest("there is no account called \(name.quotedForEcho(maxScalars: ServerConfig.maxNameCharacters)); blocks are between accounts")
        }
        guard other != skeleton else { throw .badRequest("you cannot block yourself") }
        if accounts.blocks[skeleton]?.contains(other) == true { return send(.ok(id: id), to: client.id) }
        guard (accounts.blocks[skeleton]?.count ?? 0) < AccountBook.maxBlocksPerAccount else {
            throw .badRequest("you have blocked \(AccountBook.maxBlocksPerAccount) accounts, the most allowed; unblock one first")
        }
        writeAccountRecords([.block(name: account.name, blocked: blocked.name)], for: client, id: id) { [weak self] in
            guard let self else { return }
            self.host.log("\(account.name) blocked \(blocked.name)")
            self.send(.ok(id: id), to: client.id)
            // Only the blocker's sessions' challenges: the open ones between the two are among them.
            let involved = (self.playersByAccount[skeleton] ?? []).flatMap { self.challenges.involving[$0] ?? [] }
            for challengeID in Set(involved).sorted() {
                guard let challenge = self.challenges.open[challengeID] else { continue }
                let sides = ([challenge.from] + challenge.targets).compactMap { self.players[$0]?.account }
                if sides.contains(skeleton), sides.contains(other) { self.closeChallenge(challengeID, .canceled, tellChallenger: true) }
            }
        }
    }

    /// `unblock`: takes a block back (`ok` also when there was none).
    func unblock(_ name: String, by player: Player, client: Client, id: RequestID?) throws(CommandError) {
        let (skeleton, account) = try signedInAccount(of: player, for: "blocks")
        let other = NameSkeleton.of(name)
        guard accounts.blocks[skeleton]?.contains(other) == true else { return send(.ok(id: id), to: client.id) }
        writeAccountRecords([.unblock(name: account.name, blocked: other)], for: client, id: id) { [weak self] in
            self?.host.log("\(account.name) unblocked \(name)")
            self?.send(.ok(id: id), to: client.id)
        }
    }
}
