import CLinux
import Glibc
import SystemCall

// Accepted connections: reading with backpressure, queued writes, flush-then-close.
extension EventLoop {
    // MARK: - Connections

    /// Queues bytes for a connection; they are written at the end of the current
    /// loop turn (one flush per connection per turn, batching everything queued).
    /// If the unsent bytes would pass `maxPendingOutputBytes`, nothing more is
    /// queued and the connection is scheduled for closing with `.outputOverflow`.
    /// If the memory the unsent output of all connections holds passes
    /// `maxTotalOutputBytes`, the backlogs that waited longest unread, this one or others, are cut off
    /// (`.totalOutputOverflow`).
    /// Sending to an unknown or closing connection is a silent no-op.
    /// On a connection given a line framing (``frameLines(of:with:)``), each line sent (bytes
    /// ending in "\n") goes as that framing makes it of the line without its newline.
    public func send(_ bytes: [UInt8], to id: ConnectionID) {
        guard !bytes.isEmpty, let connection = connection(id), connection.state == .open else { return }
        if let framing = connection.lineFraming {
            return enqueue(framing(bytes.last == 0x0A ? bytes.dropLast() : bytes[...]), on: connection)
        }
        enqueue(bytes, on: connection)
    }

    /// Queues bytes as they are, whatever the connection's line framing: for what the framing's
    /// owner writes itself (a WebSocket's control frames).
    public func sendUnframed(_ bytes: [UInt8], to id: ConnectionID) {
        guard !bytes.isEmpty, let connection = connection(id), connection.state == .open else { return }
        enqueue(bytes, on: connection)
    }

    /// From now on, every line sent to the connection with ``send(_:to:)`` goes as `framing`
    /// makes it of the line without its newline (a WebSocket's text frame, after its upgrade).
    /// Bytes already queued (the `101` reply) go first, as they are.
    public func frameLines(of id: ConnectionID, with framing: @escaping (ArraySlice<UInt8>) -> [UInt8]) {
        connections[id]?.lineFraming = framing
    }

    private func enqueue(_ bytes: [UInt8], on connection: Connection) {
        let total = connection.output.count + bytes.count
        if total > limits.maxPendingOutputBytes {
            scheduleClose(connection, reason: .outputOverflow(pendingBytes: total))
            return
        }
        let held = connection.output.heldBytes
        if connection.output.isEmpty {
            connection.outputStalledSince = turnStarted
        }
        connection.output.append(bytes)
        totalOutputMemory += connection.output.heldBytes - held
        if totalOutputMemory > limits.maxTotalOutputBytes {
            cutStalledBacklogs()
            guard connection.state == .open else { return }
        }
        // While EPOLLOUT is watched, the writable event queues the flush.
        if !connection.watchingWritable {
            queueWrite(connection)
        }
    }

    /// Closes a connection after the current batch of events (never inside a
    /// handler, so a reused descriptor never gets a stale event). With
    /// `flushFirst`, reading stops and the queued output is written first, waiting
    /// up to `closeFlushTimeout` for a slow reader. The delegate then gets
    /// `connectionClosed(.closedByServer)` (also if the flush fails or times out).
    /// Unknown or already closing connections are ignored; `flushFirst: false`
    /// cuts short a flush in progress.
    public func close(_ id: ConnectionID, flushFirst: Bool) {
        guard let connection = connections[id] else { return }
        switch connection.state {
        case .closing:
            return
        case .flushing:
            if !flushFirst {
                scheduleClose(connection, reason: .closedByServer)
            }
        case .open:
            if !flushFirst || connection.output.isEmpty {
                scheduleClose(connection, reason: .closedByServer)
                return
            }
            connection.state = .flushing
            flushing.insert(id)
            updateInterest(connection)
            if !connection.watchingWritable {
                queueWrite(connection)
            }
            connection.flushTimer = schedule(after: limits.closeFlushTimeout) { [weak self, weak connection] in
                guard let self, let connection else { return }
                connection.flushTimer = nil
                self.scheduleClose(connection, reason: .closedByServer)
            }
        }
    }

    /// Bytes still unsent for a connection (0 if unknown).
    public func pendingOutputBytes(_ id: ConnectionID) -> Int {
        connections[id]?.output.count ?? 0
    }

