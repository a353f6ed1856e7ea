/// Reads one JSON value a token at a time, for a reader that wants a few fields of a large
/// object without building its tree: the results journal's start reads a million records
/// this way (building each record's ``JSONValue`` was a third of that start's time).
///
/// It is exactly as strict as ``JSONParser``, over the same grammar: a value it skips is
/// still checked, and ``finish()`` requires that nothing but whitespace follows the value.
/// So a line ``JSONParser`` refuses is refused here too, whichever fields the reader takes.
///
///     try reader.enterObject()
///     while let key = try reader.nextKey() {
///         switch key {
///         case "game": game = try reader.value().stringValue
///         default: try reader.skipValue()
///         }
///     }
///     try reader.finish()
///
/// The bytes must outlive the reader (``withReader(_:_:)`` scopes both).
public struct JSONPullReader {
    private var parser: Parser
    /// Whether the container just entered has had no member yet: its first key or element
    /// comes without a comma, and a closing bracket right there is an empty container.
    private var atFirst = false

    init(bytes: UnsafeRawBufferPointer) {
        parser = Parser(bytes: bytes)
        parser.skipWhitespace()
    }

    /// Runs `body` with a reader over `bytes`.
    public static func withReader<Result>(
        _ bytes: [UInt8], _ body: (inout JSONPullReader) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> Result {
        let outcome: Swift.Result<Result, JSONParseError> = bytes.withUnsafeBytes { raw in
            var reader = JSONPullReader(bytes: raw)
            do throws(JSONParseError) {
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// The kind of the next value, without reading it.
    public enum Kind: Equatable {
        case object, array, string, other
    }

    /// What the next value is; `.other` also at the end of the input (reading it then throws).
    public func peek() -> Kind {
        guard parser.position < parser.end else { return .other }
        switch parser.bytes[parser.position] {
        case ASCII.openBrace: return .object
        case ASCII.openBracket: return .array
        case ASCII.quote: return .string
        default: return .other
        }
    }

    /// Enters the object that comes next; then ``nextKey()`` until it returns nil.
    public mutating func enterObject() throws(JSONParseError) {
        try enter(ASCII.openBrace)
    }

    /// Enters the array that comes next; then ``nextElement()`` until it returns false.
    public mutating func enterArray() throws(JSONParseError) {
        try enter(ASCII.openBracket)
    }

    private mutating func enter(_ bracket: UInt8) throws(JSONParseError) {
        guard parser.position < parser.end else { throw parser.endOfInput() }
        guard parser.bytes[parser.position] == bracket else { throw parser.unexpected(at: parser.position) }
        try parser.enterContainer()
        parser.skipWhitespace()
        atFirst = true
    }

    /// The next key of the object being read, its value next; nil when the object ends (its
    /// closing brace read). After a key, read or skip its value before asking again.
    public mutating func nextKey() throws(JSONParseError) -> String? {
        guard try nextMember(closing: ASCII.closeBrace) else { return nil }
        guard parser.position < parser.end else { throw parser.endOfInput() }
        guard parser.bytes[parser.position] == ASCII.quote else { throw parser.unexpected(at: parser.position) }
        parser.position += 1
        let key = try parser.parseString()
        parser.skipWhitespace()
        guard parser.position < parser.end else { throw parser.endOfInput() }
        guard parser.bytes[parser.position] == ASCII.colon else { throw parser.unexpected(at: parser.position) }
        parser.position += 1
        parser.skipWhitespace()
        return key
    }

    /// Whether the array being read has another element, to read or skip next; false when
    /// the array ends (its closing bracket read).
    public mutating func nextElement() throws(JSONParseError) -> Bool {
        try nextMember(closing: ASCII.closeBracket)
    }

    /// Moves past the comma before a member, or past the container's end (returning false).
    private mutating func nextMember(closing: UInt8) throws(JSONParseError) -> Bool {
        guard parser.position < parser.end else { throw parser.endOfInput() }
        let byte = parser.bytes[parser.position]
        if byte == closing {
            parser.position += 1
            parser.depth -= 1
            parser.skipWhitespace()
            // Back in the container around it, whose member this was: not its first any more.
            atFirst = false
            return false
        }
        if atFirst {
            atFirst = false
            return true
        }
        guard byte == ASCII.comma else { throw parser.unexpected(at: parser.position) }
        let comma = parser.position
        parser.position += 1
        parser.skipWhitespace()
        if parser.position < parser.end && parser.bytes[parser.position] == closing {
            throw parser.failure("trailing comma", at: comma)
        }
        return true
    }

    /// Reads the next value whole (a small one: a string, a number, a literal).
    public mutating func value() throws(JSONParseError) -> JSONValue {
        let value = try parser.parseValue()
        parser.skipWhitespace()
        return value
    }

    /// Checks the next value and passes over it without building it.
    public mutating func skipValue() throws(JSONParseError) {
        switch peek() {
        case .object:
            try enterObject()
            while try nextKey() != nil { try skipValue() }
        case .array:
            try enterArray()
            while try nextElement() { try skipValue() }
        case .string:
            parser.position += 1
            try parser.skipString()
            parser.skipWhitespace()
        case .other:
            _ = try value()
        }
    }

    /// Ends the reading: nothing but whitespace may follow the value read.
    public mutating func finish() throws(JSONParseError) {
        parser.skipWhitespace()
        if parser.position < parser.end {
            throw parser.failure("trailing characters after the JSON value", at: parser.position)
        }
    }
}

extension Parser {
    /// Checks a string body as ``parseString()`` does, without making the string; `position`
    /// is just past the opening quote and ends just past the closing one.
    mutating func skipString() throws(JSONParseError) {
        while position < end {
            let byte = bytes[position]
            if byte == ASCII.quote {
                position += 1
                return
            } else if byte == ASCII.backslash {
                // Decoded into the scratch buffer only to be checked: escapes are rare in records.
                scratch.removeAll(keepingCapacity: true)
                try parseEscape()
            } else if byte < ASCII.space {
                throw failure("unescaped control character \(Self.codePointName(byte)) in string", at: position)
            } else if byte < 0x80 {
                position += 1
            } else {
                guard let length = utf8SequenceLength(at: position) else {
                    throw failure("invalid UTF-8", at: position)
                }
                position += length
            }
        }
        throw endOfInput()
    }
}
