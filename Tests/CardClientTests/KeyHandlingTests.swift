import CardClient
import Testing
import Wire

/// Keys and the model in, actions and commands out.
struct KeyHandlingTests {
    @Test func threeLettersClaimTheCardsTheyName() {
        var model = Fixtures.soloSet(cards: 12)
        #expect(model.type("a") == [])
        #expect(model.room?.selection == [0])
        #expect(model.type("f") == [])
        #expect(model.room?.selection == [0, 34])
        #expect(model.type("l") == [.transmit(#"{"type":"claim","cards":[0,34,77],"id":3}"#)])
        #expect(model.room?.selection == [])
        #expect(model.pending[3] == .claim(cards: [0, 34, 77]))
    }

    @Test func aSecondPressDeselectsAndEscapeClears() {
        var model = Fixtures.soloSet(cards: 12)
        _ = model.type("aeb")
        #expect(model.pending.isEmpty == false)
        _ = model.type("jc")
        #expect(model.room?.selection == [65, 14])
        _ = model.type("j")
        #expect(model.room?.selection == [14])
        _ = model.press([.escape])
        #expect(model.room?.selection == [])
    }

    @Test func lettersPastTheBoardDoNothing() {
        var model = Fixtures.soloSet(cards: 12)
        #expect(model.type("mqtx") == [])
        #expect(model.room?.selection == [])
        #expect(model.room != nil)
    }

