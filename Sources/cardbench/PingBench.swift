import CLinux
import Glibc
import SystemCall

/// `cardbench ping`: each connection runs a closed loop: send a batch of
/// `--pipeline` requests in one write, wait for all their replies, send the next.
///
/// One thread, non-blocking sockets on level-triggered epoll, the request
/// bytes made once: per batch the generator makes one `send`, a `recv` (one
/// when the replies come together) and two clock readings, and allocates
/// nothing, so that it costs the machine less than the server it measures.
/// The same loop speaks to cardserver and to redis-server, so the two figures
/// compare. Every reply counts as a request; latency is a batch's, from its
/// write to its last reply.
final class PingBench {
    static let warmUpSeconds = 1
    /// How long the connections may take to open and, for cardserver, to say hello.
    static let setupTimeoutSeconds: UInt64 = 10

    private enum Stage {
        case connecting
        case greeting
        case running
    }

    private struct Connection {
        let fd: Int32
        var stage = Stage.connecting
        /// When the batch in flight was sent; 0 when none is.
        var sentAt: UInt64 = 0
        /// Replies of that batch still to come.
        var awaited = 0
        /// Bytes of that batch the socket has not yet taken.
        var unsent = 0
    }

    private let options: PingOptions
    private let request: [UInt8]
    private let poller: Poller
    private var connections: [Connection] = []
    private var lines: [LineBuffer] = []
    /// Each connection's frames, with `--websocket`.
    private var frames: [WebSocketFrames] = []
    private var scratch = [UInt8](repeating: 0, count: 65_536)
    private var running = 0
    private var measureStart = UInt64.max
    private var measureEnd = UInt64.max
    private var latencies: [UInt64] = []
    /// Replies received inside the measured window.
    private var answered = 0
    private var unexpected = 0
    private var firstUnexpected: String?

    init(_ options: PingOptions) throws(BenchError) {
        self.options = options
        request = Self.batch(options.server, pipeline: options.pipeline)
        poller = try Poller()
        latencies.reserveCapacity(1 << 20)
    }

    /// The request line each protocol sends.
    static func requestLine(_ server: PingOptions.Server) -> String {
        switch server {
        case .cardserver, .websocket: "{\"type\":\"ping\"}\n"
        case .redis: "PING\r\n"
        }
    }

    /// The bytes of one batch: `pipeline` request lines, sent in one write.
    static func batch(_ server: PingOptions.Server, pipeline: Int) -> [UInt8] {
        if server == .websocket {
            return [[UInt8]](repeating: WebSocketFrames.clientFrame("{\"type\":\"ping\"}"), count: pipeline).flatMap { $0 }
        }
        return Array(String(repeating: requestLine(server), count: pipeline).utf8)
    }

    private static let pongPrefix = Array("{\"type\":\"pong\"".utf8)
    private static let helloPrefix = Array("{\"type\":\"hello\"".utf8)
    private static let redisPong = Array("+PONG".utf8)

    /// Whether `line` (without its `\n`) is the reply to a ping in the protocol of `server`.
    static func isPong(_ line: UnsafeRawBufferPointer, _ server: PingOptions.Server) -> Bool {
        switch server {
        case .cardserver, .websocket:
            return line.starts(with: pongPrefix)
        case .redis:
            let text = line.last == 13 ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
            return text.elementsEqual(redisPong)
        }
    }

    /// Opens the connections, warms up, measures, and prints the figures.
    /// - Throws: ``BenchError`` when a connection fails, or any reply was not the expected one.
    func run() throws(BenchError) {
        guard let address = Loopback.address(options.host) else { throw BenchError("bad address \(options.host)") }
        try requireOpenFiles(options.connections)
        print(
            "ping: \(options.server.rawValue) protocol, \(options.host):\(options.port), "
                + "\(options.connections) connections, \(options.pipeline) request\(options.pipeline == 1 ? "" : "s") a batch, "
                + "\(Self.warmUpSeconds) s warm-up, \(options.seconds) s measured")
        let setupDeadline = monotonicNanoseconds() + Self.setupTimeoutSeconds * 1_000_000_000
        defer { for connection in connections { close(connection.fd) } }
        for index in 0..<options.connections {
            let (fd, _) = try Loopback.connect(to: address, port: options.port)
            connections.append(Connection(fd: fd))
            lines.append(LineBuffer())
            frames.append(WebSocketFrames())
            // Writable once connected (at once, or when the handshake ends).
            try poller.add(fd, token: index, mask: CLINUX_EPOLL_IN | CLINUX_EPOLL_OUT)
        }
        var now = monotonicNanoseconds()
        while now < measureEnd {
            if running < connections.count, now > setupDeadline {
                throw BenchError(
                    "only \(running) of \(connections.count) connections were ready within \(Self.setupTimeoutSeconds) s")
            }
            let ready = try poller.wait(milliseconds: 100)
            for event in 0..<ready {
                try handle(poller.token(event), poller.mask(event))
            }
            now = monotonicNanoseconds()
        }
        let memory = ServerMemory.line(pid: options.serverPID)
        report(memory)
        if unexpected > 0 {
            throw BenchError("\(unexpected) replies were not a pong; the first: \(firstUnexpected ?? "")")
        }
    }

