/// Where JSON text is appended: a byte array, or a ``JSONWriter``.
protocol JSONByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: JSONByteSink where Element == UInt8 {}

extension JSONByteSink {
    /// Appends a literal's UTF-8 bytes.
    mutating func append(text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}

/// Writes compact JSON straight into bytes, in the order the fields are given.
///
/// The server's messages go through this writer rather than through
/// ``JSONValue``: building a value tree for every message is allocation the
/// hot path cannot afford. Commas are placed by the writer: every key or
/// value after the first in its object or array gets one.
///
/// It writes into a buffer on the stack (``bytes(capacity:_:)`` makes one),
/// moving to the heap only when a message outgrows it, and the finished text
/// is copied once into the array handed back (an `Array` paid a uniqueness and
/// capacity check on every small append). A writer lives only inside
/// ``bytes(capacity:_:)`` and is passed `inout`: never copy one, since a copy
/// that grows would free the other's storage.
struct JSONWriter: JSONByteSink {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// Set once the text outgrew the caller's buffer: then `start` is ours to free.
    private var ownsStorage = false
    private var needsComma = false

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        capacity = buffer.count
    }

    /// Runs `write` with a writer on a stack buffer of `capacity` bytes (it grows
    /// past that if it must) and returns the bytes written.
    static func bytes(capacity: Int, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(capacity, 16)) { buffer in
            var writer = JSONWriter(buffer: buffer)
            write(&writer)
            defer { if writer.ownsStorage { writer.start.deallocate() } }
            return Array(UnsafeBufferPointer(start: writer.start, count: writer.count))
        }
    }

    /// Runs `write` on a writer that has begun a message object with its `type`
    /// field, closes the object and ends the line with "\n".
    static func line(type: StaticString, capacity: Int, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        line(capacity: capacity) { writer in
            writer.key("type")
            writer.append(UInt8(ascii: "\""))
            writer.append(text: type)
            writer.append(UInt8(ascii: "\""))
            writer.needsComma = true
            write(&writer)
        }
    }

    /// Runs `write` on a writer that has begun a message object, closes the object
    /// and ends the line with "\n".
    static func line(capacity: Int, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        bytes(capacity: capacity) { writer in
            writer.openObject()
            write(&writer)
            writer.closeObject()
            writer.append(UInt8(ascii: "\n"))
        }
    }

    // MARK: Bytes

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Moves the text to a heap buffer at least twice as large.
    private mutating func grow(toHold needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: start, count: count)
        if ownsStorage { start.deallocate() }
        start = bigger
        capacity = newCapacity
        ownsStorage = true
    }

    // MARK: Structure

    private mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    mutating func openObject() {
        separate()
        append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func closeObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func openArray() {
        separate()
        append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func closeArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":` for a field name of the protocol (plain ASCII, nothing to escape);
    /// the next call writes its value.
    mutating func key(_ name: StaticString) {
        separate()
        append(UInt8(ascii: "\""))
        append(text: name)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `"name":` for a name that comes from data (a player's name), escaped.
    mutating func key(escaping name: String) {
        separate()
        JSONText.writeString(name, into: &self)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Appends bytes that are already one complete JSON value (a cached encoding).
    mutating func raw(_ json: [UInt8]) {
        separate()
        json.withUnsafeBufferPointer { append(contentsOf: $0) }
        needsComma = true
    }

    mutating func string(_ value: String) {
        separate()
        JSONText.writeString(value, into: &self)
        needsComma = true
    }

    mutating func int(_ value: Int) {
        separate()
        JSONText.writeInteger(value, into: &self)
        needsComma = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        append(text: value ? "true" : "false")
        needsComma = true
    }

    mutating func null() {
        separate()
        append(text: "null")
        needsComma = true
    }

    /// Appends any parsed value, as ``JSONValue/write(into:)`` would.
    mutating func value(_ value: JSONValue) {
        separate()
        value.writeJSON(into: &self)
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

    /// A number that need not be whole (a rating), as Swift prints it: the shortest text that
    /// reads back as the same `Double` (`1500.0`, `1464.1`).
    mutating func field(_ name: StaticString, number: Double) {
        key(name)
        value(.double(number))
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
    mutating func field<Elements: Sequence>(
        _ name: StaticString, array elements: Elements, _ write: (inout JSONWriter, Elements.Element) -> Void
    ) {
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
