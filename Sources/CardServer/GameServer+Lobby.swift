import Wire

/// The lobby stream's state: who subscribes, and the lobby as the stream last told it.
///
/// Changes are gathered through a turn and sent at its end, each encoded once for everyone:
/// a room changed a hundred times in a turn is one `room_changed`. A subscriber that does not
/// read (more unsent output than ``ServerConfig/pauseInputAboveUnsentBytes``) is sent nothing
/// more; once it has read down it gets the newest `lobby` snapshot instead of the queue it
/// missed, as a room's states do. So a subscriber costs O(changes) a turn, and its memory on
/// the server is bounded whatever it reads.
struct LobbyFeed {
    /// Subscribed connections, with the player each speaks for.
    var subscribers: [ClientID: String] = [:]
    /// Subscribers sent nothing until they read down, then a snapshot.
    var behind: Set<ClientID> = []
    /// Each listed room's line as the stream last told it, with its serial (for the order).
    var published: [String: (serial: Int, summary: RoomSummary)] = [:]
    /// Seeks opened and ended this turn, in order.
    var seeksOpened: [String] = []
    var seeksEnded: [String] = []
    /// Whether a pool's count may have changed this turn.
    var poolsTouched = false
    var lastPools: [PoolCount] = []
    var lastOnline = 0
}

/// The lobby stream: `subscribe` with `"lobby":true` (answered `lobby`), then `room_opened`,
/// `room_changed`, `room_closed`, `seek_added`, `seek_removed`, `pools` and `online` at the end
/// of each turn that changed them; `unsubscribe` stops it.
extension GameServer {
    func subscribeLobby(_ client: Client, player: Player, id: RequestID?) {
        if lobbyFeed.subscribers.isEmpty {
            // The first subscriber: the stream's view starts as the listing is now (once).
            listing.feedIsOn = true
            lobbyFeed.published = [:]
            for room in listing.listedRooms {
                if let summary = lobbySummary(of: room) { lobbyFeed.published[room.code] = (room.serial, summary) }
            }
            lobbyFeed.lastPools = poolCounts()
            lobbyFeed.lastOnline = players.count
        } else {
            // Whatever the turn changed so far goes to the others first; this one starts from it.
            publishLobby()
        }
        lobbyFeed.subscribers[client.id] = player.id
        lobbyFeed.behind.remove(client.id)
        send(.lobby(lobbySnapshot(for: player), id: id), to: client.id)
    }

    func unsubscribeLobby(_ client: Client, id: RequestID?) {
        dropLobbySubscriber(client.id)
        send(.ok(id: id), to: client.id)
    }

    /// A subscriber is gone (unsubscribed or disconnected); the last one turns the stream off.
    func dropLobbySubscriber(_ id: ClientID) {
        guard lobbyFeed.subscribers.removeValue(forKey: id) != nil else { return }
        lobbyFeed.behind.remove(id)
        if lobbyFeed.subscribers.isEmpty {
            listing.feedIsOn = false
            lobbyFeed = LobbyFeed()
        }
    }

    /// The lobby for one subscriber: the newest listed rooms, the seeks they may take, the pools.
    private func lobbySnapshot(for player: Player) -> LobbySnapshot {
        let rooms = lobbyFeed.published.values.sorted { $0.serial < $1.serial }
        let shown = rooms.suffix(LobbySnapshot.maxRooms).map(\.summary)
        return LobbySnapshot(
            rooms: Array(shown), more: rooms.count > shown.count, seeks: takeableSeeks(for: player), pools: lobbyFeed.lastPools,
            online: lobbyFeed.lastOnline)
    }

    /// A room's line as the stream shows it: as `rooms` lists it; nil while it is not listed.
    private func lobbySummary(of room: Room) -> RoomSummary? {
        guard room.listing === listing, rooms[room.code] === room else { return nil }
        return listedSummary(of: room)
    }

    /// The pools' counts, in the catalog's order.
    func poolCounts() -> [PoolCount] {
        Self.poolCatalog.map { pool in
            PoolCount(pool: pool.id, waiting: (quickPairing.people[pool.id]?.count ?? 0) + (quickPairing.bots[pool.id]?.count ?? 0))
        }
    }

    /// Notes a seek opened or ended this turn, for the stream.
    func lobbySeekChanged(_ seekID: String, opened: Bool) {
        guard !lobbyFeed.subscribers.isEmpty else { return }
        if opened { lobbyFeed.seeksOpened.append(seekID) } else { lobbyFeed.seeksEnded.append(seekID) }
    }

    /// Notes that a pool's count may have changed this turn.
    func lobbyPoolsTouched() {
        if !lobbyFeed.subscribers.isEmpty { lobbyFeed.poolsTouched = true }
    }

