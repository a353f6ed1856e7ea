import Storage

/// Games under way finish on a short disk: each seat has a reserve of room-log bytes, which
/// the room log and the journal keep allocated on the disk, so one game's flood cannot take
/// the room another game needs, and another program filling the disk cannot either.
extension GameServer {
    /// Refuses a move whose seat has written its reserve while the disk is short (under
    /// `--min-free-space`, or the data at `--max-data-size`); the other seats play on.
    /// - Returns: whether the disk is short, so the move's bytes count against the reserve.
    /// - Throws: `storage_unavailable`, saying why and what to do.
    func checkShortReserve(of seat: Int, in room: Room) throws(CommandError) -> Bool {
        let short = !isReplaying && roomLog != nil && diskBudget?.isShort == true
        defer { diskWasShort = short }
        guard short else { return false }
        if !diskWasShort { diskShortage += 1 }
        if room.shortageCounted != diskShortage {
            // A new shortage: every seat of every game has its whole reserve again.
            room.shortageCounted = diskShortage
            room.shortBytesBySeat = Array(repeating: 0, count: room.seats.count)
        }
        guard room.shortBytesBySeat.indices.contains(seat), room.shortBytesBySeat[seat] >= config.seatReserveBytes else { return true }
        metrics.storageFailures += 1
        throw CommandError(
            code: .storageUnavailable,
            message: "the server's disk is nearly full, and your moves in this game have used the room kept for them (\(config.seatReserveBytes / 1024) KiB); the other players play on. Send it again once the disk has room, or leave",
            retryAfterMs: 5_000)
    }

    /// Once a second: the room log keeps room for every seat playing, the journal for every
    /// game's record (``ServerConfig/seatReserveBytes``). Walks the rooms, at most `--max-rooms`.
    ///
    /// A seat's reserve is counted from when the disk is found short, up to a second after it
    /// filled, and the room was last kept up to a second before: half a reserve more a seat
    /// covers those two seconds at the command rate (50 moves of about 100 bytes each), and
    /// what a game writes besides its moves (a `leave`, the clock's ticks).
    func keepDiskReserve() {
        guard !isReplaying, let roomLog else { return }
        var seats = 0
        var games = 0
        for room in rooms.values where room.phase == .playing {
            seats += room.seats.count
            games += 1
        }
        let cap = config.diskReserveCap
        var failures = [roomLog.keepReserve(min(cap, seats * (config.seatReserveBytes * 3 / 2)))]
        if let journal { failures.append(journal.keepReserve(min(cap / 16, games * 2048))) }
        let failure = failures.compactMap { $0 }.first
        if let failure, !reserveFailing {
            host.log("disk reserve: \(failure); games under way may not finish if the disk fills")
        } else if failure == nil, reserveFailing {
            host.log("disk reserve: kept again for the games under way")
        }
        reserveFailing = failure != nil
    }
}
