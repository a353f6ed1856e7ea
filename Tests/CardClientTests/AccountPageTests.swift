import CardClient
import Testing
import Wire

/// The account screen (`a` in the lobby): the account's sessions and API tokens, one ended or
/// revoked after a yes, a token made and shown once, and a `signed_out` from elsewhere.
struct AccountPageTests {
    static let welcome = #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":false,"room":null,"account":{"name":"ann","bot":false,"created_ms":1795000000000},"id":1}"#

    /// ann signed in, in the lobby, the screen open with both lists in.
    static func openPage() -> ClientModel {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann")
        model.credentials = AccountCredentials(name: "ann", password: "correct horse", register: false)
        model.receive(AccountSignInTests.hello)
        model.receive(welcome)
        #expect(model.type("a") == [.transmit(#"{"type":"sessions","id":3}"#), .transmit(#"{"type":"tokens","id":4}"#)])
        model.receive(ServerMessage.sessions([
            SessionInfo(id: "aaaaaaaaaaaaaaaa", createdMs: 1_795_000_000_000, lastSeenMs: 1_795_000_060_000, transport: "tcp", address: "127.0.0.1", connected: true, current: true),
            SessionInfo(id: "5c1f0e2d9a8b7c6d", createdMs: 1_795_000_100_000, lastSeenMs: nil, transport: nil, address: nil, connected: false, current: false),
        ], id: .int(3)).jsonText)
        model.receive(ServerMessage.tokens([ApiTokenInfo(label: "ci bot", scopes: ["play"], createdMs: 1_795_000_200_000, lastUsedMs: nil)], id: .int(4)).jsonText)
        return model
    }

    @Test func itListsSessionsAndTokensAndEndsTheChosenOneAfterAYes() {
        var model = Self.openPage()
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        let when = { (ms: Int) in RecordsView.dateText(milliseconds: ms, utcOffsetSeconds: RecordsView.localOffset(at: ms)) }
        #expect(text[2] == "  Account  ann · made \(when(1_795_000_000_000))")
        #expect(text[4] == "  Sessions (2)  each sign-in with the password is one")
        #expect(text[5].hasPrefix("  ▸ this client  since \(when(1_795_000_000_000))"))
        #expect(text[5].hasSuffix("tcp 127.0.0.1       online"))
        #expect(text[6].hasPrefix("    5c1f0e2d…    since \(when(1_795_000_100_000))"))
        #expect(text[6].hasSuffix("not used since the server started"))
        #expect(text[7] == "  API tokens (1)  a bot signs in with one")
        #expect(text[8].hasPrefix("    ci bot                made \(when(1_795_000_200_000))"))
        #expect(text[23] == " ↑↓ choose · x end / revoke · t new token · Esc back")

        // This client's own session ends with a logout, not here.
        #expect(model.type("x") == [])
        #expect(model.status?.text == "that is this client's own session: it ends when you log out")
        _ = model.press([.down])
        #expect(model.type("x") == [])
        #expect(model.question == .endSession("5c1f0e2d9a8b7c6d"))
        #expect(model.type("y") == [.transmit(#"{"type":"session_revoke","session":"5c1f0e2d9a8b7c6d","id":5}"#)])
        #expect(model.receive(#"{"type":"ok","id":5}"#) == [.transmit(#"{"type":"sessions","id":6}"#)])
        #expect(model.status?.text == "that session is ended: whoever used it is signed out")

        _ = model.press([.down])
        #expect(model.type("x") == [])
        #expect(model.question == .revokeToken("ci bot"))
        #expect(model.type("n") == [])
        #expect(model.question == nil)
        _ = model.press([.escape])
        #expect(model.accountPage == nil)
    }

