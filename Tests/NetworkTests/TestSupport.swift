import Foundation
import TestServers
import Glibc
@testable import Network

/// A blocking loopback TCP client with a receive timeout, so no test can hang.
final class TestClient: @unchecked Sendable {
    private(set) var fd: Int32

    /// Connects to 127.0.0.1 (or `host`) at `port`. `receiveBuffer` sets SO_RCVBUF before connecting.
    init(port: UInt16, host: String = "127.0.0.1", receiveBuffer: Int32? = nil, timeoutSeconds: Int = 5) throws {
        let address = try SocketAddress(host: host, port: port)
        fd = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds * TestBudget.scale, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let fd = self.fd
        let status = try address.withSockAddr { pointer, length in connect(fd, pointer, length) }
        if status != 0 {
            // Closed here and forgotten: an initializer that throws once every property is set
            // still runs deinit, whose second close would hit whatever socket another test had
            // been given the same number meanwhile.
            let code = errno
            Glibc.close(fd)
            self.fd = -1
            throw TestFailure("connect: errno \(code)")
        }
    }

    deinit {
        if fd >= 0 { Glibc.close(fd) }
    }

    /// The client's own port (what the server sees as the peer's port).
    var localPort: UInt16 {
        let (_, address) = try! SocketAddress.receive { pointer, length in getsockname(fd, pointer, length) }
        return address.port
    }

    /// Writes everything (blocking, with a send timeout); returns false on error.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Whether bytes (or EOF) can be read within `milliseconds`.
    func isReadable(within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1
    }

