import Testing
@testable import Wire

@Suite("JSON serialization")
struct JSONSerializationTests {
    static let exactTexts: [(JSONValue, String)] = [
        (.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.int(0), "0"),
        (.int(7), "7"),
        (.int(-42), "-42"),
        (.int(Int.max), "9223372036854775807"),
        (.int(Int.min), "-9223372036854775808"),
        (.double(1.5), "1.5"),
        (.double(2), "2.0"),
        (.double(-0.0), "-0.0"),
        (.double(0.1), "0.1"),
        (.double(1e20), "1e+20"),
        (.double(1e-7), "1e-07"),
        (.double(.infinity), "null"),
        (.double(-.infinity), "null"),
        (.double(.nan), "null"),
        (.string(""), #""""#),
        (.string("a/b"), #""a/b""#),
        (.string("a\"b\\c"), #""a\"b\\c""#),
        (.string("\n\r\t\u{8}\u{C}"), #""\n\r\t\b\f""#),
        (.string("\u{0}\u{1}\u{1B}\u{1F} \u{7F}"), "\"\\u0000\\u0001\\u001b\\u001f \u{7F}\""),
        (.string("é€😀"), "\"é€😀\""),
        (.array([]), "[]"),
        (.array([1, "a", nil, [true]]), #"[1,"a",null,[true]]"#),
        (.object(JSONObject()), "{}"),
        (["type": "chat", "text": "a\"b\n"], #"{"type":"chat","text":"a\"b\n"}"#),
        (["z": 1, "a": ["y": [], "b": [:]]], #"{"z":1,"a":{"y":[],"b":{}}}"#),
        (["key\n": 1.25], #"{"key\n":1.25}"#),
    ]

    @Test(arguments: exactTexts)
    func writesExactText(_ value: JSONValue, _ text: String) {
        #expect(value.jsonText == text)
        var buffer: [UInt8] = Array("prefix:".utf8)
        value.write(into: &buffer)
        #expect(buffer == Array("prefix:".utf8) + Array(text.utf8))
    }

    @Test func objectKeepsStoredOrderAfterEdits() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = "two"
        object["a"] = nil
        #expect(JSONValue.object(object).jsonText == #"{"b":"two","c":3}"#)
        #expect(object.jsonText == #"{"b":"two","c":3}"#)
    }

    @Test func emojiAndEscapesRoundTrip() throws {
        let text = "😀 👍🏽 🇫🇷 e\u{301} \u{10FFFF} \"quoted\" \\ / \u{0} \u{1F}"
        let value = JSONValue.string(text)
        let parsed = try JSONParser.parse(value.jsonText)
        #expect(parsed == value)
        #expect(parsed.stringValue?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
        #expect(value.jsonText.utf8.contains(0xF0))  // the emoji is raw UTF-8, not \u escapes
    }

    static let roundTripValues: [JSONValue] = [
        .null, true, false, 0, -1, .int(Int.max), .int(Int.min),
        0.5, -2.25, 1e300, .double(.leastNonzeroMagnitude), 1.7976931348623157e308, 0.1, 123456.789, 1e16, 9.223372036854776e18,
        "", "plain", "tab\there", "😀", "\u{0}\u{7}\u{1F}\u{7F}", "\\/\"",
        [], [[], [[]]], [1, 2.5, "x", nil, false],
        [:], ["a": ["b": ["c": [1, 2, ["d": nil]]]]],
        ["id": 7, "type": "create", "game": "rps", "seats": 2, "private": false, "options": ["rounds": 3]],
    ]

    @Test(arguments: roundTripValues)
    func parseOfWriteIsIdentity(_ value: JSONValue) throws {
        var buffer: [UInt8] = []
        value.write(into: &buffer)
        #expect(try JSONParser.parse(buffer) == value)
        #expect(try JSONParser.parse(value.jsonText) == value)
    }

    @Test func largeObjectRoundTripsInOrder() throws {
        var object = JSONObject()
        for index in (0..<100).reversed() {
            object["k\(index)"] = .int(index)
        }
        let value = JSONValue.object(object)
        let parsed = try JSONParser.parse(value.jsonText)
        #expect(parsed == value)
        #expect(parsed.objectValue?.keys.first == "k99")
        #expect(parsed.objectValue?.keys.last == "k0")
    }
}
