import Matchmaking
import Wire

/// Quick pairing: `pool_join` puts a player in one of the catalog's pools, and the pool's
/// waves (``Pool``) seat those of a like rating together in a new room, each told `paired`.
///
/// - A signed-in player waits with their rating for the pool's game (a guest with 1500); a
///   room whose every seat is an account plays rated, any other casual.
/// - People wait with people and bots with bots: each pool has a second line for bot
///   accounts, which a wave pairs among themselves.
/// - A player waits in one pool at a time, and not while in a room; closing the connection,
///   logging out or entering a room takes them out of it.
/// - The loop does a wave's work: a sort and the matching, O(n · 2^6 · 6) for n waiting
///   (`cardbench pools` measures 10,000).
struct QuickPairing {
    /// Each pool's line of people and line of bots, by pool id.
    var people: [String: Pool<String>] = [:]
    var bots: [String: Pool<String>] = [:]
    /// The pool each waiting player is in (by player id), and which line.
    var waitingIn: [String: (pool: String, isBot: Bool)] = [:]
    /// The timer of each line's next wave.
    var timers: [String: TimerToken] = [:]
    /// Tables a wave made that wait for their room, oldest first: a turn seats at most
    /// ``GameServer/tablesPerTurn`` of them, so a wave of 5,000 tables never holds the loop.
    var pendingTables: [(pool: PoolInfo, players: [String])] = []
    /// Whether the next turn seats more of ``pendingTables``.
    var seatingScheduled = false
}

extension GameServer {
    /// The pools the catalog declares: each a game with fixed options and seats.
    public static let poolCatalog: [PoolInfo] = [
        PoolInfo(id: "rps-3", game: "rps", title: "rock-paper-scissors, best of 3", seats: 2, options: JSONObject([("rounds", .int(3))])),
        PoolInfo(id: "rps-5", game: "rps", title: "rock-paper-scissors, best of 5", seats: 2, options: JSONObject([("rounds", .int(5))])),
        PoolInfo(id: "set-2", game: "set", title: "Set race for 2", seats: 2, options: JSONObject()),
        PoolInfo(id: "set-4", game: "set", title: "Set race for 4", seats: 4, options: JSONObject()),
        PoolInfo(id: "concentration-2", game: "concentration", title: "Concentration for 2", seats: 2, options: JSONObject()),
        PoolInfo(id: "rps-brain-2", game: "rps-brain", title: "rps-brain for 2", seats: 2, options: JSONObject()),
    ]

    /// The key of a pool's line in ``QuickPairing/timers``.
    private static func lineKey(_ pool: String, isBot: Bool) -> String { isBot ? "\(pool)|bots" : pool }

    private var poolNowMs: Int64 { Int64(host.nowNanoseconds / 1_000_000) }

    /// `pool_join`: waits in `poolID` until a wave seats the player.
    func joinPool(_ poolID: String, player: Player, id: RequestID?) throws(CommandError) {
        guard let info = Self.poolCatalog.first(where: { $0.id == poolID }) else {
            throw .badRequest("there is no pool '\(poolID)'; pools: \(Self.poolCatalog.map(\.id).joined(separator: ", "))")
        }
        if let code = player.roomCode {
            throw .badRequest("you are in room \(code); send {\"type\":\"leave\"} first, then join a pool")
        }
        if let waiting = quickPairing.waitingIn[player.id] {
            guard waiting.pool != poolID else { return send(.ok(id: id), to: player) }
            throw .badRequest("you are waiting in the pool \(waiting.pool); send {\"type\":\"pool_leave\"} first")
        }
        try requireGameAllowance(of: player)
        // A wave could make no room now: say so at once rather than let the player wait on.
        if let refusal = diskBudget?.refusal { throw CommandError(code: .serverBusy, message: refusal) }
        let rating = player.account.map { ratings.current(account: $0, game: info.game, nowMs: host.wallMilliseconds).rating } ?? 1500
        let now = poolNowMs
        let isBot = player.isBot
        withLine(poolID, isBot: isBot, seats: info.seats) { $0.join(player.id, rating: rating, nowMs: now) }
        quickPairing.waitingIn[player.id] = (poolID, isBot)
        lobbyPoolsTouched()
        host.log("\(player.name) waits in the pool \(poolID)\(isBot ? " (bots)" : "")")
        send(.ok(id: id), to: player)
        sendPoolStatus(to: player, pool: poolID, isBot: isBot, now: now)
        poolChanged(poolID, isBot: isBot, now: now)
    }

