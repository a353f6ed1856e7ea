import Wire

/// The rule that a finished game's result is on disk before anyone hears of it, in one place.
///
/// - A game that ends is kept until the turn ends. Then its record goes to the journal,
///   and its `game_over` waits for the journal to confirm that record's ticket. A game with
///   no record (left before any move, or too long to journal) is announced at the turn's end.
/// - While a room's result is unannounced, the room does not start again. A seated client's
///   `start` is held, with every command it sends after it, in order.
/// - `stats` and `leaderboard` wait until every game that ended before them is on disk, so a
///   player who asks right after a game counts it.
/// - A failed write is not announced: its games wait, with their rooms, and are handed to the
///   journal again (``resubmitFailed(submit:)``, every second) until a write succeeds. Replies
///   that count results wait meanwhile too.
///
/// A plain value with no I/O: the server sends, writes and handles what it returns, so the
/// ordering is tested on its own (`DurableResultsTests`).
struct DurableResults<Game, RoomKey: Hashable> {
    /// The journal's name for one batch of records; it confirms them in order.
    typealias Ticket = UInt64
    /// A client's command as it arrived, decoded or not.
    typealias Command = Result<ClientRequest, DecodeFailure>

    /// A game that ended, with the room it ended in.
    struct Ended {
        let game: Game
        let room: RoomKey
        /// Whether its record goes to the journal (and its `game_over` waits for it).
        let isRecorded: Bool
    }

    /// What a room's announced result lets go.
    struct Released {
        /// Clients whose `start` waited, in the order those came, each with its held commands in order.
        var clients: [(client: ClientID, commands: [Command])] = []
    }

    /// How many commands one waiting client may pile up; more are refused.
    let maxHeldCommands: Int
    /// Whether results are journalled at all; without a journal nothing waits.
    let isJournaled: Bool

    private var endedThisTurn: [Ended] = []
    private var beingWritten: [Ticket: [Ended]] = [:]
    private var lastSubmitted: Ticket = 0
    /// The newest ticket the journal confirmed; the journal finishes tickets in order.
    private var lastConfirmed: Ticket = 0
    /// The newest ticket whose waiting replies went out: it catches up with `lastConfirmed`
    /// in ``takeDueReplies()``, after the confirmed games are announced, so a reply asked for
    /// by a command released meanwhile queues behind the replies that waited longer.
    private var lastWritten: Ticket = 0
    private var replies: [(after: Ticket, reply: () -> Void)] = []
    /// Games whose write failed, to submit again, in the order they ended.
    private var failed: [Ended] = []
    /// Tickets of games submitted again and not yet confirmed.
    private var retried: Set<Ticket> = []
    private var unannounced: [RoomKey: Int] = [:]
    private var waitingClients: [RoomKey: [ClientID]] = [:]
    private var held: [ClientID: (room: RoomKey, commands: [Command])] = [:]

    /// - Parameters:
    ///   - isJournaled: false for a server without a results journal: every result goes out at the turn's end.
    ///   - maxHeldCommands: the most commands a client may send while its `start` waits.
    init(isJournaled: Bool, maxHeldCommands: Int) {
        self.isJournaled = isJournaled
        self.maxHeldCommands = maxHeldCommands
    }

    // MARK: Games

    /// A game ended this turn; its room waits for its announcement from now on.
    mutating func gameEnded(_ game: Game, in room: RoomKey, isRecorded: Bool) {
        endedThisTurn.append(Ended(game: game, room: room, isRecorded: isRecorded))
        unannounced[room, default: 0] += 1
    }

    /// Whether a result of this room has not been announced yet.
    func isPending(_ room: RoomKey) -> Bool {
        unannounced[room] != nil
    }

    /// The turn ends: the recorded games go to the journal as one batch.
    /// - Parameter submit: hands records to the journal and returns their ticket.
    /// - Returns: the games to announce now (those with nothing to wait for), in the order they ended.
    mutating func endTurn(submit: ([Game]) -> Ticket) -> [Ended] {
        let ended = endedThisTurn
        endedThisTurn = []
        guard isJournaled else { return ended }
        let recorded = ended.filter(\.isRecorded)
        if !recorded.isEmpty {
            let ticket = submit(recorded.map(\.game))
            lastSubmitted = ticket
            beingWritten[ticket] = recorded
        }
        return ended.filter { !$0.isRecorded }
    }

