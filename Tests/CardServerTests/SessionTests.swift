import CardServer
import Foundation
import TestServers
import ServerTestSupport
import Testing
import Wire

/// Greeting, help, ping, login and resume: the real binary's greeting over a socket, the rest
/// on virtual time, read line by line as a socket client reads them. (SIGTERM's `shutdown` to
/// every client is `SignalShutdownTests`'.)
struct SessionTests {

    @Test func pingAndHelpWorkBeforeLoginAndEchoTheID() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"ping","id":7}"#)
        #expect(try client.receiveLine() == #"{"type":"pong","id":7}"#)
        client.send(#"{"type":"help","id":"h"}"#)
        let help = try client.expect("help")
        #expect(help["id"] == .string("h"))
        let commands = try #require(help["commands"]?.arrayValue).compactMap(\.stringValue)
        for type in ClientMessageDecoder.commandTypes {
            #expect(commands.contains { $0.contains(#"{"type":"\#(type)""#) }, "help lists \(type)")
        }
    }

    /// The catalog is there before login, the same line for every asker but the id.
    @Test func gamesWorksBeforeLoginAndListsTheGamesOfHello() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        let hello = try client.expect("hello")
        client.send(#"{"type":"games","id":4}"#)
        let games = try client.expect("games")
        #expect(games["id"] == .int(4))
        let listed = try #require(games["games"]?.arrayValue).compactMap { $0.objectValue?["name"] }
        #expect(listed == hello["games"]?.arrayValue)
        client.send(#"{"type":"games"}"#)
        #expect(try client.receiveLine() == ServerMessage.games(GameServer.gameCatalog, pools: GameServer.poolCatalog, id: nil).jsonText)
    }

    @Test func loginWelcomesWithPlayerIDAndToken() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"login","name":"  ann  ","id":1}"#)
        let welcome = try client.expect("welcome")
        #expect(welcome.keys == ["type", "player", "name", "token", "resumed", "room", "limits", "id"])
        // The default limits, so a bot knows them before it meets them.
        #expect(welcome["limits"] == .object([
            "command_rate": 50, "command_burst": 100, "rooms_per_minute": 20, "games_per_minute": 60, "connections_per_address": 64,
            "per": "address", "rooms": ["limit": 20, "remaining": 20, "resets_in_ms": 0], "games": ["limit": 60, "remaining": 60, "resets_in_ms": 0],
        ]))
        #expect(welcome["room"] == .null)
        #expect(welcome["player"] == .string("p1"))
        #expect(welcome["name"] == .string("ann"))
        #expect(welcome["resumed"] == .bool(false))
        #expect(welcome["id"] == .int(1))
        let token = try #require(welcome["token"]?.stringValue)
        #expect(token.count == 32)
        #expect(token.allSatisfy { $0.isHexDigit })
    }

    @Test(arguments: [
        (#"{"type":"login","name":"   "}"#, "a name needs at least one character that is not a space"),
        (#"{"type":"login","name":"abcdefghijklmnopqrstu"}"#, "a name may be at most 20 characters; that one has 21"),
        (#"{"type":"login","name":"a\u0007b"}"#, "a name may not hold control characters or line breaks like U+0007"),
        (#"{"type":"login"}"#, #"login needs a name (a guest, or an account with its password) or a token (to resume), like {"type":"login","name":"ann"}"#),
        (#"{"type":"login","name":5}"#, "field 'name' must be a string, not integer"),
    ])
    func badNamesAreRefusedWithAReason(line: String, message: String) throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(line)
        let error = try client.expect("error")
        #expect(error["code"] == .string("bad_request"))
        #expect(error["message"] == .string(message))
        client.send(#"{"type":"login","name":"ann"}"#)
        try client.expect("welcome")
    }

    @Test func aSecondConnectionResumesWithTheTokenAndGetsTheRoomState() throws {
        let server = try VirtualServer()
        let ann = try server.connect()
        try ann.expect("hello")
        ann.send(#"{"type":"login","name":"ann"}"#)
        let token = try #require(try ann.expect("welcome")["token"]?.stringValue)
        ann.send(#"{"type":"create","game":"rps","private":true}"#)
        let room = try #require(try ann.expect("joined")["room"]?.stringValue)
        try ann.expect("state")

        let again = try server.connect()
        try again.expect("hello")
        again.send(#"{"type":"login","token":"\#(token)","id":3}"#)
        let welcome = try again.expect("welcome")
        #expect(welcome["name"] == .string("ann"))
        #expect(welcome["player"] == .string("p1"))
        #expect(welcome["resumed"] == .bool(true))
        #expect(welcome["room"] == .string(room))
        #expect(welcome["id"] == .int(3))
        let state = try again.expect("state")
        #expect(state["room"] == .string(room))
        #expect(state["phase"] == .string("waiting"))

        // The first connection was replaced and closed.
        try ann.expect("replaced")
        #expect(ann.isClosedByServer())
        again.send(#"{"type":"chat","text":"still here"}"#)
        #expect(try again.expect("chat")["from"] == .string("ann"))
    }

    @Test func aWrongTokenIsBadToken() throws {
        let server = try VirtualServer()
        let client = try server.connect()
        try client.expect("hello")
        client.send(#"{"type":"login","token":"0123456789abcdef0123456789abcdef","id":1}"#)
        #expect(try client.receiveLine() == #"{"type":"error","code":"bad_token","message":"that token is unknown or has expired; log in with a name","id":1}"#)
    }
}