    @Test func aNewTokenIsShownOnceThenListed() {
        var model = Self.openPage()
        #expect(model.type("t") == [])
        #expect(model.prompt?.kind == .tokenLabel)
        #expect(model.type("my bot") == [])
        #expect(model.press([.enter]) == [.transmit(#"{"type":"token_create","label":"my bot","scopes":["play"],"id":5}"#)])
        #expect(model.receive(#"{"type":"token","label":"my bot","token":"cst_0123456789abcdef0123456789abcdef","id":5}"#)
            == [.transmit(#"{"type":"tokens","id":6}"#)])
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(text[3] == "  New token my bot: cst_0123456789abcdef0123456789abcdef")
        #expect(text[4] == "    shown this once: copy it now (the server keeps only its hash)")
        // Closed and opened again, it is gone: the server never shows it twice.
        _ = model.press([.escape])
        _ = model.type("a")
        #expect(model.accountPage?.madeToken == nil)
    }

    @Test func aGuestHasNoAccountScreen() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn])
        #expect(model.type("a") == [])
        #expect(model.accountPage == nil)
        #expect(model.status?.text == "a guest has no account: start cardclient with --account NAME (or --register)")
    }

    @Test func signedOutElsewhereForgetsTheSessionAndAsksForAName() {
        var model = Self.openPage()
        #expect(model.receive(#"{"type":"signed_out","reason":"password_changed"}"#) == [.forgetSession])
        #expect(model.accountPage == nil)
        #expect(model.account == nil)
        #expect(model.credentials == nil)
        #expect(model.prompt?.kind == .name)
        #expect(model.status?.text == "signed out: the account's password was changed elsewhere; sign in again, or play as a guest")
    }
}

/// A client started without a name beside players kept for the server: it offers them and
/// takes no seat unasked.
struct SavedChoiceTests {
    @Test func aKeptPlayerIsOfferedAndTypingItsNameResumesWhileANewNameLogsIn() {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: nil)
        model.savedChoices = [SavedSession(name: "ann", token: "tokA", serverStartedMs: nil), SavedSession(name: "bob", token: "tokB", serverStartedMs: nil)]
        #expect(model.receive(AccountSignInTests.hello) == [.transmit(#"{"type":"games"}"#)])
        #expect(model.prompt == Prompt(.name))
        let text = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(Array(text[14...15]) == ["                         kept on this machine: ann, bob", "                 type one to take its seat back, or a new name"])
        _ = model.type("bob")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"login","token":"tokB","id":1}"#)])

        var other = ClientModel(serverAddress: "127.0.0.1:7878", name: nil)
        other.savedChoices = [SavedSession(name: "ann", token: "tokA", serverStartedMs: nil)]
        other.namePrefill = "ann"
        other.receive(AccountSignInTests.hello)
        #expect(other.prompt?.text == "ann")
        _ = other.press([.control("u")])
        _ = other.type("cat")
        #expect(other.press([.enter]) == [.transmit(#"{"type":"login","name":"cat","id":1}"#)])
    }
}

/// cardclient started for an account (`--account`) whose kept session has ended: it asks for
/// the password again, as dots, never for a guest's name.
struct PasswordAgainTests {
    static func model() -> ClientModel {
        var model = ClientModel(serverAddress: "127.0.0.1:7878", name: "ann", saved: SavedSession(name: "ann", token: "old", serverStartedMs: 1000))
        model.accountName = "ann"
        return model
    }

    @Test func aRefusedKeptTokenAsksForThePasswordAndAWrongOneAsksAgain() {
        var model = Self.model()
        #expect(model.receive(AccountSignInTests.hello).last == .transmit(#"{"type":"login","token":"old","id":1}"#))
        #expect(model.receive(#"{"type":"error","code":"bad_token","message":"that token is unknown or has expired; log in with a name","id":1}"#) == [.forgetSession])
        #expect(model.prompt?.kind == .password)
        #expect(model.status?.text == "the session of ann has ended: type its password to sign in again · Esc quits")
        _ = model.type("wrong one")
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(screen.contains { $0.contains("password: •••••••••") })
        #expect(!screen.contains { $0.contains("wrong one") })
        #expect(screen.contains { $0.contains("Sign in to ann") })
        #expect(model.press([.enter]) == [.transmit(#"{"type":"login","name":"ann","password":"wrong one","id":2}"#)])
        #expect(model.receive(#"{"type":"error","code":"bad_credentials","message":"no account has that name and password","id":2}"#) == [])
        #expect(model.prompt?.kind == .password)
        #expect(model.status?.text == "that is not the password of ann; type it again · Esc quits")
        #expect(model.press([.escape]) == [.quit])
    }

    @Test func signedOutByAPasswordChangeAsksForTheNewPassword() {
        var model = Self.model()
        model.receive(AccountSignInTests.hello)
        model.receive(#"{"type":"welcome","player":"p1","name":"ann","token":"old","resumed":false,"room":null,"account":{"name":"ann","bot":false,"created_ms":1},"id":1}"#)
        #expect(model.receive(#"{"type":"signed_out","reason":"password_changed"}"#) == [.forgetSession])
        #expect(model.prompt?.kind == .password)
        _ = model.type("new password")
        #expect(model.press([.enter]) == [.transmit(#"{"type":"login","name":"ann","password":"new password","id":3}"#)])
    }
}
