/// The opcodes of RFC 6455, 5.2.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Whether it is a control frame (close, ping, pong): at most 125 bytes, never fragmented.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// The close codes this server sends (RFC 6455, 7.4.1).
public enum WebSocketCloseCode: UInt16, Sendable {
    /// The purpose of the connection is fulfilled.
    case normal = 1000
    /// The server is going down (`shutdown`).
    case goingAway = 1001
    /// The peer broke the protocol: an unmasked frame, a bad opcode, a fragmented control frame...
    case protocolError = 1002
    /// A binary frame: the protocol is text.
    case unsupportedData = 1003
    /// A text message that is not UTF-8.
    case invalidPayload = 1007
    /// The peer broke a rule of the server that has no code of its own (stopped answering pings).
    case policyViolation = 1008
    /// A message longer than the server's line limit.
    case messageTooBig = 1009
    /// The server is full, or the address has too many connections: try again later.
    case tryAgainLater = 1013

    /// Whether a peer may send `code` in a close frame (RFC 6455, 7.4: 1000-1003, 1007-1011,
    /// 3000-4999; 1004-1006 and 1015 are never sent, the rest are reserved).
    public static func peerMaySend(_ code: UInt16) -> Bool {
        switch code {
        case 1000 ... 1003, 1007 ... 1011, 3000 ... 4999: true
        default: false
        }
    }
}

/// Server frames: whole (FIN set), unmasked, as RFC 6455, 5.1 asks of a server.
public enum WebSocketFrame {
    /// The frame header for a payload of `count` bytes: 2, 4 or 10 bytes.
    public static func header(_ opcode: WebSocketOpcode, payloadCount count: Int) -> [UInt8] {
        let first = 0x80 | opcode.rawValue
        switch count {
        case 0 ... 125:
            return [first, UInt8(count)]
        case 126 ... 0xFFFF:
            return [first, 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        default:
            var header: [UInt8] = [first, 127]
            for shift in stride(from: 56, through: 0, by: -8) {
                header.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift)))
            }
            return header
        }
    }

    /// A whole frame with `payload`.
    public static func frame(_ opcode: WebSocketOpcode, _ payload: some Collection<UInt8>) -> [UInt8] {
        header(opcode, payloadCount: payload.count) + payload
    }

    /// A close frame with `code` and a reason cut to fit the 125 bytes of a control frame (at a character boundary).
    public static func close(_ code: UInt16, reason: String = "") -> [UInt8] {
        let all = Array(reason.utf8)
        // Cut at the start of a character, never inside one: a torn character is invalid UTF-8.
        var cut = min(all.count, 123)
        while cut < all.count, cut > 0, all[cut] & 0xC0 == 0x80 { cut -= 1 }
        let reasonBytes = all[..<cut]
        return frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes)
    }
}
