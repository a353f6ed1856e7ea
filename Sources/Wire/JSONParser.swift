/// Why some bytes are not one valid JSON value.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A short sentence for a person, e.g. "unexpected character 'x' at byte 12".
    public let message: String
    /// The byte offset in the input where the problem was found (the input's length for a premature end).
    public let offset: Int

    /// Makes an error with a message and the byte offset it refers to.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message.
    public var description: String { message }
}

/// A strict RFC 8259 JSON parser working directly on UTF-8 bytes.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64

    /// Parses exactly one JSON value (surrounding whitespace allowed, nothing else after it).
    /// - Throws: ``JSONParseError`` naming the first problem and its byte offset.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.failure("trailing characters after the JSON value", at: parser.position)
        }
        return value
    }

    /// Parses exactly one JSON value (surrounding whitespace allowed, nothing else after it).
    /// - Throws: ``JSONParseError`` naming the first problem and its byte offset.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        // withUnsafeBytes only rethrows untyped errors, so carry the typed one out in a Result.
        let result = bytes.withUnsafeBytes { raw in parseResult(raw) }
        return try result.get()
    }

    /// Parses exactly one JSON value (surrounding whitespace allowed, nothing else after it).
    /// - Throws: ``JSONParseError`` naming the first problem and its byte offset.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { utf8 in parseResult(UnsafeRawBufferPointer(utf8)) }
        return try result.get()
    }

    private static func parseResult(_ bytes: UnsafeRawBufferPointer) -> Result<JSONValue, JSONParseError> {
        do {
            return .success(try parse(bytes))
        } catch {
            return .failure(error)
        }
    }
}

// ASCII code points used by the parser.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let one: UInt8 = 0x31
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperE: UInt8 = 0x45
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let lowerB: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let lowerF: UInt8 = 0x66
    static let lowerN: UInt8 = 0x6E
    static let lowerR: UInt8 = 0x72
    static let lowerT: UInt8 = 0x74
    static let lowerU: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let delete: UInt8 = 0x7F
}

