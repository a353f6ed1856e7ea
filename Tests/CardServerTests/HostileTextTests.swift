import Foundation
import ServerTestSupport
import Testing
import Wire

/// Hostile names and chat on virtual time, read line by line as a socket client reads them:
/// the attacker gets the documented refusal, and ann and bob, playing rps in the room, see
/// nothing of it and play on.
struct HostileTextTests {
    /// Plays one round that bob wins and checks both see exactly its reveal: nothing else came in between.
    private func bobWinsARound(_ ann: ScriptedClient, _ bob: ScriptedClient, room: String) throws {
        ann.send(#"{"type":"throw","sign":"rock"}"#)
        try ann.expect("thrown")
        try ann.expect("state")
        try bob.expect("state")
        bob.send(#"{"type":"throw","sign":"paper"}"#)
        try bob.expect("thrown")
        let reveal = #"{"type":"round","room":"\#(room)","round":1,"throws":{"ann":"rock","bob":"paper"},"winner":"bob","timed_out":[]}"#
        #expect(try ann.receiveLine() == reveal)
        #expect(try bob.receiveLine() == reveal)
    }

    @Test func lookAlikeAndInvisibleNamesCannotEnterAnnsRoom() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)

        for lookAlike in ["аnn", "ａｎｎ", "ANN"] {
            let impostor = try server.player(lookAlike)
            for command in ["watch", "join"] {
                impostor.send(#"{"type":"\#(command)","room":"\#(room)"}"#)
                let error = try impostor.expect("error")
                #expect(error["code"] == .string("name_taken"))
                #expect(error["message"] == .string(
                    "someone in room \(room) is called ann, which looks the same as \(lookAlike); log in with another name to join"))
            }
        }
        let invisible = try server.connect()
        try invisible.expect("hello")
        invisible.send(#"{"type":"login","name":"ann\u200b"}"#)
        #expect(try invisible.receiveLine()
            == #"{"type":"error","code":"bad_request","message":"a name may not hold invisible or direction-changing characters like U+200B"}"#)

        try bobWinsARound(ann, bob, room: room)
    }

    @Test func chatReachesTheOtherMemberCleaned() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        ann.send(#"{"type":"chat","text":"\u001b]0;pwned\u0007\u001b[2Jhi \u202egg\u0000","id":1}"#)
        #expect(try ann.receiveLine() == #"{"type":"chat","room":"\#(room)","from":"ann","text":"]0;pwned[2Jhi gg","id":1}"#)
        #expect(try bob.receiveLine() == #"{"type":"chat","room":"\#(room)","from":"ann","text":"]0;pwned[2Jhi gg"}"#)
        try bobWinsARound(ann, bob, room: room)
    }

    @Test func aOneCharacterNameOf6001BytesIsRefused() throws {
        let server = try VirtualServer()
        let (ann, bob, room) = try RPSTable.seat(server)
        let attacker = try server.connect()
        try attacker.expect("hello")
        attacker.send(#"{"type":"login","name":"a\#(String(repeating: "\u{301}", count: 3000))"}"#)
        #expect(try attacker.receiveLine()
            == #"{"type":"error","code":"bad_request","message":"a name may be at most 64 bytes of UTF-8; that one has 6001"}"#)
        attacker.send(#"{"type":"chat","text":"hi"}"#)
        #expect(try attacker.expect("error")["code"] == .string("not_logged_in"))
        try bobWinsARound(ann, bob, room: room)
    }
}
