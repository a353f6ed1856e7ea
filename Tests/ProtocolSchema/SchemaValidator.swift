import Foundation
import Wire

/// A JSON Schema (2020-12) validator for the keywords `Protocol.schema.json` uses:
/// `$ref` (to `#/$defs/…`), `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `items`, `minItems`, `maxItems`, `uniqueItems`, `minimum`,
/// `maximum`, `minLength`, `maxLength` (in code points), `pattern` (ICU's regular
/// expressions: `\p{…}` properties, lookaround), `format` (`date` asserted: a day of the
/// Gregorian calendar; other formats ignored), `oneOf`, `anyOf`, `allOf`, `if`/`then`/`else`.
/// Annotations are ignored.
/// No packages: the suite checks every server line with it. A library of the test
/// targets, so that the server's and the client's tests share it.
public struct SchemaValidator: Sendable {
    public let root: JSONObject
    /// `$defs` by name (a JSONObject looks keys up one by one).
    private let definitions: [String: JSONValue]
    /// For each `oneOf` of messages (`clientMessage`, `serverMessage`): its options by `type`.
    private let optionsByType: [String: [String: [JSONValue]]]

    public init(root: JSONObject) {
        self.root = root
        var definitions: [String: JSONValue] = [:]
        for (name, definition) in root["$defs"]?.objectValue?.pairs ?? [] { definitions[name] = definition }
        self.definitions = definitions
        var optionsByType: [String: [String: [JSONValue]]] = [:]
        for union in ["clientMessage", "serverMessage"] {
            var byType: [String: [JSONValue]] = [:]
            for option in definitions[union]?.objectValue?["oneOf"]?.arrayValue ?? [] {
                let target = option.objectValue?["$ref"]?.stringValue.flatMap { Self.resolve($0, in: definitions) } ?? option
                for variant in target.objectValue?["oneOf"]?.arrayValue ?? [target] {
                    if let type = variant.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["const"]?.stringValue {
                        if byType[type]?.last != option { byType[type, default: []].append(option) }
                    }
                }
            }
            optionsByType[union] = byType
        }
        self.optionsByType = optionsByType
    }