    /// The end of a turn: the lobby's changes since the last, to every subscriber who reads.
    func publishLobby() {
        guard !lobbyFeed.subscribers.isEmpty else { return }
        var common: [[UInt8]] = []
        let (removed, touched) = listing.takeFeedChanges()
        // Rooms taken out first: a code may come back in the same turn for a new room.
        for code in removed where lobbyFeed.published.removeValue(forKey: code) != nil {
            common.append(ServerMessage.roomClosed(room: code).encodedLine())
        }
        for room in touched {
            let now = lobbySummary(of: room)
            let was = lobbyFeed.published[room.code]
            switch (was, now) {
            case (nil, let summary?):
                lobbyFeed.published[room.code] = (room.serial, summary)
                common.append(ServerMessage.roomOpened(summary).encodedLine())
            case (let old?, let summary?) where old.summary != summary:
                lobbyFeed.published[room.code] = (room.serial, summary)
                common.append(ServerMessage.roomChanged(summary).encodedLine())
            case (_?, nil):
                lobbyFeed.published[room.code] = nil
                common.append(ServerMessage.roomClosed(room: room.code).encodedLine())
            default:
                break
            }
        }
        // A seek opened and ended in the same turn was never news.
        let ended = Set(lobbyFeed.seeksEnded)
        let opened = lobbyFeed.seeksOpened.filter { !ended.contains($0) }
        let openedThisTurn = Set(lobbyFeed.seeksOpened)
        for seekID in lobbyFeed.seeksEnded where !openedThisTurn.contains(seekID) {
            common.append(ServerMessage.seekRemoved(seek: seekID).encodedLine())
        }
        lobbyFeed.seeksOpened = []
        lobbyFeed.seeksEnded = []
        if lobbyFeed.poolsTouched {
            lobbyFeed.poolsTouched = false
            let counts = poolCounts()
            if counts != lobbyFeed.lastPools {
                lobbyFeed.lastPools = counts
                common.append(ServerMessage.poolCounts(counts).encodedLine())
            }
        }
        if players.count != lobbyFeed.lastOnline {
            lobbyFeed.lastOnline = players.count
            common.append(ServerMessage.online(players: players.count).encodedLine())
        }
        let seeks = opened.compactMap { seekBook.open[$0] }
        guard !common.isEmpty || !seeks.isEmpty else { return }
        let seekLines = seeks.map { seek in (seek, ServerMessage.seekAdded(seekInfo(seek)).encodedLine()) }
        for (clientID, playerID) in lobbyFeed.subscribers where !lobbyFeed.behind.contains(clientID) {
            if let unsent = host.unsentBytes(for: clientID), unsent > config.pauseInputAboveUnsentBytes {
                // It reads no more: nothing queues for it; the newest snapshot when it has read down.
                lobbyFeed.behind.insert(clientID)
                host.notifyWhenDrained(clientID, atMost: config.resumeInputAtUnsentBytes)
                continue
            }
            for line in common { host.send(line, to: clientID) }
            guard !seekLines.isEmpty, let player = players[playerID] else { continue }
            for (seek, line) in seekLines where seekRefusal(seek, for: player) == nil {
                host.send(line, to: clientID)
            }
        }
    }

    /// A subscriber that fell behind has read down: the lobby as it is now.
    func lobbyCaughtUp(_ id: ClientID) {
        guard lobbyFeed.behind.remove(id) != nil, let playerID = lobbyFeed.subscribers[id], let player = players[playerID] else { return }
        send(.lobby(lobbySnapshot(for: player), id: nil), to: id)
    }

    /// `players`: those online but the asker, at most ``onlineListed``, by name: each
    /// connection's player once, signed-in accounts with their ratings. The walk stops at the
    /// page: it never grows with the server. `total` counts every session but the asker's.
    func listPlayers(for asker: Player, id: RequestID?) {
        var listed: [OnlinePlayer] = []
        var seen: Set<String> = [asker.id]
        let wall = host.wallMilliseconds
        // The sessions, not the connections (those of the web page's files and of probes have
        // none), and a bounded number of them: the turn's work never grows with the server.
        var examined = 0
        for player in players.values {
            guard listed.count < Self.onlineListed, examined < Self.onlineExamined else { break }
            examined += 1
            guard player.isConnected, !seen.contains(player.id) else { continue }
            seen.insert(player.id)
            let byGame = player.account.map { account in
                Self.gameNames.compactMap { game -> (game: String, rating: ShownRating)? in
                    guard ratings.entry(account: account, game: game) != nil else { return nil }
                    return (game, ratings.shown(account: account, game: game, nowMs: wall))
                }
            } ?? []
            let seated = player.roomCode.flatMap { rooms[$0] }?.seat(of: player.id) != nil
            listed.append(OnlinePlayer(name: player.name, account: player.account != nil, bot: player.isBot, seated: seated, ratings: byGame))
        }
        listed.sort { $0.name.lowercased() < $1.name.lowercased() }
        send(.players(listed, total: max(0, players.count - 1), id: id), to: asker)
    }

    /// The most players one `players` reply lists.
    static let onlineListed = 100
    /// The most sessions one `players` reply looks at (some may be away, in their grace).
    static let onlineExamined = 1_000
}
