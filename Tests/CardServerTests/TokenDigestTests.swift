@testable import CardServer
import Testing

/// A session's key: the token's SHA-256 held in 32 inline bytes, written in hex in the room log.
struct TokenDigestTests {
    @Test func itsHexIsTheTokensSHA256() {
        // FIPS 180-4's "abc" example.
        #expect(TokenDigest(hashing: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenDigest(hashing: "Zx3-token").hex == SHA256.hex("Zx3-token"))
    }

    @Test func hexReadsBackToTheSameDigest() {
        let digest = TokenDigest(hashing: "a session token")
        #expect(TokenDigest(hex: digest.hex) == digest)
        #expect(TokenDigest(hex: digest.hex.uppercased()) == digest)
        #expect(TokenDigest(hashing: "another token") != digest)
        var sessions: [TokenDigest: String] = [digest: "p1"]
        sessions[TokenDigest(hashing: "another token")] = "p2"
        #expect(sessions[TokenDigest(hex: SHA256.hex("a session token"))!] == "p1")
        #expect(sessions.count == 2)
    }

    @Test func anythingButSixtyFourHexDigitsIsRefused() {
        let valid = SHA256.hex("x")
        #expect(TokenDigest(hex: String(valid.dropLast())) == nil)
        #expect(TokenDigest(hex: valid + "0") == nil)
        #expect(TokenDigest(hex: String(valid.dropLast()) + "g") == nil)
        #expect(TokenDigest(hex: "") == nil)
        #expect(TokenDigest(hex: String(repeating: "é", count: 32)) == nil)
    }
}
