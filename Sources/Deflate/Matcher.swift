/// One step of LZ77's output: a byte as it is, or a copy of `length` bytes from `distance` back.
struct Token: Equatable {
    /// 0 for a literal, else 3-258.
    let length: UInt16
    /// The literal byte, or the distance 1-32768.
    let value: UInt16

    /// The byte as it is.
    static func literal(_ byte: UInt8) -> Token { Token(length: 0, value: UInt16(byte)) }
    /// A copy of `length` (3-258) bytes from `distance` (1-32768) back.
    static func copy(length: Int, distance: Int) -> Token { Token(length: UInt16(length), value: UInt16(distance)) }
}

/// LZ77 as DEFLATE allows it (RFC 1951, 4): copies of 3-258 bytes from at most 32 KiB back,
/// found through chains of earlier positions with the same next three bytes, with zlib's
/// "lazy" rule: a copy is kept back one byte to see whether the next position has a longer one.
struct Matcher {
    /// The farthest a copy may reach back.
    static let window = 32768
    /// The shortest and the longest copy.
    static let minLength = 3
    static let maxLength = 258
    /// Positions tried at most for one match; a quarter as many once the match in hand is
    /// `goodLength` long. (zlib's level 9 tries 4,096 and 1,024.)
    static let maxChain = 4096
    static let goodLength = 32
    /// A match this long is taken without looking further.
    static let niceLength = 258
    /// A three-byte copy from farther back than this costs more bits than three literals.
    static let tooFar = 4096

    private static let hashBits = 15
    private static let hashMask = (1 << hashBits) - 1

    /// The tokens that rebuild `input`.
    static func tokens(_ input: [UInt8]) -> [Token] {
        input.withUnsafeBufferPointer { tokens($0) }
    }

    private static func tokens(_ data: UnsafeBufferPointer<UInt8>) -> [Token] {
        let count = data.count
        var tokens: [Token] = []
        tokens.reserveCapacity(count / 2)
        // The latest position with each hash, and for each position (modulo the window) the
        // one before it with the same hash; -1 for none.
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: window)

        func insert(_ position: Int) {
            guard position + minLength <= count else { return }
            let hash = (Int(data[position]) << 10 ^ Int(data[position + 1]) << 5 ^ Int(data[position + 2])) & hashMask
            previous[position & (window - 1)] = head[hash]
            head[hash] = Int32(position)
        }

        /// The longest copy for `position` (inserted already), if it beats `atLeast` bytes.
        func longestMatch(at position: Int, beating atLeast: Int) -> (length: Int, distance: Int)? {
            let limit = min(maxLength, count - position)
            guard limit >= minLength, atLeast < limit else { return nil }
            var best = max(atLeast, minLength - 1)
            var bestDistance = 0
            var chain = atLeast >= goodLength ? maxChain / 4 : maxChain
            var candidate = Int(previous[position & (window - 1)])
            while candidate >= 0, position - candidate <= window, chain > 0 {
                chain -= 1
                // The byte just past the best so far decides most candidates at once.
                if best < limit, data[candidate + best] == data[position + best], data[candidate] == data[position] {
                    var length = 0
                    while length < limit, data[candidate + length] == data[position + length] { length += 1 }
                    if length > best {
                        best = length
                        bestDistance = position - candidate
                        if length >= min(niceLength, limit) { break }
                    }
                }
                let next = Int(previous[candidate & (window - 1)])
                // Only the slot of the position a whole window back is taken already, by
                // `position` itself: its link leads forward, and the chain ends there.
                guard next < candidate else { break }
                candidate = next
            }
            guard bestDistance > 0, best > atLeast, !(best == minLength && bestDistance > tooFar) else { return nil }
            return (best, bestDistance)
        }

        var position = 0
        // A match found at position - 1 and held back to see whether `position` does better.
        var held: (length: Int, distance: Int)?
        while position < count {
            insert(position)
            if let match = held {
                if match.length < niceLength, let better = longestMatch(at: position, beating: match.length) {
                    tokens.append(.literal(data[position - 1]))
                    held = better
                    position += 1
                    continue
                }
                tokens.append(.copy(length: match.length, distance: match.distance))
                let end = position - 1 + match.length
                for covered in position + 1 ..< end { insert(covered) }
                position = end
                held = nil
            } else {
                if let match = longestMatch(at: position, beating: 0) {
                    held = match
                } else {
                    tokens.append(.literal(data[position]))
                }
                position += 1
            }
        }
        // No match is held at the end: one found at the last byte would be shorter than three.
        return tokens
    }
}
