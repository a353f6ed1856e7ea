import Testing
@testable import cardbench

/// Runs `body` on the bytes of `text`, as the players see a line.
func withLine<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
    Array(text.utf8).withUnsafeBytes(body)
}

/// The hand-made reading of the server's lines, on the lines Protocol.md shows.
struct ServerLineTests {
    static let state = #"{"type":"state","room":"K7QX","game":"set","seq":2,"phase":"playing","players":[{"name":"ann","seat":0,"score":3,"connected":true}],"spectators":0,"rematch_votes":[],"board":[{"id":0,"count":1,"shape":"triangle","color":"red","fill":"solid"},{"id":40,"count":2,"shape":"circle","color":"green","fill":"striped"},{"id":80,"count":3,"shape":"square","color":"purple","fill":"open"}],"deck":66,"deal_votes":[],"hints_used":0,"hint":[]}"#
    static let claimed = #"{"type":"claimed","room":"K7QX","player":"ann","cards":[{"id":4,"count":2,"shape":"circle","color":"red","fill":"solid"},{"id":17,"count":3,"shape":"square","color":"green","fill":"solid"},{"id":60,"count":1,"shape":"triangle","color":"purple","fill":"open"}],"valid":true,"points":3,"id":12}"#

    @Test(arguments: [
        (#"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["set"]}"#, ServerLine.Kind.hello),
        (#"{"type":"welcome","player":"p1","name":"ann","token":"9f3c","resumed":false}"#, .welcome),
        (#"{"type":"joined","room":"K7QX","game":"set","seat":0}"#, .joined),
        (state, .state),
        (claimed, .claimed),
        (#"{"type":"error","code":"stale","message":"gone","id":3}"#, .error),
        (#"{"type":"game_over","room":"K7QX","winners":["ann"],"scores":{"ann":27}}"#, .gameOver),
        (#"{"type":"ok","id":0}"#, .ok),
        (#"{"type":"player_joined","room":"K7QX","name":"bob","role":"player"}"#, .other),
        (#"{"type":"okay"}"#, .other),
        ("", .other),
    ])
    func theKindIsTheFirstField(line: String, kind: ServerLine.Kind) {
        #expect(withLine(line, ServerLine.kind) == kind)
    }

    @Test(arguments: [
        (claimed, 12 as Int?),
        (#"{"type":"error","code":"stale","message":"card 4 is gone","id":3}"#, 3),
        (#"{"type":"ok","id":0}"#, 0),
        (#"{"type":"pong"}"#, nil),
        (#"{"type":"claimed","room":"K7QX","valid":true,"points":3}"#, nil),
        (#"{"type":"ok","id":"go"}"#, nil),
        (#"{"type":"ok","id":}"#, nil),
        (#"{"type":"ok","id":1234567890123456789012}"#, nil),
        (#"{"type":"ok","id":7} "#, nil),
    ])
    func aReplyIdIsReadFromTheEnd(line: String, id: Int?) {
        #expect(withLine(line, ServerLine.trailingID) == id)
    }

    @Test func theBoardIsTheCardIdsInPositionOrder() {
        var ids = [99]
        #expect(withLine(Self.state) { ServerLine.board($0, into: &ids) })
        #expect(ids == [0, 40, 80])
        #expect(withLine(Self.state) { ServerLine.integer(ServerLine.deckKey, in: $0) } == 66)
        #expect(withLine(Self.state) { ServerLine.find(ServerLine.phasePlaying, in: $0) } != nil)
    }

    @Test func anEmptyBoardHasNoCards() {
        var ids = [1, 2]
        #expect(withLine(#"{"type":"state","phase":"over","board":[],"deck":0}"#) { ServerLine.board($0, into: &ids) })
        #expect(ids == [])
    }

    @Test(arguments: [
        #"{"type":"state","phase":"playing"}"#,
        #"{"type":"state","board":[{"id":1,"count":2}"#,
        #"{"type":"state","board":[{"count":2}]}"#,
    ])
    func aBrokenBoardIsRefused(line: String) {
        var ids: [Int] = []
        #expect(!withLine(line) { ServerLine.board($0, into: &ids) })
    }

    @Test func stringFieldsAreReadUpToTheirQuote() {
        #expect(withLine(#"{"type":"joined","room":"K7QX","game":"set","seat":0}"#) { ServerLine.string("room", in: $0) } == "K7QX")
        #expect(withLine(#"{"type":"error","code":"room_full","message":"full","id":4}"#) { ServerLine.string("code", in: $0) } == "room_full")
        #expect(withLine(#"{"type":"joined","room":"K7"#) { ServerLine.string("room", in: $0) } == nil)
        #expect(withLine(#"{"type":"joined"}"#) { ServerLine.string("room", in: $0) } == nil)
    }
}

/// Lines cut from a byte stream, however it arrives.
struct LineBufferTests {
    static let stream = "{\"type\":\"hello\"}\n{\"type\":\"pong\"}\n+PONG\r\n\npartial"

    func lines(feeding chunks: [String]) -> (lines: [String], pending: [UInt8]) {
        var buffer = LineBuffer()
        var lines: [String] = []
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBytes { bytes in
                buffer.feed(bytes) { lines.append(String(decoding: $0, as: UTF8.self)) }
            }
        }
        return (lines, buffer.pending)
    }

    @Test func wholeChunksGiveTheirLines() {
        let result = lines(feeding: [Self.stream])
        #expect(result.lines == ["{\"type\":\"hello\"}", "{\"type\":\"pong\"}", "+PONG\r", ""])
        #expect(result.pending == Array("partial".utf8))
    }

    @Test func aByteAtATimeGivesTheSameLines() {
        let result = lines(feeding: Self.stream.map { String($0) })
        #expect(result.lines == ["{\"type\":\"hello\"}", "{\"type\":\"pong\"}", "+PONG\r", ""])
        #expect(result.pending == Array("partial".utf8))
    }

    @Test(arguments: [1, 5, 17, 18, 30])
    func anyCutGivesTheSameLines(cut: Int) {
        let bytes = Array(Self.stream.utf8)
        let chunks = [String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self)]
        #expect(lines(feeding: chunks).lines == ["{\"type\":\"hello\"}", "{\"type\":\"pong\"}", "+PONG\r", ""])
    }

    @Test func anEmptyChunkChangesNothing() {
        let result = lines(feeding: ["ab", "", "c\n"])
        #expect(result.lines == ["abc"])
        #expect(result.pending.isEmpty)
    }
}

/// What counts as the answer to a ping.
struct PongTests {
    @Test(arguments: [
        (#"{"type":"pong"}"#, PingOptions.Server.cardserver, true),
        (#"{"type":"pong","id":1}"#, .cardserver, true),
        (#"{"type":"error","code":"rate_limited"}"#, .cardserver, false),
        ("+PONG\r", .redis, true),
        ("+PONG", .redis, true),
        ("-ERR unknown command", .redis, false),
        ("+PONGS\r", .redis, false),
    ])
    func aPongIsRecognized(line: String, server: PingOptions.Server, pong: Bool) {
        #expect(withLine(line) { PingBench.isPong($0, server) } == pong)
    }

    @Test func eachProtocolSendsItsOwnRequest() {
        #expect(PingBench.requestLine(.cardserver) == "{\"type\":\"ping\"}\n")
        #expect(PingBench.requestLine(.redis) == "PING\r\n")
    }

    @Test func aBatchIsThePipelinedRequestsInOneWrite() {
        #expect(PingBench.batch(.cardserver, pipeline: 1) == Array("{\"type\":\"ping\"}\n".utf8))
        #expect(PingBench.batch(.redis, pipeline: 3) == Array("PING\r\nPING\r\nPING\r\n".utf8))
    }
}