/// The parsing state: the input, a cursor, the current depth and a reusable buffer for escaped
/// strings. ``JSONParser`` builds a tree with it; ``JSONPullReader`` walks the same grammar.
struct Parser {
    let bytes: UnsafeRawBufferPointer
    let end: Int
    var position = 0
    var depth = 0
    var scratch: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.end = bytes.count
    }

    // MARK: Errors

    func failure(_ what: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: "\(what) at byte \(offset)", offset: offset)
    }

    func endOfInput() -> JSONParseError {
        JSONParseError(message: "unexpected end of input", offset: end)
    }

    /// The error for a byte that cannot appear at `offset`; names the character, or the bad UTF-8.
    func unexpected(at offset: Int) -> JSONParseError {
        guard offset < end else { return endOfInput() }
        let byte = bytes[offset]
        if byte >= 0x80 {
            guard let length = utf8SequenceLength(at: offset) else {
                return failure("invalid UTF-8", at: offset)
            }
            let character = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            return failure("unexpected character '\(character)'", at: offset)
        }
        if byte < ASCII.space || byte == ASCII.delete {
            return failure("unexpected character \(Self.codePointName(byte))", at: offset)
        }
        return failure("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: offset)
    }

    /// "U+000A" style name for a control character, which would be invisible in quotes.
    static func codePointName(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while position < end {
            switch bytes[position] {
            case ASCII.space, ASCII.newline, ASCII.carriageReturn, ASCII.tab: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < end else { throw endOfInput() }
        switch bytes[position] {
        case ASCII.openBrace:
            return try parseObject()
        case ASCII.openBracket:
            return try parseArray()
        case ASCII.quote:
            position += 1
            return .string(try parseString())
        case ASCII.lowerT:
            try expectLiteral("true")
            return .bool(true)
        case ASCII.lowerF:
            try expectLiteral("false")
            return .bool(false)
        case ASCII.lowerN:
            try expectLiteral("null")
            return .null
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try parseNumber()
        default:
            throw unexpected(at: position)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard position < end else { throw endOfInput() }
            guard bytes[position] == byte else { throw unexpected(at: position) }
            position += 1
        }
    }

    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maxDepth {
            throw failure("nesting deeper than \(JSONParser.maxDepth)", at: position)
        }
        position += 1
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        guard position < end else { throw endOfInput() }
        if bytes[position] == ASCII.closeBracket {
            position += 1
            return .array([])
        }
        var elements: [JSONValue] = []
        // Most arrays in messages are short (three card ids): one allocation, not three.
        elements.reserveCapacity(4)
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard position < end else { throw endOfInput() }
            switch bytes[position] {
            case ASCII.comma:
                let comma = position
                position += 1
                skipWhitespace()
                if position < end && bytes[position] == ASCII.closeBracket {
                    throw failure("trailing comma", at: comma)
                }
            case ASCII.closeBracket:
                position += 1
                return .array(elements)
            default:
                throw unexpected(at: position)
            }
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        guard position < end else { throw endOfInput() }
        if bytes[position] == ASCII.closeBrace {
            position += 1
            return .object(JSONObject())
        }
        // Client messages have up to five fields: one allocation for them, not three.
        var object = JSONObject(minimumCapacity: 6)
        while true {
            guard position < end else { throw endOfInput() }
            guard bytes[position] == ASCII.quote else { throw unexpected(at: position) }
            position += 1
            let key = try parseString()
            skipWhitespace()
            guard position < end else { throw endOfInput() }
            guard bytes[position] == ASCII.colon else { throw unexpected(at: position) }
            position += 1
            skipWhitespace()
            object[key] = try parseValue()
            skipWhitespace()
            guard position < end else { throw endOfInput() }
            switch bytes[position] {
            case ASCII.comma:
                let comma = position
                position += 1
                skipWhitespace()
                if position < end && bytes[position] == ASCII.closeBrace {
                    throw failure("trailing comma", at: comma)
                }
            case ASCII.closeBrace:
                position += 1
                return .object(object)
            default:
                throw unexpected(at: position)
            }
        }
    }

    // MARK: Strings

    /// Parses a string body; `position` is just past the opening quote and ends just past the closing one.
    mutating func parseString() throws(JSONParseError) -> String {
        var runStart = position
        var escaped = false
        while position < end {
            let byte = bytes[position]
            if byte == ASCII.quote {
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<position])
                position += 1
                // The bytes were validated above, so decoding cannot substitute replacement characters.
                guard escaped else { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == ASCII.backslash {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
                try parseEscape()
                runStart = position
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

    /// Decodes the escape at `position` (a backslash) into `scratch`.
    mutating func parseEscape() throws(JSONParseError) {
        let start = position
        position += 1
        guard position < end else { throw endOfInput() }
        let letter = bytes[position]
        position += 1
        switch letter {
        case ASCII.quote, ASCII.backslash, ASCII.slash: scratch.append(letter)
        case ASCII.lowerB: scratch.append(0x08)
        case ASCII.lowerF: scratch.append(0x0C)
        case ASCII.lowerN: scratch.append(ASCII.newline)
        case ASCII.lowerR: scratch.append(ASCII.carriageReturn)
        case ASCII.lowerT: scratch.append(ASCII.tab)
        case ASCII.lowerU:
            let unit = try parseHex4()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < end, bytes[position] == ASCII.backslash, bytes[position + 1] == ASCII.lowerU else {
                    throw failure("unpaired surrogate in \\u escape", at: start)
                }
                position += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("unpaired surrogate in \\u escape", at: start)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure("unpaired surrogate in \\u escape", at: start)
            }
            // Surrogates were handled above, so every remaining value is a valid scalar.
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw failure("invalid \\u escape", at: start)
            }
            scratch.append(contentsOf: scalar.utf8)
        default:
            if letter >= 0x80 || letter < ASCII.space || letter == ASCII.delete {
                throw failure("invalid escape", at: start)
            }
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(letter)))'", at: start)
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < end else { throw endOfInput() }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("expected 4 hex digits after \\u", at: position)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// The length of the valid UTF-8 sequence whose lead byte (>= 0x80) is at `offset`, or nil when invalid
    /// (bad lead, bad or missing continuation, overlong form, surrogate, or beyond U+10FFFF).
    func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard end - offset >= length, secondRange.contains(bytes[offset + 1]) else { return nil }
        var index = offset + 2
        while index < offset + length {
            guard bytes[index] & 0xC0 == 0x80 else { return nil }
            index += 1
        }
        return length
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = bytes[position] == ASCII.minus
        if negative { position += 1 }
        guard position < end else { throw endOfInput() }

        // Accumulate toward the sign so that Int.min fits.
        var integer = 0
        var overflowed = false
        let first = bytes[position]
        if first == ASCII.zero {
            position += 1
            if position < end, isDigit(bytes[position]) {
                throw failure("leading zero in number", at: start)
            }
        } else if first >= ASCII.one && first <= ASCII.nine {
            while position < end, isDigit(bytes[position]) {
                let digit = Int(bytes[position] - ASCII.zero)
                if !overflowed {
                    let (shifted, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (next, o2) = negative
                        ? shifted.subtractingReportingOverflow(digit)
                        : shifted.addingReportingOverflow(digit)
                    if o1 || o2 { overflowed = true } else { integer = next }
                }
                position += 1
            }
        } else {
            throw unexpected(at: position)
        }

        var isInteger = true
        if position < end && bytes[position] == ASCII.period {
            isInteger = false
            position += 1
            try skipDigits()
        }
        if position < end && (bytes[position] == ASCII.lowerE || bytes[position] == ASCII.upperE) {
            isInteger = false
            position += 1
            if position < end && (bytes[position] == ASCII.plus || bytes[position] == ASCII.minus) {
                position += 1
            }
            try skipDigits()
        }
        if isInteger && !overflowed {
            return .int(integer)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("number out of range", at: start)
        }
        return .double(value)
    }

    /// Skips one or more digits (a fraction or exponent needs at least one).
    mutating func skipDigits() throws(JSONParseError) {
        guard position < end else { throw endOfInput() }
        guard isDigit(bytes[position]) else { throw unexpected(at: position) }
        repeat { position += 1 } while position < end && isDigit(bytes[position])
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= ASCII.zero && byte <= ASCII.nine
    }
}
