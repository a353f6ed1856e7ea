/// Writes compact JSON straight into bytes, in the order the fields are given.
///
/// The server's messages go through this writer rather than through
/// ``JSONValue``: building a value tree for every message is allocation the
/// hot path cannot afford. Commas are placed by the writer: every key or
/// value after the first in its object or array gets one.
struct JSONWriter {
    private(set) var bytes: [UInt8]
    private var needsComma = false

    init(capacity: Int = 128) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Starts a message object with its `type` field.
    init(type: StaticString, capacity: Int = 128) {
        self.init(capacity: capacity)
        openObject()
        key("type")
        bytes.append(UInt8(ascii: "\""))
        type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Ends the text with a newline and hands over the bytes without copying them.
    ///
    /// `mutating`, not `consuming`: a consuming method may be handed a copy of the
    /// writer, which made the last append reallocate (and copy) every message.
    mutating func finishLine() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":` for a field name of the protocol (plain ASCII, nothing to escape);
    /// the next call writes its value.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"name":` for a name that comes from data (a player's name), escaped.
    mutating func key(escaping name: String) {
        separate()
        JSONText.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Appends bytes that are already one complete JSON value (a cached encoding).
    mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    mutating func string(_ value: String) {
        separate()
        JSONText.writeString(value, into: &bytes)
        needsComma = true
    }

    mutating func int(_ value: Int) {
        separate()
        JSONText.writeInteger(value, into: &bytes)
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Writes any value (for the rare fields whose shape varies, like an echoed id).
    mutating func value(_ value: JSONValue) {
        separate()
        value.write(into: &bytes)
        needsComma = true
    }

    // MARK: Conveniences for `"key": value` fields

    mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// A string, or `null` when nil.
    mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// An integer, or `null` when nil.
    mutating func field(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { int(value) } else { null() }
    }

    mutating func field(_ name: StaticString, strings: [String]) {
        key(name)
        openArray()
        for value in strings { string(value) }
        closeArray()
    }

    /// An array whose elements `write` writes, one call per element.
    mutating func field<Element>(_ name: StaticString, array elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        key(name)
        openArray()
        for element in elements { write(&self, element) }
        closeArray()
    }

    /// An object whose fields `write` writes.
    mutating func field(_ name: StaticString, object write: (inout JSONWriter) -> Void) {
        key(name)
        openObject()
        write(&self)
        closeObject()
    }

    /// An object whose fields `write` writes, or `null` when `value` is nil.
    mutating func field<Value>(_ name: StaticString, objectOrNull value: Value?, _ write: (inout JSONWriter, Value) -> Void) {
        key(name)
        guard let value else { return null() }
        openObject()
        write(&self, value)
        closeObject()
    }

    /// `{"name":score,…}` in the given order.
    mutating func field(_ name: StaticString, scores: [NamedScore]) {
        field(name, object: { writer in
            for score in scores {
                writer.key(escaping: score.name)
                writer.int(score.score)
            }
        })
    }
}
