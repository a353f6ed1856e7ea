import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// The server's caps on rooms, on connections and room creations per address, and on
/// codes tried per address, on virtual time: each refusal, and the minute running out.
struct LobbyCapsTests {
    static func reply(_ host: ScriptedHost, _ line: String, from client: ClientID) -> JSONObject {
        host.send(line, from: client)
        return host.take(client).first ?? JSONObject()
    }

    @Test func aCreateBeyondTheServersRoomsIsServerBusyUntilARoomCloses() {
        let host = ScriptedHost(config: ServerConfig(version: "test", maxRooms: 3, roomsPerMinutePerAddress: 0))
        let owners = (1...3).map { number in
            let owner = host.player("p\(number)", peer: "10.0.0.\(number):1")
            #expect(Self.reply(host, #"{"type":"create","game":"set","private":\#(number == 3)}"#, from: owner)["type"] == .string("joined"))
            return owner
        }
        let late = host.player("late", peer: "10.0.1.1:1")
        #expect(Self.reply(host, #"{"type":"create","game":"set","id":7}"#, from: late).jsonText
            == #"{"type":"error","code":"server_busy","message":"the server has 3 rooms, as many as it holds; join one ({\"type\":\"rooms\"}) or try again later","id":7}"#)
        host.send(#"{"type":"leave"}"#, from: owners[0])
        #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: late)["type"] == .string("joined"))
    }

    @Test func anAddressCreatesTwentyRoomsAMinuteThenWaitsWhileAnotherAddressCreates() {
        let host = ScriptedHost()
        let ann = host.player("ann", peer: "10.0.0.1:1000")
        for _ in 1...20 {
            #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: ann)["type"] == .string("joined"))
            host.send(#"{"type":"leave"}"#, from: ann)
            _ = host.take(ann)
            host.advance(by: .seconds(1))
        }
        // 20 s into the minute: 40 s to wait. A second connection from the same address waits too.
        let refused = Self.reply(host, #"{"type":"create","game":"set","id":1}"#, from: ann)
        #expect(refused.jsonText == #"{"type":"error","code":"rate_limited","message":"your address has created 20 rooms this minute, the most allowed; to play again, stay in your room after a game and send {\"type\":\"start\"} (a rematch needs no new room); or join a listed room, or wait","retry_after_ms":40000,"remaining":0,"resets_in_ms":40000,"id":1}"#)
        let annToo = host.player("ann2", peer: "10.0.0.1:1001")
        #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: annToo)["code"] == .string("rate_limited"))
        // Bob, from another address, is not touched.
        let bob = host.player("bob", peer: "10.0.0.2:1000")
        #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: bob)["type"] == .string("joined"))
        // A refused or bad create counts for nothing; the minute runs out.
        #expect(Self.reply(host, #"{"type":"create","game":"chess"}"#, from: ann)["code"] == .string("bad_request"))
        host.advance(by: .seconds(39))
        #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: ann)["retry_after_ms"] == .int(1000))
        host.advance(by: .seconds(1))
        #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: ann)["type"] == .string("joined"))
    }

    @Test func theConnectionOverAnAddressCapIsServerFullAndClosedWhileOthersConnect() {
        let host = ScriptedHost(config: ServerConfig(version: "test", maxConnectionsPerAddress: 3))
        let first = (1...3).map { host.connect(peer: "10.0.0.1:\($0)") }
        for connection in first { #expect(host.types(connection) == ["hello"]) }
        // An IPv4-mapped IPv6 peer is the same address.
        let fourth = host.connect(peer: "[::ffff:10.0.0.1]:4")
        #expect(host.take(fourth).map(\.jsonText)
            == [#"{"type":"error","code":"server_full","message":"too many connections from your address (at most 3); close one and try again"}"#])
        #expect(host.disconnected.contains(fourth))
        host.drop(fourth)
        let other = host.connect(peer: "[2001:db8::1]:4")
        #expect(host.types(other) == ["hello"])
        #expect(!host.disconnected.contains(other))
        // One closes: the address has a place again.
        host.drop(first[0])
        let again = host.connect(peer: "10.0.0.1:5")
        #expect(host.types(again) == ["hello"])
        #expect(host.server.addressLimits.connections == ["10.0.0.1": 3, "2001:db8:0:0::/64": 1])
    }

    @Test func anIPv6HostCannotDodgeTheCapByPickingOtherAddressesInItsSlash64() {
        let host = ScriptedHost(config: ServerConfig(version: "test", maxConnectionsPerAddress: 2))
        let first = host.connect(peer: "[2001:db8:5:6::1]:1")
        let second = host.connect(peer: "[2001:db8:5:6:ffff::2]:1")
        let third = host.connect(peer: "[2001:db8:5:6:1:2:3:4]:1")
        #expect(host.types(first) == ["hello"])
        #expect(host.types(second) == ["hello"])
        #expect(host.take(third).first?["code"]?.stringValue == "server_full")
        // The next /64 is someone else.
        let neighbour = host.connect(peer: "[2001:db8:5:7::1]:1")
        #expect(host.types(neighbour) == ["hello"])
    }

    @Test func thirtyMissedCodesAMinuteThenEveryJoinAndWatchFromThatAddressWaits() {
        let host = ScriptedHost()
        let owner = host.player("owner", peer: "10.0.0.9:1")
        host.send(#"{"type":"create","game":"set","private":true}"#, from: owner)
        let code = host.take(owner).first?["room"]?.stringValue ?? "?"
        // Several connections from one address share the count.
        let guessers = (1...3).map { host.player("g\($0)", peer: "10.0.0.1:\($0)") }
        for attempt in 0..<30 {
            let kind = attempt.isMultiple(of: 2) ? "join" : "watch"
            let answer = Self.reply(host, #"{"type":"\#(kind)","room":"ZZZZZ\#(attempt)"}"#, from: guessers[attempt % 3])
            #expect(answer["code"] == .string("no_such_room"))
        }
        host.advance(by: .seconds(10))
        // Even the right code is refused now.
        #expect(Self.reply(host, #"{"type":"join","room":"\#(code)","id":2}"#, from: guessers[0]).jsonText
            == #"{"type":"error","code":"rate_limited","message":"your address named 30 rooms that do not exist this minute; wait before joining or watching","retry_after_ms":50000,"remaining":0,"resets_in_ms":50000,"id":2}"#)
        // Another address joins by code at once (codes are case-insensitive).
        let friend = host.player("friend", peer: "10.0.0.2:1")
        #expect(Self.reply(host, #"{"type":"watch","room":"\#(code.lowercased())"}"#, from: friend)["type"] == .string("watching"))
        host.advance(by: .seconds(50))
        #expect(Self.reply(host, #"{"type":"join","room":"\#(code)"}"#, from: guessers[0])["type"] == .string("joined"))
    }

    @Test func privateCodesAreSevenCharactersWithoutLookAlikesAndPublicOnesFour() {
        // 300 owners from one address: its caps on connections, rooms, guest logins and sessions off.
        var config = ServerConfig(version: "test", maxConnectionsPerAddress: 0, roomsPerMinutePerAddress: 0)
        config.guestLoginsPerMinutePerAddress = 0
        config.maxSessionsPerAddress = 0
        let host = ScriptedHost(config: config)
        let allowed = Set("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        #expect(allowed.count == 31)
        var privateCodes: Set<String> = []
        for number in 1...300 {
            let owner = host.player("p\(number)")
            let code = Self.reply(host, #"{"type":"create","game":"set","private":\#(number <= 200)}"#, from: owner)["room"]?.stringValue ?? ""
            #expect(code.count == (number <= 200 ? 7 : 4))
            #expect(code.allSatisfy(allowed.contains))
            if number <= 200 { privateCodes.insert(code) }
        }
        #expect(privateCodes.count == 200)
        // Every character of the alphabet turns up: the codes use all 31.
        #expect(Set(privateCodes.joined()) == allowed)
    }

    @Test(arguments: [
        ("127.0.0.1:40000", "127.0.0.1"),
        ("[::1]:8080", "0:0:0:0::/64"),
        ("[::ffff:192.0.2.7]:5", "192.0.2.7"),
        ("[2001:DB8::A]:5", "2001:db8:0:0::/64"),
        ("[2001:db8:1:2:ffff:eeee:dddd:cccc]:5", "2001:db8:1:2::/64"),
        ("[::ffff:0:1]:5", "0:0:0:0::/64"),
    ])
    func aPeerCountsAsItsAddressWithoutThePort(peer: String, address: String) {
        #expect(PeerAddress.key(peer) == address)
    }

    @Test func anAddressTableForgetsExpiredEntriesFirstAndNeverGrowsPastItsSize() {
        var counter = AddressWindowCounter(limit: 2, window: .seconds(60), maxAddresses: 8)
        let second: UInt64 = 1_000_000_000
        counter.record("old", now: 0)
        counter.record("old", now: 0)
        #expect(counter.retryAfter("old", now: 0) == 60_000)
        for number in 1...7 { counter.record("a\(number)", now: 61 * second) }
        #expect(counter.trackedAddresses == 8)
        // Full: the expired entry goes first, and the live ones stay.
        counter.record("new", now: 61 * second)
        #expect(counter.trackedAddresses == 8)
        #expect(counter.retryAfter("old", now: 61 * second) == nil)
        counter.record("a1", now: 62 * second)
        #expect(counter.retryAfter("a1", now: 62 * second) == 59_000)
        // Full of live entries: the oldest quarter goes.
        for number in 1...100 { counter.record("b\(number)", now: (62 + UInt64(number)) * second) }
        #expect(counter.trackedAddresses <= 8)
        #expect(counter.retryAfter("a1", now: 163 * second) == nil)
    }

    @Test func zeroTurnsEachCapOff() {
        let host = ScriptedHost(config: ServerConfig(
            version: "test", commandRate: 0, maxRooms: 0, maxConnectionsPerAddress: 0, roomsPerMinutePerAddress: 0, failedJoinsPerMinutePerAddress: 0))
        let connections = (1...100).map { _ in host.connect() }
        #expect(connections.allSatisfy { host.types($0) == ["hello"] })
        let ann = host.player("ann")
        for number in 0..<100 {
            #expect(Self.reply(host, #"{"type":"join","room":"NOPE\#(number)"}"#, from: ann)["code"] == .string("no_such_room"))
        }
        for _ in 0..<40 {
            #expect(Self.reply(host, #"{"type":"create","game":"set"}"#, from: ann)["type"] == .string("joined"))
            host.send(#"{"type":"leave"}"#, from: ann)
            _ = host.take(ann)
            host.advance(by: .seconds(1))
        }
    }
}
