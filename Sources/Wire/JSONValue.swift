/// A JSON value; objects keep their keys in insertion order so encoded text is exact.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits `Int`.
    case int(Int)
    /// Any other finite number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, with its keys in order.
    case object(JSONObject)
}

extension JSONValue {
    /// The string, when this is a `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is an `.int`, or a `.double` that is integral and fits `Int`.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            // Not Int(exactly:): it calls libm's trunc, which a stdlib-only target may not link.
            guard value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else { return nil }
            let integer = Int(value)
            return Double(integer) == value ? integer : nil
        default: return nil
        }
    }

    /// The boolean, when this is a `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The object, when this is an `.object`.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an `.array`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The kind of value in words, for error messages:
    /// "null", "boolean", "integer", "number", "string", "array" or "object".
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Makes a `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Makes an `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Makes a `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Makes a `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Makes `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Makes an `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Makes an `.object` with the keys in the order written; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

/// An ordered JSON object. Lookup by key; duplicate keys when parsing: the last one wins (keep the first position).
public struct JSONObject: Sendable {
    /// Above this many keys lookups go through `index` instead of a linear scan.
    private static let linearLimit = 12

    private var storage: [(key: String, value: JSONValue)]
    // Built only for large objects: a linear scan beats hashing for the few keys messages have.
    private var index: [String: Int]?

    /// Makes an object from key-value pairs in order; a repeated key keeps its first position and its last value.
    public init(_ pairs: [(String, JSONValue)] = []) {
        storage = []
        storage.reserveCapacity(pairs.count)
        index = nil
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// An empty object with room for `minimumCapacity` keys.
    init(minimumCapacity: Int) {
        storage = []
        storage.reserveCapacity(minimumCapacity)
        index = nil
    }

    /// The key-value pairs in order.
    public var pairs: [(key: String, value: JSONValue)] { storage }

    /// The number of keys.
    public var count: Int { storage.count }

    /// Whether the object has no keys.
    public var isEmpty: Bool { storage.isEmpty }

    /// The keys in order.
    public var keys: [String] { storage.map(\.key) }

    /// The value for `key`. Setting a new key appends it at the end; setting an existing key
    /// replaces its value in place; setting `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return storage[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    storage[position].value = newValue
                } else {
                    storage.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                storage.append((key: key, value: newValue))
                if index != nil {
                    index![key] = storage.count - 1
                } else if storage.count > Self.linearLimit {
                    rebuildIndex()
                }
            }
        }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return storage.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndex() {
        guard storage.count > Self.linearLimit else {
            index = nil
            return
        }
        var built = [String: Int](minimumCapacity: storage.count)
        for (position, pair) in storage.enumerated() {
            built[pair.key] = position
        }
        index = built
    }
}

extension JSONObject: Equatable {
    /// Equal when both have the same pairs in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.storage.count == rhs.storage.count else { return false }
        for (left, right) in zip(lhs.storage, rhs.storage) where left.key != right.key || left.value != right.value {
            return false
        }
        return true
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Makes an object with the keys in the order written; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
