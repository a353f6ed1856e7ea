import Foundation
import Wire

/// A JSON Schema (2020-12) validator for the keywords `Protocol.schema.json` uses:
/// `$ref` (to `#/$defs/…`), `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `items`, `minItems`, `maxItems`, `uniqueItems`, `minimum`,
/// `maximum`, `minLength`, `maxLength` (in code points), `pattern` (ICU's regular
/// expressions: `\p{…}` properties, lookaround), `format` (`date` asserted: a day of the
/// Gregorian calendar; other formats ignored), `oneOf`, `anyOf`, `allOf`, `not`,
/// `if`/`then`/`else`. Annotations are ignored.
/// No packages: the suite checks every server line with it. A library of the test
/// targets, so that the server's and the client's tests share it. The schema is compiled
/// once into ``Node``s (keywords read, patterns compiled), so a check looks nothing up by name.
public struct SchemaValidator: Sendable {
    public let root: JSONObject
    /// `$defs` by name, compiled.
    private let definitions: [String: Node]
    /// For each `oneOf` of messages (`clientMessage`, `serverMessage`): its options by `type`,
    /// and the options that name no one type (a catch-all for types a newer server may send).
    private let optionsByType: [String: (byType: [String: [Node]], untyped: [Node])]

    public init(root: JSONObject) {
        self.root = root
        let compiler = Compiler(root["$defs"]?.objectValue ?? JSONObject())
        definitions = compiler.compiled
        var optionsByType: [String: (byType: [String: [Node]], untyped: [Node])] = [:]
        for union in ["clientMessage", "serverMessage"] {
            var byType: [String: [Node]] = [:]
            var untyped: [Node] = []
            for option in compiler.definitions[union]?.objectValue?["oneOf"]?.arrayValue ?? [] {
                let target = option.objectValue?["$ref"]?.stringValue.flatMap(compiler.definition) ?? option
                var types: [String] = []
                for variant in target.objectValue?["oneOf"]?.arrayValue ?? [target] {
                    if let type = variant.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["const"]?.stringValue {
                        types.append(type)
                    }
                }
                let node = compiler.compile(option)
                if types.isEmpty { untyped.append(node) }
                for type in Swift.Set(types) { byType[type, default: []].append(node) }
            }
            optionsByType[union] = (byType, untyped)
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
    /// For a `oneOf` of messages, only the ones of the value's `type` are tried, which is what
    /// the discriminator means, and fast; a type no message has is tried against the options
    /// that name no type (and said when there are none).
    public func problems(of value: JSONValue, against name: String) -> [String] {
        guard let union = optionsByType[name], let typeValue = value.objectValue?["type"], let type = typeValue.stringValue
        else {
            guard let node = definitions[name] else { return ["$: no definition \(name)"] }
            return node.check(value, path: "$", in: definitions)
        }
        let candidates = union.byType[type] ?? union.untyped
        guard !candidates.isEmpty else { return ["$: no \(name) has type \(typeValue.jsonText)"] }
        return Node.oneOf(candidates, value, path: "$", in: definitions)
    }

    /// Whether `type` is the `type` of one of the messages `name` (`clientMessage`,
    /// `serverMessage`) lists by name; a catch-all's types are not.
    public func knows(type: String, in name: String) -> Bool {
        optionsByType[name]?.byType[type] != nil
    }

    /// The problems of a line's JSON text against `clientMessage` or `serverMessage`.
    public func problems(ofLine line: String, against name: String) -> [String] {
        guard let value = try? JSONParser.parse(line) else { return ["$: not JSON"] }
        return problems(of: value, against: name)
    }

    /// Turns schema objects into nodes, each once: a `$ref` names its definition, which is
    /// compiled when first met.
    private final class Compiler {
        let definitions: [String: JSONValue]
        private(set) var compiled: [String: Node] = [:]

        init(_ defs: JSONObject) {
            var definitions: [String: JSONValue] = [:]
            for (name, definition) in defs.pairs { definitions[name] = definition }
            self.definitions = definitions
            for name in definitions.keys.sorted() where compiled[name] == nil {
                compiled[name] = compile(definitions[name]!)
            }
        }

        func definition(_ reference: String) -> JSONValue? {
            guard reference.hasPrefix("#/$defs/") else { return nil }
            return definitions[String(reference.dropFirst("#/$defs/".count))]
        }

        func compile(_ value: JSONValue) -> Node {
            Node(value.objectValue ?? JSONObject(), compile: compile)
        }
    }

    /// One schema object, its keywords read once.
    final class Node: @unchecked Sendable {
        let reference: String?
        let types: [String]?
        let constant: JSONValue?
        let options: [JSONValue]?
        let minLength: Int?
        let maxLength: Int?
        let pattern: (text: String, expression: NSRegularExpression?)?
        let isDate: Bool
        let minimum: Int?
        let maximum: Int?
        let minItems: Int?
        let maxItems: Int?
        let uniqueItems: Bool
        let items: Node?
        let required: [String]
        let properties: [String: Node]
        let additionalProperties: Node?
        let oneOf: [Node]?
        let anyOf: [Node]?
        let allOf: [Node]
        let not: Node?
        let condition: (if: Node, then: Node?, else: Node?)?

        init(_ schema: JSONObject, compile: (JSONValue) -> Node) {
            reference = schema["$ref"]?.stringValue
            types = schema["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue ?? ""] }
            constant = schema["const"]
            options = schema["enum"]?.arrayValue
            minLength = schema["minLength"]?.intValue
            maxLength = schema["maxLength"]?.intValue
            pattern = schema["pattern"]?.stringValue.map { ($0, try? NSRegularExpression(pattern: $0)) }
            isDate = schema["format"]?.stringValue == "date"
            minimum = schema["minimum"]?.intValue
            maximum = schema["maximum"]?.intValue
            minItems = schema["minItems"]?.intValue
            maxItems = schema["maxItems"]?.intValue
            uniqueItems = schema["uniqueItems"] == .bool(true)
            items = schema["items"].map(compile)
            required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            var properties: [String: Node] = [:]
            for (key, field) in schema["properties"]?.objectValue?.pairs ?? [] { properties[key] = compile(field) }
            self.properties = properties
            additionalProperties = schema["additionalProperties"].flatMap { $0.objectValue != nil ? compile($0) : nil }
            oneOf = schema["oneOf"]?.arrayValue?.map(compile)
            anyOf = schema["anyOf"]?.arrayValue?.map(compile)
            allOf = schema["allOf"]?.arrayValue?.map(compile) ?? []
            not = schema["not"].map(compile)
            condition = schema["if"].map { (compile($0), schema["then"].map(compile), schema["else"].map(compile)) }
        }

        static func oneOf(_ options: [Node], _ value: JSONValue, path: String, in definitions: [String: Node]) -> [String] {
            let results = options.map { $0.check(value, path: path, in: definitions) }
            let passing = results.filter(\.isEmpty).count
            guard passing != 1 else { return [] }
            return ["\(path): matches \(passing) of oneOf, not 1" + (passing == 0 ? " (closest: \(results.min { $0.count < $1.count }?.first ?? ""))" : "")]
        }

        func check(_ value: JSONValue, path: String, in definitions: [String: Node]) -> [String] {
            var problems: [String] = []
            if let reference {
                guard reference.hasPrefix("#/$defs/"), let target = definitions[String(reference.dropFirst("#/$defs/".count))] else {
                    return ["\(path): unknown $ref \(reference)"]
                }
                problems += target.check(value, path: path, in: definitions)
            }
            if let types, !types.contains(where: { SchemaValidator.matches(value, type: $0) }) {
                return problems + ["\(path): \(value.kindName), not \(types.joined(separator: " or "))"]
            }
            if let constant, constant != value {
                problems.append("\(path): \(value.jsonText), not \(constant.jsonText)")
            }
            if let options, !options.contains(value) {
                problems.append("\(path): \(value.jsonText), not one of \(JSONValue.array(options).jsonText)")
            }
            if let text = value.stringValue {
                if minLength != nil || maxLength != nil {
                    let length = text.unicodeScalars.count
                    if let minLength, length < minLength { problems.append("\(path): shorter than \(minLength)") }
                    if let maxLength, length > maxLength { problems.append("\(path): longer than \(maxLength)") }
                }
                if let pattern {
                    let range = NSRange(text.startIndex..., in: text)
                    if pattern.expression?.firstMatch(in: text, range: range) == nil {
                        problems.append("\(path): \(value.jsonText) does not match \(pattern.text)")
                    }
                }
                if isDate, !SchemaValidator.isDate(text) {
                    problems.append("\(path): \(value.jsonText) is not a date")
                }
            }
            if let number = value.intValue, case .int = value {
                if let minimum, number < minimum { problems.append("\(path): \(number) < \(minimum)") }
                if let maximum, number > maximum { problems.append("\(path): \(number) > \(maximum)") }
            }
            if let elements = value.arrayValue {
                if let minItems, elements.count < minItems { problems.append("\(path): fewer than \(minItems) items") }
                if let maxItems, elements.count > maxItems { problems.append("\(path): more than \(maxItems) items") }
                if uniqueItems {
                    for (index, item) in elements.enumerated() where elements[..<index].contains(where: { SchemaValidator.equal($0, item) }) {
                        problems.append("\(path)[\(index)]: \(item.jsonText) repeats an earlier item")
                    }
                }
                if let items {
                    for (index, item) in elements.enumerated() { problems += items.check(item, path: "\(path)[\(index)]", in: definitions) }
                }
            }
            if let object = value.objectValue {
                for key in required where object[key] == nil {
                    problems.append("\(path): no \(key)")
                }
                if !properties.isEmpty || additionalProperties != nil {
                    for (key, field) in object.pairs {
                        if let fieldSchema = properties[key] {
                            problems += fieldSchema.check(field, path: "\(path).\(key)", in: definitions)
                        } else if let additionalProperties {
                            problems += additionalProperties.check(field, path: "\(path).\(key)", in: definitions)
                        }
                    }
                }
            }
            if let oneOf {
                problems += Self.oneOf(oneOf, value, path: path, in: definitions)
            }
            if let anyOf {
                let results = anyOf.map { $0.check(value, path: path, in: definitions) }
                if !results.contains(where: \.isEmpty) {
                    problems.append("\(path): matches none of anyOf (closest: \(results.min { $0.count < $1.count }?.first ?? ""))")
                }
            }
            for part in allOf {
                problems += part.check(value, path: path, in: definitions)
            }
            if let not, not.check(value, path: path, in: definitions).isEmpty {
                problems.append("\(path): \(value.jsonText) matches what `not` excludes")
            }
            if let condition {
                let branch = condition.if.check(value, path: path, in: definitions).isEmpty ? condition.then : condition.else
                if let branch { problems += branch.check(value, path: path, in: definitions) }
            }
            return problems
        }
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

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .int), ("number", .double): true
        default: false
        }
    }
}
