import Glibc

/// The bytes cardserver sends one WebSocket connection of `cardbench ping --websocket`: the
/// `101` reply's head, skipped, then frames, each handed on with its opcode as a line is by
/// ``LineBuffer``.
///
/// Server frames are whole and unmasked (RFC 6455, 5.1).
struct WebSocketFrames {
    /// Bytes not yet cut into frames.
    private var pending: [UInt8] = []
    /// The reply to the upgrade has been read, and was `101`.
    private(set) var upgraded = false
    /// The upgrade was refused (its status line, for the error).
    private(set) var refusal: String?

    private static let headEnd: [UInt8] = [13, 10, 13, 10]
    private static let switching = Array("HTTP/1.1 101 ".utf8)

    /// The upgrade request a connection sends first: the RFC's example key will do, the
    /// server checks only its form.
    static func upgradeRequest(host: String, port: UInt16) -> [UInt8] {
        Array(("GET /ws HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
    }

    /// One protocol 1 line as a client's text frame: masked, as a client's must be, with the
    /// key 0, which leaves the payload as it is, so a batch is made once and sent as is.
    static func clientFrame(_ line: String) -> [UInt8] {
        let payload = Array(line.utf8)
        precondition(payload.count < 126, "a bench request fits a short frame")
        return [0x81, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload
    }

    /// A client's pong answering a server's ping with `payload` (at most 125 bytes), masked with the key 0.
    static func pong(_ payload: UnsafeRawBufferPointer) -> [UInt8] {
        [0x8A, 0x80 | UInt8(min(payload.count, 125)), 0, 0, 0, 0] + payload.prefix(125)
    }

    /// Calls `body` with the opcode and payload of each whole frame in `chunk` and what came before it.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (_ opcode: UInt8, _ payload: UnsafeRawBufferPointer) -> Void) {
        pending.append(contentsOf: chunk)
        var start = 0
        if !upgraded {
            guard let end = pending.indices.first(where: { pending[$0...].starts(with: Self.headEnd) }) else { return }
            guard pending.starts(with: Self.switching) else {
                refusal = String(decoding: pending.prefix(while: { $0 != 13 }), as: UTF8.self)
                pending = []
                return
            }
            upgraded = true
            start = end + 4
        }
        pending.withUnsafeBytes { bytes in
            while bytes.count - start >= 2 {
                var length = Int(bytes[start + 1] & 0x7F)
                var header = 2
                if length == 126 {
                    guard bytes.count - start >= 4 else { break }
                    length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
                    header = 4
                } else if length == 127 {
                    guard bytes.count - start >= 10 else { break }
                    length = (2 ..< 10).reduce(0) { $0 << 8 | Int(bytes[start + $1]) }
                    header = 10
                }
                guard bytes.count - start >= header + length else { break }
                body(bytes[start] & 0x0F, UnsafeRawBufferPointer(rebasing: bytes[(start + header) ..< (start + header + length)]))
                start += header + length
            }
        }
        pending.removeFirst(start)
    }
}
