import Testing
import Wire

/// A string `id` comes back in every reply, so its length is bounded.
struct RequestIDLimitTests {
    @Test func aStringIDOfUpTo64BytesIsKept() throws {
        let id = String(repeating: "é", count: 32)
        let request = try ClientMessageDecoder.decode(Array(#"{"type":"ping","id":"\#(id)"}"#.utf8))
        #expect(request.id == .string(id))
    }

    @Test func aLongerStringIDIsABadRequestThatCannotCarryIt() {
        let id = String(repeating: "é", count: 32) + "x"
        #expect(throws: DecodeFailure(code: .badRequest, message: "a string id may be at most 64 bytes of UTF-8; that one has 65", id: nil)) {
            try ClientMessageDecoder.decode(Array(#"{"type":"ping","id":"\#(id)"}"#.utf8))
        }
    }

    @Test func integerIDsHaveNoSuchBound() throws {
        let request = try ClientMessageDecoder.decode(Array(#"{"type":"ping","id":9223372036854775807}"#.utf8))
        #expect(request.id == .int(Int.max))
    }
}
