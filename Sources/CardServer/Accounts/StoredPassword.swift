import Storage
/// An account's password as the server keeps it: never the password, but PBKDF2-HMAC-SHA256 of
/// it with a salt of its own and the iteration count it was made with, so that the count can
/// rise for new passwords while the old ones still check.
///
/// Written `pbkdf2-sha256$<iterations>$<salt, hex>$<derived key, hex>`, the shape PostgreSQL and
/// Django use for theirs, so an operator reading an accounts file sees what each line is.
struct StoredPassword: Equatable, Sendable {
    /// OWASP's figure for PBKDF2-HMAC-SHA256 (Password Storage Cheat Sheet, 2023 and since).
    static let defaultIterations = 600_000
    /// Bytes of salt, from `getrandom` (the caller's): 128 bits, as NIST SP 800-132 asks at least.
    static let saltBytes = 16
    /// Bytes of derived key: one SHA-256 output, so one PBKDF2 block.
    static let keyBytes = 32
    /// The most iterations a stored line may name: a doctored file must not make one check
    /// take an hour of the worker's time.
    static let maxIterations = 10_000_000

    // Held inline, not as arrays: a start keeps one for each of 100,000 accounts, and two
    // arrays cost two allocations each (about 10 MiB in all). The count last, in 32 bits
    // (``maxIterations`` fits): 52 bytes, which lets an account's fields pack into 88.
    private let saltWords: (UInt64, UInt64)
    private let keyWords: (UInt64, UInt64, UInt64, UInt64)
    private let iterationCount: UInt32

    /// The PBKDF2 iteration count it was made with.
    var iterations: Int { Int(iterationCount) }

    /// The salt's 16 bytes.
    var salt: [UInt8] { Self.bytes(of: [saltWords.0, saltWords.1]) }
    /// The derived key's 32 bytes.
    var derivedKey: [UInt8] { Self.bytes(of: [keyWords.0, keyWords.1, keyWords.2, keyWords.3]) }

    private init(iterations: Int, salt: [UInt8], derivedKey: [UInt8]) {
        iterationCount = UInt32(iterations)
        saltWords = (Self.word(salt, 0), Self.word(salt, 8))
        keyWords = (Self.word(derivedKey, 0), Self.word(derivedKey, 8), Self.word(derivedKey, 16), Self.word(derivedKey, 24))
    }

    private static func word(_ bytes: [UInt8], _ start: Int) -> UInt64 {
        bytes[start..<start + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func bytes(of words: [UInt64]) -> [UInt8] {
        words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(56 - 8 * $0)) } }
    }

    static func == (left: StoredPassword, right: StoredPassword) -> Bool {
        left.iterationCount == right.iterationCount && left.saltWords == right.saltWords && left.keyWords == right.keyWords
    }

    /// Derives the stored form of `password`: slow on purpose (0.7 s at the default count in a
    /// release build here), so never on the event loop.
    init(password: String, salt: [UInt8], iterations: Int = defaultIterations, stop: StopSignal? = nil) {
        precondition(salt.count == Self.saltBytes, "a password's salt has \(Self.saltBytes) bytes")
        self.init(
            iterations: iterations, salt: salt,
            derivedKey: PBKDF2.sha256(password: Array(password.utf8), salt: salt, iterations: iterations, length: Self.keyBytes, stop: stop))
    }

    /// Reads the written form; nil for anything else.
    init?(text: String) {
        // Split as bytes, not Characters: a start reads one for every account.
        let parts = text.utf8.split(separator: UInt8(ascii: "$"), omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].elementsEqual("pbkdf2-sha256".utf8),
              let iterations = Int(Substring(parts[1])), (1...Self.maxIterations).contains(iterations),
              let salt = Hex.bytes(parts[2]), salt.count == Self.saltBytes,
              let key = Hex.bytes(parts[3]), key.count == Self.keyBytes
        else { return nil }
        self.init(iterations: iterations, salt: salt, derivedKey: key)
    }

    /// The written form.
    var text: String {
        "pbkdf2-sha256$\(iterations)$\(Hex.text(salt))$\(Hex.text(derivedKey))"
    }

    /// Whether `password` is the one stored: derived again with the stored salt and count, and
    /// compared in constant time.
    /// - Parameter stop: see ``PBKDF2/sha256(password:salt:iterations:length:stop:)``: once raised, false.
    func matches(_ password: String, stop: StopSignal? = nil) -> Bool {
        let candidate = PBKDF2.sha256(password: Array(password.utf8), salt: salt, iterations: iterations, length: Self.keyBytes, stop: stop)
        return constantTimeEqual(candidate, derivedKey) && stop?.isRaised != true
    }
}

/// What a new password must be (NIST SP 800-63B, section 3.1.1.2): long enough, not too long
/// to hash, and not the account's own name; no rules of composition, no hints.
enum PasswordRule {
    static let minimumCharacters = 8
    /// Long passphrases are welcome; past this the hashing work is the attacker's lever.
    static let maximumCharacters = 256

    /// Why `password` cannot be the password of the account `name`; nil when it can.
    /// Characters are Unicode scalars, as NIST counts them.
    static func problem(password: String, name: String) -> String? {
        let count = password.unicodeScalars.count
        if count < minimumCharacters {
            return "a password needs at least \(minimumCharacters) characters (this has \(count)); a few words make a good one"
        }
        if count > maximumCharacters {
            return "a password may have at most \(maximumCharacters) characters (this has \(count))"
        }
        let folded = String(password.unicodeScalars.map { Character($0) }).lowercased()
        let folder = name.lowercased()
        if folded == folder || folded == String(folder.reversed()) {
            return "a password cannot be the account's name, or the name backwards"
        }
        return nil
    }
}