    private func handle(_ index: Int, _ mask: UInt32) throws(BenchError) {
        let fd = connections[index].fd
        if mask & CLINUX_EPOLL_OUT != 0 {
            try writable(index)
        }
        guard mask & (CLINUX_EPOLL_IN | CLINUX_EPOLL_ERR | CLINUX_EPOLL_HUP) != 0, connections[index].stage != .connecting else { return }
        let result = scratch.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try Loopback.receive(fd, buffer) }
        }
        switch result {
        case .success(.done(let count)) where count > 0:
            // One clock reading for every reply of this read: a batch's replies come together.
            let now = monotonicNanoseconds()
            if options.server == .websocket {
                var buffer = frames[index]
                frames[index] = WebSocketFrames()
                scratch.withUnsafeBytes { bytes in
                    buffer.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { opcode, line in
                        // Only text frames are messages; anything else (a close) answers no ping.
                        if opcode == 0x1 { reply(index, line, at: now) } else { noteUnexpected(line) }
                    }
                }
                frames[index] = buffer
                if let refusal = buffer.refusal { throw BenchError("the server refused the WebSocket upgrade: \(refusal)") }
            } else {
                var buffer = lines[index]
                lines[index] = LineBuffer()
                scratch.withUnsafeBytes { bytes in
                    buffer.feed(UnsafeRawBufferPointer(rebasing: bytes[..<count])) { line in reply(index, line, at: now) }
                }
                lines[index] = buffer
            }
            if connections[index].stage == .running, connections[index].unsent == 0,
               connections[index].sentAt == 0, now < measureEnd {
                try send(index)
            }
        case .success(.wouldBlock): return
        case .success(.done): throw BenchError("the server closed connection \(index)")
        case .failure(let error): throw BenchError(error.description)
        }
    }

    /// A line from the server: a hello to start the loop on, or a reply to the batch in flight.
    private func reply(_ index: Int, _ line: UnsafeRawBufferPointer, at now: UInt64) {
        switch connections[index].stage {
        case .connecting:
            return
        case .greeting:
            if !line.starts(with: Self.helloPrefix) { noteUnexpected(line) }
            connections[index].stage = .running
            running += 1
            startMeasuringIfReady()
        case .running:
            let sentAt = connections[index].sentAt
            // A line beyond the batch is unexpected whatever it says; any other still answers one request.
            guard connections[index].awaited > 0 else { return noteUnexpected(line) }
            if !Self.isPong(line, options.server) { noteUnexpected(line) }
            let inWindow = now >= measureStart && now <= measureEnd
            if inWindow { answered += 1 }
            connections[index].awaited -= 1
            guard connections[index].awaited == 0 else { return }
            if inWindow, sentAt >= measureStart { latencies.append(now - sentAt) }
            // Zero: free to send the next batch (`handle` does, after the lines of this read).
            connections[index].sentAt = 0
        }
    }

    private func writable(_ index: Int) throws(BenchError) {
        let connection = connections[index]
        switch connection.stage {
        case .connecting:
            let code = Loopback.connectionError(connection.fd)
            guard code == 0 else { throw .system("connect(\(options.host):\(options.port))", code) }
            try poller.modify(connection.fd, token: index, mask: CLINUX_EPOLL_IN)
            switch options.server {
            case .cardserver:
                connections[index].stage = .greeting
            case .websocket:
                // A few dozen bytes into an empty socket buffer: taken whole.
                let upgrade = WebSocketFrames.upgradeRequest(host: options.host, port: options.port)
                guard try Loopback.send(connection.fd, upgrade) == 0 else { throw BenchError("the upgrade request was not sent whole") }
                connections[index].stage = .greeting
            case .redis:
                connections[index].stage = .running
                running += 1
                startMeasuringIfReady()
                try send(index)
            }
        case .greeting, .running:
            guard connection.unsent > 0 else { return }
            let left = try Loopback.send(connection.fd, request, from: request.count - connection.unsent)
            connections[index].unsent = left
            if left == 0 { try poller.modify(connection.fd, token: index, mask: CLINUX_EPOLL_IN) }
        }
    }

    private func send(_ index: Int) throws(BenchError) {
        let fd = connections[index].fd
        connections[index].sentAt = monotonicNanoseconds()
        connections[index].awaited = options.pipeline
        let left = try Loopback.send(fd, request)
        if left > 0 {
            connections[index].unsent = left
            try poller.modify(fd, token: index, mask: CLINUX_EPOLL_IN | CLINUX_EPOLL_OUT)
        }
    }

    /// Once every connection runs, the warm-up starts, then the measured window.
    private func startMeasuringIfReady() {
        guard running == connections.count else { return }
        measureStart = monotonicNanoseconds() + UInt64(Self.warmUpSeconds) * 1_000_000_000
        measureEnd = measureStart + UInt64(options.seconds) * 1_000_000_000
    }

    private func noteUnexpected(_ line: UnsafeRawBufferPointer) {
        unexpected += 1
        if firstUnexpected == nil { firstUnexpected = String(decoding: line.prefix(200), as: UTF8.self) }
    }

    private func report(_ memory: String?) {
        print("requests: \(answered)")
        print("requests/s: \(fixed(Double(answered) / Double(options.seconds), digits: 0))")
        if latencies.isEmpty {
            print("latency: no request was answered in the measured window")
        } else {
            percentileLines("latency", Timings(nanoseconds: latencies)).forEach { print($0) }
        }
        if let memory { print(memory) }
    }
}
