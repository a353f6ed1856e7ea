import GameRules
import Testing
@testable import Wire

@Suite("JSONParser")
struct JSONParserTests {
    static let validInputs: [(String, JSONValue)] = [
        ("null", .null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        (" \t\r\n 1 \n", .int(1)),
        ("0", .int(0)),
        ("-0", .int(0)),
        ("-1", .int(-1)),
        ("1234567890", .int(1_234_567_890)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808.0)),
        ("-9223372036854775809", .double(-9_223_372_036_854_775_809.0)),
        ("100000000000000000000", .double(1e20)),
        ("1.5", .double(1.5)),
        ("-1.5e3", .double(-1500.0)),
        ("1E2", .double(100.0)),
        ("1e+2", .double(100.0)),
        ("1e-2", .double(0.01)),
        ("0.0", .double(0.0)),
        ("0e0", .double(0.0)),
        ("1e-999", .double(0.0)),
        ("1.7976931348623157e308", .double(1.7976931348623157e308)),
        ("\"\"", .string("")),
        ("\"abc\"", .string("abc")),
        (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
        (#""a\u0041\u00e9\u20AC""#, .string("aAé€")),
        (#""\ud83d\ude00""#, .string("😀")),
        (#""\u0000""#, .string("\u{0}")),
        ("\"héllo 😀 \u{7F}\"", .string("héllo 😀 \u{7F}")),
        ("[]", .array([])),
        ("[ ]", .array([])),
        ("[1,\"a\",[true,[null]]]", .array([.int(1), .string("a"), .array([.bool(true), .array([.null])])])),
        ("{}", .object(JSONObject())),
        ("{\"a\":1,\"b\":[true,null]}", .object(["a": .int(1), "b": .array([.bool(true), .null])])),
        (" { \"b\" : 2 , \"a\" : { } } ", .object(["b": .int(2), "a": .object(JSONObject())])),
        ("{\"type\":\"chat\",\"text\":\"hi\\n\"}", .object(["type": "chat", "text": "hi\n"])),
    ]

    @Test(arguments: validInputs)
    func parsesValidInput(_ input: String, _ expected: JSONValue) throws {
        #expect(try JSONParser.parse(input) == expected)
        #expect(try JSONParser.parse(Array(input.utf8)) == expected)
        let fromRawBuffer = try Array(input.utf8).withUnsafeBytes { raw in try JSONParser.parse(raw) }
        #expect(fromRawBuffer == expected)
    }

    @Test func keepsIntegersAndDoublesApart() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .int(9_223_372_036_854_775_807))
        #expect(try JSONParser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808.0))
        #expect(try JSONParser.parse("1") == .int(1))
        #expect(try JSONParser.parse("1.0") == .double(1.0))
        #expect(try JSONParser.parse("1e0") == .double(1.0))
    }

    @Test func duplicateKeyLastValueWinsAtFirstPosition() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .int(3))
        #expect(object["b"] == .int(2))
        #expect(object.count == 2)
    }

    @Test func keepsKeyOrder() throws {
        let value = try JSONParser.parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func acceptsNestingUpToMaxDepth() throws {
        let depth = JSONParser.maxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var expected = JSONValue.array([])
        for _ in 1..<depth { expected = .array([expected]) }
        #expect(try JSONParser.parse(text) == expected)

        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(throws: Never.self) { try JSONParser.parse(objects) }
    }

    static let invalidInputs: [String] = [
        "", "   ", "nul", "nulx", "tru", "True", "NULL", "NaN", "Infinity", "-Infinity",
        "[1,]", "{\"a\":1,}", "[1,,2]", "[,1]", "{,}", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}", "'a'",
        "{\"a\":1", "[1", "[", "{", "{\"a\"", "{\"a\":", "]", "}", ":", ",",
        "01", "-01", "00", "+1", "1.", ".5", "-.5", "1e", "1e+", "1.e3", "-", "--1", "0x10", "1_000",
        "1e999", "-1e999", "123e99999999",
        "\"abc", "\"\\", "\"\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"\\U0041\"", "\"\\'\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"\\ud800x\"", "\"\\udbff\\udbff\"",
        "\"a\tb\"", "\"a\nb\"", "\"\u{1}\"", "\"\u{1F}\"",
        "{\"a\":1}x", "[1] [2]", "true false", "1 2", "\"a\"\"b\"",
        "// comment\n1", "/* c */ 1", "1 // c", "[1]\u{0}",
        "\u{FEFF}1", "€", "[\u{A0}1]",
    ]

