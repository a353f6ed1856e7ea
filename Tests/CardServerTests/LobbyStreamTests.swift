@testable import CardServer
import GameRules
import ScriptedServer
import Testing
import Wire

/// The lobby stream on virtual time: a subscriber's view, rebuilt from its snapshot and the
/// events after it, equals `rooms` after 1,000 random changes; one that does not read is sent
/// nothing more and gets the newest snapshot once it reads; seeks, pools and who is online.
struct LobbyStreamTests {
    /// A subscriber's view of the rooms: its snapshot, then every event, applied in order.
    struct View {
        var rooms: [String: JSONValue] = [:]
        var seeks: Set<String> = []
        var pools: JSONValue?
        var online: Int?
        var snapshots = 0

        mutating func apply(_ messages: [JSONObject]) {
            for message in messages {
                switch message["type"]?.stringValue {
                case "lobby":
                    snapshots += 1
                    rooms = [:]
                    for room in message["rooms"]?.arrayValue ?? [] {
                        if let code = room.objectValue?["room"]?.stringValue { rooms[code] = room }
                    }
                    seeks = Set((message["seeks"]?.arrayValue ?? []).compactMap { $0.objectValue?["seek"]?.stringValue })
                    pools = message["pools"]
                    online = message["online"]?.intValue
                case "room_opened", "room_changed":
                    if let room = message["room"], let code = room.objectValue?["room"]?.stringValue { rooms[code] = room }
                case "room_closed":
                    if let code = message["room"]?.stringValue { rooms[code] = nil }
                case "seek_added":
                    if let seek = message["seek"]?.objectValue?["seek"]?.stringValue { seeks.insert(seek) }
                case "seek_removed":
                    if let seek = message["seek"]?.stringValue { seeks.remove(seek) }
                case "pools":
                    pools = message["pools"]
                case "online":
                    online = message["online"]?.intValue
                default:
                    break
                }
            }
        }
    }

    /// Every listed room as `rooms` pages them, by code.
    static func listing(_ host: ScriptedHost, asker: ClientID) -> [String: JSONValue] {
        var rooms: [String: JSONValue] = [:]
        var ask = #"{"type":"rooms"}"#
        while true {
            host.send(ask, from: asker)
            guard let page = host.take(asker).last(where: { $0["type"] == "rooms" }) else { return rooms }
            for room in page["rooms"]?.arrayValue ?? [] {
                if let code = room.objectValue?["room"]?.stringValue { rooms[code] = room }
            }
            guard let next = page["next"] else { return rooms }
            ask = next.jsonText
        }
    }

