import Storage
import CardServer
import Glibc
import Network
import SystemCall
import Transport

/// Hosts the game server and its transport on the event loop: lines, closes and timers out,
/// the background worker's results in (the loop's bytes go to the transport, its delegate).
final class LoopHost: ServerHost {
    let loop: EventLoop
    /// Set right after both halves exist; the loop does not run before.
    var server: GameServer?
    /// Every protocol on the port: the loop's bytes go through it to the server. Set with the
    /// server; owned here (the loop holds its delegate weakly).
    var transport: TransportLayer?
    /// The loop's timers by the token the server holds.
    private var timers: [UInt64: TimerID] = [:]
    private var nextTimerToken: UInt64 = 1
    /// Runs the slow work the server hands off; set before the loop runs.
    var worker: BackgroundWorker?
    /// Hashes passwords, below the loop's priority; set before the loop runs.
    var passwordWorker: BackgroundWorker?
    /// What to do with each password job's result, by job number.
    private var passwordCompletions: [UInt64: (UInt64) -> Void] = [:]
    /// What to do with each job's result, on this thread, by job number.
    private var completions: [UInt64: (UInt64) -> Void] = [:]

    /// The loop's log lines, written once a turn (``TurnLog``).
    let turnLog = TurnLog()

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// The worker finished jobs (its wake ran on the loop's thread): hands each result on.
    func backgroundWorkFinished() {
        for finished in worker?.takeFinished() ?? [] {
            completions.removeValue(forKey: finished.job)?(finished.result)
        }
        for finished in passwordWorker?.takeFinished() ?? [] {
            passwordCompletions.removeValue(forKey: finished.job)?(finished.result)
        }
    }

    // MARK: ServerHost

    func send(_ line: [UInt8], to client: ClientID) {
        loop.send(line, to: ConnectionID(rawValue: client.rawValue))
    }

    func disconnect(_ client: ClientID, goingAway: Bool) {
        transport?.close(ConnectionNumber(rawValue: client.rawValue), goingAway: goingAway)
    }

    func refuse(_ client: ClientID, reason: String) {
        transport?.refuse(ConnectionNumber(rawValue: client.rawValue), reason: reason)
    }

    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerToken {
        let token = nextTimerToken
        nextTimerToken += 1
        timers[token] = loop.schedule(after: delay) { [weak self] in
            self?.timers[token] = nil
            action()
        }
        return TimerToken(rawValue: token)
    }

    func runOffLoop(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void) {
        guard let worker else { return completion(work()) }
        completions[worker.submit(work)] = completion
    }

    func runPasswordWork(_ work: @escaping @Sendable () -> UInt64, then completion: @escaping (UInt64) -> Void) {
        guard let passwordWorker else { return runOffLoop(work, then: completion) }
        passwordCompletions[passwordWorker.submit(work)] = completion
    }

    func nextTurn(_ action: @escaping () -> Void) {
        loop.nextTurn(action)
    }

    func cancel(_ timer: TimerToken) {
        if let id = timers.removeValue(forKey: timer.rawValue) {
            loop.cancel(id)
        }
    }

    func unsentBytes(for client: ClientID) -> Int? {
        loop.unsentBytes(ConnectionID(rawValue: client.rawValue))
    }

    func setReading(_ client: ClientID, _ reading: Bool) {
        transport?.setReading(ConnectionNumber(rawValue: client.rawValue), reading)
    }

    func holdsInput(of client: ClientID) -> Bool {
        transport?.holdsInput(ConnectionNumber(rawValue: client.rawValue)) ?? false
    }

    func notifyWhenDrained(_ client: ClientID, atMost bytes: Int) {
        loop.notifyWhenDrained(ConnectionID(rawValue: client.rawValue), atMost: bytes)
    }

    var nowNanoseconds: UInt64 { EventLoop.now() }

    var wallMilliseconds: Int64 { WallClock.milliseconds }

    func log(_ message: String) {
        turnLog.append(message)
    }

    static func describe(_ reason: CloseReason) -> String {
        switch reason {
        case .peerClosed: "peer closed"
        case .readFailed(let why): "read failed: \(why)"
        case .writeFailed(let why): "write failed: \(why)"
        case .outputOverflow(let pending): "disconnected: \(pending) bytes of output unread, over the limit"
        case .totalOutputOverflow(let pending, let total):
            "disconnected: \(pending) bytes of output unread, among those that read nothing for longest when all clients' unread output held \(total) bytes, over --max-output-total"
        case .closedByServer: "closed by server"
        }
    }
}

/// Log lines on stderr, each stamped with UTC time.
enum Log {
    static func write(_ message: String) {
        writeStandardError(line(message))
    }

    /// `message` as a log line: stamped with the time now, ended by a newline.
    static func line(_ message: String) -> String {
        "\(Timestamp.iso8601(milliseconds: WallClock.milliseconds)) \(message)\n"
    }
}

/// Writes text to file descriptor 2 whole (stdio's `stderr` is shared mutable state to Swift 6).
func writeStandardError(_ text: String) {
    writeStandardError(Array(text.utf8)[...])
}

/// Writes bytes to file descriptor 2 whole, retrying EINTR and short writes; on a failure the
/// rest is dropped (a log has nowhere else to say so).
func writeStandardError(_ text: ArraySlice<UInt8>) {
    var bytes = text
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}
