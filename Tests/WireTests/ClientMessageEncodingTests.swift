import GameRules
import Testing
@testable import Wire

/// Client commands encoded by Wire, as cardclient sends them: exact text, and decoded
/// back by the server's decoder to the same request, for every command.
struct ClientMessageEncodingTests {
    static let cases: [(ClientRequest, String)] = [
        (ClientRequest(command: .help), #"{"type":"help"}"#),
        (ClientRequest(id: .int(1), command: .ping), #"{"type":"ping","id":1}"#),
        (ClientRequest(command: .games), #"{"type":"games"}"#),
        (ClientRequest(id: .string("g"), command: .games), #"{"type":"games","id":"g"}"#),
        (ClientRequest(id: .string("a"), command: .login(.name("Zoë"))), #"{"type":"login","name":"Zoë","id":"a"}"#),
        (ClientRequest(command: .login(.token("0123456789abcdef0123456789abcdef"))), #"{"type":"login","token":"0123456789abcdef0123456789abcdef"}"#),
        (ClientRequest(command: .rooms(RoomsQuery())), #"{"type":"rooms"}"#),
        (ClientRequest(command: .rooms(RoomsQuery(game: "set", after: 50))), #"{"type":"rooms","game":"set","after":50}"#),
        (ClientRequest(command: .create(CreateRequest(game: "set"))), #"{"type":"create","game":"set"}"#),
        (ClientRequest(id: .int(2), command: .create(CreateRequest(game: "rps", seats: 1, isPrivate: true, options: ["bot": "adaptive", "rounds": 5]))),
         #"{"type":"create","game":"rps","seats":1,"private":true,"options":{"bot":"adaptive","rounds":5},"id":2}"#),
        (ClientRequest(command: .join(room: "K7QX")), #"{"type":"join","room":"K7QX"}"#),
        (ClientRequest(command: .watch(room: "ABCDEFG")), #"{"type":"watch","room":"ABCDEFG"}"#),
        (ClientRequest(command: .leave), #"{"type":"leave"}"#),
        (ClientRequest(command: .start), #"{"type":"start"}"#),
        (ClientRequest(command: .chat(text: "say \"hi\"\n")), #"{"type":"chat","text":"say \"hi\"\n"}"#),
        (ClientRequest(command: .throwSign(.rock)), #"{"type":"throw","sign":"rock"}"#),
        (ClientRequest(command: .stats(name: "ann")), #"{"type":"stats","name":"ann"}"#),
        (ClientRequest(command: .leaderboard(game: "klondike")), #"{"type":"leaderboard","game":"klondike"}"#),
        (ClientRequest(command: .dailyLeaderboard(DailyQuery(game: "set"))), #"{"type":"leaderboard","game":"set","daily":true}"#),
        (ClientRequest(command: .dailyLeaderboard(DailyQuery(game: "klondike", day: "2026-11-24", options: ["draw": 3]))),
         #"{"type":"leaderboard","game":"klondike","daily":"2026-11-24","options":{"draw":3}}"#),
        (ClientRequest(command: .answer(.paper)), #"{"type":"answer","sign":"paper"}"#),
        (ClientRequest(command: .flip(card: 5)), #"{"type":"flip","card":5}"#),
        (ClientRequest(command: .draw), #"{"type":"draw"}"#),
        (ClientRequest(command: .move(from: .tableau(2), to: .foundation(0), count: 1)), #"{"type":"move","from":"t3","to":"f1","count":1}"#),
        (ClientRequest(command: .auto(from: .waste)), #"{"type":"auto","from":"waste"}"#),
        (ClientRequest(command: .undo), #"{"type":"undo"}"#),
        (ClientRequest(command: .finish), #"{"type":"finish"}"#),
        (ClientRequest(id: .int(3), command: .claim(cards: [0, 34, 77])), #"{"type":"claim","cards":[0,34,77],"id":3}"#),
        (ClientRequest(command: .deal), #"{"type":"deal"}"#),
        (ClientRequest(command: .hint), #"{"type":"hint"}"#),
    ]

    @Test func everyCommandEncodesToItsTextAndDecodesBackToItself() throws {
        #expect(Set(Self.cases.map(\.0.command.type)).count == 24)
        for (request, text) in Self.cases {
            #expect(request.jsonText == text)
            #expect(request.encodedLine().last == UInt8(ascii: "\n"))
            #expect(try ClientMessageDecoder.decode(request.encodedLine().dropLast().map { $0 }) == request)
        }
    }
}
