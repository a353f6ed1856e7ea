extension JSONValue {
    /// Appends the compact JSON text (no spaces) to `buffer`.
    ///
    /// Object keys keep their stored order; strings escape only `"`, `\` and control characters
    /// (non-ASCII is written as raw UTF-8); a non-finite double is written as `null`.
    public func write(into buffer: inout [UInt8]) {
        writeJSON(into: &buffer)
    }

    func writeJSON<Sink: JSONByteSink>(into buffer: inout Sink) {
        switch self {
        case .null:
            buffer.append(text: "null")
        case .bool(let value):
            buffer.append(text: value ? "true" : "false")
        case .int(let value):
            JSONText.writeInteger(value, into: &buffer)
        case .double(let value):
            if value.isFinite {
                var text = value.description
                text.withUTF8 { buffer.append(contentsOf: $0) }
            } else {
                buffer.append(text: "null")
            }
        case .string(let value):
            JSONText.writeString(value, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                element.writeJSON(into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            object.writeJSON(into: &buffer)
        }
    }

    /// The compact JSON text.
    public var jsonText: String {
        var buffer: [UInt8] = []
        write(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}

extension JSONObject {
    /// Appends the compact JSON text of this object (keys in stored order) to `buffer`.
    public func write(into buffer: inout [UInt8]) {
        writeJSON(into: &buffer)
    }

    func writeJSON<Sink: JSONByteSink>(into buffer: inout Sink) {
        buffer.append(UInt8(ascii: "{"))
        for (position, pair) in pairs.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            JSONText.writeString(pair.key, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            pair.value.writeJSON(into: &buffer)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// The compact JSON text of this object.
    public var jsonText: String {
        var buffer: [UInt8] = []
        write(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}

/// The primitives of JSON text: integers and escaped strings straight into bytes.
enum JSONText {
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func writeInteger<Sink: JSONByteSink>(_ value: Int, into buffer: inout Sink) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        // Work on the magnitude so that Int.min does not overflow on negation.
        var magnitude = value.magnitude
        if magnitude < 10 {
            return buffer.append(UInt8(ascii: "0") + UInt8(magnitude))
        }
        // The digits come least significant first: write them from the end of a
        // buffer as long as the longest UInt64 (20 digits).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    static func writeString<Sink: JSONByteSink>(_ value: String, into buffer: inout Sink) {
        var value = value
        buffer.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            var runStart = 0
            for (position, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
                buffer.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: buffer.append(UInt8(ascii: "\""))
                case 0x5C: buffer.append(UInt8(ascii: "\\"))
                case 0x08: buffer.append(UInt8(ascii: "b"))
                case 0x0C: buffer.append(UInt8(ascii: "f"))
                case 0x0A: buffer.append(UInt8(ascii: "n"))
                case 0x0D: buffer.append(UInt8(ascii: "r"))
                case 0x09: buffer.append(UInt8(ascii: "t"))
                default:
                    buffer.append(text: "u00")
                    buffer.append(hexDigits[Int(byte >> 4)])
                    buffer.append(hexDigits[Int(byte & 0x0F)])
                }
                runStart = position + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