    @Test func aSubscribersViewEqualsRoomsAfterAThousandRandomChanges() throws {
        let host = ScriptedHost(seed: 11)
        let players = (0..<40).map { host.player("p\($0)", peer: "127.0.\($0).1:1") }
        let subscriber = host.player("sub", peer: "127.0.200.1:1")
        let asker = host.player("ask", peer: "127.0.201.1:1")
        host.send(#"{"type":"subscribe","lobby":true,"id":1}"#, from: subscriber)
        var view = View()
        let first = host.take(subscriber)
        #expect(first.first?["type"] == "lobby")
        #expect(first.first?["id"] == 1)
        view.apply(first)
        var dice = SplitMix64(seed: 7)
        func roll(_ bound: Int) -> Int { Int(dice.next() % UInt64(bound)) }
        let creates = [
            #"{"type":"create","game":"set","seats":2}"#, #"{"type":"create","game":"rps"}"#,
            #"{"type":"create","game":"concentration","seats":3}"#, #"{"type":"create","game":"set","seats":4}"#,
            #"{"type":"create","game":"klondike","seats":2,"private":true}"#,
        ]
        for change in 1...1_000 {
            let player = players[roll(players.count)]
            let codes = Array(view.rooms.keys).sorted()
            let code = codes.isEmpty ? "NONE" : codes[roll(codes.count)]
            switch roll(10) {
            case 0, 1: host.send(creates[roll(creates.count)], from: player)
            case 2, 3, 4: host.send(#"{"type":"join","room":"\#(code)"}"#, from: player)
            case 5: host.send(#"{"type":"watch","room":"\#(code)"}"#, from: player)
            case 6, 7: host.send(#"{"type":"leave"}"#, from: player)
            case 8: host.send(#"{"type":"start"}"#, from: player)
            default: host.send(#"{"type":"chat","text":"hi"}"#, from: player)
            }
            _ = host.take(player)
            view.apply(host.take(subscriber))
            if change % 100 == 0 {
                let listed = Self.listing(host, asker: asker)
                view.apply(host.take(subscriber))
                #expect(view.rooms == listed, "after \(change) changes")
            }
        }
        #expect(view.snapshots == 1)
        #expect(view.online == host.server.players.count)
        #expect(!view.rooms.isEmpty)
    }

    @Test func aSubscriberThatDoesNotReadIsSentNothingMoreThenTheNewestSnapshot() throws {
        let host = ScriptedHost(seed: 3)
        let subscriber = host.player("sub", peer: "127.0.200.1:1")
        host.send(#"{"type":"subscribe","lobby":true}"#, from: subscriber)
        var view = View()
        view.apply(host.take(subscriber))
        host.stopReading(subscriber)
        var sentInLastRounds = 0
        for round in 0..<60 {
            for index in 0..<10 {
                let player = host.player("r\(round)x\(index)", peer: "127.1.\(round).\(index):1")
                host.send(#"{"type":"create","game":"set","seats":2,"options":{"variant":"classic"}}"#, from: player)
                _ = host.take(player)
            }
            // Past 64 KiB unread, nothing more goes to it: the last rounds add nothing.
            let sent = host.take(subscriber).count
            if round >= 50 { sentInLastRounds += sent }
        }
        let pending = try #require(host.pendingBytes[subscriber])
        // Bounded by where sending stops (64 KiB) and one turn's changes, not by 600 rooms' worth.
        #expect(pending <= host.server.config.pauseInputAboveUnsentBytes + 4_096)
        host.startReading(subscriber)
        let caughtUp = host.take(subscriber)
        #expect(caughtUp.count == 1)
        #expect(caughtUp.last?["type"] == "lobby")
        view.apply(caughtUp)
        let asker = host.player("ask", peer: "127.0.201.1:1")
        #expect(view.rooms == Self.listing(host, asker: asker))
        #expect(view.rooms.count == 600)
        #expect(sentInLastRounds == 0)
    }

    @Test func playersListsWhoElseIsOnlineWithTheirRatings() throws {
        let host = try RatedGameTests.host()
        let ann = RatedGameTests.register("ann", on: host)
        let bob = RatedGameTests.register("bob", on: host)
        _ = try RatedGameTests.seatRPS(host, ann, bob)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: ann)
        host.send(#"{"type":"throw","sign":"scissors"}"#, from: bob)
        host.confirmJournalWrites()
        let zed = host.player("zed", peer: "127.0.0.9:1")
        host.send(#"{"type":"players","id":1}"#, from: zed)
        #expect(host.take(zed) == [[
            "type": "players",
            "players": [
                ["name": "ann", "account": true, "seated": true, "ratings": ["rps": ["rating": 1662.3, "provisional": true]]],
                ["name": "bob", "account": true, "seated": true, "ratings": ["rps": ["rating": 1337.7, "provisional": true]]],
            ],
            "total": 2, "id": 1,
        ]])
    }

    @Test func seeksPoolsAndWhoIsOnlineAreStreamedToo() throws {
        let host = try RatedGameTests.host()
        let subscriber = host.player("sub", peer: "127.0.200.1:1")
        host.send(#"{"type":"subscribe","lobby":true}"#, from: subscriber)
        let snapshot = try #require(host.take(subscriber).first)
        #expect(snapshot["rooms"] == [])
        #expect(snapshot["seeks"] == [])
        #expect(snapshot["online"] == 1)
        #expect(snapshot["pools"]?.arrayValue?.count == GameServer.poolCatalog.count)
        let ann = host.player("ann", peer: "127.0.0.1:1")
        #expect(host.take(subscriber) == [["type": "online", "online": 2]])
        host.send(#"{"type":"seek","game":"rps"}"#, from: ann)
        let added = host.take(subscriber)
        #expect(added.count == 1)
        #expect(added.first?["type"] == "seek_added")
        #expect(added.first?["seek"]?.objectValue?["from"] == "ann")
        host.send(#"{"type":"seek_cancel","seek":"s1"}"#, from: ann)
        #expect(host.take(subscriber) == [["type": "seek_removed", "seek": "s1"]])
        // A rated seek is not offered to a guest: not streamed to one either.
        let bob = RatedGameTests.register("bob", on: host)
        _ = host.take(subscriber)
        host.send(#"{"type":"seek","game":"rps","rated":true}"#, from: bob)
        #expect(host.take(subscriber).isEmpty)
        host.send(#"{"type":"pool_join","pool":"set-2"}"#, from: ann)
        let pools = try #require(host.take(subscriber).last)
        #expect(pools["type"] == "pools")
        #expect(pools["pools"]?.arrayValue?.first { $0.objectValue?["pool"] == "set-2" }?.objectValue?["waiting"] == 1)
        host.send(#"{"type":"unsubscribe","lobby":true,"id":2}"#, from: subscriber)
        #expect(host.take(subscriber) == [["type": "ok", "id": 2]])
        host.send(#"{"type":"pool_leave"}"#, from: ann)
        #expect(host.take(subscriber).isEmpty)
        host.send(#"{"type":"subscribe"}"#, from: subscriber)
        #expect(host.take(subscriber).last?["message"] == #"say what to subscribe to: {"type":"subscribe","lobby":true}"#)
    }
}
