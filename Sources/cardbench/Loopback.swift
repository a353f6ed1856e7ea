import CLinux
import Glibc
import SystemCall

/// A benchmark that could not run, in words: the call that failed and why.
struct BenchError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// A failed system call: its name and the text of `errno`.
    static func system(_ call: String, _ code: Int32 = errno) -> BenchError {
        BenchError("\(call): \(errorText(code))")
    }
}

/// The text of an errno value.
func errorText(_ code: Int32) -> String {
    SystemError.text(forErrno: code)
}

/// Non-blocking TCP sockets to a server on this machine.
enum Loopback {
    /// Whether `host` is an IPv4 address in 127.0.0.0/8.
    static func isLoopback(_ host: String) -> Bool {
        guard let address = address(host) else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    /// The IPv4 address `host` spells, or nil.
    static func address(_ host: String) -> in_addr? {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1 ? address : nil
    }

    /// Starts a non-blocking connection with TCP_NODELAY on.
    /// - Returns: the socket, and whether it is already connected (else it
    ///   becomes writable when the handshake ends; see ``connectionError(_:)``).
    /// - Throws: ``BenchError`` when no socket can be made or the connect fails at once.
    static func connect(to address: in_addr, port: UInt16) throws(BenchError) -> (fd: Int32, connected: Bool) {
        let fd = clinux_tcp_socket(AF_INET)
        guard fd >= 0 else {
            throw errno == EMFILE || errno == ENFILE
                ? BenchError("socket: \(errorText(errno)) (the open-file limit is \(openFileLimit()))")
                : .system("socket")
        }
        _ = clinux_set_nodelay(fd)
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        socketAddress.sin_addr = address
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result == 0 { return (fd, true) }
        let code = errno
        if code == EINPROGRESS { return (fd, false) }
        close(fd)
        throw .system("connect(\(text(address)):\(port))", code)
    }

    /// The dotted form of an IPv4 address.
    static func text(_ address: in_addr) -> String {
        var address = address
        var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        return buffer.withUnsafeMutableBufferPointer { out in
            inet_ntop(AF_INET, &address, out.baseAddress, socklen_t(out.count)).map { String(cString: $0) } ?? "?"
        }
    }

    /// The outcome of a non-blocking connect that became writable: 0, or the errno it failed with.
    static func connectionError(_ fd: Int32) -> Int32 {
        var code: Int32 = 0
        return clinux_getsockopt_int(fd, SOL_SOCKET, SO_ERROR, &code) == 0 ? code : errno
    }

    /// One send of up to `count` bytes; never raises SIGPIPE.
    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) throws(SystemError) -> IOResult<Int> {
        try Syscall.nonBlocking("send", clinux_send(fd, bytes, count))
    }

    /// Sends `bytes[offset...]` with one call.
    /// - Returns: how many bytes the socket did not take; they must wait for EPOLLOUT.
    static func send(_ fd: Int32, _ bytes: [UInt8], from offset: Int = 0) throws(BenchError) -> Int {
        let count = bytes.count - offset
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemError) in try send(fd, raw.baseAddress! + offset, count) }
        }
        switch result {
        case .success(.done(let sent)): return count - sent
        case .success(.wouldBlock): return count
        case .failure(let error): throw BenchError(error.description)
        }
    }

    /// One receive into `buffer`: `.done(0)` when the server closed the connection.
    static func receive(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try Syscall.nonBlocking("recv", clinux_recv(fd, buffer.baseAddress, buffer.count))
    }
}

/// A level-triggered epoll set: descriptors in, ready (token, events) pairs out.
final class Poller {
    let fd: Int32
    let capacity: Int
    private let events: UnsafeMutableRawPointer

    init(capacity: Int = 1_024) throws(BenchError) {
        fd = clinux_epoll_create()
        guard fd >= 0 else { throw .system("epoll_create1") }
        self.capacity = capacity
        events = .allocate(byteCount: capacity * clinux_epoll_event_size(), alignment: 8)
    }

