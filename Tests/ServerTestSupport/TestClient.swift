import Foundation
import Glibc
import TestServers
import Wire

/// A blocking loopback client that speaks protocol 1 line by line, with a read timeout: a real
/// socket to a ``ServerProcess``.
package final class TestClient: LineClient {
    package private(set) var fd: Int32
    private var pending: [UInt8] = []
    /// Where the unread part of `pending` begins.
    private var start = 0
    package var token: String?
    private let check = ServerLineCheck()

    /// Connects to 127.0.0.1:port.
    /// - Parameters:
    ///   - receiveBuffer: a small SO_RCVBUF makes a client that never reads fill up fast.
    ///   - source: a loopback address to connect from (any of 127.0.0.0/8), so a test can
    ///     play several addresses for the per-address caps; nil lets the kernel pick 127.0.0.1.
    package init(port: UInt16, timeout: TimeInterval, receiveBuffer: Int32? = nil, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: \(errno)") }
        // Scaled like every other wait: a sanitized server answers several times slower.
        let timeout = TestBudget.seconds(timeout)
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - floor(timeout)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let code = errno
                close()
                throw TestFailure("bind to \(source): errno \(code)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            // close(), which forgets the descriptor: an initializer that throws once every
            // property is set still runs deinit, and a second close of the same number, taken
            // meanwhile by another test's socket, closed that one (seen as EBADF in CI).
            let code = errno
            close()
            throw TestFailure("connect to port \(port): errno \(code)")
        }
    }

    deinit {
        close()
    }

    /// Drops the connection, as a client whose network went away.
    package func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    /// Sends raw bytes as they are.
    package func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Sends one line (a newline is added).
    package func send(_ line: String) {
        sendRaw(Array((line + "\n").utf8))
    }

    /// The next line's text, without its newline.
    package func receiveLine() throws -> String {
        while true {
            if let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[start..<newline], as: UTF8.self)
                start = newline + 1
                check.read(line)
                return line
            }
            // What was read is dropped only before a read, so many lines in one chunk cost one move.
            pending.removeSubrange(..<start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { throw TestFailure("connection closed by the server") }
            if count < 0 { throw TestFailure("no line within the timeout (errno \(errno))") }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// Whether the server has closed the connection (reads and drops anything before the close).
    package func isClosedByServer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<10_000 {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
        return false
    }
}
