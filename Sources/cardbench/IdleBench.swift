import CLinux
import Glibc
import SystemCall

/// `cardbench idle`: opens connections, logs each in, holds them all open,
/// and reports what they cost the server in memory.
final class IdleBench {
    /// How long all the connections may take to be welcomed.
    static let establishTimeoutSeconds: UInt64 = 60
    /// Connections opened but not yet welcomed, at most (see ``SetBench/connectWindow``).
    static let connectWindow = 256

    private enum Stage {
        case connecting, loggingIn, welcomed
    }

    private let options: IdleOptions
    private let poller: Poller
    private var fds: [Int32] = []
    private var stages: [Stage] = []
    private var lines: [LineBuffer] = []
    /// Each connection's frames, with `--websocket`.
    private var frames: [WebSocketFrames] = []
    private var scratch = [UInt8](repeating: 0, count: 16_384)
    private var opening = 0
    private var welcomed = 0
    private var dropped = 0
    private var refusal: String?

    init(_ options: IdleOptions) throws(BenchError) {
        self.options = options
        poller = try Poller()
    }

    /// Connects and logs in every connection, holds them `--seconds`, and prints the figures.
    /// - Throws: ``BenchError`` when the open-file limit is too low, or not every connection was welcomed.
    func run() throws(BenchError) {
        guard let address = Loopback.address(options.host) else { throw BenchError("bad address \(options.host)") }
        try requireOpenFiles(options.connections)
        print(
            "idle: \(options.host):\(options.port), \(options.connections) \(options.webSocket ? "WebSocket " : "")connections, held \(options.seconds) s")
        print("open-file limit: \(openFileLimit())")
        let before = options.serverPID.flatMap(ServerMemory.of)
        if let before { print("server RSS before: \(ServerMemory.mebibytes(before.residentKiB))") }
        defer { for fd in fds { close(fd) } }

        let start = monotonicNanoseconds()
        let giveUp = start + Self.establishTimeoutSeconds * 1_000_000_000
        var now = start
        while welcomed < options.connections, refusal == nil, now < giveUp {
            while opening < Self.connectWindow, fds.count < options.connections {
                let (fd, _) = try Loopback.connect(to: address, port: options.port)
                try poller.add(fd, token: fds.count, mask: CLINUX_EPOLL_IN | CLINUX_EPOLL_OUT)
                fds.append(fd)
                stages.append(.connecting)
                lines.append(LineBuffer())
                frames.append(WebSocketFrames())
                opening += 1
            }
            try pollOnce(milliseconds: 100)
            now = monotonicNanoseconds()
        }
        let established = now
        print("connections established: \(welcomed) of \(options.connections)")
        print("time to establish: \((established - start) / 1_000_000) ms")

        let holdEnd = monotonicNanoseconds() + UInt64(options.seconds) * 1_000_000_000
        while welcomed == options.connections, monotonicNanoseconds() < holdEnd {
            try pollOnce(milliseconds: 100)
        }
        if let pid = options.serverPID, let after = ServerMemory.of(pid) {
            print(
                "server RSS: \(ServerMemory.mebibytes(after.residentKiB)) (peak \(ServerMemory.mebibytes(after.peakKiB)))")
            if let before, welcomed > 0 {
                print("per connection: \((after.residentKiB - before.residentKiB) * 1_024 / welcomed) bytes")
            }
        }
        print("dropped while held: \(dropped)")
        if let refusal { throw BenchError("the server refused a connection: \(refusal)") }
        guard welcomed == options.connections else {
            throw BenchError(
                "only \(welcomed) of \(options.connections) connections were welcomed within "
                    + "\(Self.establishTimeoutSeconds) s (is the server's open-file limit or --max-clients too low?)")
        }
        guard dropped == 0 else { throw BenchError("the server closed \(dropped) connections while they were held") }
    }

    private static let welcomePrefix = Array("{\"type\":\"welcome\"".utf8)
    private static let errorPrefix = Array("{\"type\":\"error\"".utf8)

    private func pollOnce(milliseconds: Int32) throws(BenchError) {
        let ready = try poller.wait(milliseconds: milliseconds)
        for event in 0..<ready {
            let index = poller.token(event), mask = poller.mask(event), fd = fds[index]
            if stages[index] == .connecting {
                guard mask & CLINUX_EPOLL_OUT != 0 else { continue }
                let code = Loopback.connectionError(fd)
                guard code == 0 else { throw .system("connect(\(options.host):\(options.port))", code) }
                try poller.modify(fd, token: index, mask: CLINUX_EPOLL_IN)
                stages[index] = .loggingIn
                // Over WebSocket, the login frame goes right behind the upgrade: the server reads it after its 101.
                let login = options.webSocket
                    ? WebSocketFrames.upgradeRequest(host: options.host, port: options.port)
                        + WebSocketFrames.clientFrame("{\"type\":\"login\",\"name\":\"idle\(index)\"}")
                    : Array("{\"type\":\"login\",\"name\":\"idle\(index)\"}\n".utf8)
                guard try Loopback.send(fd, login) == 0 else {
                    throw BenchError("the socket of connection \(index) did not take a login line")
                }
                continue
            }
            try readable(index)
        }
    }

    /// A message from the server: the welcome, or the error that refuses the connection.
    private func take(_ line: UnsafeRawBufferPointer, _ index: Int) {
        if line.starts(with: Self.welcomePrefix), stages[index] == .loggingIn {
            stages[index] = .welcomed
            welcomed += 1
            opening -= 1
        } else if line.starts(with: Self.errorPrefix), refusal == nil {
            refusal = String(decoding: line.prefix(300), as: UTF8.self)
        }
    }

    private func readable(_ index: Int) throws(BenchError) {
        let fd = fds[index]
        let result = scratch.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try Loopback.receive(fd, buffer) }
        }
        switch result {
        case .success(.done(let count)) where count > 0:
            if options.webSocket {
                var buffer = frames[index]
                frames[index] = WebSocketFrames()
                var pongs: [UInt8] = []
                scratch.withUnsafeBytes { bytes in
                    buffer.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { opcode, payload in
                        switch opcode {
                        case 0x1: take(payload, index)
                        // Held past 30 s, a silent WebSocket is pinged: the answer keeps it open.
                        case 0x9: pongs += WebSocketFrames.pong(payload)
                        default: break
                        }
                    }
                }
                frames[index] = buffer
                if let refused = buffer.refusal, refusal == nil { refusal = refused }
                if !pongs.isEmpty { _ = try Loopback.send(fd, pongs) }
            } else {
                var buffer = lines[index]
                lines[index] = LineBuffer()
                scratch.withUnsafeBytes { bytes in
                    buffer.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { line in take(line, index) }
                }
                lines[index] = buffer
            }
        case .success(.wouldBlock):
            return
        case .success(.done), .failure:
            // A dead socket stays readable: stop watching it (it is closed at the end).
            try poller.remove(fds[index])
            dropped += 1
            if stages[index] != .welcomed, refusal == nil {
                refusal = "connection \(index) was closed before its welcome"
            }
        }
    }
}