    /// Whether bytes have reached the connection's socket that no turn has read yet: they came
    /// while a long turn ran, after its epoll_wait, and the next turn reads them.
    public func hasUnreadInput(_ id: ConnectionID) -> Bool {
        guard let connection = connections[id], connection.state == .open else { return false }
        return clinux_unread_bytes(connection.fd) > 0
    }

    /// Bytes still unsent for an open connection; nil once it is flushing, closing or
    /// gone (nothing more sent to it will be written).
    public func unsentBytes(_ id: ConnectionID) -> Int? {
        guard let connection = connection(id), connection.state == .open else { return nil }
        return connection.output.count
    }

    /// Stops (`false`) or restarts (`true`) reading from a connection: backpressure.
    /// While paused, what the peer sends waits in the kernel, whose full receive
    /// buffer in turn stops the peer (TCP flow control). Output is still written,
    /// and a reset or hang-up still closes the connection. A no-op for connections
    /// that are not open or already in that state.
    public func setReading(_ id: ConnectionID, _ reading: Bool) {
        guard let connection = connections[id], connection.state == .open, connection.readingPaused == reading else { return }
        connection.readingPaused = !reading
        updateInterest(connection)
    }

    /// Asks for one `connectionDrained(_:)` as soon as the connection's unsent output
    /// is at most `bytes` (at the end of the turn that writes it down that far; at the
    /// end of this turn if it already is). Asking again replaces the mark.
    public func notifyWhenDrained(_ id: ConnectionID, atMost bytes: Int) {
        guard let connection = connections[id], connection.state == .open else { return }
        connection.drainMark = bytes
        noteIfDrained(connection)
    }

    /// Open connections, including those flushing or about to be closed this turn.
    public var connectionCount: Int { connections.count }


    /// The connection with this id: the one being read from without hashing (a reply goes to
    /// the connection that asked, sent while its bytes are handled), any other from the table.
    /// The same answer either way: a connection leaves the table only at the end of a turn.
    @inline(__always)
    func connection(_ id: ConnectionID) -> Connection? {
        if let receiving, receiving.id == id { return receiving }
        return connections[id]
    }

    func handle(_ connection: Connection, events: UInt32) {
        let hangUpOrError = events & (CLINUX_EPOLL_HUP | CLINUX_EPOLL_ERR) != 0
        if connection.state == .open, connection.readingPaused, hangUpOrError {
            // epoll reports these even without EPOLLIN, level-triggered: the peer is gone,
            // and what it sent cannot be answered, so close instead of spinning.
            scheduleClose(connection, reason: reasonFromSocketError(connection.fd))
        }
        if connection.state == .open, !connection.readingPaused, events & (CLINUX_EPOLL_IN | CLINUX_EPOLL_HUP | CLINUX_EPOLL_ERR) != 0 {
            let blocked = readAvailable(connection)
            if blocked, hangUpOrError, connection.state == .open {
                scheduleClose(connection, reason: reasonFromSocketError(connection.fd))
            }
        }
        if connection.state == .flushing, hangUpOrError {
            scheduleClose(connection, reason: .closedByServer)
        }
        if events & CLINUX_EPOLL_OUT != 0, connection.state != .closing {
            queueWrite(connection)
        }
    }

    /// Reads up to `maxReadBytesPerTurn`, handing each read to the delegate.
    /// Returns true if the socket said it would block.
    func readAvailable(_ connection: Connection) -> Bool {
        var budget = limits.maxReadBytesPerTurn
        // The delegate may pause reading from inside `connectionReceived`: stop at once.
        while budget > 0, connection.state == .open, !connection.readingPaused {
            let want = min(readBuffer.count, budget)
            let result: IOResult<Int>
            do throws(NetworkError) {
                result = try Syscall.recv(connection.fd, into: UnsafeMutableRawBufferPointer(rebasing: readBuffer[0 ..< want]))
            } catch {
                let reason: CloseReason = error.errno == ECONNRESET ? .peerClosed : .readFailed(error.description)
                scheduleClose(connection, reason: reason)
                return false
            }
            switch result {
            case .wouldBlock:
                return true
            case .done(0):
                scheduleClose(connection, reason: .peerClosed)
                return false
            case .done(let count):
                budget -= count
                bytesReceived &+= UInt64(count)
                receiving = connection
                delegate?.connectionReceived(connection.id, bytes: UnsafeRawBufferPointer(rebasing: readBuffer[0 ..< count]))
                receiving = nil
                if count < want {
                    // Most likely drained; level triggering brings us back if not.
                    return false
                }
            }
        }
        return false
    }

