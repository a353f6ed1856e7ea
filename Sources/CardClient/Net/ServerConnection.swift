import Glibc
import SystemCall
import Wire

/// A non-blocking TCP connection to the server that speaks in lines.
///
/// The event loop polls ``fd`` for ``pollEvents`` and calls ``handle(revents:)``, which
/// finishes the connect, writes what is queued and returns the complete lines received.
public final class ServerConnection {
    /// The most bytes one received line may take (a `state` of a big game is a few kilobytes).
    public static let maxLineBytes = 1 << 20

    /// Why the connection ended, in words for the status line.
    public struct Closed: Error, Equatable {
        /// "the server closed the connection", "connect: Connection refused", …
        public let reason: String
    }

    /// The socket.
    public let fd: Int32
    /// `host:port` as given, for messages.
    public let address: String
    /// Whether the TCP handshake is still under way.
    public private(set) var isConnecting = true
    private var output: [UInt8] = []
    private var framer = LineFramer(maxLineBytes: ServerConnection.maxLineBytes)

    /// Starts connecting to `host:port` (a name or a numeric IPv4 or IPv6 address).
    /// - Throws: ``Closed`` when the name does not resolve or no socket can be made.
    public init(host: String, port: UInt16) throws(Closed) {
        address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw Closed(reason: "cannot find \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = SystemError(call: "connect", errno: ECONNREFUSED)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let socketFD = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socketFD >= 0 else { continue }
            _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            setsockopt(socketFD, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(socketFD, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
                fd = socketFD
                return
            }
            lastError = SystemError(call: "connect", errno: errno)
            Glibc.close(socketFD)
        }
        throw Closed(reason: "cannot connect to \(host):\(port): \(lastError.message)")
    }

    deinit {
        Glibc.close(fd)
    }

    /// The poll events to wait for: writable while connecting or while output waits, else readable.
    public var pollEvents: Int16 {
        if isConnecting { return Int16(POLLOUT) }
        return Int16(POLLIN) | (output.isEmpty ? 0 : Int16(POLLOUT))
    }

    /// Waits, blocking, until the TCP handshake is done: what a client checks before it takes
    /// the screen, so "no server" is one line on stderr instead of a full-screen error.
    /// - Throws: ``Closed`` when the connect fails or takes longer than `timeoutMilliseconds`.
    public func waitUntilConnected(timeoutMilliseconds: Int) throws(Closed) {
        let deadline = Clock.now() + timeoutMilliseconds
        while isConnecting {
            let left = deadline - Clock.now()
            guard left > 0 else { throw Closed(reason: "no answer from \(address) within \(timeoutMilliseconds / 1000) s") }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left, Int(Int32.max))))
            if ready < 0, errno != EINTR { throw Closed(reason: "cannot connect to \(address): \(SystemError(call: "poll", errno: errno).message)") }
            if ready > 0 { _ = try handle(revents: entry.revents) }
        }
    }

    /// Queues a line (a newline is added) and writes what the socket takes now.
    public func send(_ line: String) throws(Closed) {
        output.append(contentsOf: line.utf8)
        output.append(UInt8(ascii: "\n"))
        if !isConnecting { try flush() }
    }

    /// Handles what poll reported for ``fd``.
    /// - Returns: the complete lines received, in order.
    /// - Throws: ``Closed`` when the connection failed or the server closed it.
    public func handle(revents: Int16) throws(Closed) -> [[UInt8]] {
        if isConnecting {
            guard revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 else { return [] }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            guard code == 0 else { throw Closed(reason: "cannot connect to \(address): \(SystemError(call: "connect", errno: code).message)") }
            isConnecting = false
            try flush()
            return []
        }
        if revents & Int16(POLLOUT) != 0 { try flush() }
        guard revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return [] }
        return try receive()
    }

    private func receive() throws(Closed) -> [[UInt8]] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let received = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try Syscall.nonBlocking("recv", recv(fd, buffer.baseAddress, buffer.count, 0)) }
        }
        let result: IOResult<Int>
        switch received {
        case .success(let outcome): result = outcome
        case .failure(let error): throw Closed(reason: "the connection broke (\(error.message))")
        }
        guard case .done(let count) = result else { return [] }
        guard count > 0 else { throw Closed(reason: "the server closed the connection") }
        chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        var lines: [[UInt8]] = []
        while let frame = framer.next() {
            switch frame {
            case .line(let line): lines.append(line)
            // Handed on as an unreadable (empty) line, so the player is told one was lost.
            case .tooLong: lines.append([])
            }
        }
        return lines
    }

    private func flush() throws(Closed) {
        while !output.isEmpty {
            let sent = output.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in
                    try Syscall.nonBlocking("send", Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)))
                }
            }
            let result: IOResult<Int>
            switch sent {
            case .success(let outcome): result = outcome
            case .failure(let error): throw Closed(reason: "the connection broke (\(error.message))")
            }
            guard case .done(let count) = result else { return }
            output.removeFirst(count)
        }
    }
}
