import GameRules
import Testing
import Wire

/// Client lines in, typed requests or precise failures out.
struct ClientMessageDecoderTests {
    static let valid: [(String, ClientRequest)] = [
        (#"{"type":"help"}"#, ClientRequest(command: .help)),
        (#"{"type":"ping","id":3}"#, ClientRequest(id: .int(3), command: .ping)),
        (#"{"type":"games","id":"g"}"#, ClientRequest(id: .string("g"), command: .games)),
        (#"{"type":"login","name":"ann","id":"a"}"#, ClientRequest(id: .string("a"), command: .login(.name("ann")))),
        (#"{"type":"login","token":"t0k"}"#, ClientRequest(command: .login(.token("t0k")))),
        (#"{"type":"login","name":"ann","password":"correct horse"}"#, ClientRequest(command: .login(.password(name: "ann", password: "correct horse")))),
        (#"{"type":"register","name":"ann","password":"correct horse","id":2}"#,
         ClientRequest(id: .int(2), command: .register(RegisterRequest(name: "ann", password: "correct horse")))),
        (#"{"type":"register","name":"bot1","password":"correct horse","bot":true}"#,
         ClientRequest(command: .register(RegisterRequest(name: "bot1", password: "correct horse", bot: true)))),
        (#"{"type":"logout"}"#, ClientRequest(command: .logout)),
        (#"{"type":"login","api_token":"cst_0123"}"#, ClientRequest(command: .login(.apiToken("cst_0123")))),
        (#"{"type":"token_create","label":"ci"}"#, ClientRequest(command: .tokenCreate(label: "ci", scopes: ["play"]))),
        (#"{"type":"token_create","label":"ci","scopes":["play"],"id":4}"#, ClientRequest(id: .int(4), command: .tokenCreate(label: "ci", scopes: ["play"]))),
        (#"{"type":"tokens"}"#, ClientRequest(command: .tokens)),
        (#"{"type":"token_revoke","label":"ci"}"#, ClientRequest(command: .tokenRevoke(label: "ci"))),
        (#"{"type":"sessions","id":2}"#, ClientRequest(id: .int(2), command: .sessions)),
        (#"{"type":"session_revoke","session":"5c1f0e2d9a8b7c6d"}"#, ClientRequest(command: .sessionRevoke(session: "5c1f0e2d9a8b7c6d"))),
        (#"{"type":"password_change","old":"correct horse","new":"battery staple"}"#, ClientRequest(command: .passwordChange(old: "correct horse", new: "battery staple"))),
        (#"{"type":"account_delete","password":"correct horse"}"#, ClientRequest(command: .accountDelete(password: "correct horse"))),
        (#"{"type":"rooms"}"#, ClientRequest(command: .rooms(RoomsQuery()))),
        (#"{"type":"rooms","game":"set","after":12,"id":5}"#, ClientRequest(id: .int(5), command: .rooms(RoomsQuery(game: "set", after: 12)))),
        (#"{"type":"create","game":"rps"}"#, ClientRequest(command: .create(CreateRequest(game: "rps")))),
        (#"{"type":"create","game":"rps","seats":2,"private":true,"options":{"rounds":5}}"#,
         ClientRequest(command: .create(CreateRequest(game: "rps", seats: 2, isPrivate: true, options: ["rounds": 5])))),
        (#"{"type":"join","room":"k7qx"}"#, ClientRequest(command: .join(room: "k7qx"))),
        (#"{"type":"watch","room":"K7QX"}"#, ClientRequest(command: .watch(room: "K7QX"))),
        (#"{"type":"leave","extra":[1,2]}"#, ClientRequest(command: .leave)),
        (#"{"type":"start"}"#, ClientRequest(command: .start)),
        (#"{"type":"chat","text":"gg"}"#, ClientRequest(command: .chat(text: "gg"))),
        (#"{"type":"pool_join","pool":"rps-3","id":2}"#, ClientRequest(id: .int(2), command: .poolJoin(pool: "rps-3"))),
        (#"{"type":"pool_leave"}"#, ClientRequest(command: .poolLeave)),
        (#"{"type":"resign","id":3}"#, ClientRequest(id: .int(3), command: .resign)),
        (#"{"type":"abort"}"#, ClientRequest(command: .abort)),
        (#"{"type":"challenge","name":"bob","game":"rps","options":{"rounds":3},"rated":true}"#,
         ClientRequest(command: .challenge(ChallengeRequest(name: "bob", game: "rps", options: ["rounds": 3], rated: true)))),
        (#"{"type":"challenge_accept","challenge":"c1"}"#, ClientRequest(command: .challengeAccept(challenge: "c1"))),
        (#"{"type":"challenge_decline","challenge":"c1","reason":"too_fast"}"#, ClientRequest(command: .challengeDecline(challenge: "c1", reason: .tooFast))),
        (#"{"type":"challenge_cancel","challenge":"c1"}"#, ClientRequest(command: .challengeCancel(challenge: "c1"))),
        (#"{"type":"block","name":"bob"}"#, ClientRequest(command: .block(name: "bob"))),
        (#"{"type":"unblock","name":"bob"}"#, ClientRequest(command: .unblock(name: "bob"))),
        (#"{"type":"seek","game":"set","rated":true,"rating_range":[1400,1700],"bots":true}"#,
         ClientRequest(command: .seek(SeekRequest(game: "set", rated: true, ratingRange: 1400...1700, bots: true)))),
        (#"{"type":"seeks"}"#, ClientRequest(command: .seeks)),
        (#"{"type":"seek_accept","seek":"s1"}"#, ClientRequest(command: .seekAccept(seek: "s1"))),
        (#"{"type":"seek_cancel","seek":"s1"}"#, ClientRequest(command: .seekCancel(seek: "s1"))),
        (#"{"type":"subscribe","lobby":true}"#, ClientRequest(command: .subscribeLobby)),
        (#"{"type":"players"}"#, ClientRequest(command: .players)),
        (#"{"type":"unsubscribe","lobby":true,"id":2}"#, ClientRequest(id: .int(2), command: .unsubscribeLobby)),
        (#"{"type":"throw","sign":"scissors"}"#, ClientRequest(command: .throwSign(.scissors))),
        (#"{"type":"answer","sign":"rock"}"#, ClientRequest(command: .answer(.rock))),
        (#"{"type":"flip","card":11}"#, ClientRequest(command: .flip(card: 11))),
        (#"{"type":"claim","cards":[0,40,80],"id":2}"#, ClientRequest(id: .int(2), command: .claim(cards: [0, 40, 80]))),
        (#"{"type":"deal"}"#, ClientRequest(command: .deal)),
        (#"{"type":"draw"}"#, ClientRequest(command: .draw)),
        (#"{"type":"move","from":"t3","to":"f1"}"#, ClientRequest(command: .move(from: .tableau(2), to: .foundation(0), count: 1))),
        (#"{"type":"move","from":"waste","to":"t7","count":1}"#, ClientRequest(command: .move(from: .waste, to: .tableau(6), count: 1))),
        (#"{"type":"move","from":"t1","to":"t2","count":4}"#, ClientRequest(command: .move(from: .tableau(0), to: .tableau(1), count: 4))),
        (#"{"type":"auto","from":"f4"}"#, ClientRequest(command: .auto(from: .foundation(3)))),
        (#"{"type":"undo"}"#, ClientRequest(command: .undo)),
        (#"{"type":"finish"}"#, ClientRequest(command: .finish)),
        (#"{"type":"hint"}"#, ClientRequest(command: .hint)),
        (#"{"type":"replay","game":"K7QX-mwva3ifj-12"}"#, ClientRequest(command: .replay(game: "K7QX-mwva3ifj-12", step: nil, seat: nil))),
        (#"{"type":"replay","game":"K7QX-mwva3ifj-12","step":3,"seat":1,"id":2}"#,
         ClientRequest(id: .int(2), command: .replay(game: "K7QX-mwva3ifj-12", step: 3, seat: 1))),
        (#"{"type":"stats","name":"ann"}"#, ClientRequest(command: .stats(name: "ann"))),
        (#"{"type":"leaderboard","game":"set"}"#, ClientRequest(command: .leaderboard(game: "set"))),
        (#"{"type":"leaderboard","game":"set","daily":false}"#, ClientRequest(command: .leaderboard(game: "set"))),
        (#"{"type":"leaderboard","game":"set","daily":true}"#, ClientRequest(command: .dailyLeaderboard(DailyQuery(game: "set")))),
        (#"{"type":"leaderboard","game":"rps","rated":true}"#, ClientRequest(command: .ratingLeaderboard(game: "rps"))),
        (#"{"type":"leaderboard","game":"rps","rated":false}"#, ClientRequest(command: .leaderboard(game: "rps"))),
        (#"{"type":"create","game":"rps","seats":2,"rated":true}"#, ClientRequest(command: .create(CreateRequest(game: "rps", seats: 2, rated: true)))),
        (#"{"type":"leaderboard","game":"klondike","daily":"2026-11-24","options":{"draw":3}}"#,
         ClientRequest(command: .dailyLeaderboard(DailyQuery(game: "klondike", day: "2026-11-24", options: ["draw": 3])))),
    ]

    @Test(arguments: valid)
    func decodesEveryCommand(line: String, expected: ClientRequest) throws {
        #expect(try ClientMessageDecoder.decode(Array(line.utf8)) == expected)
        // ClientCommand.type names each command as the decoder's table does.
        #expect(try JSONParser.parse(line).objectValue?["type"] == .string(expected.command.type))
    }

    @Test func everyCommandTypeIsDecodedByOneOfTheValidLines() {
        let covered = Set(Self.valid.map(\.1.command.type))
        #expect(Set(ClientMessageDecoder.commandTypes) == covered)
    }

    static let invalid: [(String, DecodeFailure)] = [
        (#"{"type":"ping""#, DecodeFailure(code: .badJSON, message: #"not valid JSON: unexpected end of input; send one JSON object per line, like {"type":"help"}"#, id: nil)),
        (" help ", DecodeFailure(code: .badJSON, message: #"help is not JSON; send {"type":"help"}"#, id: nil)),
        ("rooms", DecodeFailure(code: .badJSON, message: #"rooms is not JSON; send {"type":"rooms"}"#, id: nil)),
        ("hello", DecodeFailure(code: .badJSON, message: #"not valid JSON: unexpected character 'h' at byte 0; send one JSON object per line, like {"type":"help"}"#, id: nil)),
        ("42", DecodeFailure(code: .badRequest, message: #"a message must be a JSON object, not integer; send one JSON object per line, like {"type":"help"}"#, id: nil)),
        (#"{"id":1}"#, DecodeFailure(code: .badRequest, message: #"missing field 'type' (a string), like {"type":"help"}"#, id: .int(1))),
        (#"{"type":7}"#, DecodeFailure(code: .badRequest, message: "field 'type' must be a string, not integer", id: nil)),
        (#"{"type":"ping","id":1.5}"#, DecodeFailure(code: .badRequest, message: "id must be an integer or a string, not number", id: nil)),
        (#"{"type":"start","id":null}"#, DecodeFailure(code: .badRequest, message: "id must be an integer or a string, not null", id: nil)),
        (#"{"type":"fly","id":"q"}"#, DecodeFailure(code: .unknownType, message: #"unknown message type 'fly'; send {"type":"help"} for the list"#, id: .string("q"))),
        (#"{"type":"join"}"#, DecodeFailure(code: .badRequest, message: #"missing field 'room' (a string), like {"type":"join","room":"K7QX"}"#, id: nil)),
        (#"{"type":"create","game":"rps","seats":"2"}"#, DecodeFailure(code: .badRequest, message: "field 'seats' must be an integer, not string", id: nil)),
        (#"{"type":"create","game":"rps","private":1}"#, DecodeFailure(code: .badRequest, message: "field 'private' must be true or false, not integer", id: nil)),
        (#"{"type":"create","game":"rps","options":[]}"#, DecodeFailure(code: .badRequest, message: "field 'options' must be an object, not array", id: nil)),
        (#"{"type":"throw","sign":"lizard","id":2}"#, DecodeFailure(code: .badRequest, message: #"field 'sign' must be "rock", "paper" or "scissors", not "lizard""#, id: .int(2))),
        (#"{"type":"chat","text":false}"#, DecodeFailure(code: .badRequest, message: "field 'text' must be a string, not boolean", id: nil)),
        (#"{"type":"move","from":"t0","to":"f1"}"#, DecodeFailure(code: .badRequest, message: #"field 'from' must name a pile: waste, t1 to t7 or f1 to f4, not "t0""#, id: nil)),
        (#"{"type":"move","from":"t1","to":"f1","count":0}"#, DecodeFailure(code: .badRequest, message: "field 'count' must be at least 1, not 0", id: nil)),
        (#"{"type":"auto"}"#, DecodeFailure(code: .badRequest, message: #"missing field 'from' (a pile: waste, t1 to t7 or f1 to f4), like {"type":"auto","from":"waste"}"#, id: nil)),
        (#"{"type":"throw"}"#, DecodeFailure(code: .badRequest, message: #"missing field 'sign' ("rock", "paper" or "scissors"), like {"type":"throw","sign":"rock"}"#, id: nil)),
        (#"{"type":"flip"}"#, DecodeFailure(code: .badRequest, message: #"missing field 'card' (an integer), like {"type":"flip","card":5}"#, id: nil)),
        (#"{"type":"claim","cards":[1,2]}"#, DecodeFailure(code: .badRequest, message: "field 'cards' must be an array of three different card ids, like [4,17,60] (four in UltraSet)", id: nil)),
        (#"{"type":"claim","cards":[1,1,2]}"#, DecodeFailure(code: .badRequest, message: "field 'cards' must be an array of three different card ids, like [4,17,60] (four in UltraSet)", id: nil)),
        (#"{"type":"claim","cards":[1,"a",2]}"#, DecodeFailure(code: .badRequest, message: #"field 'cards' must be an array of three different card ids, like [4,17,60] (four in UltraSet); "a" is not a card id"#, id: nil)),
        (#"{"type":"rooms","after":-1}"#, DecodeFailure(code: .badRequest, message: "field 'after' must be a position from a rooms reply's next, 0 or more, not -1", id: nil)),
        (#"{"type":"rooms","after":"K7QX"}"#, DecodeFailure(code: .badRequest, message: "field 'after' must be an integer, not string", id: nil)),
        (#"{"type":"rooms","game":5}"#, DecodeFailure(code: .badRequest, message: "field 'game' must be a string, not integer", id: nil)),
        (#"{"type":"leaderboard","game":"set","daily":"tomorrow"}"#,
         DecodeFailure(code: .badRequest, message: #"field 'daily' must be true (today) or a UTC day like "2026-11-24", not "tomorrow""#, id: nil)),
        (#"{"type":"leaderboard","game":"set","daily":"2026-13-01"}"#,
         DecodeFailure(code: .badRequest, message: #"field 'daily' must be true (today) or a UTC day like "2026-11-24", not "2026-13-01""#, id: nil)),
        (#"{"type":"leaderboard","game":"set","daily":"2026-02-29"}"#,
         DecodeFailure(code: .badRequest, message: #"field 'daily' must be true (today) or a UTC day like "2026-11-24", not "2026-02-29""#, id: nil)),
        (#"{"type":"leaderboard","game":"set","daily":1}"#,
         DecodeFailure(code: .badRequest, message: #"field 'daily' must be true (today) or a UTC day like "2026-11-24", not integer"#, id: nil)),
        (#"{"type":"leaderboard","game":"set","options":{}}"#,
         DecodeFailure(code: .badRequest, message: #"field 'options' names a daily deal's options; give it with "daily""#, id: nil)),
        (#"{"type":"leaderboard","game":"set","rated":true,"daily":true}"#,
         DecodeFailure(code: .badRequest, message: #"a rating board ranks every rated game of the game: give "rated" without "daily" or "options""#, id: nil)),
        (#"{"type":"leaderboard","game":"set","rated":"yes"}"#,
         DecodeFailure(code: .badRequest, message: "field 'rated' must be true or false, not string", id: nil)),
        (#"{"type":"create","game":"rps","rated":1}"#,
         DecodeFailure(code: .badRequest, message: "field 'rated' must be true or false, not integer", id: nil)),
        (#"{"type":"claim"}"#, DecodeFailure(code: .badRequest, message: #"missing field 'cards' (an array of three different card ids), like {"type":"claim","cards":[4,17,60]}"#, id: nil)),
    ]

    @Test(arguments: invalid)
    func failsWithCodeAndReason(line: String, expected: DecodeFailure) {
        #expect(throws: expected) { try ClientMessageDecoder.decode(Array(line.utf8)) }
    }
}