    /// `pool_leave`: stops waiting (`ok` whether or not the player was waiting: a wave may
    /// have seated them a moment before).
    func leavePoolCommand(player: Player, id: RequestID?) {
        leavePool(player)
        send(.ok(id: id), to: player)
    }

    /// Takes the player out of the pool they wait in, if any.
    func leavePool(_ player: Player) {
        guard let waiting = quickPairing.waitingIn.removeValue(forKey: player.id) else { return }
        // The line exists: the player waits in it.
        if waiting.isBot { quickPairing.bots[waiting.pool]?.leave(player.id) } else { quickPairing.people[waiting.pool]?.leave(player.id) }
        host.log("\(player.name) left the pool \(waiting.pool)")
        lobbyPoolsTouched()
        poolChanged(waiting.pool, isBot: waiting.isBot, now: poolNowMs)
    }

    /// Runs `change` on a pool's line, making it on first use.
    @discardableResult
    private func withLine<Result>(_ pool: String, isBot: Bool, seats: Int, _ change: (inout Pool<String>) -> Result) -> Result {
        if isBot {
            return change(&quickPairing.bots[pool, default: Pool(seats: seats)])
        }
        return change(&quickPairing.people[pool, default: Pool(seats: seats)])
    }

    private func line(_ pool: String, isBot: Bool) -> Pool<String>? {
        isBot ? quickPairing.bots[pool] : quickPairing.people[pool]
    }

    /// After a join or a leave: fires the wave if it is due, else sets the timer for it.
    private func poolChanged(_ pool: String, isBot: Bool, now: Int64) {
        if line(pool, isBot: isBot)?.isWaveDue(nowMs: now) == true {
            return fireWave(pool, isBot: isBot)
        }
        scheduleWave(pool, isBot: isBot, atMs: line(pool, isBot: isBot)?.nextWaveMs, now: now)
    }

    /// Sets the line's timer for `atMs` (none for nil: nobody waits).
    private func scheduleWave(_ pool: String, isBot: Bool, atMs: Int64?, now: Int64) {
        let key = Self.lineKey(pool, isBot: isBot)
        if let timer = quickPairing.timers.removeValue(forKey: key) { host.cancel(timer) }
        guard let atMs else { return }
        quickPairing.timers[key] = host.schedule(after: .milliseconds(max(0, atMs - now))) { [weak self] in
            self?.quickPairing.timers[key] = nil
            self?.fireWave(pool, isBot: isBot)
        }
    }

    /// A wave: seats every table the pool makes, tells those left how long they have waited.
    func fireWave(_ pool: String, isBot: Bool) {
        guard let info = Self.poolCatalog.first(where: { $0.id == pool }) else { return }
        let now = poolNowMs
        // Whoever is gone or busy since they joined is taken out first: never paired.
        for member in line(pool, isBot: isBot)?.members ?? [] {
            guard let player = players[member.member], player.isConnected, player.roomCode == nil else {
                quickPairing.waitingIn[member.member] = nil
                withLine(pool, isBot: isBot, seats: info.seats) { $0.leave(member.member) }
                continue
            }
        }
        guard diskBudget?.refusal == nil, config.maxRooms == 0 || rooms.count < config.maxRooms else {
            // No room can be made now: everyone waits for the next wave.
            let waiting = line(pool, isBot: isBot)?.count ?? 0
            return scheduleWave(pool, isBot: isBot, atMs: waiting > 0 ? now + (line(pool, isBot: isBot)?.waveInterval ?? 3_000) : nil, now: now)
        }
        // Two sessions of one account (one a connection) never meet: a rated game against
        // oneself would move a rating for nothing.
        let tables = withLine(pool, isBot: isBot, seats: info.seats) { line in
            line.wave(nowMs: now) { [players, accounts] a, b in
                guard let first = players[a]?.account else { return true }
                guard let second = players[b]?.account else { return true }
                // Nor do two accounts one of which blocked the other.
                return first != second && !accounts.isBlocked(first, second)
            }
        }
        if !tables.isEmpty { lobbyPoolsTouched() }
        for table in tables {
            for playerID in table { quickPairing.waitingIn[playerID] = nil }
            quickPairing.pendingTables.append((info, table))
        }
        seatPendingTables()
        for member in line(pool, isBot: isBot)?.members ?? [] {
            if let player = players[member.member] { sendPoolStatus(to: player, pool: pool, isBot: isBot, now: now) }
        }
        // The next wave at its time, never again in this turn (those left fit nobody now).
        scheduleWave(pool, isBot: isBot, atMs: line(pool, isBot: isBot)?.nextWaveMs, now: now)
    }

