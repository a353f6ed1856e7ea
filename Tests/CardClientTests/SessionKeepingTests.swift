import CardClient
import Foundation
import Glibc
import Testing
import Wire

/// The seat survives the client: the session kept on disk, resumed at the next start unless the
/// server restarted since, and a dropped connection retried by itself with a growing wait.
struct SessionKeepingTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cardclient-state-\(UUID().uuidString)").path
    }

    @Test func aSessionIsKeptPerServerInAFileOnlyItsOwnerReads() throws {
        let root = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = SessionStore(directory: root + "/cardclient")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == nil)
        let ann = SavedSession(name: "ann", token: "0123456789abcdef0123456789abcdef", serverStartedMs: 1_795_000_000_000)
        try store.save(ann, server: "127.0.0.1:7878")
        try store.save(SavedSession(name: "bob", token: "b", serverStartedMs: nil), server: "[::1]:9000")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == ann)
        #expect(store.load(server: "127.0.0.1:7878", name: nil) == ann)
        #expect(store.load(server: "[::1]:9000", name: "bob") == SavedSession(name: "bob", token: "b", serverStartedMs: nil))
        #expect(store.load(server: "[::1]:9000", name: "ann") == nil)

        var info = stat()
        #expect(stat(root + "/cardclient/sessions.json", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(root + "/cardclient", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        let text = try String(contentsOfFile: root + "/cardclient/sessions.json", encoding: .utf8)
        #expect(text == #"{"127.0.0.1:7878":{"players":{"ann":{"token":"0123456789abcdef0123456789abcdef","started_ms":1795000000000}}},"[::1]:9000":{"players":{"bob":{"token":"b"}}}}"# + "\n")

        try store.remove(server: "127.0.0.1:7878", name: "ann")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == nil)
        #expect(store.load(server: "[::1]:9000", name: "bob") != nil)
    }

    /// ann's client and bob's on one machine and one server: each keeps its own seat's session,
    /// and a client that names neither takes neither.
    @Test func twoPlayersOnOneServerKeepTheirOwnSessions() throws {
        let root = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = SessionStore(directory: root)
        let ann = SavedSession(name: "ann", token: "a", serverStartedMs: 1)
        let bob = SavedSession(name: "bob", token: "b", serverStartedMs: 1)
        try store.save(ann, server: "127.0.0.1:7878")
        try store.save(bob, server: "127.0.0.1:7878")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == ann)
        #expect(store.load(server: "127.0.0.1:7878", name: "bob") == bob)
        #expect(store.load(server: "127.0.0.1:7878", name: nil) == nil)
        let newer = SavedSession(name: "ann", token: "a2", serverStartedMs: 2)
        try store.save(newer, server: "127.0.0.1:7878")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == newer)
        #expect(store.load(server: "127.0.0.1:7878", name: "bob") == bob)
    }

    /// The file of one session a server, as clients before 0.7.0 wrote it, is read as that name's.
    @Test func aSessionKeptTheOldWayIsStillItsNames() throws {
        let root = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try #"{"127.0.0.1:7878":{"name":"ann","token":"t","started_ms":5}}"#.write(toFile: root + "/sessions.json", atomically: false, encoding: .utf8)
        let store = SessionStore(directory: root)
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == SavedSession(name: "ann", token: "t", serverStartedMs: 5))
        #expect(store.load(server: "127.0.0.1:7878", name: "bob") == nil)
        try store.save(SavedSession(name: "bob", token: "u", serverStartedMs: nil), server: "127.0.0.1:7878")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann")?.token == "t")
        #expect(store.load(server: "127.0.0.1:7878", name: "bob")?.token == "u")
    }

    @Test func aDamagedFileReadsAsNothingKeptAndIsReplaced() throws {
        let root = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "{\"127.0.0.1:7878\":{\"name\":".write(toFile: root + "/sessions.json", atomically: false, encoding: .utf8)
        let store = SessionStore(directory: root)
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == nil)
        try store.save(SavedSession(name: "ann", token: "t", serverStartedMs: 5), server: "127.0.0.1:7878")
        #expect(store.load(server: "127.0.0.1:7878", name: "ann") == SavedSession(name: "ann", token: "t", serverStartedMs: 5))
    }

    @Test(arguments: [
        (["XDG_STATE_HOME": "/s", "HOME": "/home/ann"], "/s/cardclient"),
        (["XDG_STATE_HOME": "relative", "HOME": "/home/ann"], "/home/ann/.local/state/cardclient"),
        (["HOME": "/home/ann"], "/home/ann/.local/state/cardclient"),
        ([:], nil),
    ])
    func theStateDirectoryFollowsTheXDGRules(environment: [String: String], directory: String?) {
        #expect(SessionStore.defaultDirectory(environment: environment) == directory)
    }

    static let hello = #"{"type":"hello","protocol":1,"server":"cardserver 0.1.0","games":["rps"],"started_ms":1000}"#

    @Test func aKeptSessionIsResumedAndLandsBackInItsSeat() {
        var model = ClientModel(
            serverAddress: "127.0.0.1:7878", name: nil, saved: SavedSession(name: "ann", token: "t0k3n", serverStartedMs: 1000))
        #expect(model.receive(Self.hello) == [.transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","token":"t0k3n","id":1}"#)])
        let welcome = #"{"type":"welcome","player":"p1","name":"ann","token":"t0k3n","resumed":true,"room":"R2D2","id":1}"#
        #expect(model.receive(welcome) == [.saveSession(SavedSession(name: "ann", token: "t0k3n", serverStartedMs: 1000))])
        #expect(model.room?.code == "R2D2")
        #expect(model.status?.text == "back in your seat in R2D2")
        model.receive(Fixtures.rpsState(seq: 7))
        #expect(model.room?.seat == 0)
        #expect(model.room?.state?.seq == 7)
    }

    /// A server restarted on the same data keeps its rooms: a kept token is tried all the same,
    /// and a refusal says the restart is why.
    @Test func aKeptSessionFromAnEarlierServerStartIsTriedAndARefusalSaysWhy() {
        var model = ClientModel(
            serverAddress: "127.0.0.1:7878", name: nil, saved: SavedSession(name: "ann", token: "t0k3n", serverStartedMs: 999))
        #expect(model.receive(Self.hello) == [.transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","token":"t0k3n","id":1}"#)])
        let refused = #"{"type":"error","code":"bad_token","message":"that token is unknown or has expired; log in with a name","id":1}"#
        #expect(model.receive(refused) == [.forgetSession, .transmit(#"{"type":"login","name":"ann","id":2}"#)])
        #expect(model.status?.text == "the server restarted without keeping your seat; logged in again")
    }

    /// A session in no room ends with its connection: a kept token from the lobby is refused
    /// by the same server, and the client takes its name again without alarm.
    @Test func aLobbyTokenRefusedAfterADroppedConnectionLogsInByNameQuietly() {
        var model = ClientModel(
            serverAddress: "127.0.0.1:7878", name: nil, saved: SavedSession(name: "ann", token: "t0k3n", serverStartedMs: 1000))
        #expect(model.receive(Self.hello) == [.transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","token":"t0k3n","id":1}"#)])
        let refused = #"{"type":"error","code":"bad_token","message":"that token is unknown or has expired; log in with a name","id":1}"#
        #expect(model.receive(refused) == [.forgetSession, .transmit(#"{"type":"login","name":"ann","id":2}"#)])
        #expect(model.status?.text == "connected again; logged in")
        #expect(model.status?.tone == .neutral)
    }

    @Test func reconnectingToARestartedServerResumesTheSeatItKept() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.receive(Self.hello.replacingOccurrences(of: "1000", with: "1"), now: 0)
        model.connectionLost("the server closed the connection", now: 0)
        _ = model.perform(.reconnect, now: 0)
        let token = try? #require(model.session?.token)
        #expect(model.receive(Self.hello) == [.transmit(#"{"type":"games"}"#), .transmit(#"{"type":"login","token":"\#(token ?? "")","id":4}"#)])
        let welcome = #"{"type":"welcome","player":"p1","name":"ann","token":"\#(token ?? "")","resumed":true,"room":"R2D2","id":4}"#
        model.receive(welcome, now: 0)
        #expect(model.room?.code == "R2D2")
        #expect(model.status?.text == "the server restarted and kept your game: back in your seat in R2D2")
    }

    @Test func aDroppedConnectionIsRetriedAfter1Then2Then4SecondsUpTo30() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.connectionLost("the server closed the connection", now: 10_000)
        #expect(model.retryAt == 11_000)
        #expect(model.tick(now: 10_999) == [])
        #expect(model.tick(now: 11_000) == [.reconnect])
        #expect(model.link == .connecting)
        var now = 11_000
        for expected in [2000, 4000, 8000, 16_000, 30_000, 30_000] {
            model.connectionLost("cannot connect to 127.0.0.1:7878: Connection refused", now: now)
            #expect(model.retryAt == now + expected)
            now += expected
            #expect(model.tick(now: now) == [.reconnect])
        }
        // Up again: the next drop waits 1 s again.
        model.receive(Self.hello, now: now)
        model.connectionLost("gone", now: now)
        #expect(model.retryAt == now + 1000)
    }

    @Test func theCountdownShowsAndRRetriesAtOnce() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.connectionLost("the server closed the connection", now: 0)
        let screen = ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 200)
        #expect(Fixtures.trimmed(screen).contains(" connection lost: the server closed the connection · retrying in 1 s …"))
        // Wide enough, it says the game's clock is paused; and it is: 20 s later the round
        // still has its 30 s (a restarted server keeps the time each clock had left).
        let later = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 110, height: 24), color: false, now: 20_000))
        #expect(later.contains(" connection lost: the server closed the connection · retrying in 1 s · game clock paused"))
        #expect(later[3].hasSuffix("██████████ 30 s"))
        #expect(ScreenRenderer.isTimed(model), "the countdown is redrawn every tick")
        #expect(model.type("r") == [.reconnect])
        #expect(model.retryAt == nil)
    }

    @Test func aSessionTakenOverElsewhereIsNotTakenBackByItself() {
        var model = Fixtures.rps([Fixtures.rpsState()])
        model.receive(#"{"type":"replaced"}"#)
        model.connectionLost("the server closed the connection", now: 0)
        #expect(model.link == .lost("another connection took over this session (r takes it back)"))
        #expect(model.retryAt == nil)
        #expect(model.tick(now: 100_000) == [])
    }
}
