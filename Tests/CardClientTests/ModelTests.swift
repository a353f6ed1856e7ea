import GameRules
import Wire
import CardClient
import Testing

/// Server lines, as literal JSON text, in; the model and what to send back out.
struct ModelTests {
    static func apply(_ lines: [String], to model: inout ClientModel, now: Int = 0) -> [Effect] {
        lines.flatMap { model.receive($0, now: now) }
    }

    @Test func helloLogsInAndWelcomeOpensTheLobby() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        #expect(model.screen == .connecting)
        #expect(Self.apply([Fixtures.hello], to: &model) == [.transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","name":"ann","id":1}"#)])
        #expect(model.games == ["set", "rps"])
        #expect(model.link == .online)
        #expect(Self.apply([Fixtures.welcomeAnn], to: &model) == [
            .saveSession(SavedSession(name: "ann", token: "t0k3n", serverStartedMs: nil)), .transmit(#"{"type":"rooms","id":2}"#),
            // The lobby opens on quick play: the lobby stream and who is online.
            .transmit(#"{"type":"subscribe","lobby":true}"#), .transmit(#"{"type":"players"}"#), .transmit(#"{"type":"leaderboard","game":"set","daily":true}"#),
        ])
        #expect(model.quickPlay != nil)
        #expect(model.session == Session(player: "p1", name: "ann", token: "t0k3n"))
        #expect(model.screen == .lobby)
        #expect(model.pending == [2: .rooms(RoomsQuery())])
        _ = Self.apply([#"{"type":"rooms","rooms":[{"room":"K7QX","game":"set","players":["bob"],"seats":4,"phase":"waiting","spectators":2}],"total":1,"next":null,"id":2}"#], to: &model)
        #expect(model.lobby.rooms == [RoomSummary(room: "K7QX", game: "set", players: ["bob"], seats: 4, phase: .waiting, spectators: 2)])
        #expect(model.pending.isEmpty)
    }

    @Test(arguments: [
        (Destination.create(CreateRequest(game: "set", seats: 1, isPrivate: false)), #"{"type":"create","game":"set","seats":1,"id":2}"#),
        (.create(CreateRequest(game: "rps", seats: nil, isPrivate: true)), #"{"type":"create","game":"rps","private":true,"id":2}"#),
        (.join("K7QX"), #"{"type":"join","room":"K7QX","id":2}"#),
        (.watch("K7QX"), #"{"type":"watch","room":"K7QX","id":2}"#),
    ])
    func aDestinationGoesStraightToTheRoom(destination: Destination, line: String) {
        var model = ClientModel(serverAddress: "x", name: "ann", destination: destination)
        #expect(Self.apply([Fixtures.hello, Fixtures.welcomeAnn], to: &model).last == .transmit(line))
        #expect(model.destination == .lobby)
    }

    @Test func aSoloSetGameAsTheServerPlaysIt() throws {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        _ = Self.apply([
            #"{"type":"joined","room":"K7QX","game":"set","seat":0,"id":3}"#,
            Fixtures.setState(cards: 12),
            #"{"type":"claimed","room":"K7QX","player":"ann","cards":[],"valid":true,"points":3,"id":4}"#,
            Fixtures.setState(cards: 12, seq: 2, score: 3, deck: 66),
        ], to: &model, now: 500)
        let room = try #require(model.room)
        #expect(room.code == "K7QX")
        #expect(room.seat == 0)
        #expect(room.state?.seq == 2)
        #expect(room.state?.players == [PlayerEntry(name: "ann", seat: 0, score: 3, connected: true)])
        #expect(room.state?.spectators == 1)
        guard case .set(let set)? = room.state?.gameFields else {
            Issue.record("not a Set state")
            return
        }
        #expect(set.deck == 66)
        #expect(set.board.count == 12)
        #expect(set.board[0] == SetCard(count: 1, shape: .triangle, color: .red, fill: .solid))
        #expect(model.flash == Notice("Set! +3", tone: .good, until: 2000))
    }

    @Test func aStaleClaimIsTooLateAndOtherErrorsShowTheirMessage() {
        var model = Fixtures.soloSet(cards: 12)
        _ = model.type("abc")
        _ = Self.apply([#"{"type":"error","code":"stale","message":"card 0 is no longer on the board","id":3}"#], to: &model, now: 10)
        #expect(model.flash == Notice("too late", tone: .neutral, until: 1510))
        #expect(model.pending[3] == nil)
        _ = Self.apply([#"{"type":"error","code":"illegal_move","message":"the deck is empty","id":9}"#], to: &model, now: 10)
        #expect(model.status == Notice("the deck is empty", tone: .bad, until: 6010))
    }

    @Test func otherPlayersClaimsAndInvalidOnesFlashToo() {
        var model = Fixtures.soloSet(cards: 12)
        _ = Self.apply([#"{"type":"claimed","room":"K7QX","player":"bob","cards":[],"valid":true,"points":3}"#], to: &model)
        #expect(model.flash?.text == "bob: Set! +3")
        _ = Self.apply([#"{"type":"claimed","room":"K7QX","player":"ann","cards":[],"valid":false,"points":-5}"#], to: &model)
        #expect(model.flash == Notice("not a Set −5", tone: .bad, until: 1500))
    }

    /// Picks belong to the board they were made on: a card of them still there is dropped too,
    /// since the letters name positions that moved.
    @Test func aBoardThatChangesUnderPicksDropsThemAll() {
        var model = Fixtures.soloSet(cards: 15)
        _ = model.type("aj")
        #expect(model.room?.selection == [0, 48])
        _ = Self.apply([Fixtures.setState(cards: 12, seq: 2)], to: &model)
        #expect(model.room?.selection == [])
        #expect(model.room?.chat.last == .event("the board changed; your picks were cleared"))
        // The same board again (a state for a chat or a vote) leaves picks alone.
        _ = model.type("a")
        _ = Self.apply([Fixtures.setState(cards: 12, seq: 3)], to: &model)
        #expect(model.room?.selection == [0])
    }

    @Test func aHintFlashesTheLettersOfItsCards() {
        var model = Fixtures.soloSet(cards: 12)
        _ = Self.apply([#"{"type":"hint","cards":[{"id":34,"count":2,"shape":"square","color":"red","fill":"striped"}],"hints_used":1,"id":3}"#], to: &model)
        #expect(model.flash?.text == "hint: f")
        _ = Self.apply([Fixtures.setState(cards: 12, seq: 2, hint: [34], hintsUsed: 1)], to: &model)
        guard case .set(let set)? = model.room?.state?.gameFields else { return }
        #expect(set.hint == [34])
        #expect(set.hintsUsed == 1)
    }

    @Test func membersComingAndGoingAreLoggedAndShownAway() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = Self.apply([
            #"{"type":"player_away","room":"R2D2","name":"bob","role":"player"}"#,
            Fixtures.rpsState(seq: 3, bobConnected: false),
            #"{"type":"player_back","room":"R2D2","name":"bob","role":"player"}"#,
            #"{"type":"player_joined","room":"R2D2","name":"carl","role":"spectator"}"#,
            #"{"type":"chat","room":"R2D2","from":"carl","text":"hi"}"#,
            #"{"type":"player_left","room":"R2D2","name":"carl","role":"spectator"}"#,
        ], to: &model)
        #expect(model.room?.chat == [
            .event("bob is away"), .event("bob is back"), .event("carl is watching"),
            .said(from: "carl", text: "hi"), .event("carl stopped watching"),
        ])
        #expect(model.room?.state?.players[1].connected == false)
    }

    @Test func aMatchEndsAndARematchClearsTheResult() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = Self.apply([
            Fixtures.rpsState(seq: 8, phase: .over, scores: (1, 2), waitingOn: [], timeLeft: nil),
            #"{"type":"game_over","room":"R2D2","winners":["bob"],"scores":{"ann":1,"bob":2}}"#,
        ], to: &model)
        #expect(model.room?.result == GameOver(room: "R2D2", winners: ["bob"], scores: [NamedScore(name: "ann", score: 1), NamedScore(name: "bob", score: 2)]))
        #expect(model.room?.chat.last == .event("game over: bob wins"))
        _ = Self.apply([Fixtures.rpsState(seq: 9)], to: &model)
        #expect(model.room?.result == nil)
        // The log's last line said how the last game ended; now it says another began.
        #expect(model.room?.chat.suffix(2) == [.event("game over: bob wins"), .event("a new game began")])
    }

    @Test func aGameOverWithItsSeedReadsAsBefore() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = Self.apply([
            Fixtures.rpsState(seq: 8, phase: .over, scores: (1, 2), waitingOn: [], timeLeft: nil),
            #"{"type":"game_over","room":"R2D2","winners":["bob"],"scores":{"ann":1,"bob":2},"seed":9007199254740991}"#,
        ], to: &model)
        #expect(model.room?.result == GameOver(room: "R2D2", winners: ["bob"], scores: [NamedScore(name: "ann", score: 1), NamedScore(name: "bob", score: 2)], seed: 9_007_199_254_740_991))
        #expect(model.room?.chat.last == .event("game over: bob wins"))
    }

    @Test func leavingGoesBackToTheLobby() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        #expect(model.type("q") == [])
        #expect(model.type("y") == [.transmit(#"{"type":"leave","id":3}"#)])
        #expect(Self.apply([#"{"type":"left","room":"R2D2","id":3}"#], to: &model) == [
            .transmit(#"{"type":"rooms","id":4}"#), .transmit(#"{"type":"subscribe","lobby":true}"#), .transmit(#"{"type":"players"}"#), .transmit(#"{"type":"leaderboard","game":"set","daily":true}"#),
        ])
        #expect(model.room == nil)
        #expect(model.quickPlay != nil)
        #expect(model.screen == .lobby)
    }

    @Test func aFailedJoinStaysInTheLobbyAndSaysWhy() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn])
        _ = model.type("j")
        _ = model.type("zzzz")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"join","room":"ZZZZ","id":3}"#)])
        let effects = Self.apply([#"{"type":"error","code":"no_such_room","message":"no room has the code ZZZZ","id":3}"#], to: &model)
        #expect(effects == [.transmit(#"{"type":"rooms","id":4}"#)])
        #expect(model.status?.text == "no room has the code ZZZZ")
        #expect(model.screen == .lobby)
    }

    @Test func reconnectingResumesTheSessionWithItsToken() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.connectionLost("the server closed the connection", now: 0)
        #expect(model.link == .lost("the server closed the connection"))
        _ = model.perform(.reconnect, now: 0)
        #expect(Self.apply([Fixtures.hello], to: &model) == [.transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","token":"t0k3n","id":3}"#)])
        #expect(Self.apply([#"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":true,"room":"R2D2","id":3}"#], to: &model)
            == [.saveSession(SavedSession(name: "ann", token: "t0k3n", serverStartedMs: nil))])
        _ = Self.apply([Fixtures.rpsState(seq: 4)], to: &model)
        #expect(model.room?.code == "R2D2")
        #expect(model.room?.state?.seq == 4)
        #expect(model.status?.text == "back in your seat in R2D2")
    }

    @Test func anExpiredTokenLogsInAfreshByName() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.connectionLost("gone", now: 0)
        _ = model.perform(.reconnect, now: 0)
        _ = Self.apply([Fixtures.hello], to: &model)
        let effects = Self.apply([#"{"type":"error","code":"bad_token","message":"that session has expired","id":3}"#], to: &model)
        #expect(effects == [.forgetSession, .transmit(#"{"type":"login","name":"ann","id":4}"#)])
        #expect(model.room == nil)
        #expect(model.session == nil)
    }

    @Test func theServerGoingAwayKeepsItsReason() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = Self.apply([#"{"type":"shutdown"}"#], to: &model)
        model.connectionLost("the server closed the connection", now: 0)
        #expect(model.link == .lost("the server is shutting down"))
    }

    @Test func aRejectedNameAsksAgain() {
        var model = Fixtures.model([Fixtures.hello], name: nil)
        #expect(model.screen == .naming)
        _ = model.type(" zoë ")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"login","name":"zoë","id":1}"#)])
        _ = Self.apply([#"{"type":"error","code":"bad_request","message":"that name is taken","id":1}"#], to: &model)
        #expect(model.prompt == Prompt(.name, text: "zoë"))
        #expect(model.status?.text == "that name is taken")
    }

    @Test func theLobbyAsksForRoomsEveryTwoSecondsWhileTheyShow() {
        // Quick play, where the lobby opens, lives on the lobby stream: no polling under it.
        var onQuickPlay = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        #expect(onQuickPlay.tick(now: 1000) == [])
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn])
        #expect(model.tick(now: 1000) == [.transmit(#"{"type":"rooms","id":3}"#)])
        #expect(model.tick(now: 2500) == [])
        #expect(model.tick(now: 3000) == [.transmit(#"{"type":"rooms","id":4}"#)])
        var inRoom = Fixtures.soloSet(cards: 12)
        #expect(inRoom.tick(now: 5000) == [])
    }

    /// Issue 43: after a server restart the lobby said "not logged in yet": its `rooms` went
    /// out between the new hello and the welcome (the kept token refused, the name's login after).
    @Test func afterAReconnectTheLobbyWaitsForTheWelcome() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn])
        model.connectionLost("the server went away", now: 1_000)
        _ = model.receive(Fixtures.hello, now: 60_000)
        #expect(model.tick(now: 61_000) == [], "nothing before the welcome")
        _ = model.receive(#"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":true,"room":null,"id":3}"#, now: 61_500)
        _ = model.press([.escape])
        #expect(model.tick(now: 64_000).contains { if case .transmit(let line) = $0 { line.contains(#""type":"rooms""#) } else { false } })
    }

    @Test func unreadableLinesAndUnknownMessagesDoNotBreakTheModel() {
        var model = Fixtures.soloSet(cards: 12)
        let before = model.room
        // A message type a newer server added is skipped without a word (Protocol.md: readers ignore what they do not know).
        model.apply(serverLine: Array(#"{"type":"future_thing","x":1}"#.utf8), now: 0)
        #expect(model.room == before)
        #expect(model.status == nil)
        for broken in [#"{"type":"state","board":"#, #"[1,2]"#, #"{"type":"joined","room":"K7QX"}"#] {
            model.apply(serverLine: Array(broken.utf8), now: 0)
        }
        #expect(model.room == before)
        #expect(model.status?.text == "the server sent a line this client cannot read")
    }
}

/// Refusals in the client's own words: no JSON to type is ever shown to a player.
struct ErrorWordsTests {
    @Test(arguments: [
        (ErrorCode.notYourTurn, "it is not your turn; wait for {\"type\":\"state\"}", "not your turn"),
        (.gameOver, "the game is over; send {\"type\":\"start\"} to offer a rematch (it starts once every player has)", "the game is over: Enter offers a rematch"),
        (.roomFull, "room K7QX is full; watch it with {\"type\":\"watch\",\"room\":\"K7QX\"}", "that room is full: W watches it instead"),
        (.illegalMove, "a 7♥ cannot go on a 5♠", "a 7♥ cannot go on a 5♠"),
        (.badRequest, "you are already in room K7QX; send {\"type\":\"leave\"} first", "you are already in room K7QX"),
        (.unknownType, "unknown message type 'x'; send {\"type\":\"help\"} for the list", "the server did not understand this client (a bug; please report it)"),
        (.noSuchRoom, "no room has the code ZZZZ", "no room has the code ZZZZ"),
    ])
    func eachCodeInWords(code: ErrorCode, server: String, shown: String) {
        #expect(ErrorWords.text(for: code, serverMessage: server) == shown)
        #expect(!ErrorWords.text(for: code, serverMessage: server).contains("{"))
    }
}