    @Test(arguments: invalidInputs)
    func rejectsInvalidInput(_ input: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(input) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(input.utf8)) }
    }

    static let invalidUTF8: [[UInt8]] = [
        [0x22, 0xFF, 0x22],
        [0xFF],
        [0x22, 0xC3, 0x22],  // truncated two-byte sequence
        [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
        [0x22, 0xE0, 0x80, 0x80, 0x22],  // overlong three-byte
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8-encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
        [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],  // five-byte form
        [0x22, 0x80, 0x22],  // lone continuation byte
        [0x22, 0xE2, 0x82],  // truncated at the end of input
        [0x5B, 0x31, 0x2C, 0xFE, 0x5D],  // outside a string
    ]

    @Test(arguments: invalidUTF8)
    func rejectsInvalidUTF8(_ bytes: [UInt8]) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
        #expect(error.message.hasPrefix("invalid UTF-8 at byte "))
    }

    static let errorMessages: [([UInt8], String, Int)] = [
        (Array("".utf8), "unexpected end of input", 0),
        (Array("nul".utf8), "unexpected end of input", 3),
        (Array("[1,x]".utf8), "unexpected character 'x' at byte 3", 3),
        (Array("{\"a\":1}x".utf8), "trailing characters after the JSON value at byte 7", 7),
        ([0x22, 0xFF, 0x22], "invalid UTF-8 at byte 1", 1),
        (Array("[1,]".utf8), "trailing comma at byte 2", 2),
        (Array("{\"a\":1, }".utf8), "trailing comma at byte 6", 6),
        (Array("01".utf8), "leading zero in number at byte 0", 0),
        (Array("[1e999]".utf8), "number out of range at byte 1", 1),
        (Array(#""\ud800""#.utf8), "unpaired surrogate in \\u escape at byte 1", 1),
        (Array("\"a\nb\"".utf8), "unescaped control character U+000A in string at byte 2", 2),
        (Array(#""\q""#.utf8), "invalid escape '\\q' at byte 1", 1),
        (Array(#""\u12x4""#.utf8), "expected 4 hex digits after \\u at byte 5", 5),
        (Array("[\u{1}]".utf8), "unexpected character U+0001 at byte 1", 1),
        (Array("[é]".utf8), "unexpected character 'é' at byte 1", 1),
        (Array(String(repeating: "[", count: 65).utf8), "nesting deeper than 64 at byte 64", 64),
    ]

    @Test(arguments: errorMessages)
    func explainsTheProblem(_ input: [UInt8], _ message: String, _ offset: Int) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(input) }
        #expect(error == JSONParseError(message: message, offset: offset))
        #expect(error.description == message)
    }

    @Test func deepNestingThrowsInsteadOfOverflowingTheStack() throws {
        let arrays = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse(arrays) }
        #expect(error.message == "nesting deeper than 64 at byte 64")

        let objects = String(repeating: #"{"a":"#, count: 100_000)
        let objectError = try #require(throws: JSONParseError.self) { try JSONParser.parse(objects) }
        #expect(objectError.message == "nesting deeper than 64 at byte 320")

        let balanced = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(balanced) }
    }

    @Test func emptyRawBufferIsEndOfInput() {
        #expect(throws: JSONParseError(message: "unexpected end of input", offset: 0)) {
            try JSONParser.parse(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// Random bytes and random mutations of valid documents: the parser must throw or succeed,
    /// never crash, and whatever it accepts must survive a write/parse round trip.
    @Test(arguments: 0..<20)
    func survivesGarbage(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array(#"{}[]:,"\/-+.0123456789eEtrufalsn u"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF]
        let seeds = Self.validInputs.map { Array($0.0.utf8) }
        for _ in 0..<500 {
            var bytes: [UInt8]
            if Bool.random(using: &generator) {
                bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }
            } else {
                bytes = seeds.randomElement(using: &generator)!
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let byte = UInt8.random(in: 0...255, using: &generator)
                    let position = Int.random(in: 0...bytes.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: bytes.insert(byte, at: position)
                    case 1 where position < bytes.count: bytes[position] = byte
                    default: if position < bytes.count { bytes.remove(at: position) }
                    }
                }
            }
            do {
                let value = try JSONParser.parse(bytes)
                #expect(try JSONParser.parse(value.jsonText) == value)
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
                #expect(!error.message.isEmpty)
            }
        }
    }
}
