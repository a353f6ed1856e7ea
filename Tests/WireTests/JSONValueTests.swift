import Testing
@testable import Wire

@Suite("JSONValue and JSONObject")
struct JSONValueTests {
    @Test func literalsMakeTheMatchingCases() {
        let values: [JSONValue] = [nil, true, 3, 2.5, "s", [1], ["k": 1]]
        #expect(values == [
            .null, .bool(true), .int(3), .double(2.5), .string("s"), .array([.int(1)]),
            .object(JSONObject([("k", .int(1))])),
        ])
    }

    @Test func accessors() {
        #expect(JSONValue.string("a").stringValue == "a")
        #expect(JSONValue.int(1).stringValue == nil)
        #expect(JSONValue.int(5).intValue == 5)
        #expect(JSONValue.double(5.0).intValue == 5)
        #expect(JSONValue.double(-3.0).intValue == -3)
        #expect(JSONValue.double(5.5).intValue == nil)
        #expect(JSONValue.double(1e19).intValue == nil)
        #expect(JSONValue.double(9_223_372_036_854_775_808.0).intValue == nil)
        #expect(JSONValue.string("5").intValue == nil)
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.int(0).boolValue == nil)
        #expect(JSONValue.object(["a": 1]).objectValue == ["a": 1])
        #expect(JSONValue.array([1]).objectValue == nil)
        #expect(JSONValue.array([1, 2]).arrayValue == [1, 2])
        #expect(JSONValue.null.arrayValue == nil)
        #expect(JSONValue.null.isNull)
        #expect(!JSONValue.int(0).isNull)
    }

    @Test(arguments: [
        (JSONValue.null, "null"), (.bool(true), "boolean"), (.int(1), "integer"), (.double(1.5), "number"),
        (.string(""), "string"), (.array([]), "array"), (.object(JSONObject()), "object"),
    ])
    func kindName(_ value: JSONValue, _ name: String) {
        #expect(value.kindName == name)
    }

    @Test func subscriptAppendsReplacesInPlaceAndRemoves() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["c"] = 3
        #expect(object.keys == ["a", "b", "c"])
        object["a"] = "one"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == "one")
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["b"] == nil)
        #expect(object.count == 2)
        object["zzz"] = nil
        #expect(object.count == 2)
        #expect(object.pairs.map(\.key) == ["a", "c"])
        #expect(object.pairs.map(\.value) == ["one", 3])
    }

    @Test func initKeepsFirstPositionAndLastValue() {
        let object = JSONObject([("x", 1), ("y", 2), ("x", 3)])
        #expect(object.keys == ["x", "y"])
        #expect(object["x"] == 3)
    }

    @Test func equalityNeedsSameOrder() {
        let ab: JSONObject = ["a": 1, "b": 2]
        let ba: JSONObject = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == JSONObject([("a", 1), ("b", 2)]))
        #expect(ab != ["a": 1, "b": 3])
        #expect(ab != ["a": 1])
    }

    @Test func largeObjectsStayConsistent() {
        var object = JSONObject()
        for index in 0..<50 {
            object["k\(index)"] = .int(index)
        }
        object["k10"] = "ten"
        for index in stride(from: 0, to: 50, by: 2) {
            object["k\(index)"] = nil
        }
        #expect(object.count == 25)
        #expect(object.keys.first == "k1")
        #expect(object["k11"] == 11)
        #expect(object["k10"] == nil)
        #expect(object["k49"] == 49)
        object["new"] = true
        #expect(object.keys.last == "new")
        #expect(object["new"] == true)
        for index in stride(from: 1, to: 50, by: 2) {
            object["k\(index)"] = nil
        }
        #expect(object.keys == ["new"])
        #expect(object["new"] == true)
    }
}
