import CLinux
import Foundation
import Glibc

/// A blocking line client for the attack bench: one thread drives it, every read has a
/// timeout, and it can connect from a chosen loopback address (the server's per-address
/// caps then tell the innocent client from the attackers).
final class LineConnection {
    private(set) var fd: Int32
    private var pending: [UInt8] = []
    /// Set once the server closed the connection (EOF or reset).
    private(set) var closedByServer = false

    /// Connects from `source` (a loopback address, port chosen by the kernel) to `host:port`.
    /// - Parameters:
    ///   - receiveBuffer: a small SO_RCVBUF makes a client that does not read fill up fast.
    ///   - timeoutMilliseconds: how long a read or write may block.
    init(host: String, port: UInt16, source: String, receiveBuffer: Int32? = nil, timeoutMilliseconds: Int = 2_000) throws(BenchError) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .system("socket") }
        var timeout = timeval(tv_sec: timeoutMilliseconds / 1000, tv_usec: (timeoutMilliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = clinux_set_nodelay(fd)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        guard let from = Loopback.address(source), let to = Loopback.address(host) else {
            Glibc.close(fd)
            throw BenchError("not IPv4 addresses: \(source), \(host)")
        }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr = from
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr = to
        let fd = self.fd
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .system(bound != 0 ? "bind(\(source))" : "connect(\(host):\(port))", code)
        }
    }

    deinit {
        close()
    }

    func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    /// Sends bytes; false if the connection failed or the send timed out.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 {
                if errno == EPIPE || errno == ECONNRESET { closedByServer = true }
                return false
            }
            offset += written
        }
        return true
    }

    /// Sends one line (a newline is added).
    @discardableResult
    func send(_ line: String) -> Bool {
        send(Array((line + "\n").utf8))
    }

    /// The next line, or nil on timeout or close (see ``closedByServer``).
    func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            // Not zeroed first: 10,000 connections read in turn (pool-wave) spent the bench's
            // CPU clearing 64 KiB a read, which the innocent's pinger then waited for.
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: 65_536) { buffer, initialized in
                let count = recv(fd, buffer.baseAddress, buffer.count, 0)
                if count < 0 { failure = errno }
                initialized = max(0, count)
            }
            if failure == EINTR { continue }
            if chunk.isEmpty && failure == 0 || failure == ECONNRESET {
                closedByServer = true
                return nil
            }
            if failure != 0 { return nil }
            pending.append(contentsOf: chunk)
        }
    }

    /// Reads lines until one contains `marker`; returns the lines read before it, or nil
    /// when the connection closed or went quiet first.
    func readUntil(_ marker: String, limit: Int = 1_000_000) -> [String]? {
        var before: [String] = []
        while before.count < limit, let line = readLine() {
            if line.contains(marker) { return before }
            before.append(line)
        }
        return nil
    }

    /// Reads lines until one contains `marker`, and returns that one; nil when the connection
    /// closed or went quiet first.
    func readLine(containing marker: String) -> String? {
        while let line = readLine() {
            if line.contains(marker) { return line }
        }
        return nil
    }

    /// Connects, reads `hello`, logs in as `name` and reads `welcome`; nil if refused.
    static func player(_ name: String, host: String, port: UInt16, source: String, receiveBuffer: Int32? = nil) throws(BenchError) -> LineConnection? {
        let connection = try LineConnection(host: host, port: port, source: source, receiveBuffer: receiveBuffer)
        // The login goes first: a connection that speaks is greeted at once, where a silent one
        // waits 50 ms (the server's wait for a browser's request), which 1,000 players would feel.
        connection.send(#"{"type":"login","name":"\#(name)"}"#)
        guard connection.readLine()?.contains(#""hello""#) == true else { return nil }
        guard connection.readLine()?.contains(#""welcome""#) == true else { return nil }
        return connection
    }

    /// The `code` of an error line, or its `type`.
    static func kind(of line: String) -> String {
        // An HTTP reply (a WebSocket upgrade refused): its version and status, "HTTP/1.1 503".
        if line.hasPrefix("HTTP/") {
            return line.split(separator: " ").prefix(2).joined(separator: " ")
        }
        for key in [#""code":""#, #""type":""#] {
            if let range = line.range(of: key) {
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            }
        }
        return "?"
    }
}
