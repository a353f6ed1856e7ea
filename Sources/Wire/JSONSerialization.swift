extension JSONValue {
    /// Appends the compact JSON text (no spaces) to `buffer`.
    ///
    /// Object keys keep their stored order; strings escape only `"`, `\` and control characters
    /// (non-ASCII is written as raw UTF-8); a non-finite double is written as `null`.
    public func write(into buffer: inout [UInt8]) {
        switch self {
        case .null:
            buffer.append(contentsOf: "null".utf8)
        case .bool(let value):
            buffer.append(contentsOf: value ? "true".utf8 : "false".utf8)
        case .int(let value):
            JSONText.writeInteger(value, into: &buffer)
        case .double(let value):
            if value.isFinite {
                buffer.append(contentsOf: value.description.utf8)
            } else {
                buffer.append(contentsOf: "null".utf8)
            }
        case .string(let value):
            JSONText.writeString(value, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                element.write(into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            object.write(into: &buffer)
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
        buffer.append(UInt8(ascii: "{"))
        for (position, pair) in pairs.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            JSONText.writeString(pair.key, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            pair.value.write(into: &buffer)
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

    static func writeInteger(_ value: Int, into buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        // Work on the magnitude so that Int.min does not overflow on negation.
        var magnitude = value.magnitude
        let start = buffer.count
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        buffer[start...].reverse()
    }

    static func writeString(_ value: String, into buffer: inout [UInt8]) {
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
                    buffer.append(contentsOf: "u00".utf8)
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
