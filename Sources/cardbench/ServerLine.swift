/// The few fields the Set players read from the server's lines, found by hand.
///
/// Every state of a 4-player room goes to 4 players after every claim, so the
/// players read thousands of ~1.5 KB lines a second on the same two cores as
/// the server. Building a JSON tree of each (`Wire`'s `JSONParser`) would make
/// the load generator the bottleneck; these scans touch each byte about once
/// and allocate nothing. They rely on what Protocol.md pins: `type` is the
/// first field, a reply's `id` is the last, card objects hold no nested
/// object or array, and string values here (room codes, codes, phases) hold
/// no escapes.
enum ServerLine {
    /// The kinds of line a Set player acts on.
    enum Kind: Equatable {
        case hello, welcome, joined, state, claimed, error, gameOver, ok, other
    }

    private static let kinds: [(prefix: [UInt8], kind: Kind)] = [
        ("state", Kind.state), ("claimed", .claimed), ("error", .error), ("welcome", .welcome),
        ("joined", .joined), ("game_over", .gameOver), ("hello", .hello), ("ok", .ok),
    ].map { (Array("{\"type\":\"\($0.0)\"".utf8), $0.1) }

    /// The kind of `line`, from its first field.
    static func kind(_ line: UnsafeRawBufferPointer) -> Kind {
        kinds.first { line.starts(with: $0.prefix) }?.kind ?? .other
    }

    /// The integer `id` a reply carries as its last field (`…,"id":12}`), or nil.
    static func trailingID(_ line: UnsafeRawBufferPointer) -> Int? {
        guard line.last == UInt8(ascii: "}") else { return nil }
        let end = line.count - 1
        var start = end
        while start > 0, (48...57).contains(line[start - 1]) { start -= 1 }
        guard start < end, end - start <= 18, start >= idKey.count,
              line[(start - idKey.count)..<start].elementsEqual(idKey)
        else { return nil }
        return line[start..<end].reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    private static let idKey = Array(",\"id\":".utf8)

    /// Where `needle` first occurs in `line` at or after `from`, or nil.
    static func find(_ needle: [UInt8], in line: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard let first = needle.first, needle.count <= line.count else { return nil }
        var index = from
        while index + needle.count <= line.count {
            if line[index] == first, line[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The string value of the first `"name":"…"` in `line`, or nil.
    static func string(_ name: String, in line: UnsafeRawBufferPointer) -> String? {
        let key = Array("\"\(name)\":\"".utf8)
        guard let at = find(key, in: line) else { return nil }
        let start = at + key.count
        var end = start
        while end < line.count, line[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < line.count else { return nil }
        return String(decoding: line[start..<end], as: UTF8.self)
    }

    /// The non-negative integer value of the first `"name":N` in `line`, or nil.
    static func integer(_ key: [UInt8], in line: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        guard let at = find(key, in: line, from: from) else { return nil }
        var index = at + key.count
        var value: Int?
        while index < line.count, index - at - key.count < 18, (48...57).contains(line[index]) {
            value = (value ?? 0) * 10 + Int(line[index] - 48)
            index += 1
        }
        return value
    }

    static let phasePlaying = Array("\"phase\":\"playing\"".utf8)
    static let deckKey = Array("\"deck\":".utf8)
    private static let boardKey = Array("\"board\":[".utf8)
    private static let cardIDKey = Array("\"id\":".utf8)

    /// Reads the ids of the cards of `state.board`, in position order, into `ids`.
    /// - Returns: false when the line has no well-formed `board`.
    static func board(_ line: UnsafeRawBufferPointer, into ids: inout [Int]) -> Bool {
        ids.removeAll(keepingCapacity: true)
        guard let at = find(boardKey, in: line) else { return false }
        var index = at + boardKey.count
        while index < line.count {
            switch line[index] {
            case UInt8(ascii: "]"):
                return true
            case UInt8(ascii: "{"):
                // A card object ends at the first "}": it nests nothing.
                var end = index
                while end < line.count, line[end] != UInt8(ascii: "}") { end += 1 }
                guard end < line.count,
                      let id = integer(cardIDKey, in: UnsafeRawBufferPointer(rebasing: line[index..<end]))
                else { return false }
                ids.append(id)
                index = end + 1
            default:
                index += 1
            }
        }
        return false
    }
}