    @Test(arguments: [
        ("D", #"{"type":"deal","id":3}"#),
        ("H", #"{"type":"hint","id":3}"#),
    ])
    func setCommandKeys(key: String, line: String) {
        var model = Fixtures.soloSet(cards: 12)
        #expect(model.type(key) == [.transmit(line)])
    }

    @Test func aSpectatorCannotSelect() {
        var model = Fixtures.model([
            Fixtures.hello, #"{"type":"welcome","player":"p9","name":"zed","token":"z","resumed":false,"room":null}"#,
            #"{"type":"watching","room":"K7QX"}"#, Fixtures.setState(cards: 12),
        ], name: "zed")
        #expect(model.room?.isSpectator == true)
        #expect(model.type("abc") == [])
        #expect(model.room?.selection == [])
    }

    @Test(arguments: [("r", "rock"), ("1", "rock"), ("p", "paper"), ("2", "paper"), ("s", "scissors"), ("3", "scissors")])
    func rpsKeysThrow(key: String, sign: String) {
        var model = Fixtures.rps([Fixtures.rpsState()])
        #expect(model.type(key) == [.transmit(#"{"type":"throw","sign":"\#(sign)","id":3}"#)])
    }

    @Test func rpsIgnoresASecondThrowAndAsksForARematchWhenOver() {
        var model = Fixtures.rps([Fixtures.rpsState(waitingOn: ["bob"], yourThrow: .rock)])
        #expect(model.type("p") == [])
        model.receive(Fixtures.rpsState(seq: 5, phase: .over, waitingOn: [], timeLeft: nil), now: 0)
        #expect(model.type("n") == [.transmit(#"{"type":"start","id":3}"#)])
        #expect(model.type("q") == [.transmit(#"{"type":"leave","id":4}"#)])
    }

    @Test func chatOpensTypesSendsAndCancels() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        #expect(model.type("t") == [])
        #expect(model.prompt == Prompt(.chat))
        #expect(model.type("gl hf") == [])
        #expect(model.press([.backspace]) == [])
        #expect(model.press([.enter]) == [.transmit(#"{"type":"chat","text":"gl h","id":3}"#)])
        #expect(model.prompt == nil)
        _ = model.type("/rps")
        #expect(model.prompt?.text == "rps")
        #expect(model.press([.escape]) == [])
        #expect(model.prompt == nil)
    }

    @Test func inSetTheChatKeyIsSlashOrCapitalT() {
        var model = Fixtures.soloSet(cards: 12)
        _ = model.type("T")
        #expect(model.prompt == Prompt(.chat))
        _ = model.type("abc")
        #expect(model.room?.selection == [])
        #expect(model.prompt?.text == "abc")
    }

    @Test(arguments: [
        ("s", #"{"type":"create","game":"set","seats":1,"id":3}"#),
        ("S", #"{"type":"create","game":"set","seats":4,"id":3}"#),
        ("4", #"{"type":"create","game":"set","seats":4,"id":3}"#),
        ("2", #"{"type":"create","game":"set","seats":2,"id":3}"#),
        ("r", #"{"type":"create","game":"rps","seats":2,"id":3}"#),
        ("R", #"{"type":"create","game":"rps","seats":1,"options":{"bot":"adaptive"},"id":3}"#),
        ("w", #"{"type":"watch","room":"K7QX","id":3}"#),
    ])
    func lobbyKeys(key: String, line: String) {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, ScreenTests.rooms])
        #expect(model.type(key) == [.transmit(line)])
    }

    @Test func lobbyArrowsChooseAndEnterJoins() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, ScreenTests.rooms])
        #expect(model.press([.down, .down, .up, .down]) == [])
        #expect(model.lobby.cursor == 1)
        #expect(model.press([.enter]) == [.transmit(#"{"type":"join","room":"58Z2","id":3}"#)])
    }

    @Test func lobbyJoinsByATypedCode() {
        var model = Fixtures.roomList([Fixtures.hello, Fixtures.welcomeAnn, ScreenTests.rooms])
        _ = model.type("j")
        #expect(model.prompt == Prompt(.joinCode))
        _ = model.type("k7qx")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"join","room":"K7QX","id":3}"#)])
    }

    @Test func qQuitsTheLobbyAndCtrlCQuitsAnywhere() {
        var lobby = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        #expect(lobby.type("q") == [.quit])
        var set = Fixtures.soloSet(cards: 12)
        // During a game the first Ctrl-C asks, the second quits (ForfeitQuestionTests).
        #expect(set.press([.interrupt, .interrupt]) == [.quit])
        var chatting = Fixtures.soloSet(cards: 12)
        _ = chatting.type("/")
        #expect(chatting.press([.interrupt]) == [])
        #expect(chatting.press([.interrupt]) == [.quit])
        var waiting = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#])
        #expect(waiting.press([.interrupt]) == [.quit])
    }

    @Test func theKeyListTogglesAndAnyKeyClosesIt() {
        var model = Fixtures.soloSet(cards: 12)
        _ = model.type("?")
        #expect(model.showsKeys)
        #expect(model.type("a") == [])
        #expect(!model.showsKeys)
        #expect(model.room?.selection == [])
    }

    @Test func aChatLineBeingTypedWhenTheConnectionDropsKeepsItsKeys() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = model.press([.character("/")])
        _ = model.type("good ")
        model.connectionLost("the server closed the connection", now: 0)
        // q and r are letters of the line, not quit and reconnect.
        #expect(model.type("rq") == [])
        #expect(model.prompt?.text == "good rq")
        #expect(model.press([.enter]) == [])
        #expect(model.prompt?.text == "good rq")
        #expect(model.status?.text == "not connected: Esc, then r to reconnect; your text stays here")
        _ = model.press([.escape])
        #expect(model.type("r") == [.reconnect])
    }

    @Test func aRefusedChatLineComesBackToTheInputLine() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = model.press([.character("/")])
        #expect(model.type("hi") == [])
        #expect(model.press([.enter]) == [.transmit(#"{"type":"chat","text":"hi","id":3}"#)])
        #expect(model.prompt == nil)
        model.receive(#"{"type":"error","code":"rate_limited","message":"you are chatting too fast","retry_after_ms":900,"remaining":0,"resets_in_ms":900,"id":3}"#, now: 0)
        #expect(model.prompt?.text == "hi")
        #expect(model.status?.text == "you are chatting too fast")
    }

    @Test func serverFullIsTheReasonShownForTheClose() {
        var model = Fixtures.model([Fixtures.hello])
        model.receive(#"{"type":"error","code":"server_full","message":"the server is full (2 connections); try again later"}"#, now: 0)
        model.connectionLost("the server closed the connection", now: 0)
        #expect(model.link == .lost("the server is full (2 connections); try again later"))
    }

    @Test func offlineROffersReconnectAndQQuits() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.connectionLost("the server closed the connection", now: 0)
        #expect(model.type("r") == [.reconnect])
        #expect(model.link == .connecting)
        model.connectionLost("cannot connect: Connection refused", now: 0)
        #expect(model.type("q") == [.quit])
    }

    @Test func enterStartsAWaitingRoomOnlyWithEnoughPlayers() {
        var set = Fixtures.model([
            Fixtures.hello, Fixtures.welcomeAnn, #"{"type":"joined","room":"K7QX","game":"set","seat":0}"#,
            Fixtures.setState(cards: 0, phase: "waiting"),
        ])
        #expect(set.press([.enter]) == [.transmit(#"{"type":"start","id":3}"#)])
        var rps = Fixtures.rps([
            #"{"type":"state","room":"R2D2","game":"rps","seq":1,"phase":"waiting","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"rematch_votes":[],"round":1,"rounds":3,"round_seconds":30,"waiting_on":[],"time_left_ms":null,"your_throw":null,"last_round":null}"#,
        ])
        #expect(rps.press([.enter]) == [])
    }
}

/// Leaving or quitting a game under way asks first; anything else does not.
struct ForfeitQuestionTests {
    @Test func leavingAGameUnderWayAsksAndNoStays() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        #expect(model.type("q") == [])
        #expect(model.question == .leaveGame)
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 100, height: 24), color: false, now: 0))
        #expect(screen.contains(" Leave? The game is under way, so you forfeit it. y leave · n stay"))
        #expect(screen.last == " y leave · n stay")
        #expect(model.type("x") == [])
        #expect(model.status?.text == "y or n")
        #expect(model.press([.escape]) == [])
        #expect(model.question == nil)
        #expect(model.type("q") == [])
        #expect(model.type("y") == [.transmit(#"{"type":"leave","id":3}"#)])
        #expect(model.question == nil)
    }

    @Test func leavingBeforeOrAfterTheGameOrWatchingDoesNotAsk() {
        var waiting = Fixtures.rps([Fixtures.rpsState(phase: .waiting)])
        #expect(waiting.type("q") == [.transmit(#"{"type":"leave","id":3}"#)])
        var over = Fixtures.rps([Fixtures.rpsState(phase: .over, waitingOn: [], timeLeft: nil)])
        #expect(over.type("q") == [.transmit(#"{"type":"leave","id":3}"#)])
        let carl = ServerMessage.welcome(player: "p3", name: "carl", token: "c", resumed: false, room: nil, id: .int(1)).jsonText
        var watching = Fixtures.model([Fixtures.hello, carl, #"{"type":"watching","room":"R2D2","id":2}"#, Fixtures.rpsState()], name: "carl")
        #expect(watching.type("q") == [.transmit(#"{"type":"leave","id":3}"#)])
    }

    @Test func ctrlCDuringAGameAsksAndASecondCtrlCQuits() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        #expect(model.press([.interrupt]) == [])
        #expect(model.question == .quitGame)
        #expect(model.press([.interrupt]) == [.quit])
        var asked = Fixtures.rps([Fixtures.rpsState()])
        _ = asked.press([.interrupt])
        #expect(asked.type("y") == [.quit])
        var lobby = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        #expect(lobby.press([.interrupt]) == [.quit])
    }

    @Test func theQuestionGoesWhenTheGameEnds() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        _ = model.type("q")
        model.receive(Fixtures.rpsState(seq: 3, phase: .over, waitingOn: [], timeLeft: nil))
        #expect(model.question == nil)
    }
}
