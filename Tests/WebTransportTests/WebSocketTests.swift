import Testing
@testable import WebTransport

/// Client frames as a browser makes them: masked with `mask`.
func clientFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    let maskBit: UInt8 = masked ? 0x80 : 0
    switch payload.count {
    case 0 ... 125: frame.append(maskBit | UInt8(payload.count))
    case 126 ... 0xFFFF: frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default: frame += [maskBit | 127] + (0 ..< 8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
    }
    guard masked else { return frame + payload }
    return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
}

struct WebSocketReaderTests {
    static func events(_ bytes: [UInt8], max: Int = 8192) -> [Result<WebSocketReader.Event, WebSocketReader.Failure>] {
        var reader = WebSocketReader(maxMessageBytes: max)
        reader.append(bytes)
        var out: [Result<WebSocketReader.Event, WebSocketReader.Failure>] = []
        while let event = reader.next() { out.append(event) }
        return out
    }

    @Test func rfc6455MaskedHello() {
        // RFC 6455, 5.7: "A single-frame masked text message".
        #expect(Self.events([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]) == [.success(.text(Array("Hello".utf8)))])
    }

    @Test func fragmentsAreJoinedAroundAPing() {
        let bytes = clientFrame(0x1, Array("{\"type\":".utf8), fin: false) + clientFrame(0x9, [1, 2]) + clientFrame(0x0, Array("\"ping\"}".utf8))
        #expect(Self.events(bytes) == [.success(.ping([1, 2])), .success(.text(Array("{\"type\":\"ping\"}".utf8)))])
    }

    @Test func aFrameArrivingOneByteAtATimeComesOutOnce() {
        var reader = WebSocketReader(maxMessageBytes: 8192)
        let bytes = clientFrame(0x1, Array(String(repeating: "x", count: 300).utf8))
        var events: [Result<WebSocketReader.Event, WebSocketReader.Failure>] = []
        for byte in bytes {
            reader.append([byte])
            while let event = reader.next() { events.append(event) }
        }
        #expect(events == [.success(.text(Array(String(repeating: "x", count: 300).utf8)))])
    }

    @Test func aCharacterSplitAcrossFragmentsIsValid() {
        let card = Array("🂡".utf8)
        let bytes = clientFrame(0x1, Array(card.prefix(1)), fin: false) + clientFrame(0x0, Array(card.dropFirst()))
        #expect(Self.events(bytes) == [.success(.text(card))])
    }

    @Test(arguments: [
        (clientFrame(0x1, Array("hi".utf8), masked: false), WebSocketCloseCode.protocolError, "a client's frames must be masked"),
        (clientFrame(0x2, [1, 2, 3]), .unsupportedData, "binary messages are not accepted: send protocol 1 as text"),
        (clientFrame(0x1, [0x68, 0xC0, 0xAF]), .invalidPayload, "a text message must be UTF-8"),
        (clientFrame(0x1, [0x68, 0xE2, 0x82]), .invalidPayload, "a text message must be UTF-8 (it ends inside a character)"),
        (clientFrame(0x1, [UInt8](repeating: 0x61, count: 8193)), .messageTooBig, "a message may be at most 8192 bytes"),
        (clientFrame(0x1, [UInt8](repeating: 0x61, count: 5000), fin: false) + clientFrame(0x0, [UInt8](repeating: 0x61, count: 5000)),
         .messageTooBig, "a message may be at most 8192 bytes"),
        (clientFrame(0x9, [UInt8](repeating: 0, count: 126)), .protocolError, "a control frame may carry at most 125 bytes"),
        (clientFrame(0x9, [1], fin: false), .protocolError, "a control frame may not be fragmented"),
        (clientFrame(0x0, [0x61]), .protocolError, "a continuation frame with no message to continue"),
        (clientFrame(0x1, [0x61], fin: false) + clientFrame(0x1, [0x61]), .protocolError, "a new message began before the last one ended"),
        (clientFrame(0x3, []), .protocolError, "unknown opcode 3"),
        (clientFrame(0x1, [0x61], fin: false) + (0 ..< 63).flatMap { _ in clientFrame(0x0, [], fin: false) } + clientFrame(0x0, []),
         .policyViolation, "a message may come in at most 64 frames"),
        ([0xC1, 0x80, 0, 0, 0, 0], .protocolError, "reserved bits set, and no extension was agreed"),
        (clientFrame(0x8, [0x03]), .protocolError, "a close frame's code takes two bytes"),
        (clientFrame(0x8, [0x03, 0xED]), .protocolError, "close code 1005 may not be sent"),
        (clientFrame(0x8, [0x03, 0xE8, 0xC0]), .invalidPayload, "a close reason must be UTF-8"),
    ])
    func brokenRulesCloseWithTheirCode(bytes: [UInt8], code: WebSocketCloseCode, reason: String) {
        #expect(Self.events(bytes) == [.failure(WebSocketReader.Failure(code: code, reason: reason))])
    }