    /// The repository's `Protocol.schema.json`, parsed once.
    public static let protocolSchema: SchemaValidator = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Protocol.schema.json")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? "{}"
        let root = (try? JSONParser.parse(text))?.objectValue ?? JSONObject()
        return SchemaValidator(root: root)
    }()

    /// The problems of `value` against the definition `name` of `$defs`; empty when valid.
    /// For a `oneOf` of messages, only the ones of the value's `type` are tried (and said
    /// when none is), which is what the discriminator means, and fast.
    public func problems(of value: JSONValue, against name: String) -> [String] {
        guard let byType = optionsByType[name], let typeValue = value.objectValue?["type"], let type = typeValue.stringValue
        else { return check(value, .object(["$ref": .string("#/$defs/\(name)")]), path: "$") }
        let candidates = byType[type] ?? []
        guard !candidates.isEmpty else { return ["$: no \(name) has type \(typeValue.jsonText)"] }
        return check(value, .object(["oneOf": .array(candidates)]), path: "$")
    }

    /// The problems of a line's JSON text against `clientMessage` or `serverMessage`.
    public func problems(ofLine line: String, against name: String) -> [String] {
        guard let value = try? JSONParser.parse(line) else { return ["$: not JSON"] }
        return problems(of: value, against: name)
    }

    private func resolve(_ reference: String) -> JSONValue? {
        Self.resolve(reference, in: definitions)
    }

    private static func resolve(_ reference: String, in definitions: [String: JSONValue]) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/") else { return nil }
        return definitions[String(reference.dropFirst("#/$defs/".count))]
    }

    private func check(_ value: JSONValue, _ schemaValue: JSONValue, path: String) -> [String] {
        guard let schema = schemaValue.objectValue else { return [] }
        var problems: [String] = []
        if let reference = schema["$ref"]?.stringValue {
            guard let target = resolve(reference) else { return ["\(path): unknown $ref \(reference)"] }
            problems += check(value, target, path: path)
        }
        if let types = schema["type"] {
            let allowed = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue ?? ""]
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                return problems + ["\(path): \(value.kindName), not \(allowed.joined(separator: " or "))"]
            }
        }
        if let constant = schema["const"], constant != value {
            problems.append("\(path): \(value.jsonText), not \(constant.jsonText)")
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            problems.append("\(path): \(value.jsonText), not one of \(JSONValue.array(options).jsonText)")
        }
        if let text = value.stringValue {
            let length = text.unicodeScalars.count
            if let minimum = schema["minLength"]?.intValue, length < minimum { problems.append("\(path): shorter than \(minimum)") }
            if let maximum = schema["maxLength"]?.intValue, length > maximum { problems.append("\(path): longer than \(maximum)") }
            if let pattern = schema["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): \(value.jsonText) does not match \(pattern)")
            }
            if schema["format"]?.stringValue == "date", !Self.isDate(text) {
                problems.append("\(path): \(value.jsonText) is not a date")
            }
        }
        if let number = value.intValue, case .int = value {
            if let minimum = schema["minimum"]?.intValue, number < minimum { problems.append("\(path): \(number) < \(minimum)") }
            if let maximum = schema["maximum"]?.intValue, number > maximum { problems.append("\(path): \(number) > \(maximum)") }
        }
        if let items = value.arrayValue {
            if let minimum = schema["minItems"]?.intValue, items.count < minimum { problems.append("\(path): fewer than \(minimum) items") }
            if let maximum = schema["maxItems"]?.intValue, items.count > maximum { problems.append("\(path): more than \(maximum) items") }
            if schema["uniqueItems"] == .bool(true) {
                for (index, item) in items.enumerated() where items[..<index].contains(where: { Self.equal($0, item) }) {
                    problems.append("\(path)[\(index)]: \(item.jsonText) repeats an earlier item")
                }
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() { problems += check(item, itemSchema, path: "\(path)[\(index)]") }
            }
        }
        if let object = value.objectValue {
            let properties = schema["properties"]?.objectValue ?? JSONObject()
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
                problems.append("\(path): no \(key)")
            }
            for (key, field) in object.pairs {
                if let fieldSchema = properties[key] {
                    problems += check(field, fieldSchema, path: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"], extra.objectValue != nil {
                    problems += check(field, extra, path: "\(path).\(key)")
                }
            }
        }
        if let options = schema["oneOf"]?.arrayValue {
            let results = options.map { check(value, $0, path: path) }
            let passing = results.filter(\.isEmpty).count
            if passing != 1 {
                problems.append("\(path): matches \(passing) of oneOf, not 1" + (passing == 0 ? " (closest: \(results.min { $0.count < $1.count }?.first ?? ""))" : ""))
            }
        }
        if let options = schema["anyOf"]?.arrayValue {
            let results = options.map { check(value, $0, path: path) }
            if !results.contains(where: \.isEmpty) {
                problems.append("\(path): matches none of anyOf (closest: \(results.min { $0.count < $1.count }?.first ?? ""))")
            }
        }
        for part in schema["allOf"]?.arrayValue ?? [] {
            problems += check(value, part, path: path)
        }
        if let condition = schema["if"] {
            let branch = check(value, condition, path: path).isEmpty ? schema["then"] : schema["else"]
            if let branch { problems += check(value, branch, path: path) }
        }
        return problems
    }

    /// JSON Schema's equality: numbers by value (1 is 1.0), strings by code points, objects
    /// as sets of members (key order does not matter).
    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object(let a), .object(let b)):
            a.pairs.count == b.pairs.count && a.pairs.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        default: false
        }
    }

    /// RFC 3339's full-date: YYYY-MM-DD, a day that exists in the Gregorian calendar.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.map(\.utf8.count) == [4, 2, 2],
              parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .int), ("number", .double): true
        default: false
        }
    }
}
