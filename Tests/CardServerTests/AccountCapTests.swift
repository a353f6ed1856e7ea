@testable import CardServer
import ScriptedServer
import Storage
import Testing
import Wire

/// Limits that belong to a player: a signed-in player's rooms and games a minute count against
/// its account, not the address it shares; `welcome.limits` says whose they are and what is
/// left, and every `rate_limited` says `remaining` and `resets_in_ms`.
struct AccountCapTests {
    static func host() throws -> ScriptedHost {
        try AccountTests.host(config: AccountTests.config {
            $0.roomsPerMinutePerAddress = 2
            $0.roomsPerMinutePerAccount = 3
        }).0
    }

    /// Creates a two-seat room and leaves it; returns the reply to the create.
    static func createAndLeave(_ host: ScriptedHost, _ client: ClientID) -> JSONObject? {
        host.send(#"{"type":"create","game":"rps","seats":2}"#, from: client)
        let reply = host.take(client).first { $0["type"]?.stringValue == "joined" || $0["type"]?.stringValue == "error" }
        host.send(#"{"type":"leave"}"#, from: client)
        _ = host.take(client)
        return reply
    }

    @Test func anAccountHasItsOwnMinuteBesideAGuestOnTheSameAddress() throws {
        let host = try Self.host()
        let guest = host.connect(peer: "127.0.0.1:1")
        host.send(#"{"type":"login","name":"zed"}"#, from: guest)
        let guestWelcome = try #require(host.take(guest).last)
        #expect(guestWelcome["limits"]?.objectValue?["per"] == "address")
        #expect(guestWelcome["limits"]?.objectValue?["rooms"] == ["limit": 2, "remaining": 2, "resets_in_ms": 0])
        for _ in 0..<2 { #expect(Self.createAndLeave(host, guest)?["type"] == "joined") }
        let refused = try #require(Self.createAndLeave(host, guest))
        #expect(refused["code"] == "rate_limited")
        #expect(refused["message"]?.stringValue?.hasPrefix("your address has created 2 rooms this minute") == true)

        // ann on the same address: her account's minute, not the address's spent one.
        let (ann, welcome) = AccountTests.registerAnn(on: host, peer: "127.0.0.1:2")
        #expect(welcome?["limits"]?.objectValue?["per"] == "account")
        #expect(welcome?["limits"]?.objectValue?["rooms_per_minute"] == 3)
        #expect(welcome?["limits"]?.objectValue?["rooms"] == ["limit": 3, "remaining": 3, "resets_in_ms": 0])
        host.advance(by: .seconds(10))
        for _ in 0..<3 { #expect(Self.createAndLeave(host, ann)?["type"] == "joined") }
        host.advance(by: .seconds(5))
        let annRefused = try #require(Self.createAndLeave(host, ann))
        #expect(annRefused == [
            "type": "error", "code": "rate_limited",
            "message": #"your account has created 3 rooms this minute, the most allowed; to play again, stay in your room after a game and send {"type":"start"} (a rematch needs no new room); or join a listed room, or wait"#,
            "retry_after_ms": 55_000, "remaining": 0, "resets_in_ms": 55_000,
        ])

        // From another address, and on a resumed session, the account's minute is the same one.
        let token = try #require(welcome?["token"]?.stringValue)
        host.drop(ann)
        let elsewhere = host.connect(peer: "10.9.8.7:1")
        host.send(#"{"type":"login","token":"\#(token)"}"#, from: elsewhere)
        let back = try #require(host.take(elsewhere).last)
        #expect(back["limits"]?.objectValue?["rooms"] == ["limit": 3, "remaining": 0, "resets_in_ms": 55_000])
        #expect(Self.createAndLeave(host, elsewhere)?["code"] == "rate_limited")
        host.advance(by: .seconds(55))
        #expect(Self.createAndLeave(host, elsewhere)?["type"] == "joined")
    }
}
