import CardClient
import Testing
import Wire

/// cardclient and accounts (`--account`, `--register`): the sign-in it sends, what a refusal
/// does, and the account `welcome` names.
struct AccountSignInTests {
    static let hello = SessionKeepingTests.hello

    @Test func anAccountSignsInWithItsPasswordAndIsShownAsOne() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.credentials = AccountCredentials(name: "ann", password: "correct horse", register: false)
        #expect(model.receive(Self.hello) == [
            .transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","name":"ann","password":"correct horse","id":1}"#),
        ])
        let welcome = #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":false,"room":null,"account":{"name":"ann","bot":false,"created_ms":1795000000000},"id":1}"#
        #expect(model.receive(welcome) == [
            .saveSession(SavedSession(name: "ann", token: "t0k3n", serverStartedMs: 1000)), .transmit(#"{"type":"rooms","id":2}"#),
            .transmit(#"{"type":"subscribe","lobby":true}"#), .transmit(#"{"type":"players"}"#),
        ])
        #expect(model.account == AccountInfo(name: "ann", bot: false, createdMs: 1_795_000_000_000))
    }

    @Test func registerMakesTheAccountOnceThenSignsIn() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.credentials = AccountCredentials(name: "ann", password: "correct horse", register: true)
        #expect(model.receive(Self.hello).last == .transmit(#"{"type":"register","name":"ann","password":"correct horse","id":1}"#))
        model.receive(#"{"type":"welcome","player":"p1","name":"ann","token":"t","resumed":false,"room":null,"account":{"name":"ann","bot":false,"created_ms":1},"id":1}"#)
        #expect(model.credentials?.register == false)
    }

    @Test func aWrongPasswordAsksForAGuestsNameInstead() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.credentials = AccountCredentials(name: "ann", password: "wrong", register: false)
        model.receive(Self.hello)
        #expect(model.receive(#"{"type":"error","code":"bad_credentials","message":"no account has that name and password","id":1}"#) == [])
        #expect(model.status?.text == "no account has that name and password: start again with --account NAME, or play as a guest")
        #expect(model.credentials == nil)
        #expect(model.prompt?.kind == .name)
    }

    @Test func aGuestNameThatAnAccountHoldsSaysToSignIn() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.receive(Self.hello)
        let refusal = #"{"type":"error","code":"name_taken","message":"the name ann belongs to a registered account (ann): sign in with {\"type\":\"login\",\"name\":\"ann\",\"password\":\"…\"}, or pick another name","id":1}"#
        #expect(model.receive(refusal) == [])
        #expect(model.status?.text == "ann is a registered account's name: sign in with --account ann, or pick another name")
        #expect(model.prompt?.kind == .name)
    }
}