    func reasonFromSocketError(_ fd: Int32) -> CloseReason {
        let code: Int32
        do throws(NetworkError) {
            code = try Syscall.socketError(fd)
        } catch {
            return .readFailed(error.description)
        }
        if code == 0 || code == ECONNRESET || code == EPIPE {
            return .peerClosed
        }
        return .readFailed(NetworkError(call: "recv", errno: code).description)
    }


    // MARK: - Writing and closing

    func queueWrite(_ connection: Connection) {
        guard !connection.queuedForWrite else { return }
        connection.queuedForWrite = true
        writeQueue.append(connection)
    }

    func flush(_ connection: Connection) {
        guard connection.state != .closing else { return }
        let fd = connection.fd
        var failure: Int32 = 0
        let held = connection.output.heldBytes
        let unsent = connection.output.count
        let outcome = connection.output.flush(maxBytes: limits.maxWriteBytesPerTurn) { bytes in
            do throws(NetworkError) {
                switch try Syscall.send(fd, bytes) {
                case .done(let count): return .wrote(count)
                case .wouldBlock: return .wouldBlock
                }
            } catch {
                failure = error.errno
                return .failed(error.description)
            }
        }
        totalOutputMemory -= held - connection.output.heldBytes
        if connection.output.count < unsent {
            // It reads: what is left has waited only since now.
            connection.outputStalledSince = turnStarted
        }
        bytesSent &+= UInt64(unsent - connection.output.count)
        noteIfDrained(connection)
        switch outcome {
        case .drained:
            setWatchingWritable(connection, false)
            if connection.state == .flushing {
                scheduleClose(connection, reason: .closedByServer)
            }
        case .blocked, .budgetExhausted:
            setWatchingWritable(connection, true)
        case .failed(let message):
            let reason: CloseReason
            if connection.state == .flushing {
                reason = .closedByServer
            } else if failure == EPIPE || failure == ECONNRESET {
                reason = .peerClosed
            } else {
                reason = .writeFailed(message)
            }
            scheduleClose(connection, reason: reason)
        }
    }

    func setWatchingWritable(_ connection: Connection, _ watching: Bool) {
        guard connection.watchingWritable != watching else { return }
        connection.watchingWritable = watching
        updateInterest(connection)
    }

    /// Queues `connectionDrained` if the connection asked for it and its output is down to the mark.
    func noteIfDrained(_ connection: Connection) {
        guard connection.state == .open, let mark = connection.drainMark, connection.output.count <= mark else { return }
        connection.drainMark = nil
        drainedQueue.append(connection)
    }

    /// EPOLLIN while open and not paused, EPOLLOUT while output is left over.
    func updateInterest(_ connection: Connection) {
        guard connection.state != .closing else { return }
        var events: UInt32 = connection.state == .open && !connection.readingPaused ? CLINUX_EPOLL_IN : 0
        if connection.watchingWritable {
            events |= CLINUX_EPOLL_OUT
        }
        do throws(NetworkError) {
            try Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_MOD, fd: connection.fd, events: events, token: connection.id.rawValue)
        } catch {
            scheduleClose(connection, reason: .writeFailed(error.description))
        }
    }

    func scheduleClose(_ connection: Connection, reason: CloseReason) {
        guard connection.state != .closing else { return }
        if connection.state == .flushing {
            flushing.remove(connection.id)
        }
        if let timer = connection.flushTimer {
            timers.cancel(timer)
            connection.flushTimer = nil
        }
        connection.state = .closing
        connection.closeReason = reason
        releaseOutput(of: connection)
        closeQueue.append(connection)
    }

    func finishClose(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        try? Syscall.epollControl(epollFD, CLINUX_EPOLL_CTL_DEL, fd: connection.fd, events: 0, token: connection.id.rawValue)
        if connection.closeReason == .closedByServer {
            discardInput(connection.fd)
        }
        Syscall.close(connection.fd)
        delegate?.connectionClosed(connection.id, reason: connection.closeReason)
    }

    /// Reads and drops what the peer sent and we did not read, so that close()
    /// sends FIN rather than RST (an RST could destroy output still in flight).
    func discardInput(_ fd: Int32) {
        var budget = limits.maxReadBytesPerTurn
        while budget > 0 {
            guard case .done(let count)? = try? Syscall.recv(fd, into: readBuffer), count > 0 else { return }
            budget -= count
        }
    }
}
