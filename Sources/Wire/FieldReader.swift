/// Where a ``FieldReader`` reads, and how a fault there is reported: the one thing the
/// two directions of the protocol read differently.
protocol FieldContext {
    associatedtype Failure: Error

    /// The failure that reports `text`, a sentence about one field.
    func failure(_ text: String) -> Failure

    /// The failure for a missing field, given `text` ("missing field 'room' (a string)").
    func missingField(_ text: String) -> Failure

    /// The context of the object nested at `path` ("players[1]") below this one.
    func nested(_ path: String) -> Self

    /// `value` as an integer, when this side of the protocol takes it as one.
    func integer(_ value: JSONValue) -> Int?
}

/// A client's command line: a fault is a `bad_request` that carries the line's `id`, and a
/// missing field is shown with a well-formed line of the command.
struct ClientLine: FieldContext {
    /// The line's `id`, echoed on the error.
    let id: RequestID?
    /// A well-formed line of this command ("{"type":"join","room":"K7QX"}").
    let example: String

    func failure(_ text: String) -> DecodeFailure {
        DecodeFailure(code: .badRequest, message: text, id: id)
    }

    func missingField(_ text: String) -> DecodeFailure {
        failure("\(text), like \(example)")
    }

    /// Commands have no nested objects to name: their fields are named alone.
    func nested(_ path: String) -> ClientLine { self }

    /// Only a number written as an integer: the server checks a command as it was sent.
    func integer(_ value: JSONValue) -> Int? {
        if case .int(let number) = value { return number }
        return nil
    }
}

/// A place in a message the server sent ("state", "state.players[1]"): a fault names it.
struct ServerMessagePath: FieldContext {
    let path: String

    func failure(_ text: String) -> ServerDecodeFailure {
        ServerDecodeFailure(message: "\(path): \(text)")
    }

    func missingField(_ text: String) -> ServerDecodeFailure { failure(text) }

    func nested(_ path: String) -> ServerMessagePath {
        ServerMessagePath(path: "\(self.path).\(path)")
    }

    /// Any number that is a whole one (`5.0` too): a client reads what a server sends generously.
    func integer(_ value: JSONValue) -> Int? { value.intValue }
}

/// The fields of one command line.
typealias CommandFields = FieldReader<ClientLine>
/// The fields of one server message, or of an object nested in it.
typealias ServerFields = FieldReader<ServerMessagePath>

/// Typed access to the fields of one JSON object, failing with a sentence that names the field.
///
/// A `null` field reads as an absent one; fields the reader does not ask for are ignored, so
/// a newer peer that adds fields is still read.
struct FieldReader<Context: FieldContext> {
    typealias Failure = Context.Failure

    let object: JSONObject
    let context: Context

    init(_ object: JSONObject, _ context: Context) {
        self.object = object
        self.context = context
    }

    func failure(_ text: String) -> Failure { context.failure(text) }

    /// "missing field 'room' (a string)", with what the context adds.
    func missing(_ key: String, _ kind: String) -> Failure {
        context.missingField("missing field '\(key)' (\(kind))")
    }

    private func wrongKind(_ key: String, _ kind: String, _ value: JSONValue) -> Failure {
        failure("field '\(key)' must be \(kind), not \(value.kindName)")
    }

    /// The field's value; nil when it is absent or null.
    // Always inlined: every accessor reads through it, and as a call it made decoding a Set
    // state cost 3% more instructions than the two readers this one replaced (callgrind).
    @inline(__always)
    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// Whether the field is there and not null.
    func has(_ key: String) -> Bool { value(key) != nil }

    // MARK: Scalars

    func string(_ key: String) throws(Failure) -> String {
        try string(key, kind: "a string")
    }

    /// A string field whose missing-field message names the values it takes.
    func string(_ key: String, kind: String) throws(Failure) -> String {
        guard let text = try optionalString(key) else { throw missing(key, kind) }
        return text
    }

    func optionalString(_ key: String) throws(Failure) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw wrongKind(key, "a string", value) }
        return text
    }

    func int(_ key: String) throws(Failure) -> Int {
        guard let number = try optionalInt(key) else { throw missing(key, "an integer") }
        return number
    }

    func optionalInt(_ key: String) throws(Failure) -> Int? {
        guard let value = value(key) else { return nil }
        guard let number = context.integer(value) else { throw wrongKind(key, "an integer", value) }
        return number
    }

    func bool(_ key: String) throws(Failure) -> Bool {
        guard let flag = try optionalBool(key) else { throw missing(key, "true or false") }
        return flag
    }

    func optionalBool(_ key: String) throws(Failure) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw wrongKind(key, "true or false", value) }
        return flag
    }

    /// A number, integral or not (a rating: `1500` or `1464.1`).
    func number(_ key: String) throws(Failure) -> Double {
        guard let number = try optionalNumber(key) else { throw missing(key, "a number") }
        return number
    }

    func optionalNumber(_ key: String) throws(Failure) -> Double? {
        guard let value = value(key) else { return nil }
        switch value {
        case .int(let whole): return Double(whole)
        case .double(let number): return number
        default: throw wrongKind(key, "a number", value)
        }
    }

    /// The `id` a server message echoes: an integer or a string.
    func id() throws(Failure) -> RequestID? {
        switch value("id") {
        case nil: return nil
        case .int(let id)?: return .int(id)
        case .string(let id)?: return .string(id)
        case let other?: throw wrongKind("id", "an integer or a string", other)
        }
    }

    // MARK: Arrays

    func array(_ key: String) throws(Failure) -> [JSONValue] {
        guard let items = try optionalArray(key) else { throw missing(key, "an array") }
        return items
    }

    func optionalArray(_ key: String) throws(Failure) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw wrongKind(key, "an array", value) }
        return items
    }

    func strings(_ key: String) throws(Failure) -> [String] {
        try array(key).map { item throws(Failure) in
            guard case .string(let text) = item else { throw failure("field '\(key)' must hold strings, not \(item.kindName)") }
            return text
        }
    }

    func ints(_ key: String) throws(Failure) -> [Int] {
        try array(key).map { item throws(Failure) in
            guard let number = context.integer(item) else { throw failure("field '\(key)' must hold integers, not \(item.kindName)") }
            return number
        }
    }

    // MARK: Objects

    /// An object taken whole, unread (a command's `options`, which the game checks).
    func optionalJSONObject(_ key: String) throws(Failure) -> JSONObject? {
        guard let value = value(key) else { return nil }
        guard case .object(let fields) = value else { throw wrongKind(key, "an object", value) }
        return fields
    }

    /// An object nested at `path`, read with a context that says where it is.
    func nested(_ value: JSONValue, _ path: String) throws(Failure) -> FieldReader {
        guard case .object(let fields) = value else { throw failure("'\(path)' must be an object, not \(value.kindName)") }
        return FieldReader(fields, context.nested(path))
    }

    func object(_ key: String) throws(Failure) -> FieldReader {
        guard let fields = try optionalObject(key) else { throw missing(key, "an object") }
        return fields
    }

    func optionalObject(_ key: String) throws(Failure) -> FieldReader? {
        guard let value = value(key) else { return nil }
        return try nested(value, key)
    }

    /// An array of objects, each read with its position in the context.
    func objects(_ key: String) throws(Failure) -> [FieldReader] {
        try array(key).enumerated().map { position, item throws(Failure) in try nested(item, "\(key)[\(position)]") }
    }
}
