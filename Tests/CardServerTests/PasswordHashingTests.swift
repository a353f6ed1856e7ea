@testable import CardServer
import Testing

/// HMAC-SHA256 and PBKDF2-HMAC-SHA256, written here on the project's SHA-256, against the
/// published vectors: RFC 4231 (HMAC-SHA256) and RFC 7914 section 11 (PBKDF2-HMAC-SHA256).
struct PasswordHashingTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static let longKey = [UInt8](repeating: 0xaa, count: 131)

    /// RFC 4231, section 4: test cases 1 to 7 (6 and 7: a key longer than a block).
    static let rfc4231: [(key: [UInt8], data: [UInt8], code: String)] = [
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (Array(1...25), [UInt8](repeating: 0xcd, count: 50), "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        ([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8), "a3b6167473100ee06e0c796c2955552b"),
        (longKey, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        (longKey, Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: 0..<7)
    func hmacSHA256MatchesRFC4231(testCase: Int) {
        let (key, data, code) = Self.rfc4231[testCase]
        // Test case 5 gives the code cut to 128 bits.
        #expect(Self.hex(HMACSHA256.code(key: key, message: data)).prefix(code.count) == code)
    }

    @Test func theKeyedInnerLoopMatchesTheGeneralHMAC() {
        let keyed = HMACSHA256.Keyed(key: Array("Jefe".utf8))
        let digest = SHA256.digest(Array("a 32-byte message".utf8))
        let asWords = keyed.code(ofDigest: SHA256.block(digest + [UInt8](repeating: 0, count: 32)).lowHalf)
        #expect(SHA256.bytes(of: asWords) == HMACSHA256.code(key: Array("Jefe".utf8), message: digest))
    }

    @Test func pbkdf2MatchesRFC7914WithOneIteration() {
        let key = PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64)
        #expect(Self.hex(key) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
    }

    @Test func pbkdf2MatchesRFC7914WithEightyThousandIterations() {
        let key = PBKDF2.sha256(password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000, length: 64)
        #expect(Self.hex(key) == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    @Test func constantTimeEqualityComparesEveryByte() {
        #expect(constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEqual([9, 2, 3], [1, 2, 3]))
        #expect(!constantTimeEqual([1, 2], [1, 2, 3]))
        #expect(constantTimeEqual([], []))
    }
}

/// An account's password as stored: its written form, its check, and the rule for new ones.
struct StoredPasswordTests {
    static let salt: [UInt8] = Array(0..<16)

    @Test func aStoredPasswordChecksTheRightOneOnlyAndReadsBackFromItsText() throws {
        let stored = StoredPassword(password: "correct horse", salt: Self.salt, iterations: 1_000)
        // The derived key as Python's hashlib.pbkdf2_hmac gives it for the same password, salt and count.
        #expect(stored.text == "pbkdf2-sha256$1000$000102030405060708090a0b0c0d0e0f$c914cc4f06cc6e8f46d157e3a1b5aa7abceebb17bb0444cd4c4ac16ca2ae9864")
        #expect(stored.matches("correct horse"))
        #expect(!stored.matches("correct horse "))
        #expect(!stored.matches("Correct horse"))
        let read = try #require(StoredPassword(text: stored.text))
        #expect(read == stored)
        #expect(read.matches("correct horse"))
    }

    @Test func aStoredTextInAnyOtherShapeIsRefused() {
        let good = StoredPassword(password: "correct horse", salt: Self.salt, iterations: 2).text
        #expect(StoredPassword(text: good) != nil)
        let parts = good.split(separator: "$").map(String.init)
        for bad in [
            "", "pbkdf2-sha256", good + "$", "pbkdf2-sha1$2$\(parts[2])$\(parts[3])",
            "pbkdf2-sha256$0$\(parts[2])$\(parts[3])", "pbkdf2-sha256$-5$\(parts[2])$\(parts[3])",
            "pbkdf2-sha256$10000001$\(parts[2])$\(parts[3])",
            "pbkdf2-sha256$2$\(parts[2].dropLast(2))$\(parts[3])", "pbkdf2-sha256$2$\(parts[2])$\(parts[3])00",
            "pbkdf2-sha256$2$\(parts[2].uppercased())$\(parts[3])", "pbkdf2-sha256$2$\(parts[2])$\(parts[3].dropLast())x",
        ] {
            #expect(StoredPassword(text: bad) == nil, "\(bad)")
        }
    }

    @Test func aNewPasswordIsEightTo256CharactersAndNotTheNameEitherWay() {
        #expect(PasswordRule.problem(password: "seven77", name: "ann") == "a password needs at least 8 characters (this has 7); a few words make a good one")
        #expect(PasswordRule.problem(password: "eight888", name: "ann") == nil)
        // Characters, not bytes: eight accented letters are eight.
        #expect(PasswordRule.problem(password: "éééééééé", name: "ann") == nil)
        #expect(PasswordRule.problem(password: String(repeating: "x", count: 256), name: "ann") == nil)
        #expect(PasswordRule.problem(password: String(repeating: "x", count: 257), name: "ann") == "a password may have at most 256 characters (this has 257)")
        #expect(PasswordRule.problem(password: "Annabelle", name: "annabelle") == "a password cannot be the account's name, or the name backwards")
        #expect(PasswordRule.problem(password: "ellebanna", name: "Annabelle") == "a password cannot be the account's name, or the name backwards")
        // No composition rules: all lowercase letters and spaces is fine.
        #expect(PasswordRule.problem(password: "correct horse battery staple", name: "ann") == nil)
    }
}
