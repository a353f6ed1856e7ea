import Wire

/// One open seek: a game of two offered in the lobby until someone takes it.
struct OpenSeek {
    let id: String
    /// Whose: the player's id and name, their account (nil for a guest), and whether a bot's.
    let from: String
    let fromName: String
    let account: String?
    let isBot: Bool
    let request: SeekRequest
    /// When it opened, on the host's monotonic clock.
    let openedNs: UInt64
    var timer: TimerToken?
}

/// The open seeks, oldest first, and what bounds them: each account holds at most
/// ``perAccount`` (a guest ``perGuest``), the server ``maxOpen``, so `seeks` looks at a bounded
/// list whoever asks.
struct SeekBook {
    static let perAccount = 3
    static let perGuest = 1
    static let maxOpen = 1_000
    /// How long a seek stands untaken.
    static let lifetime = Duration.seconds(600)
    /// The most seeks one `seeks` reply lists.
    static let listed = 50

    var open: [String: OpenSeek] = [:]
    /// Ids, oldest first.
    var order: [String] = []
    /// Each player's open seeks (by player id), a handful at most.
    var byPlayer: [String: [String]] = [:]
    /// How many each owner holds (an account's key, or a guest's player id).
    private var owned: [String: Int] = [:]
    var nextNumber = 1

    /// The open seeks of an owner (an account's key, or a guest's player id).
    func count(ownedBy owner: String) -> Int { owned[owner] ?? 0 }

    mutating func add(_ seek: OpenSeek) {
        open[seek.id] = seek
        order.append(seek.id)
        byPlayer[seek.from, default: []].append(seek.id)
        owned[seek.account ?? seek.from, default: 0] += 1
    }

    mutating func remove(_ id: String) -> OpenSeek? {
        guard let seek = open.removeValue(forKey: id) else { return nil }
        // At most the server's thousand: a removal's walk is bounded whoever asks.
        order.removeAll { $0 == id }
        byPlayer[seek.from]?.removeAll { $0 == id }
        if byPlayer[seek.from]?.isEmpty == true { byPlayer[seek.from] = nil }
        let owner = seek.account ?? seek.from
        owned[owner] = (owned[owner] ?? 1) - 1
        if owned[owner] == 0 { owned[owner] = nil }
        return seek
    }
}

/// Seeks: `seek` opens a game of two in the lobby; `seeks` lists those the asker may take;
/// `seek_accept` seats both in a new room (each told `paired`); `seek_cancel` takes one back;
/// one untaken for ten minutes, or whose creator sits down elsewhere, ends (`seek_closed`).
extension GameServer {
    func openSeek(_ request: SeekRequest, by player: Player, id: RequestID?) throws(CommandError) {
        _ = try gameOfTwo(request.game, options: request.options, offeredBy: player, what: "seek")
        if request.rated, player.account == nil {
            throw .badRequest("a rated seek needs a signed-in account; send \"rated\":false for a casual one")
        }
        let owner = player.account ?? player.id
        let allowed = player.account == nil ? SeekBook.perGuest : SeekBook.perAccount
        guard seekBook.count(ownedBy: owner) < allowed else {
            throw .rateLimited(
                "you have \(allowed) open \(allowed == 1 ? "seek" : "seeks"), the most \(player.account == nil ? "a guest" : "an account") may; take one back or wait for a taker",
                retryAfterMs: 10_000)
        }
        guard seekBook.open.count < SeekBook.maxOpen else {
            throw CommandError(code: .serverBusy, message: "the lobby holds \(SeekBook.maxOpen) open seeks, as many as it lists; take one ({\"type\":\"seeks\"}) or try again later")
        }
        let seekID = "s\(seekBook.nextNumber)"
        seekBook.nextNumber += 1
        var seek = OpenSeek(
            id: seekID, from: player.id, fromName: player.name, account: player.account, isBot: player.isBot, request: request,
            openedNs: host.nowNanoseconds)
        seek.timer = host.schedule(after: SeekBook.lifetime) { [weak self] in self?.closeSeek(seekID, .expired) }
        seekBook.add(seek)
        lobbySeekChanged(seekID, opened: true)
        host.log("\(player.name) seeks \(request.game) (\(seekID))")
        send(.seekOpen(seek: seekID, expiresMs: Int(SeekBook.lifetime.components.seconds * 1_000), id: id), to: player)
    }

    /// `seeks`: the newest open seeks `player` may take, at most ``SeekBook/listed``.
    func listSeeks(for player: Player, id: RequestID?) {
        send(.seeks(takeableSeeks(for: player), id: id), to: player)
    }

