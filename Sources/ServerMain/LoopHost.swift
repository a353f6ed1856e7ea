import Storage
import CardServer
import Glibc
import Network
import SystemCall

/// Wires the event loop to the game server: bytes and timers in, lines and closes out.
final class LoopHost: ServerHost, EventLoopDelegate {
    private let loop: EventLoop
    /// Set right after both halves exist; the loop does not run before.
    var server: GameServer?
    /// The loop's timers by the token the server holds.
    private var timers: [UInt64: TimerID] = [:]
    private var nextTimerToken: UInt64 = 1
    /// Runs the slow work the server hands off; set before the loop runs.
    var worker: BackgroundWorker?
    /// What to do with each job's result, on this thread, by job number.
    private var completions: [UInt64: (UInt64) -> Void] = [:]

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// The worker finished jobs (its wake ran on the loop's thread): hands each result on.
    func backgroundWorkFinished() {
        for finished in worker?.takeFinished() ?? [] {
            completions.removeValue(forKey: finished.job)?(finished.result)
        }
    }

    // MARK: EventLoopDelegate

    func connectionOpened(_ id: ConnectionID, peer: String) {
        server?.clientConnected(ClientID(rawValue: id.rawValue), peer: peer)
    }

    func connectionReceived(_ id: ConnectionID, bytes: UnsafeRawBufferPointer) {
        server?.clientSent(ClientID(rawValue: id.rawValue), bytes: bytes)
    }

    func connectionClosed(_ id: ConnectionID, reason: CloseReason) {
        server?.clientDisconnected(ClientID(rawValue: id.rawValue), reason: Self.describe(reason))
    }

    func connectionDrained(_ id: ConnectionID) {
        server?.clientDrained(ClientID(rawValue: id.rawValue))
    }

    // MARK: ServerHost

    func send(_ line: [UInt8], to client: ClientID) {
        loop.send(line, to: ConnectionID(rawValue: client.rawValue))
    }

    func sendUnframed(_ bytes: [UInt8], to client: ClientID) {
        loop.sendUnframed(bytes, to: ConnectionID(rawValue: client.rawValue))
    }

    func frameLinesAsWebSocket(_ client: ClientID) {
        loop.frameLinesAsWebSocket(ConnectionID(rawValue: client.rawValue))
    }

    var transferredBytes: (received: UInt64, sent: UInt64) { (loop.bytesReceived, loop.bytesSent) }

    func disconnect(_ client: ClientID) {
        loop.close(ConnectionID(rawValue: client.rawValue), flushFirst: true)
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

    func cancel(_ timer: TimerToken) {
        if let id = timers.removeValue(forKey: timer.rawValue) {
            loop.cancel(id)
        }
    }

    func unsentBytes(for client: ClientID) -> Int? {
        loop.unsentBytes(ConnectionID(rawValue: client.rawValue))
    }

    func setReading(_ client: ClientID, _ reading: Bool) {
        loop.setReading(ConnectionID(rawValue: client.rawValue), reading)
    }

    func notifyWhenDrained(_ client: ClientID, atMost bytes: Int) {
        loop.notifyWhenDrained(ConnectionID(rawValue: client.rawValue), atMost: bytes)
    }

    var nowNanoseconds: UInt64 { EventLoop.now() }

    var wallMilliseconds: Int64 { WallClock.milliseconds }

    func log(_ message: String) {
        Log.write(message)
    }

    static func describe(_ reason: CloseReason) -> String {
        switch reason {
        case .peerClosed: "peer closed"
        case .readFailed(let why): "read failed: \(why)"
        case .writeFailed(let why): "write failed: \(why)"
        case .outputOverflow(let pending): "disconnected: \(pending) bytes of output unread, over the limit"
        case .totalOutputOverflow(let pending, let total):
            "disconnected: \(pending) bytes of output unread, among the largest when all clients' unread output held \(total) bytes, over --max-output-total"
        case .closedByServer: "closed by server"
        }
    }
}

/// Log lines on stderr, each stamped with UTC time.
enum Log {
    static func write(_ message: String) {
        writeStandardError("\(Timestamp.iso8601(milliseconds: WallClock.milliseconds)) \(message)\n")
    }
}

/// Writes text to file descriptor 2 whole (stdio's `stderr` is shared mutable state to Swift 6).
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}
