import Foundation
import Glibc
import Wire
import TestServers

/// A blocking loopback connection speaking protocol 1 line by line: the other player, or a
/// spectator that reads the board.
final class RawClient {
    private var fd: Int32
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:port, logs in as `name` and reads `hello` and `welcome`.
    convenience init(port: UInt16, name: String) throws {
        try self.init(port: port, login: #"{"type":"login","name":"\#(name)"}"#)
    }

    /// Connects to 127.0.0.1:port, sends `login` (a guest's, or an account's with its password)
    /// and reads `hello` and `welcome`, waiting up to `seconds` for each line (a password takes
    /// a debug build seconds to check).
    init(port: UInt16, login: String, seconds: Int = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("connect to \(port): errno \(errno)") }
        // Speaking first, the server greets at once: no greeting delay to wait out.
        send(login)
        try expect("hello")
        try expect("welcome")
    }

    deinit { close(fd) }

    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The next message.
    func receive() throws -> JSONObject {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                guard let object = try JSONParser.parse(line).objectValue else { throw TestFailure("not an object") }
                return object
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw TestFailure("no line from the server (errno \(errno))") }
            pending += chunk[..<count]
        }
    }

    /// Reads until a message of `type` for which `accept` holds; returns it.
    @discardableResult
    func expect(_ type: String, where accept: (JSONObject) -> Bool = { _ in true }) throws -> JSONObject {
        for _ in 0..<200 {
            let message = try receive()
            if message["type"]?.stringValue == type, accept(message) { return message }
        }
        throw TestFailure("no \(type) in 200 messages")
    }
}
