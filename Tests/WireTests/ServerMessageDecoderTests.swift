import GameRules
import Testing
import Wire

/// Server messages read back by ``ServerMessageDecoder``, as cardclient reads them:
/// every pinned line decodes to the message it was encoded from, unknown fields and
/// types are ignored the way Protocol.md says, and a broken line names its fault.
struct ServerMessageDecoderTests {
    @Test func everyMessageTypeHasARoundTripCase() {
        let covered = Set(ServerMessageTests.cases.map { $0.1 }.compactMap { text in
            try? JSONParser.parse(Array(text.utf8)).objectValue?["type"]?.stringValue
        })
        #expect(covered == ServerMessageDecoder.messageTypes)
        #expect(covered.count == 59)
    }

    @Test(arguments: ServerMessageTests.cases)
    func decodesBackToTheMessageItWasEncodedFrom(message: ServerMessage, text: String) throws {
        #expect(try ServerMessageDecoder.decode(Array(text.utf8)) == message)
        #expect(try ServerMessageDecoder.decode(message.encodedLine().dropLast().map { $0 }) == message)
    }

    @Test func fieldsANewerServerAddsAreIgnored() throws {
        let line = #"{"type":"joined","room":"K7QX","game":"rps","seat":1,"colour":"blue","nested":{"a":[1,2]},"id":4}"#
        #expect(try ServerMessageDecoder.decode(Array(line.utf8)) == .joined(room: "K7QX", game: "rps", seat: 1, id: .int(4)))
    }

    /// A newer server's kind of option is left out (a client cannot offer it); the rest is read.
    @Test func aGamesOptionOfAnUnknownTypeIsSkipped() throws {
        let line = #"{"type":"games","games":[{"name":"chess","title":"Chess","seats":{"min":2,"max":2,"default":2},"options":[{"name":"clock","type":"duration","default":"5m"},{"name":"rated","type":"boolean","default":true}]}]}"#
        #expect(try ServerMessageDecoder.decode(Array(line.utf8)) == .games([
            GameInfo(name: "chess", title: "Chess", seats: 2...2, defaultSeats: 2, options: [GameOption("rated", .boolean, default: true)]),
        ], id: nil))
        let backwards = #"{"type":"games","games":[{"name":"chess","title":"Chess","seats":{"min":3,"max":2,"default":2},"options":[]}]}"#
        #expect(throws: ServerDecodeFailure(message: "games.games[0].seats: 'min' 3 is more than 'max' 2")) {
            try ServerMessageDecoder.decode(Array(backwards.utf8))
        }
    }

    @Test func aMessageTypeANewerServerAddsIsReportedAsUnknown() {
        let line = #"{"type":"tournament","round":2}"#
        #expect(throws: ServerDecodeFailure(message: "unknown message type 'tournament'", unknownType: "tournament")) {
            try ServerMessageDecoder.decode(Array(line.utf8))
        }
    }

    @Test func theStateOfAGameThisReaderDoesNotKnowKeepsItsFields() throws {
        let line = #"{"type":"state","room":"K7QX","game":"chess","seq":3,"phase":"playing","players":[],"spectators":0,"rematch_votes":[],"fen":"8/8","clock":null}"#
        let expected = ServerMessage.state(RoomState(
            room: "K7QX", game: "chess", seq: 3, phase: .playing, players: [], spectators: 0,
            gameFields: .unknown(["fen": "8/8", "clock": nil])))
        let decoded = try ServerMessageDecoder.decode(Array(line.utf8))
        #expect(decoded == expected)
        #expect(decoded.jsonText == line)
    }

    @Test(arguments: [
        (#"{"type":"welcome","player":"p1","name":"ann","resumed":false}"#, "welcome: missing field 'token' (a string)"),
        (#"{"type":"joined","room":"K7QX","game":"rps","seat":"1"}"#, "joined: field 'seat' must be an integer, not string"),
        (#"{"type":"error","code":"too_hot","message":"x"}"#, "error: unknown error code 'too_hot'"),
        (#"{"type":"round","room":"K","round":1,"throws":{"ann":"lizard"},"winner":null,"timed_out":[]}"#,
         #"round: field 'throws.ann' must be "rock", "paper" or "scissors", not "lizard""#),
        (#"{"type":"hint","cards":[{"id":13,"count":2,"shape":"square","color":"red","fill":"striped"}],"hints_used":1}"#,
         "hint.cards[0]: card 13 is 2 circle green solid, not what its fields say"),
        (#"{"type":"hint","cards":[{"id":81}],"hints_used":1}"#, "hint.cards[0]: card id 81 is not in 0...80"),
        (#"{"type":"player_back","room":"K","name":"bob","role":"referee"}"#,
         #"player_back: field 'role' must be "player" or "spectator", not "referee""#),
        (#"{"type":"state","room":"K","game":"set","seq":1,"phase":"paused","players":[],"spectators":0}"#,
         #"state: field 'phase' must be "waiting", "playing" or "over", not "paused""#),
        (#"{"type":"state","room":"K","game":"rps","seq":1,"phase":"waiting","players":[{"name":"ann","seat":0,"score":0}],"spectators":0}"#,
         "state.players[0]: missing field 'connected' (true or false)"),
        (#"{"type":"brain_round","room":"K","round":1,"prompt":{"sign":"rock","goal":"win"},"answer":"rock","answers":{}}"#,
         "brain_round: field 'answer' is rock, but the prompt's right answer is paper"),
        (#"[1]"#, "a message must be a JSON object, not array"),
        (#"{"id":1}"#, "a message needs a string field 'type'"),
    ])
    func aBrokenLineNamesItsFault(line: String, message: String) {
        #expect(throws: ServerDecodeFailure(message: message)) {
            try ServerMessageDecoder.decode(Array(line.utf8))
        }
    }

    @Test func aLineThatIsNotJSONSaysSo() {
        #expect {
            try ServerMessageDecoder.decode(Array("hello".utf8))
        } throws: { error in
            (error as? ServerDecodeFailure)?.message.hasPrefix("not valid JSON: ") == true
        }
    }
}
