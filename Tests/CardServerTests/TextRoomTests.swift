import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// Names, chat text and echoed fields in a room, on the scripted host (no sockets).
struct TextRoomTests {
    /// ann creates a four-seat Set room and bob joins it; both outboxes are empty.
    private func annAndBobInASetRoom(_ host: ScriptedHost) throws -> (ann: ClientID, bob: ClientID, room: String) {
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"set","seats":4}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        let bob = host.player("bob")
        host.send(#"{"type":"join","room":"\#(room)"}"#, from: bob)
        #expect(host.types(bob) == ["joined", "state"])
        #expect(host.types(ann) == ["player_joined", "state"])
        return (ann, bob, room)
    }

    @Test(arguments: ["аnn", "ａｎｎ", "ANN", "Ann", "𝐚𝐧𝐧", "ⓐnn", "ᴀɴɴ"])
    func aLookAlikeOfAMemberCanNeitherJoinNorWatch(lookAlike: String) throws {
        let host = ScriptedHost()
        let (ann, bob, room) = try annAndBobInASetRoom(host)
        let impostor = host.player(lookAlike)
        let message = "someone in room \(room) is called ann, which looks the same as \(lookAlike); log in with another name to join"
        for command in ["join", "watch"] {
            host.send(#"{"type":"\#(command)","room":"\#(room)","id":1}"#, from: impostor)
            let refusal = host.take(impostor)
            #expect(refusal.count == 1)
            #expect(refusal.first?["code"] == .string("name_taken"))
            #expect(refusal.first?["message"] == .string(message))
            #expect(refusal.first?["id"] == .int(1))
        }
        // Nobody in the room heard of the impostor, and the room plays on.
        #expect(host.types(ann) == [])
        #expect(host.types(bob) == [])
        host.send(#"{"type":"start"}"#, from: ann)
        #expect(host.types(ann) == ["ok", "state"])
        #expect(host.types(bob) == ["state"])
    }

    @Test func theSameNameIsStillRefusedInTheOldWords() throws {
        let host = ScriptedHost()
        let (_, _, room) = try annAndBobInASetRoom(host)
        let otherBob = host.player("bob")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: otherBob)
        #expect(host.take(otherBob).map(\.jsonText) == [
            #"{"type":"error","code":"name_taken","message":"someone in room \#(room) is already called bob; log in with another name to join"}"#,
        ])
    }

    @Test func aNameThatOnlyLooksDifferentInAnotherRoomIsFine() throws {
        let host = ScriptedHost()
        _ = try annAndBobInASetRoom(host)
        let cyrillicAnn = host.player("аnn")
        host.send(#"{"type":"create","game":"set","seats":2}"#, from: cyrillicAnn)
        #expect(host.types(cyrillicAnn) == ["joined", "state"])
    }

    @Test func aSpectatorCannotTakeTheNameOfTheRoomsRobot() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"rps","options":{"bot":"random"}}"#, from: ann)
        let room = try #require(host.take(ann).first?["room"]?.stringValue)
        let impostor = host.player("R0B0T")
        host.send(#"{"type":"watch","room":"\#(room)"}"#, from: impostor)
        #expect(host.take(impostor).map(\.jsonText) == [
            #"{"type":"error","code":"name_taken","message":"someone in room \#(room) is called robot, which looks the same as R0B0T; log in with another name to join"}"#,
        ])
        #expect(host.types(ann) == [])
    }

    @Test func statsForANameLongerThanAnyNameIsRefused() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"stats","name":"\#(String(repeating: "n", count: 65))"}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"a name may be at most 64 bytes of UTF-8; that one has 65"}"#,
        ])
    }

    @Test func chatReachesEveryMemberCleanedOfControlAndBidiCharacters() throws {
        let host = ScriptedHost()
        let (ann, bob, room) = try annAndBobInASetRoom(host)
        host.send(#"{"type":"chat","text":"\u001b]0;pwned\u0007hi \u202egg\u0000\u200b\tok\r\n","id":"c"}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [#"{"type":"chat","room":"\#(room)","from":"ann","text":"]0;pwnedhi gg ok","id":"c"}"#])
        #expect(host.take(bob).map(\.jsonText) == [#"{"type":"chat","room":"\#(room)","from":"ann","text":"]0;pwnedhi gg ok"}"#])
    }

    @Test func chatOfOnlyInvisibleCharactersIsRefusedAndNotSent() throws {
        let host = ScriptedHost()
        let (ann, bob, _) = try annAndBobInASetRoom(host)
        host.send(#"{"type":"chat","text":"\u001b\u202e\u200b","id":2}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"a chat message needs some visible text; control and invisible characters are removed","id":2}"#,
        ])
        #expect(host.types(bob) == [])
    }

    @Test func zalgoChatKeepsFourMarksOnEachCharacter() throws {
        let host = ScriptedHost()
        let (ann, bob, _) = try annAndBobInASetRoom(host)
        let marks = String(repeating: "\u{301}", count: 50)
        host.send(#"{"type":"chat","text":"a\#(marks)b\#(marks)"}"#, from: ann)
        _ = host.take(ann)
        let text = try #require(host.take(bob).first?["text"]?.stringValue)
        #expect(Array(text.unicodeScalars) == Array("a\u{301}\u{301}\u{301}\u{301}b\u{301}\u{301}\u{301}\u{301}".unicodeScalars))
    }

    @Test func aChatLineOverTheByteLimitIsRefused() throws {
        let host = ScriptedHost()
        let (ann, bob, _) = try annAndBobInASetRoom(host)
        // One character, 6,001 bytes.
        host.send(#"{"type":"chat","text":"a\#(String(repeating: "\u{301}", count: 3000))"}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"a chat message may be at most 1200 bytes of UTF-8; that one has 6001"}"#,
        ])
        #expect(host.types(bob) == [])
    }

    @Test func aOneCharacterNameOf6001BytesIsRefused() {
        let host = ScriptedHost()
        let client = host.connect()
        _ = host.take(client)
        host.send(#"{"type":"login","name":"a\#(String(repeating: "\u{301}", count: 3000))","id":1}"#, from: client)
        #expect(host.take(client).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"a name may be at most 64 bytes of UTF-8; that one has 6001","id":1}"#,
        ])
    }

    @Test func aNameWithAZeroWidthSpaceIsRefused() {
        let host = ScriptedHost()
        let client = host.connect()
        _ = host.take(client)
        host.send(#"{"type":"login","name":"ann\u200b"}"#, from: client)
        #expect(host.take(client).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"a name may not hold invisible or direction-changing characters like U+200B"}"#,
        ])
    }

    @Test func welcomeCarriesTheNameWithItsSpacesCollapsed() {
        let host = ScriptedHost()
        let client = host.connect()
        _ = host.take(client)
        host.send(#"{"type":"login","name":"  José \u3000 María "}"#, from: client)
        #expect(host.take(client).first?["name"] == .string("José María"))
    }

    @Test func anUnknownRoomCodeIsQuotedCutShortAndWithoutControls() {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"join","room":"\u001b[2J\#(String(repeating: "Z", count: 5000))"}"#, from: ann)
        #expect(host.take(ann).map(\.jsonText) == [
            #"{"type":"error","code":"no_such_room","message":"there is no room '[2JZZZZZZZZZZZZZ…'; send {\"type\":\"rooms\"} for the list"}"#,
        ])
    }

    @Test func aStringIDOver64BytesIsRefusedWithoutEchoingIt() {
        let host = ScriptedHost()
        let client = host.connect()
        _ = host.take(client)
        host.send(#"{"type":"ping","id":"\#(String(repeating: "x", count: 65))"}"#, from: client)
        #expect(host.take(client).map(\.jsonText) == [
            #"{"type":"error","code":"bad_request","message":"a string id may be at most 64 bytes of UTF-8; that one has 65"}"#,
        ])
        let longest = String(repeating: "x", count: 64)
        host.send(#"{"type":"ping","id":"\#(longest)"}"#, from: client)
        #expect(host.take(client).map(\.jsonText) == [#"{"type":"pong","id":"\#(longest)"}"#])
    }
}
