import CLinux

// One bound on memory for everyone: the memory the unsent output of all connections holds,
// the cut of the largest backlogs past it, and the memory of dropped output given back.
extension EventLoop {
    /// Memory the unsent output of all connections holds (those flushing included): the
    /// capacity of their output buffers, at least the unsent bytes.
    public var totalOutputBytes: Int { totalOutputMemory }

    /// The total past `maxTotalOutputBytes`: cuts off the connections whose output holds
    /// the most memory, largest first (the older of two equal ones first), until the total
    /// is an eighth under the limit, so that the next cut is not one send away. A scan and a
    /// sort of the connections with output, which only a total past the limit costs.
    func cutLargestBacklogs() {
        let total = totalOutputMemory
        let limit = limits.maxTotalOutputBytes
        let backlogs = connections.values.compactMap { connection in
            connection.state != .closing && !connection.output.isEmpty ? (connection.id, connection.output.heldBytes) : nil
        }
        var cut = 0
        for id in OutputShedding.largestFirst(backlogs, until: OutputShedding.target(limit: limit), total: total) {
            guard let connection = connections[id] else { continue }
            // A connection closing with flush-then-close reports `.closedByServer`, as always.
            let reason: CloseReason = connection.state == .flushing
                ? .closedByServer : .totalOutputOverflow(pendingBytes: connection.output.count, totalBytes: total)
            scheduleClose(connection, reason: reason)
            cut += 1
        }
        log?("unsent output of all connections held \(total) bytes, over the limit of \(limit): "
            + "cut off the \(cut) largest backlog\(cut == 1 ? "" : "s"), \(total - totalOutputMemory) bytes")
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

    /// The connections to cut, largest backlog first (of two equal, the lower identifier,
    /// the older connection), until what is left is at most `target`.
    /// - Parameters:
    ///   - backlogs: each connection with unsent output, and the memory it holds.
    ///   - total: the memory of all connections' output (at least the sum of `backlogs`).
    static func largestFirst(_ backlogs: [(ConnectionID, Int)], until target: Int, total: Int) -> [ConnectionID] {
        var left = total
        var chosen: [ConnectionID] = []
        for (id, held) in backlogs.sorted(by: { ($0.1, $1.0.rawValue) > ($1.1, $0.0.rawValue) }) {
            guard left > target else { break }
            chosen.append(id)
            left -= held
        }
        return chosen
    }
}