    /// The newest open seeks `player` may take, at most ``SeekBook/listed``.
    func takeableSeeks(for player: Player) -> [SeekInfo] {
        var listed: [SeekInfo] = []
        for seekID in seekBook.order.reversed() {
            guard let seek = seekBook.open[seekID], seekRefusal(seek, for: player) == nil else { continue }
            listed.append(seekInfo(seek))
            if listed.count == SeekBook.listed { break }
        }
        return listed
    }

    /// A seek as `seeks` and the lobby stream show it.
    func seekInfo(_ seek: OpenSeek) -> SeekInfo {
        SeekInfo(
            seek: seek.id, from: seek.fromName,
            rating: seek.account.map { ratings.shown(account: $0, game: seek.request.game, nowMs: host.wallMilliseconds) }, bot: seek.isBot,
            request: seek.request, waitedMs: Int((host.nowNanoseconds &- seek.openedNs) / 1_000_000))
    }

    /// Why `player` may not take `seek`; nil when they may.
    func seekRefusal(_ seek: OpenSeek, for player: Player) -> String? {
        if seek.from == player.id || (seek.account != nil && seek.account == player.account) { return "that seek is yours" }
        if seek.request.rated, player.account == nil { return "that seek is rated: sign in to an account to take it" }
        if player.isBot, !seek.request.bots { return "that seek is for people; bots are not welcome to it" }
        if let mine = player.account, let theirs = seek.account, accounts.isBlocked(mine, theirs) { return "that seek is not open to you" }
        if let range = seek.request.ratingRange {
            let rating = player.account.map { ratings.current(account: $0, game: seek.request.game, nowMs: host.wallMilliseconds).rating } ?? 1500
            if !range.contains(Int(rating.rounded())) { return "that seek wants a rating from \(range.lowerBound) to \(range.upperBound); yours is \(Int(rating.rounded()))" }
        }
        return nil
    }

    /// `seek_accept`: both leave any pool and sit in a new room, the seeker in seat 0.
    func acceptSeek(_ seekID: String, by player: Player, id: RequestID?) throws(CommandError) {
        guard let seek = seekBook.open[seekID] else {
            throw .badRequest("there is no open seek '\(seekID.quotedForEcho(maxScalars: 16))': it was taken, taken back or has expired; {\"type\":\"seeks\"} lists them")
        }
        if let refusal = seekRefusal(seek, for: player) { throw .badRequest(refusal) }
        if let code = player.roomCode {
            throw .badRequest("you are in room \(code); send {\"type\":\"leave\"} first, then take a seek")
        }
        guard let seeker = players[seek.from], seeker.isConnected, seeker.roomCode == nil else {
            removeSeek(seekID)
            throw .badRequest("\(seek.fromName) is no longer free to play; the seek is gone")
        }
        if let refusal = diskBudget?.refusal { throw CommandError(code: .serverBusy, message: refusal) }
        let game = try gameOfTwo(seek.request.game, options: seek.request.options, offeredBy: seeker, what: "seek")
        removeSeek(seekID)
        let room = try seatPair(offerer: seeker, taker: player, game: game, options: seek.request.options, rated: seek.request.rated, id: id) { room, seat in
            .paired(room: room.code, pool: nil, game: room.gameName, seat: seat, seek: seekID)
        }
        host.log("seek \(seekID): \(player.name) took it; room \(room.code)")
    }

    /// `seek_cancel`: its creator takes it back.
    func cancelSeek(_ seekID: String, by player: Player, id: RequestID?) throws(CommandError) {
        guard let seek = seekBook.open[seekID], seek.from == player.id else {
            throw .badRequest("you have no open seek '\(seekID.quotedForEcho(maxScalars: 16))'")
        }
        removeSeek(seek.id)
        send(.ok(id: id), to: player)
    }

    /// Ends a seek without a game, telling its creator why.
    func closeSeek(_ seekID: String, _ reason: SeekEnd) {
        guard let seek = removeSeek(seekID) else { return }
        if let seeker = players[seek.from] { send(.seekClosed(seek: seekID, reason: reason), to: seeker) }
    }

    /// The seeks `player` opened: ended (`busy`) when they sit down, dropped when they go.
    func closeSeeks(of player: Player, _ reason: SeekEnd?) {
        for seekID in seekBook.byPlayer[player.id] ?? [] {
            if let reason { closeSeek(seekID, reason) } else { removeSeek(seekID) }
        }
    }

    @discardableResult
    private func removeSeek(_ seekID: String) -> OpenSeek? {
        guard let seek = seekBook.remove(seekID) else { return nil }
        if let timer = seek.timer { host.cancel(timer) }
        lobbySeekChanged(seekID, opened: false)
        return seek
    }
}