    /// Reads exactly `count` bytes; nil on timeout, EOF or error first.
    func read(count: Int) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while result.count < count {
            let want = min(chunk.count, count - result.count)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, want, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            result.append(contentsOf: chunk[0 ..< n])
        }
        return result
    }

    /// Reads one line (without the newline); nil on timeout, EOF or error first.
    func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            guard let byte = read(count: 1) else { return nil }
            if byte[0] == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte[0])
        }
    }

    /// Reads until EOF (true), or a timeout/error (false), or `limit` bytes.
    func readToEnd(limit: Int = 64 << 20) -> (bytes: [UInt8], sawEOF: Bool) {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while result.count < limit {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { return (result, true) }
            if n < 0 { return (result, false) }
            result.append(contentsOf: chunk[0 ..< n])
        }
        return (result, false)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A line-based echo delegate that records what happens (thread-safely, so the
/// test thread can poll while the loop runs). Commands, one per line:
/// `FLOOD` sends 32 KiB every millisecond until the connection closes;
/// `BYE <n>` sends n bytes then closes with flushFirst; `QUIT` closes at once;
/// `PAUSE` answers `paused` and stops reading this connection; `RESUME <n>` restarts
/// reading connection n; `BIG <n>` sends n bytes and asks to hear when they are all
/// written, which sends "\ndrained\n"; `SEND <id> <n>` sends n bytes to connection id;
/// `TOTAL` answers `total <n>`, the memory the loop's unsent output holds at that moment;
/// anything else is echoed back with its newline.
final class EchoDelegate: EventLoopDelegate, @unchecked Sendable {
    weak var loop: EventLoop?
    private let lock = NSLock()
    private var lineBuffers: [ConnectionID: [UInt8]] = [:]
    private var _peers: [ConnectionID: String] = [:]
    private var _closed: [ConnectionID: CloseReason] = [:]
    private var _flooded: [ConnectionID] = []
    private var _opened: [ConnectionID] = []
    private var _receiveCalls = 0
    private var _drained: [(ConnectionID, onLoopThread: Bool)] = []
    /// The thread running the loop, set by `LoopThread.start()`.
    var loopThread: Thread?

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    var peers: [ConnectionID: String] { locked { _peers } }
    var opened: [ConnectionID] { locked { _opened } }
    var closed: [ConnectionID: CloseReason] { locked { _closed } }
    var flooded: [ConnectionID] { locked { _flooded } }
    var receiveCalls: Int { locked { _receiveCalls } }
    /// `connectionDrained` calls, in order, with whether each came on the loop's thread.
    var drained: [(ConnectionID, onLoopThread: Bool)] { locked { _drained } }

    func connectionOpened(_ id: ConnectionID, peer: String) {
        locked {
            _peers[id] = peer
            _opened.append(id)
        }
    }

    func connectionReceived(_ id: ConnectionID, bytes: UnsafeRawBufferPointer) {
        locked { _receiveCalls += 1 }
        var buffer = lineBuffers[id, default: []]
        buffer.append(contentsOf: bytes)
        var start = 0
        var echo: [UInt8] = []
        while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[start ..< newline]
            let text = String(decoding: line, as: UTF8.self)
            if text == "FLOOD" {
                locked { _flooded.append(id) }
                flood(id)
            } else if text.hasPrefix("BYE ") {
                let count = Int(text.dropFirst(4)) ?? 0
                loop?.send(echo, to: id)
                echo = []
                loop?.send(TestPattern.bytes(count), to: id)
                loop?.close(id, flushFirst: true)
            } else if text == "QUIT" {
                loop?.close(id, flushFirst: false)
            } else if text == "PAUSE" {
                loop?.send(Array("paused\n".utf8), to: id)
                loop?.setReading(id, false)
            } else if text.hasPrefix("RESUME ") {
                let other = ConnectionID(rawValue: UInt64(text.dropFirst(7)) ?? 0)
                loop?.setReading(other, true)
                echo.append(contentsOf: Array("resumed\n".utf8))
            } else if text.hasPrefix("SEND ") {
                let words = text.split(separator: " ")
                loop?.send(TestPattern.bytes(Int(words[2]) ?? 0), to: ConnectionID(rawValue: UInt64(words[1]) ?? 0))
            } else if text.hasPrefix("UNSENT ") {
                // Another connection's unsent bytes and the drains it has had, read together
                // on the loop's thread.
                let other = ConnectionID(rawValue: UInt64(text.dropFirst(7)) ?? 0)
                let drains = locked { _drained.filter { $0.0 == other }.count }
                echo.append(contentsOf: Array("unsent \(loop?.unsentBytes(other).map(String.init) ?? "none") drained \(drains)\n".utf8))
            } else if text == "TOTAL" {
                echo.append(contentsOf: Array("total \(loop?.totalOutputBytes ?? -1)\n".utf8))
            } else if text.hasPrefix("BIG ") {
                loop?.send(echo, to: id)
                echo = []
                loop?.send(TestPattern.bytes(Int(text.dropFirst(4)) ?? 0), to: id)
                loop?.notifyWhenDrained(id, atMost: 0)
            } else {
                echo.append(contentsOf: buffer[start ... newline])
            }
            start = newline + 1
        }
        lineBuffers[id] = Array(buffer[start...])
        if !echo.isEmpty {
            loop?.send(echo, to: id)
        }
    }

    func connectionDrained(_ id: ConnectionID) {
        locked { _drained.append((id, Thread.current == loopThread)) }
        loop?.send(Array("\ndrained\n".utf8), to: id)
    }

    func connectionClosed(_ id: ConnectionID, reason: CloseReason) {
        lineBuffers[id] = nil
        locked { _closed[id] = reason }
    }

    private func flood(_ id: ConnectionID) {
        guard let loop, locked({ _closed[id] == nil }) else { return }
        loop.send([UInt8](repeating: 0x78, count: 32 * 1024), to: id)
        loop.schedule(after: .milliseconds(1)) { [weak self] in
            self?.flood(id)
        }
    }

    /// The connection whose peer is 127.0.0.1 at this port (a client's own port), once opened.
    func connection(fromPort port: UInt16) -> ConnectionID? {
        peers.first { $0.value == "127.0.0.1:\(port)" }?.key
    }

    /// Polls `condition` every 5 ms for up to `seconds` (times `TEST_TIME_SCALE`).
    func wait(seconds: Double = 10, until condition: (EchoDelegate) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(TestBudget.seconds(seconds))
        while Date() < deadline {
            if condition(self) { return true }
            usleep(5_000)
        }
        return condition(self)
    }
}

enum TestPattern {
    /// Deterministic, non-repeating-looking bytes without newlines.
    static func bytes(_ count: Int) -> [UInt8] {
        (0 ..< count).map { UInt8(truncatingIfNeeded: ($0 &* 31 &+ $0 / 251) % 250) &+ 11 }
    }
}

/// An EventLoop with an EchoDelegate, listening on 127.0.0.1:0 and running on
/// its own thread. Every test that starts one stops it.
final class LoopThread: @unchecked Sendable {
    let loop: EventLoop
    let delegate = EchoDelegate()
    let port: UInt16
    private let finished = DispatchSemaphore(value: 0)
    private var runError: NetworkError?
    private var stopResult: String??

    init(limits: NetworkLimits = NetworkLimits(), host: String = "127.0.0.1") throws {
        loop = try EventLoop(limits: limits)
        loop.delegate = delegate
        delegate.loop = loop
        port = try loop.listen(host: host, port: 0).port
    }

    func start() {
        let thread = Thread { [self] in
            do throws(NetworkError) {
                try loop.run()
            } catch {
                runError = error
            }
            finished.signal()
        }
        delegate.loopThread = thread
        thread.start()
    }

    /// Waits (up to 10 s, times `TEST_TIME_SCALE`) until the loop holds more than `bytes` unsent
    /// for `connection`, asking it over a connection of its own; then the drains that
    /// connection had had at that moment (read in the same turn), or nil if it never held that much.
    func drainsWhileUnsent(_ connection: ConnectionID, moreThan bytes: Int) throws -> Int? {
        let observer = try TestClient(port: port)
        let deadline = Date().addingTimeInterval(TestBudget.seconds(10))
        while Date() < deadline {
            guard observer.send("UNSENT \(connection.rawValue)\n"), let reply = observer.readLine() else { return nil }
            let words = reply.split(separator: " ")
            if words.count == 4, let unsent = Int(words[1]), unsent > bytes { return Int(words[3]) }
            usleep(5_000)
        }
        return nil
    }

    /// Stops the loop from this thread and waits (bounded) for run() to return.
    /// Returns the error run() threw, or a failure if it did not stop in time.
    /// Idempotent: later calls return the first result.
    @discardableResult
    func stop() -> String? {
        if let stopResult { return stopResult }
        loop.stopper.wake()
        let result: String?
        if finished.wait(timeout: .now() + 10) == .success {
            result = runError.map { "run() threw \($0)" }
            // The thread's closure holds this object, which holds the delegate, which holds
            // the thread: once the loop has stopped, the cycle is broken here.
            delegate.loopThread = nil
        } else {
            result = "loop did not stop"
        }
        stopResult = .some(result)
        return result
    }
}