    @Test func aHugeAnnouncedLengthIsRefusedFromTheHeaderAlone() {
        // 2^40 bytes announced, none sent: refused without waiting for (or keeping) any of it.
        let header: [UInt8] = [0x81, 0xFF, 0, 0, 1, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        #expect(Self.events(header) == [.failure(WebSocketReader.Failure(code: .messageTooBig, reason: "a message may be at most 8192 bytes"))])
    }

    @Test func aCloseInTheMiddleOfAFragmentedMessageEndsIt() {
        let bytes = clientFrame(0x1, [0x61], fin: false) + clientFrame(0x8, [0x03, 0xE8] + Array("bye".utf8)) + clientFrame(0x0, [0x62])
        #expect(Self.events(bytes) == [.success(.close(code: 1000, reason: "bye"))])
    }

    @Test func anEmptyCloseHasNoCode() {
        #expect(Self.events(clientFrame(0x8, [])) == [.success(.close(code: nil, reason: ""))])
    }

    @Test func aMessageOfSixtyFourFramesIsRead() {
        let bytes = clientFrame(0x1, [0x61], fin: false) + (0 ..< 62).flatMap { _ in clientFrame(0x0, [], fin: false) } + clientFrame(0x0, [0x62])
        #expect(Self.events(bytes) == [.success(.text([0x61, 0x62]))])
    }

    @Test func aMessageOfExactlyTheLimitIsRead() {
        #expect(Self.events(clientFrame(0x1, [UInt8](repeating: 0x61, count: 8192))) == [.success(.text([UInt8](repeating: 0x61, count: 8192)))])
    }
}

struct WebSocketFrameTests {
    @Test(arguments: [(0, [0x81, 0x00] as [UInt8]), (125, [0x81, 125]), (126, [0x81, 126, 0, 126]), (65535, [0x81, 126, 0xFF, 0xFF]),
                      (65536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0])])
    func headersUseTheShortestLength(count: Int, header: [UInt8]) {
        #expect(WebSocketFrame.header(.text, payloadCount: count) == header)
    }

    @Test func closeCarriesCodeAndReason() {
        #expect(WebSocketFrame.close(1001, reason: "bye") == [0x88, 5, 0x03, 0xE9, 0x62, 0x79, 0x65])
    }

    @Test func aLongCloseReasonIsCutAtACharacter() {
        let frame = WebSocketFrame.close(1000, reason: String(repeating: "é", count: 100))
        #expect(frame.count == 2 + 2 + 122)
        #expect(String(validating: frame[4...], as: UTF8.self) == String(repeating: "é", count: 61))
    }
}

struct WebSocketHandshakeTests {
    static func upgrade(_ extra: [(String, String)] = [], version: String = "13", origin: String? = nil) -> HTTPRequest {
        var headers: [(name: String, value: String)] = [("host", "cards.example:7878"), ("upgrade", "websocket"), ("connection", "keep-alive, Upgrade"),
                                                        ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="), ("sec-websocket-version", version)]
        if let origin { headers.append(("origin", origin)) }
        return HTTPRequest(method: "GET", target: "/ws", headers: headers + extra)
    }

    @Test func acceptsAndAnswersTheKey() throws {
        let response = try WebSocketHandshake.accept(Self.upgrade(), origins: .init())
        #expect(response.status == 101)
        #expect(response.headers.map(\.value) == ["websocket", "Upgrade", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="])
    }

    @Test(arguments: ["http://cards.example:7878", "https://cards.example:7878", "HTTP://Cards.Example:7878"])
    func theServersOwnOriginMayUpgrade(origin: String) {
        #expect(throws: Never.self) {
            try WebSocketHandshake.accept(Self.upgrade(origin: origin), origins: .init(), hosts: HostPolicy(names: ["cards.example"]))
        }
    }

