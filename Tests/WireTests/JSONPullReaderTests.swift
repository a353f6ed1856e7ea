import GameRules
import Testing
@testable import Wire

/// The pull reader walks the parser's grammar: a value skipped whole is accepted exactly
/// when ``JSONParser`` accepts it, and a value rebuilt from its tokens is the parser's tree.
@Suite("JSONPullReader")
struct JSONPullReaderTests {
    /// Skips the one value in `bytes` and requires the end: whether the reader takes the line.
    static func skips(_ bytes: [UInt8]) -> Bool {
        (try? JSONPullReader.withReader(bytes) { reader throws(JSONParseError) -> Bool in
            try reader.skipValue()
            try reader.finish()
            return true
        }) == true
    }

    /// Rebuilds the value with the reader's calls: containers token by token, scalars whole.
    static func rebuilt(_ reader: inout JSONPullReader) throws(JSONParseError) -> JSONValue {
        switch reader.peek() {
        case .object:
            var pairs: [(String, JSONValue)] = []
            try reader.enterObject()
            while let key = try reader.nextKey() {
                pairs.append((key, try rebuilt(&reader)))
            }
            return .object(JSONObject(pairs))
        case .array:
            var elements: [JSONValue] = []
            try reader.enterArray()
            while try reader.nextElement() {
                elements.append(try rebuilt(&reader))
            }
            return .array(elements)
        case .string, .other:
            return try reader.value()
        }
    }

    static func rebuilt(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONPullReader.withReader(bytes) { reader throws(JSONParseError) in
            let value = try rebuilt(&reader)
            try reader.finish()
            return value
        }
    }

    @Test(arguments: JSONParserTests.validInputs.map(\.0))
    func takesWhatTheParserTakes(_ input: String) throws {
        let bytes = Array(input.utf8)
        #expect(Self.skips(bytes))
        #expect(Self.rebuilt(bytes) == (try JSONParser.parse(bytes)))
    }

    @Test(arguments: JSONParserTests.invalidInputs)
    func refusesWhatTheParserRefuses(_ input: String) {
        #expect(!Self.skips(Array(input.utf8)))
        #expect(Self.rebuilt(Array(input.utf8)) == nil)
    }

    @Test(arguments: JSONParserTests.invalidUTF8)
    func refusesInvalidUTF8(_ bytes: [UInt8]) {
        #expect(!Self.skips(bytes))
    }

    @Test func readsARecordsFieldsAndPassesOverTheRest() throws {
        let line = Array(#" { "skip" : [1, {"x": "\u00e9\n"}, [], {}], "game" : "set", "n": -12 } "#.utf8)
        let read = try JSONPullReader.withReader(line) { reader throws(JSONParseError) -> [String: JSONValue] in
            var fields: [String: JSONValue] = [:]
            try reader.enterObject()
            while let key = try reader.nextKey() {
                if key == "skip" {
                    try reader.skipValue()
                } else {
                    fields[key] = try reader.value()
                }
            }
            try reader.finish()
            return fields
        }
        #expect(read == ["game": .string("set"), "n": .int(-12)])
    }

    @Test func nestingPastTheParsersLimitIsRefusedWhenSkipped() {
        let depth = JSONParser.maxDepth
        #expect(Self.skips(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)))
        #expect(!Self.skips(Array((String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)).utf8)))
    }

    /// 20,000 lines, each a valid document with bytes changed, dropped or repeated at random
    /// (seeded): the reader takes exactly the lines the parser takes, and reads the same value.
    @Test func agreesWithTheParserOnDamagedLines() {
        let documents = [
            #"{"id":"K7QX-mhz0k3xs-1","scores":{"ann":2,"bob":-1},"winners":["ann"],"summary":{"time_ms":1.5e3,"moves":7}}"#,
            #"[true,false,null,"a\"b\\c\u00e9\ud83d\ude00",{"":[]},0.5,-0,1E+2]"#,
            #"{"ratings":{"léa":{"account":"léa","before_e4":15000000,"deviation_e4":3500000}}}"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[]:,"\ u0123456789abcdefenulltruefalse.-+é"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        var random = SplitMix64(seed: 0x5EED_41)
        var taken = 0
        for round in 0..<20_000 {
            var line = documents[round % documents.count]
            for _ in 0...Int.random(in: 0...2, using: &random) {
                let place = Int.random(in: 0..<line.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: line[place] = alphabet.randomElement(using: &random)!
                case 1: line.remove(at: place)
                default: line.insert(line[place], at: place)
                }
                if line.isEmpty { break }
            }
            let parsed = try? JSONParser.parse(line)
            #expect(Self.skips(line) == (parsed != nil), "\(String(decoding: line, as: UTF8.self))")
            #expect(Self.rebuilt(line) == parsed, "\(String(decoding: line, as: UTF8.self))")
            if parsed != nil { taken += 1 }
        }
        // Both kinds were tried: damaged lines still valid, and lines no longer JSON.
        #expect(taken > 1_000 && taken < 19_000)
    }
}