    /// Tables one turn seats at most: each is a room made, a room-log record and a state for
    /// each player; the rest wait for the next turns, in order. With 100 a turn, `cardbench
    /// attack --only pool-wave` (2,000 players in one wave) left the innocent's worst ping at
    /// 37-69 ms; with 25, at 20-37 ms, for the same time to pairing.
    static let tablesPerTurn = 25

    /// Seats the oldest waiting tables, at most ``tablesPerTurn``, and leaves the rest to the
    /// next turn. A table one of whose players left or sat down meanwhile is not seated: the
    /// others go back to the pool's line, to the next wave.
    func seatPendingTables() {
        quickPairing.seatingScheduled = false
        let batch = quickPairing.pendingTables.prefix(Self.tablesPerTurn)
        quickPairing.pendingTables.removeFirst(batch.count)
        for (info, table) in batch {
            let free = table.compactMap { players[$0] }.filter { $0.isConnected && $0.roomCode == nil }
            guard free.count == table.count else {
                for player in free { rejoinPool(player, info: info) }
                continue
            }
            do throws(CommandError) {
                // The game begins with the pairing: its first state says so, whoever's
                // command or timer fired the wave.
                try withCause(.event(.begin)) { () throws(CommandError) in try seatTable(free, pool: info) }
            } catch {
                for player in free { send(.error(code: error.code, message: error.message, id: nil), to: player) }
            }
        }
        guard !quickPairing.pendingTables.isEmpty, !quickPairing.seatingScheduled else { return }
        quickPairing.seatingScheduled = true
        host.nextTurn { [weak self] in self?.seatPendingTables() }
    }

    /// Puts a player whose table fell through back in the pool's line, as if they had just come.
    private func rejoinPool(_ player: Player, info: PoolInfo) {
        guard quickPairing.waitingIn[player.id] == nil else { return }
        let rating = player.account.map { ratings.current(account: $0, game: info.game, nowMs: host.wallMilliseconds).rating } ?? 1500
        let now = poolNowMs
        withLine(info.id, isBot: player.isBot, seats: info.seats) { $0.join(player.id, rating: rating, nowMs: now) }
        quickPairing.waitingIn[player.id] = (info.id, player.isBot)
        sendPoolStatus(to: player, pool: info.id, isBot: player.isBot, now: now)
        poolChanged(info.id, isBot: player.isBot, now: now)
    }

    /// Opens a room of the pool's game for a table and seats its players in order, each told
    /// `paired`; the full room's game begins at once.
    private func seatTable(_ table: [Player], pool: PoolInfo) throws(CommandError) {
        guard let engineType = Self.engines.first(where: { $0.gameName == pool.game }), let creator = table.first else { return }
        let room = try openRoom(
            engineType, seatCount: pool.seats, options: pool.options, isPrivate: false, rated: table.allSatisfy { $0.account != nil },
            creator: creator)
        tellPaired(.paired(room: room.code, pool: pool.id, game: room.gameName, seat: 0), to: creator)
        // Each told before the next sits down, so `paired` comes before the others' `player_joined`.
        for (seat, player) in table.enumerated().dropFirst() {
            try takeSeat(player, in: room, seat: seat)
            tellPaired(.paired(room: room.code, pool: pool.id, game: room.gameName, seat: seat), to: player)
        }
        for player in table { countGameStartUnchecked(by: player) }
        host.log("pool \(pool.id): \(table.map(\.name).joined(separator: ", ")) paired in room \(room.code)")
        seatsChanged(room)
    }

    private func sendPoolStatus(to player: Player, pool: String, isBot: Bool, now: Int64) {
        guard let line = line(pool, isBot: isBot), let entry = line.entry(of: player.id) else { return }
        send(.poolStatus(PoolStatus(
            pool: pool, waiting: line.count, waitedMs: Int(max(0, now - entry.sinceMs)),
            nextWaveMs: line.nextWaveMs.map { Int(max(0, $0 - now)) })), to: player)
    }
}
