/// Reads a client's WebSocket frames (RFC 6455, 5) into whole messages and control frames,
/// enforcing every rule a server must: frames masked, no extensions, control frames short and
/// whole, fragments in order, text that is UTF-8 (checked as it arrives, across fragments),
/// and messages no longer than the server's line limit.
///
/// Memory is bounded by the limit: a frame announcing more than fits is refused from its
/// header, before any of its payload is kept.
public struct WebSocketReader: Sendable {
    /// What a client sent, one at a time.
    public enum Event: Equatable, Sendable {
        /// A whole text message, fragments joined.
        case text([UInt8])
        /// A ping, to be answered with a pong of the same payload.
        case ping([UInt8])
        /// A pong (the answer to the server's ping, or unasked: both are allowed).
        case pong([UInt8])
        /// The client began the closing handshake; `code` is nil when it gave none.
        case close(code: UInt16?, reason: String)
    }

    /// A broken rule: the server closes with `code`, giving `reason`.
    public struct Failure: Error, Equatable, Sendable {
        /// The close code to send.
        public let code: WebSocketCloseCode
        /// Words for the close frame and the log.
        public let reason: String
    }

    /// The longest text message, its fragments together.
    public let maxMessageBytes: Int
    /// Bytes received and not yet read, from `start` on.
    private var buffer: [UInt8] = []
    private var start = 0
    /// The text message being put together from fragments.
    private var message: [UInt8] = []
    private var inMessage = false
    /// Frames of the message being put together so far.
    private var fragments = 0
    private var utf8 = UTF8Validator()
    /// Set after a close or a failure: nothing more is read.
    private var stopped = false

    /// The most frames one message may come in: empty continuation frames, endlessly, would
    /// otherwise keep the loop busy with no message ever ending (browsers send one frame).
    public static let maxFragments = 64

    /// A reader of one connection's frames, refusing messages over `maxMessageBytes` with 1009.
    public init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Adds bytes received.
    /// Whether bytes wait that ``next()`` has not taken yet (frames not handed on).
    public var hasUnreadBytes: Bool { start < buffer.count }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes received.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next event, a failure (after which nothing more is read), or nil until more bytes arrive.
    public mutating func next() -> Result<Event, Failure>? {
        while !stopped {
            switch readFrame() {
            case nil:
                return nil
            case .failure(let failure)?:
                stopped = true
                buffer = []
                start = 0
                return .failure(failure)
            case .success(nil)?:
                continue // a fragment of a message not yet whole
            case .success(let event?)?:
                if case .close = event {
                    stopped = true
                }
                return .success(event)
            }
        }
        return nil
    }

    private func fail(_ code: WebSocketCloseCode, _ reason: String) -> Result<Event?, Failure>? {
        .failure(Failure(code: code, reason: reason))
    }

    /// One frame: an event, nil inside a fragmented message, or a failure; nil (outer) when incomplete.
    private mutating func readFrame() -> Result<Event?, Failure>? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        let isFinal = first & 0x80 != 0
        guard first & 0x70 == 0 else { return fail(.protocolError, "reserved bits set, and no extension was agreed") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            return fail(.protocolError, "unknown opcode \(first & 0x0F)")
        }
        guard second & 0x80 != 0 else { return fail(.protocolError, "a client's frames must be masked") }
        let shortLength = Int(second & 0x7F)
        if opcode.isControl {
            guard isFinal else { return fail(.protocolError, "a control frame may not be fragmented") }
            guard shortLength <= 125 else { return fail(.protocolError, "a control frame may carry at most 125 bytes") }
        }
        let lengthBytes = shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0
        let headerCount = 2 + lengthBytes + 4
        guard available >= headerCount else { return nil }
        var length = UInt64(shortLength)
        if lengthBytes > 0 {
            length = 0
            for offset in 0 ..< lengthBytes {
                length = length << 8 | UInt64(buffer[start + 2 + offset])
            }
            guard length >> 63 == 0 else { return fail(.protocolError, "the payload length's top bit is set") }
        }
        switch opcode {
        case .continuation:
            guard inMessage else { return fail(.protocolError, "a continuation frame with no message to continue") }
            guard fragments < Self.maxFragments else {
                return fail(.policyViolation, "a message may come in at most \(Self.maxFragments) frames")
            }
        case .text, .binary:
            guard !inMessage else { return fail(.protocolError, "a new message began before the last one ended") }
            guard opcode == .text else { return fail(.unsupportedData, "binary messages are not accepted: send protocol 1 as text") }
        default:
            break
        }
        if !opcode.isControl, UInt64(message.count) + length > UInt64(maxMessageBytes) {
            return fail(.messageTooBig, "a message may be at most \(maxMessageBytes) bytes")
        }
        let count = Int(length)
        guard available >= headerCount + count else { return nil }
        let maskStart = start + 2 + lengthBytes
        let mask = (buffer[maskStart], buffer[maskStart + 1], buffer[maskStart + 2], buffer[maskStart + 3])
        var payload = Array(buffer[(maskStart + 4) ..< (maskStart + 4 + count)])
        for index in payload.indices {
            switch index & 3 {
            case 0: payload[index] ^= mask.0
            case 1: payload[index] ^= mask.1
            case 2: payload[index] ^= mask.2
            default: payload[index] ^= mask.3
            }
        }
        start += headerCount + count
        switch opcode {
        case .text, .continuation:
            guard payload.withUnsafeBytes({ utf8.feed($0) }) else { return fail(.invalidPayload, "a text message must be UTF-8") }
            message += payload
            inMessage = true
            fragments += 1
            guard isFinal else { return .success(nil) }
            guard utf8.isAtBoundary else { return fail(.invalidPayload, "a text message must be UTF-8 (it ends inside a character)") }
            let whole = message
            message = []
            inMessage = false
            fragments = 0
            utf8 = UTF8Validator()
            return .success(.text(whole))
        case .ping:
            return .success(.ping(payload))
        case .pong:
            return .success(.pong(payload))
        case .close:
            return readClose(payload)
        case .binary:
            return fail(.unsupportedData, "binary messages are not accepted")
        }
    }

    private func readClose(_ payload: [UInt8]) -> Result<Event?, Failure> {
        if payload.isEmpty { return .success(.close(code: nil, reason: "")) }
        guard payload.count >= 2 else { return .failure(Failure(code: .protocolError, reason: "a close frame's code takes two bytes")) }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.peerMaySend(code) else {
            return .failure(Failure(code: .protocolError, reason: "close code \(code) may not be sent"))
        }
        var validator = UTF8Validator()
        let reason = payload[2...]
        guard Array(reason).withUnsafeBytes({ validator.feed($0) }), validator.isAtBoundary else {
            return .failure(Failure(code: .invalidPayload, reason: "a close reason must be UTF-8"))
        }
        return .success(.close(code: code, reason: String(decoding: reason, as: UTF8.self)))
    }
}
