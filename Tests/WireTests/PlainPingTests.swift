import GameRules
import Testing
@testable import Wire

/// The ping shortcut past the JSON parser, and the pong written without a message: the same
/// requests, failures and bytes as the general way, for every line.
struct PlainPingTests {
    @Test(arguments: [
        (#"{"type":"ping"}"#, nil),
        (#"{"type":"ping","id":0}"#, RequestID.int(0)),
        (#"{"type":"ping","id":7}"#, .int(7)),
        (#"{"type":"ping","id":-7}"#, .int(-7)),
        (#"{"type":"ping","id":1234567890}"#, .int(1_234_567_890)),
        (#"{"type":"ping","id":999999999999999999}"#, .int(999_999_999_999_999_999)),
        (#"{"type":"ping","id":-999999999999999999}"#, .int(-999_999_999_999_999_999)),
    ] as [(String, RequestID?)])
    func aPlainPingSkipsTheParserForTheSameRequest(line: String, id: RequestID?) {
        let expected = ClientRequest(id: id, command: .ping)
        Array(line.utf8).withUnsafeBytes { bytes in
            #expect(ClientMessageDecoder.plainPing(bytes)?.request == expected)
            #expect(decodings(bytes).general == .success(expected))
        }
    }

    /// Each one differs from a plain ping by a byte or more: the parser reads it, to a request or to an error.
    @Test(arguments: [
        #"{"type":"ping""#, #"{"type":"ping"} "#, #" {"type":"ping"}"#, #"{"type": "ping"}"#, #"{"type":"pingx"}"#,
        #"{"type":"pin"}"#, #"{"type":"Ping"}"#, #"{"type":"ping",}"#, #"{"type":"ping","id":}"#, #"{"type":"ping","id":-}"#,
        #"{"type":"ping","id":-0}"#, #"{"type":"ping","id":00}"#, #"{"type":"ping","id":01}"#, #"{"type":"ping","id":1.5}"#,
        #"{"type":"ping","id":1e3}"#, #"{"type":"ping","id":12a}"#, #"{"type":"ping","id":+1}"#, #"{"type":"ping","id":"7"}"#,
        #"{"type":"ping","id":null}"#, #"{"type":"ping","id": 7}"#, #"{"type":"ping","id":7 }"#, #"{"type":"ping","idx":7}"#,
        #"{"type":"ping","id":7,"id":8}"#, #"{"type":"ping","x":1}"#, #"{"type":"ping"}}"#,
        #"{"type":"ping","id":1000000000000000000}"#, #"{"type":"ping","id":9223372036854775808}"#,
        #"{"type":"ping","id":-9223372036854775809}"#, "{\"type\":\"ping\",\"id\":1\u{0}}",
    ])
    func anyOtherLineGoesToTheParser(line: String) {
        Array(line.utf8).withUnsafeBytes { bytes in
            #expect(ClientMessageDecoder.plainPing(bytes) == nil)
            let (general, decoded) = decodings(bytes)
            #expect(general == decoded)
        }
    }

    /// Random edits of ping lines (a byte changed, dropped, doubled, or the id's digits
    /// rewritten): `decode` answers each exactly as the parser alone does.
    @Test func everyEditedPingDecodesAsTheParserAloneDecodesIt() {
        var random = SplitMix64(seed: 28)
        let seeds = [#"{"type":"ping"}"#, #"{"type":"ping","id":0}"#, #"{"type":"ping","id":-42}"#, #"{"type":"ping","id":123456789012345678}"#]
        let alphabet = Array(#"{}":,-+.0123456789eE pingtyd\"#.utf8) + [0, 0x0D, 0xC3, 0xFF]
        var shortcuts = 0
        for round in 0..<20_000 {
            var line = Array(seeds[round % seeds.count].utf8)
            for _ in 0...Int.random(in: 0..<3, using: &random) {
                let at = Int.random(in: 0..<line.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: line[at] = alphabet.randomElement(using: &random)!
                case 1: if line.count > 1 { line.remove(at: at) }
                case 2: line.insert(line[at], at: at)
                default:
                    let digits = Int.random(in: 1...20, using: &random)
                    let id = (Bool.random(using: &random) ? "-" : "") + String((0..<digits).map { _ in "0123456789".randomElement(using: &random)! })
                    line = Array(#"{"type":"ping","id":\#(id)}"#.utf8)
                }
            }
            line.withUnsafeBytes { bytes in
                if ClientMessageDecoder.plainPing(bytes) != nil { shortcuts += 1 }
                let (general, decoded) = decodings(bytes)
                #expect(general == decoded, "\(String(decoding: line, as: UTF8.self))")
            }
        }
        // The edits reach both ways: lines the shortcut takes and lines it leaves.
        #expect(shortcuts > 1_000)
        #expect(shortcuts < 19_000)
    }

    @Test(arguments: [nil, RequestID.int(0), .int(-12), .int(Int.max), .int(Int.min), .string(""), .string("a\"b\\c\u{1}é")])
    func thePongLineIsTheEncodedPong(id: RequestID?) {
        #expect(ServerMessage.pongLine(id: id) == ServerMessage.pong(id: id).encodedLine())
    }

    @Test func thePlainPongLineIsThePongWithoutAnID() {
        #expect(ServerMessage.plainPongLine == Array("{\"type\":\"pong\"}\n".utf8))
    }

    /// What the parser alone, and `decode` with its shortcut, make of one line.
    private func decodings(_ bytes: UnsafeRawBufferPointer)
        -> (general: Result<ClientRequest, DecodeFailure>, decoded: Result<ClientRequest, DecodeFailure>)
    {
        (
            Result { () throws(DecodeFailure) in try ClientMessageDecoder.decodeParsed(bytes) },
            Result { () throws(DecodeFailure) in try ClientMessageDecoder.decode(bytes) }
        )
    }
}
