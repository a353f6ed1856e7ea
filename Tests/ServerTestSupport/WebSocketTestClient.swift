import Foundation
import Glibc
import TestServers
import Wire

/// A blocking loopback WebSocket client written frame by frame, so a test can send what a
/// browser would never send (unmasked frames, torn UTF-8, a close inside a fragmented message).
/// As a ``LineClient`` it sends each line as one masked text frame and reads text frames as lines.
package final class WebSocketTestClient: LineClient {
    /// The socket underneath, for the HTTP exchange and the frames.
    package let socket: TestClient
    package var token: String?
    private var pending: [UInt8] = []
    private let check = ServerLineCheck()
    /// The status line and headers of the server's reply to the upgrade.
    package private(set) var handshake = ""

    /// Connects and upgrades on `/ws`.
    /// - Throws: `TestFailure` when the server does not answer 101 (the reply is in the message).
    /// - Parameter receiveBuffer: a small SO_RCVBUF makes a client that never reads fill up fast.
    package init(port: UInt16, origin: String? = nil, timeout: TimeInterval = 5, receiveBuffer: Int32? = nil) throws {
        socket = try TestClient(port: port, timeout: timeout, receiveBuffer: receiveBuffer)
        var request = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        socket.sendRaw(Array((request + "\r\n").utf8))
        handshake = try readHead()
        guard handshake.hasPrefix("HTTP/1.1 101 ") else { throw TestFailure("upgrade refused: \(handshake)") }
    }

    /// Reads the bytes up to and including the blank line ending an HTTP head.
    private func readHead() throws -> String {
        while true {
            if let end = pending.indices.first(where: { pending[$0...].starts(with: [13, 10, 13, 10]) }) {
                let head = String(decoding: pending[..<(end + 4)], as: UTF8.self)
                pending.removeSubrange(..<(end + 4))
                return head
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { throw TestFailure("connection closed by the server") }
        if count < 0 { throw TestFailure("nothing within the timeout (errno \(errno))") }
        pending.append(contentsOf: chunk[..<count])
    }

    /// A client frame, masked unless asked not to be.
    package static func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case 0 ... 125: frame.append(maskBit | UInt8(payload.count))
        case 126 ... 0xFFFF: frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [maskBit | 127] + (0 ..< 8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
        }
        guard masked else { return frame + payload }
        let mask: [UInt8] = [0x5A, 0x13, 0xC7, 0x81]
        return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// Sends a frame as it is given.
    package func sendFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) {
        socket.sendRaw(Self.frame(opcode, payload, fin: fin, masked: masked))
    }

    /// The next frame from the server: its opcode and payload. Server frames are never masked
    /// and never fragmented here; either would fail the test.
    package func receiveFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
        while true {
            if pending.count >= 2 {
                guard pending[0] & 0x80 != 0, pending[1] & 0x80 == 0 else { throw TestFailure("a server frame fragmented or masked: \(pending.prefix(2))") }
                var length = Int(pending[1] & 0x7F)
                var start = 2
                if length == 126, pending.count >= 4 {
                    length = Int(pending[2]) << 8 | Int(pending[3])
                    start = 4
                } else if length == 127, pending.count >= 10 {
                    length = pending[2 ..< 10].reduce(0) { $0 << 8 | Int($1) }
                    start = 10
                }
                if length < 126 || start > 2, pending.count >= start + length {
                    let frame = (pending[0] & 0x0F, Array(pending[start ..< (start + length)]))
                    pending.removeSubrange(..<(start + length))
                    return frame
                }
            }
            try fill()
        }
    }

    /// The next close frame's code and reason, skipping text frames before it.
    package func receiveClose() throws -> (code: UInt16, reason: String) {
        while true {
            let (opcode, payload) = try receiveFrame()
            if opcode == 0x8 {
                guard payload.count >= 2 else { return (0, "") }
                return (UInt16(payload[0]) << 8 | UInt16(payload[1]), String(decoding: payload[2...], as: UTF8.self))
            }
        }
    }

    package func send(_ line: String) {
        sendFrame(0x1, Array(line.utf8))
    }

    package func sendRaw(_ bytes: [UInt8]) {
        socket.sendRaw(bytes)
    }

    /// The next text frame's text; pings are answered on the way, pongs skipped.
    package func receiveLine() throws -> String {
        while true {
            let (opcode, payload) = try receiveFrame()
            switch opcode {
            case 0x1:
                let line = String(decoding: payload, as: UTF8.self)
                check.read(line)
                return line
            case 0x9:
                sendFrame(0xA, payload)
            case 0xA:
                continue
            case 0x8:
                throw TestFailure("closed by the server: \(payload)")
            default:
                throw TestFailure("unexpected opcode \(opcode)")
            }
        }
    }

    package func close() {
        socket.close()
    }

    /// Whether the server closed the TCP connection (after whatever frames it sent).
    package func isClosedByServer() -> Bool {
        socket.isClosedByServer()
    }
}

/// A real server whose clients connect over WebSocket: the same tests, the other transport.
package struct WebSocketServer: ServerUnderTest {
    package let process: ServerProcess

    package init(process: ServerProcess) {
        self.process = process
    }

    package func connect(from source: String?) throws -> WebSocketTestClient {
        try WebSocketTestClient(port: process.port)
    }
}

/// One HTTP exchange on a new connection: what the server answered before it closed or the
/// reply was whole (by its Content-Length).
package func httpExchange(port: UInt16, _ request: String) throws -> (status: Int, headers: [String: String], body: String, raw: String, bodyBytes: [UInt8]) {
    let client = try TestClient(port: port, timeout: 5)
    client.sendRaw(Array(request.utf8))
    return try readHTTPReply(client)
}

/// Reads one HTTP reply from `client`: its head, then as many bytes as its Content-Length says
/// (none for a reply to HEAD, whose head says the length of what a GET would get). The body
/// comes as text and as its bytes (a gzip-compressed one is no text).
package func readHTTPReply(_ client: TestClient, headOnly: Bool = false) throws -> (status: Int, headers: [String: String], body: String, raw: String, bodyBytes: [UInt8]) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        if let end = bytes.indices.first(where: { bytes[$0...].starts(with: [13, 10, 13, 10]) }) {
            let head = String(decoding: bytes[..<end], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst()
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = headOnly ? 0 : Int(headers["content-length"] ?? "0") ?? 0
            while bytes.count < end + 4 + length {
                let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw TestFailure("the reply ended early: \(String(decoding: bytes, as: UTF8.self))") }
                bytes += chunk[..<count]
            }
            let status = Int(statusLine.split(separator: " ")[1]) ?? 0
            let bodyBytes = Array(bytes[(end + 4) ..< (end + 4 + length)])
            let body = String(decoding: bodyBytes, as: UTF8.self)
            let raw = String(decoding: bytes[..<(end + 4 + length)], as: UTF8.self)
            return (status, headers, body, raw, bodyBytes)
        }
        let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw TestFailure("no reply: \(String(decoding: bytes, as: UTF8.self))") }
        bytes += chunk[..<count]
    }
}
