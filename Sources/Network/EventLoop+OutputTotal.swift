import CLinux

// One bound on memory for everyone: the memory the unsent output of all connections holds,
// the cut of the largest backlogs past it, and the memory of dropped output given back.
extension EventLoop {
    /// Memory the unsent output of all connections holds (those flushing included): the
    /// capacity of their output buffers, at least the unsent bytes.
    public var totalOutputBytes: Int { totalOutputMemory }

    /// The total past `maxTotalOutputBytes`: cuts off the connections that have read nothing
    /// for longest (whose output has waited longest without a byte of it written), until the
    /// total is an eighth under the limit, so that the next cut is not one send away. A
    /// connection that reads is written to every turn: it is cut only after every one that
    /// stopped reading. A scan and a sort of the connections with output, which only a total
    /// past the limit costs.
    func cutStalledBacklogs() {
        let total = totalOutputMemory
        let limit = limits.maxTotalOutputBytes
        let backlogs = connections.values.compactMap { connection in
            connection.state != .closing && !connection.output.isEmpty
                ? Backlog(id: connection.id, stalledSince: connection.outputStalledSince, heldBytes: connection.output.heldBytes) : nil
        }
        var cut = 0
        for id in OutputShedding.longestStalledFirst(backlogs, until: OutputShedding.target(limit: limit), total: total) {
            guard let connection = connections[id] else { continue }
            // A connection closing with flush-then-close reports `.closedByServer`, as always.
            let reason: CloseReason = connection.state == .flushing
                ? .closedByServer : .totalOutputOverflow(pendingBytes: connection.output.count, totalBytes: total)
            scheduleClose(connection, reason: reason)
            cut += 1
        }
        log?("unsent output of all connections held \(total) bytes, over the limit of \(limit): "
            + "cut off the \(cut) connection\(cut == 1 ? "" : "s") that read nothing for longest, \(total - totalOutputMemory) bytes")
    }

    /// Drops a closing connection's unsent output, and gives freed memory back to the system
    /// once enough has been dropped.
    func releaseOutput(of connection: Connection) {
        let dropped = connection.output.heldBytes
        totalOutputMemory -= dropped
        connection.output.removeAll()
        releasedOutputBytes += dropped
        guard releasedOutputBytes >= EventLoop.trimAfterReleasedBytes, !trimScheduled else { return }
        trimScheduled = true
        schedule(after: EventLoop.trimDelay) { [weak self] in
            guard let self else { return }
            self.trimScheduled = false
            self.releasedOutputBytes = 0
            // free() keeps what it gets back for later allocations: without this, a server
            // whose slow readers piled up a gigabyte keeps it resident after they go.
            _ = clinux_malloc_trim()
        }
    }
}

/// Which backlogs the total output limit cuts: a value, testable without sockets.
enum OutputShedding {
    /// The total a cut brings the output down to: an eighth under the limit.
    static func target(limit: Int) -> Int {
        limit - limit / 8
    }

    /// The connections to cut, the one whose output has waited longest unwritten first (of
    /// two that stalled at once, the larger backlog; of two equal, the lower identifier, the
    /// older connection), until what is left is at most `target`.
    /// - Parameters:
    ///   - backlogs: each connection with unsent output.
    ///   - total: the memory of all connections' output (at least the sum of `backlogs`).
    static func longestStalledFirst(_ backlogs: [Backlog], until target: Int, total: Int) -> [ConnectionID] {
        var left = total
        var chosen: [ConnectionID] = []
        let order = backlogs.sorted {
            ($0.stalledSince, $1.heldBytes, $0.id.rawValue) < ($1.stalledSince, $0.heldBytes, $1.id.rawValue)
        }
        for backlog in order {
            guard left > target else { break }
            chosen.append(backlog.id)
            left -= backlog.heldBytes
        }
        return chosen
    }
}

/// One connection's unsent output, as the total output limit weighs it.
struct Backlog: Equatable {
    let id: ConnectionID
    /// When its output last had a byte written, or became non-empty (loop nanoseconds).
    let stalledSince: UInt64
    /// The memory its output holds.
    let heldBytes: Int
}