    /// The journal put a ticket's records on disk, or failed to.
    /// - Returns: that ticket's games, to announce now, in the order they ended.
    mutating func written(_ ticket: Ticket) -> [Ended] {
        lastConfirmed = max(lastConfirmed, ticket)
        retried.remove(ticket)
        return beingWritten.removeValue(forKey: ticket) ?? []
    }

    /// The journal could not write a ticket's records: its games are not announced and wait
    /// for ``resubmitFailed(submit:)``.
    mutating func writeFailed(_ ticket: Ticket) {
        retried.remove(ticket)
        failed += beingWritten.removeValue(forKey: ticket) ?? []
    }

    /// Whether games wait to be written again after a failed write.
    var hasFailedWrites: Bool { !failed.isEmpty }

    /// Hands the games whose write failed to the journal again, as one batch.
    mutating func resubmitFailed(submit: ([Game]) -> Ticket) {
        guard !failed.isEmpty else { return }
        let ticket = submit(failed.map(\.game))
        beingWritten[ticket] = failed
        retried.insert(ticket)
        lastSubmitted = max(lastSubmitted, ticket)
        failed = []
    }

    /// A game's `game_over` went out: its room may start again.
    /// - Returns: the clients to let go.
    mutating func announced(_ ended: Ended) -> Released {
        let room = ended.room
        let left = unannounced[room, default: 1] - 1
        unannounced[room] = left > 0 ? left : nil
        guard left <= 0 else { return Released() }
        var released = Released()
        for client in waitingClients.removeValue(forKey: room) ?? [] {
            guard let waiting = held[client], waiting.room == room else { continue }
            held[client] = nil
            released.clients.append((client, waiting.commands))
        }
        return released
    }

    // MARK: Replies that count the results

    /// Keeps `reply` until every game that has ended so far is on disk, and behind every
    /// reply kept before it (replies go out in the order they were asked for).
    /// - Returns: false when nothing is being written or waiting: the caller replies at once.
    mutating func deferUntilDurable(_ reply: @escaping () -> Void) -> Bool {
        // A game that ended this turn goes to the journal at the turn's end, under the next ticket.
        let ended = lastSubmitted + (endedThisTurn.contains(where: \.isRecorded) ? 1 : 0)
        let needed = max(ended, replies.last?.after ?? 0)
        guard isJournaled, needed > lastWritten || !replies.isEmpty else { return false }
        replies.append((needed, reply))
        return true
    }

    /// The replies whose games are all on disk now, in the order they were deferred. The
    /// server takes them after announcing the confirmed games.
    mutating func takeDueReplies() -> [() -> Void] {
        // A game whose write failed is on its way again under a newer ticket: what asked
        // after it waits until that one is confirmed.
        guard failed.isEmpty, retried.isEmpty else { return [] }
        lastWritten = lastConfirmed
        let due = replies.prefix { $0.after <= lastWritten }
        replies.removeFirst(due.count)
        return due.map(\.reply)
    }

    // MARK: Held commands

    /// Whether this client's commands wait for a result.
    func isHolding(_ client: ClientID) -> Bool {
        // Asked for every line: an empty table answers without hashing the key.
        !held.isEmpty && held[client] != nil
    }

    /// A seated client's `start` came while its room's result is unannounced: it waits, and so
    /// does every command the client sends until the result is out.
    mutating func hold(_ client: ClientID, start: Command, until room: RoomKey) {
        held[client] = (room, [start])
        waitingClients[room, default: []].append(client)
    }

    /// Adds a command to a waiting client's queue.
    /// - Returns: false when the client already has ``maxHeldCommands`` waiting: refuse this one.
    mutating func holdMore(_ command: Command, from client: ClientID) -> Bool {
        guard var waiting = held[client], waiting.commands.count < maxHeldCommands else { return false }
        waiting.commands.append(command)
        held[client] = waiting
        return true
    }

    /// A released client was held again by one of its own commands (a `start` after a game
    /// that ended at once): the commands after it wait behind it, in order.
    mutating func holdRest(_ commands: some Sequence<Command>, of client: ClientID) {
        held[client]?.commands.append(contentsOf: commands)
    }

    /// The client's connection closed: nothing of it waits any longer.
    mutating func forget(_ client: ClientID) {
        guard let waiting = held.removeValue(forKey: client) else { return }
        waitingClients[waiting.room]?.removeAll { $0 == client }
    }
}
