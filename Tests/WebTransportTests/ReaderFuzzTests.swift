import Testing
@testable import WebTransport

/// Random input, seeded: the readers never crash, never hold more than their bounds, and
/// read the same stream the same way however it is cut into reads.
struct ReaderFuzzTests {
    /// SplitMix64: the same bytes on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces of real requests and frames mixed with noise: more interesting than noise alone.
    static let httpPieces = ["GET ", "HEAD ", "POST ", "/", "/ws", " HTTP/1.1", " HTTP/1.0", "\r\n", "\n", "\r", "Host: h", "Content-Length: 0",
                             "Content-Length: 7", "Transfer-Encoding: chunked", ":", " ", "\t", "X-A: b", "\u{00}", "é"].map { Array($0.utf8) }

    static func cuts<G: RandomNumberGenerator>(_ bytes: [UInt8], _ random: inout G) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let size = Int.random(in: 1 ... 17, using: &random)
            pieces.append(Array(bytes[index ..< min(bytes.count, index + size)]))
            index += size
        }
        return pieces
    }

    static func readAll(_ pieces: [[UInt8]]) -> [Result<HTTPRequest, HTTPRequestError>] {
        var reader = HTTPRequestReader()
        var results: [Result<HTTPRequest, HTTPRequestError>] = []
        for piece in pieces {
            reader.append(piece)
            while let result = reader.next() {
                results.append(result)
                if case .failure = result { return results }
            }
        }
        return results
    }

    @Test(arguments: 0 ..< 200)
    func httpStreamsReadTheSameHoweverTheyAreCut(seed: UInt64) {
        var random = Generator(state: seed)
        var stream: [UInt8] = []
        for _ in 0 ..< Int.random(in: 1 ... 60, using: &random) {
            if Bool.random(using: &random) {
                stream += Self.httpPieces.randomElement(using: &random)!
            } else {
                stream.append(UInt8.random(in: 0 ... 255, using: &random))
            }
        }
        #expect(Self.readAll([stream]) == Self.readAll(Self.cuts(stream, &random)))
    }

    static func frames(_ pieces: [[UInt8]]) -> [Result<WebSocketReader.Event, WebSocketReader.Failure>] {
        var reader = WebSocketReader(maxMessageBytes: 64)
        var events: [Result<WebSocketReader.Event, WebSocketReader.Failure>] = []
        for piece in pieces {
            reader.append(piece)
            while let event = reader.next() { events.append(event) }
        }
        return events
    }

    @Test(arguments: 0 ..< 200)
    func webSocketStreamsReadTheSameHoweverTheyAreCut(seed: UInt64) {
        var random = Generator(state: seed)
        var stream: [UInt8] = []
        for _ in 0 ..< Int.random(in: 1 ... 12, using: &random) {
            let opcode = [0x0, 0x1, 0x1, 0x1, 0x2, 0x8, 0x9, 0xA, 0x3].randomElement(using: &random)! as UInt8
            let payload = (0 ..< Int.random(in: 0 ... 80, using: &random)).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 0x20 ... 0x7E, using: &random) : UInt8.random(in: 0 ... 255, using: &random)
            }
            stream += clientFrame(opcode, payload, fin: Int.random(in: 0 ..< 4, using: &random) > 0, masked: Int.random(in: 0 ..< 10, using: &random) > 0)
            if Int.random(in: 0 ..< 8, using: &random) == 0 { stream.append(UInt8.random(in: 0 ... 255, using: &random)) }
        }
        let whole = Self.frames([stream])
        #expect(whole == Self.frames(Self.cuts(stream, &random)))
        // Nothing follows a failure or a close.
        if let stop = whole.firstIndex(where: { if case .success(.close) = $0 { true } else if case .failure = $0 { true } else { false } }) {
            #expect(stop == whole.count - 1)
        }
    }
}