    /// DNS rebinding: a page under a name its author points at this server is same-origin
    /// with it, so only the `Host` check stops it; a bot (no `Origin`) and a listed origin
    /// are not asked.
    @Test func theServersOwnOriginUnderAnUntrustedNameIsForbidden() {
        #expect(throws: WebSocketHandshake.Refusal.forbiddenHost("cards.example:7878")) {
            try WebSocketHandshake.accept(Self.upgrade(origin: "http://cards.example:7878"), origins: .init())
        }
        #expect(throws: Never.self) { try WebSocketHandshake.accept(Self.upgrade(), origins: .init()) }
        #expect(throws: Never.self) {
            try WebSocketHandshake.accept(Self.upgrade(origin: "https://play.example"), origins: .init(allowed: ["https://play.example"]))
        }
        #expect(throws: Never.self) {
            try WebSocketHandshake.accept(Self.upgrade(origin: "http://cards.example:7878"), origins: .init(), hosts: HostPolicy(names: ["*"]))
        }
        let reply = String(decoding: WebSocketHandshake.Refusal.forbiddenHost("cards.example:7878").response.encoded(), as: UTF8.self)
        #expect(reply.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
        #expect(reply.hasSuffix("\r\n\r\ncardserver was reached under the name cards.example, which it was not told is its own: "
            + "start it with --allow-host cards.example (a guard against DNS rebinding), or open it by its IP address\n"))
    }

    @Test(arguments: ["http://evil.example", "http://cards.example:7879", "null", "http://cards.example:7878.evil.example"])
    func anotherOriginIsForbidden(origin: String) {
        #expect(throws: WebSocketHandshake.Refusal.forbiddenOrigin(origin)) { try WebSocketHandshake.accept(Self.upgrade(origin: origin), origins: .init()) }
    }

    @Test func listedOriginsAndTheWildcardAreAllowed() {
        #expect(throws: Never.self) {
            try WebSocketHandshake.accept(Self.upgrade(origin: "https://play.example"), origins: .init(allowed: ["https://play.example"]))
        }
        #expect(throws: Never.self) { try WebSocketHandshake.accept(Self.upgrade(origin: "http://evil.example"), origins: .init(allowed: ["*"])) }
    }

    @Test func onlyVersion13() {
        #expect(throws: WebSocketHandshake.Refusal.unsupportedVersion) { try WebSocketHandshake.accept(Self.upgrade(version: "8"), origins: .init()) }
        let reply = String(decoding: WebSocketHandshake.Refusal.unsupportedVersion.response.encoded(), as: UTF8.self)
        #expect(reply.hasPrefix("HTTP/1.1 426 Upgrade Required\r\n"))
        #expect(reply.contains("\r\nSec-WebSocket-Version: 13\r\n"))
    }

    @Test func aKeyMustBeSixteenBytes() {
        var request = Self.upgrade()
        request.headers[3].value = "c2hvcnQ="
        #expect(throws: WebSocketHandshake.Refusal.badRequest("Sec-WebSocket-Key must be one Base64 value of 16 bytes")) {
            try WebSocketHandshake.accept(request, origins: .init())
        }
    }

    @Test func withoutUpgradeHeadersItIsRefused() {
        let request = HTTPRequest(method: "GET", target: "/ws", headers: [("host", "h")])
        #expect(throws: WebSocketHandshake.Refusal.badRequest("this address is a WebSocket: send Upgrade: websocket and Connection: Upgrade")) {
            try WebSocketHandshake.accept(request, origins: .init())
        }
    }
}
