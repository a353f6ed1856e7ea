/// An account's session digests, oldest first. Nearly every account holds one session, so the
/// first is kept inline and only the others in an array: 100,000 accounts with a session each
/// make no array at all (an array of one digest is a heap block of about 80 bytes each).
struct DigestList {
    private var first: TokenDigest?
    /// The rest, oldest first; empty (no allocation) while the account holds one session.
    private var rest: [TokenDigest] = []

    var count: Int { (first == nil ? 0 : 1) + rest.count }
    var isEmpty: Bool { first == nil }
    var oldest: TokenDigest? { first }

    /// Every digest, oldest first.
    var all: [TokenDigest] { first.map { [$0] + rest } ?? [] }

    mutating func append(_ digest: TokenDigest) {
        if first == nil { first = digest } else { rest.append(digest) }
    }

    mutating func remove(_ digest: TokenDigest) {
        if first == digest {
            first = rest.isEmpty ? nil : rest.removeFirst()
        } else {
            rest.removeAll { $0 == digest }
        }
    }
}