    deinit {
        close(fd)
        events.deallocate()
    }

    /// Watches `socket` for `mask` (CLINUX_EPOLL_IN, CLINUX_EPOLL_OUT), reporting `token`.
    func add(_ socket: Int32, token: Int, mask: UInt32) throws(BenchError) {
        guard clinux_epoll_ctl(fd, CLINUX_EPOLL_CTL_ADD, socket, mask, UInt64(token)) == 0 else { throw .system("epoll_ctl(ADD)") }
    }

    /// Changes what `socket` is watched for.
    func modify(_ socket: Int32, token: Int, mask: UInt32) throws(BenchError) {
        guard clinux_epoll_ctl(fd, CLINUX_EPOLL_CTL_MOD, socket, mask, UInt64(token)) == 0 else { throw .system("epoll_ctl(MOD)") }
    }

    /// Stops watching `socket`.
    func remove(_ socket: Int32) throws(BenchError) {
        guard clinux_epoll_ctl(fd, CLINUX_EPOLL_CTL_DEL, socket, 0, 0) == 0 else { throw .system("epoll_ctl(DEL)") }
    }

    /// Waits up to `milliseconds` (-1: for ever) for ready descriptors.
    /// - Returns: how many are ready: read each with ``token(_:)`` and ``mask(_:)``.
    func wait(milliseconds: Int32) throws(BenchError) -> Int {
        let ready = clinux_epoll_wait(fd, events, Int32(capacity), milliseconds)
        if ready < 0 {
            guard errno == EINTR else { throw .system("epoll_wait") }
            return 0
        }
        return Int(ready)
    }

    func token(_ index: Int) -> Int { Int(clinux_epoll_event_token(events, Int32(index))) }

    func mask(_ index: Int) -> UInt32 { clinux_epoll_event_mask(events, Int32(index)) }
}

/// The bytes received on one connection, cut into lines at `\n`.
struct LineBuffer {
    /// The start of a line whose end has not arrived.
    private(set) var pending: [UInt8] = []

    /// Calls `body` with each line completed by `chunk`, without its `\n`,
    /// and keeps what follows the last `\n` for the next chunk.
    ///
    /// When nothing is held back (a reply arrives whole) the lines are views
    /// into `chunk`: nothing is copied or allocated.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        var start = 0
        if !pending.isEmpty {
            guard let newline = memchr(base, 10, chunk.count) else {
                pending.append(contentsOf: chunk)
                return
            }
            let end = base.distance(to: UnsafeRawPointer(newline))
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<end]))
            pending.withUnsafeBytes(body)
            pending.removeAll(keepingCapacity: true)
            start = end + 1
        }
        while start < chunk.count, let newline = memchr(base + start, 10, chunk.count - start) {
            let end = base.distance(to: UnsafeRawPointer(newline))
            body(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
            start = end + 1
        }
        if start < chunk.count {
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start...]))
        }
    }
}

/// The soft limit on open files of this process.
func openFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    return Int(clamping: limit.rlim_cur)
}

/// Raises this process's soft limit on open files to its hard limit, as a
/// load generator holding thousands of sockets must.
/// - Returns: the soft limit now in force.
@discardableResult
func raiseOpenFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    if limit.rlim_cur < limit.rlim_max {
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }
    return openFileLimit()
}

/// Fails unless `sockets` more descriptors fit under the open-file limit (after raising it).
/// - Throws: ``BenchError`` saying the limit and what to do.
func requireOpenFiles(_ sockets: Int) throws(BenchError) {
    // stdin/out/err, epoll and a few spares.
    let needed = sockets + 16
    let limit = raiseOpenFileLimit()
    guard limit >= needed else {
        throw BenchError(
            "the open-file limit is \(limit), too low for \(sockets) connections (\(needed) files); "
                + "raise the hard limit (ulimit -Hn, /etc/security/limits.conf) and run again")
    }
}
