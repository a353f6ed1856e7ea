import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// The `rooms` listing on virtual time: pages of 50, a game filter, a cursor that
/// survives rooms closing, and pages kept encoded until the listing changes.
struct RoomListingTests {
    /// The per-address caps are off: these tests open many rooms from one address.
    static let uncapped = ServerConfig(version: "test", maxConnectionsPerAddress: 0, roomsPerMinutePerAddress: 0)

    /// Logs in `count` players (p1, p2, …) and has each create a room of `game`; returns them and the codes, oldest first.
    static func openRooms(_ host: ScriptedHost, count: Int, game: String = "set", from first: Int = 1) -> (players: [ClientID], codes: [String]) {
        var players: [ClientID] = []
        var codes: [String] = []
        for number in first..<(first + count) {
            let player = host.player("p\(number)")
            host.send(#"{"type":"create","game":"\#(game)","seats":2}"#, from: player)
            codes.append(host.take(player).first?["room"]?.stringValue ?? "?")
            players.append(player)
        }
        return (players, codes)
    }

    /// Sends `line` from `asker` and returns the one reply.
    static func ask(_ host: ScriptedHost, _ line: String, from asker: ClientID) -> JSONObject {
        host.send(line, from: asker)
        let replies = host.take(asker)
        #expect(replies.count == 1)
        return replies.first ?? JSONObject()
    }

    static func codes(in reply: JSONObject) -> [String] {
        reply["rooms"]?.arrayValue?.compactMap { $0.objectValue?["room"]?.stringValue } ?? []
    }

    @Test func fiftyOneRoomsAreAPageOfFiftyThenAPageOfOne() throws {
        let host = ScriptedHost(config: Self.uncapped)
        let (_, codes) = Self.openRooms(host, count: 51)
        let zed = host.player("zed")
        let first = Self.ask(host, #"{"type":"rooms","id":1}"#, from: zed)
        #expect(Self.codes(in: first) == Array(codes.prefix(50)))
        #expect(first["total"] == .int(51))
        #expect(first["next"] == .object(["type": "rooms", "after": 50]))
        #expect(first["id"] == .int(1))
        // The next field is the very line to send for the next page.
        let nextLine = try #require(first["next"]).jsonText
        #expect(nextLine == #"{"type":"rooms","after":50}"#)
        let second = Self.ask(host, nextLine, from: zed)
        #expect(Self.codes(in: second) == [codes[50]])
        #expect(second["total"] == .int(51))
        #expect(second["next"] == .null)
        #expect(second.keys == ["type", "rooms", "total", "next"])
    }

    @Test func aRoomSummaryKeepsItsFields() {
        let host = ScriptedHost(config: Self.uncapped)
        let (_, codes) = Self.openRooms(host, count: 1)
        let zed = host.player("zed")
        #expect(Self.ask(host, #"{"type":"rooms"}"#, from: zed).jsonText
            == #"{"type":"rooms","rooms":[{"room":"\#(codes[0])","game":"set","players":["p1"],"seats":2,"phase":"waiting","spectators":0}],"total":1,"next":null}"#)
    }

    @Test func theGameFilterListsOneGameAndItsNextKeepsTheFilter() {
        let host = ScriptedHost(config: Self.uncapped)
        let sets = Self.openRooms(host, count: 30, game: "set")
        let rps = Self.openRooms(host, count: 55, game: "rps", from: 31)
        let zed = host.player("zed")
        let page = Self.ask(host, #"{"type":"rooms","game":"rps"}"#, from: zed)
        #expect(Self.codes(in: page) == Array(rps.codes.prefix(50)))
        #expect(page["total"] == .int(55))
        // Room 80 is the 50th rps room (30 set rooms came first).
        #expect(page["next"] == .object(["type": "rooms", "game": "rps", "after": 80]))
        let rest = Self.ask(host, #"{"type":"rooms","game":"rps","after":80}"#, from: zed)
        #expect(Self.codes(in: rest) == Array(rps.codes.suffix(5)))
        let setPage = Self.ask(host, #"{"type":"rooms","game":"set"}"#, from: zed)
        #expect(Self.codes(in: setPage) == sets.codes)
        #expect(setPage["next"] == .null)
        let all = Self.ask(host, #"{"type":"rooms"}"#, from: zed)
        #expect(all["total"] == .int(85))
        #expect(Self.codes(in: all) == Array((sets.codes + rps.codes).prefix(50)))
    }

    @Test func anUnknownGameIsABadRequestListingTheGames() {
        let host = ScriptedHost(config: Self.uncapped)
        let zed = host.player("zed")
        #expect(Self.ask(host, #"{"type":"rooms","game":"chess","id":"q"}"#, from: zed).jsonText
            == #"{"type":"error","code":"bad_request","message":"there is no game 'chess'; games: set, rps, rps-brain, concentration, klondike","id":"q"}"#)
    }

    @Test func theCursorSkipsNothingAndRepeatsNothingWhenRoomsCloseOrOpen() {
        let host = ScriptedHost(config: Self.uncapped)
        let (players, codes) = Self.openRooms(host, count: 60)
        let zed = host.player("zed")
        let first = Self.ask(host, #"{"type":"rooms"}"#, from: zed)
        #expect(first["next"] == .object(["type": "rooms", "after": 50]))
        // Between the pages, a room of the first page closes, the last one shown
        // closes too, and a new room opens.
        host.send(#"{"type":"leave"}"#, from: players[9])
        host.send(#"{"type":"leave"}"#, from: players[49])
        let newcomer = Self.openRooms(host, count: 1, from: 61).codes
        let second = Self.ask(host, #"{"type":"rooms","after":50}"#, from: zed)
        #expect(Self.codes(in: second) == Array(codes[50...]) + newcomer)
        #expect(second["total"] == .int(59))
        #expect(second["next"] == .null)
    }

    @Test func roomsWithNobodyConnectedAreNotListedUntilSomeoneComesBack() {
        let host = ScriptedHost(config: Self.uncapped)
        let ann = host.connect()
        host.send(#"{"type":"login","name":"ann"}"#, from: ann)
        let token = host.take(ann).first { $0["type"] == .string("welcome") }?["token"]?.stringValue ?? "?"
        host.send(#"{"type":"create","game":"set","seats":2}"#, from: ann)
        let code = host.take(ann).first?["room"]?.stringValue ?? "?"
        let zed = host.player("zed")
        #expect(Self.codes(in: Self.ask(host, #"{"type":"rooms"}"#, from: zed)) == [code])
        host.drop(ann)
        let empty = Self.ask(host, #"{"type":"rooms"}"#, from: zed)
        #expect(Self.codes(in: empty) == [])
        #expect(empty["total"] == .int(0))
        let back = host.connect()
        host.send(#"{"type":"login","token":"\#(token)"}"#, from: back)
        #expect(Self.codes(in: Self.ask(host, #"{"type":"rooms"}"#, from: zed)) == [code])
    }

    @Test func privateRoomsAreNotListed() {
        let host = ScriptedHost(config: Self.uncapped)
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"set","private":true}"#, from: ann)
        let zed = host.player("zed")
        #expect(Self.ask(host, #"{"type":"rooms"}"#, from: zed)["total"] == .int(0))
    }

    @Test func everyChangeASummaryShowsIsInTheNextReply() {
        let host = ScriptedHost(config: Self.uncapped)
        let (players, codes) = Self.openRooms(host, count: 1, game: "rps")
        let zed = host.player("zed")
        func summary() -> JSONObject? { Self.ask(host, #"{"type":"rooms"}"#, from: zed)["rooms"]?.arrayValue?.first?.objectValue }
        #expect(summary()?["players"] == .array(["p1"]))
        // A seat taken: the game starts (rps has two seats).
        let bob = host.player("bob")
        host.send(#"{"type":"join","room":"\#(codes[0])"}"#, from: bob)
        #expect(summary()?["players"] == .array(["p1", "bob"]))
        #expect(summary()?["phase"] == .string("playing"))
        // A spectator comes and goes.
        let cy = host.player("cy")
        host.send(#"{"type":"watch","room":"\#(codes[0])"}"#, from: cy)
        #expect(summary()?["spectators"] == .int(1))
        host.send(#"{"type":"leave"}"#, from: cy)
        #expect(summary()?["spectators"] == .int(0))
        // A seat freed: bob leaves mid-game and forfeits.
        host.send(#"{"type":"leave"}"#, from: bob)
        #expect(summary()?["players"] == .array(["p1"]))
        #expect(summary()?["phase"] == .string("over"))
        host.send(#"{"type":"leave"}"#, from: players[0])
        #expect(summary() == nil)
    }

    @Test func aPageIsMadeOncePerChangeOfTheListingAndEachIDIsSplicedIn() {
        let host = ScriptedHost(config: Self.uncapped)
        let (players, _) = Self.openRooms(host, count: 3, game: "rps")
        let zed = host.player("zed")
        let listing = host.server.listing
        let before = listing.pagesMade
        // 90: within the command burst of 100.
        for number in 1...90 {
            host.send(#"{"type":"rooms","id":\#(number)}"#, from: zed)
        }
        let replies = host.take(zed)
        #expect(replies.map { $0["id"] } == (1...90).map { .int($0) })
        #expect(Self.codes(in: replies[0]).count == 3)
        #expect(Set(replies.map { Self.codes(in: $0) }).count == 1)
        #expect(listing.pagesMade == before + 1)
        // A state that changes nothing a summary shows (a chat sends none; a throw
        // sends one) leaves the kept page as it was.
        let bob = host.player("bob")
        host.send(#"{"type":"rooms"}"#, from: zed)
        #expect(listing.pagesMade == before + 1)
        let codes = Self.codes(in: host.take(zed).first ?? JSONObject())
        host.send(#"{"type":"join","room":"\#(codes[0])"}"#, from: bob)
        host.send(#"{"type":"rooms"}"#, from: zed)
        #expect(listing.pagesMade == before + 2)
        host.send(#"{"type":"throw","sign":"rock"}"#, from: players[0])
        host.send(#"{"type":"rooms"}"#, from: zed)
        #expect(listing.pagesMade == before + 2)
        _ = host.take(zed)
    }

    /// The bound in Protocol.md is the largest page the encoder can write: the
    /// longest code and game, the game's longest options, eight 64-byte names that each
    /// escape to six bytes a byte (every one a bot's), counts of 19 digits, eight ratings
    /// of the longest a number prints, and a `next` with the longest game.
    @Test func theLargestPossiblePageIsExactlyTheDocumentedBound() {
        let name = String(repeating: "\u{1}", count: RoomListing.maxNameBytes)
        let names = Array(repeating: name, count: RoomListing.maxSeats)
        let summary = RoomSummary(
            room: "ABCDEFG", game: "concentration", options: ["pairs": 20, "theme": "halloween", "turn_seconds": 3600, "time_bonus": true],
            players: names,
            seats: Int.max, phase: .waiting, spectators: Int.max, bots: names,
            ratings: Array(repeating: ShownRating(rating: -Double.greatestFiniteMagnitude, provisional: false), count: RoomListing.maxSeats))
        #expect(summary.encoded().count == RoomListing.maxSummaryBytes)
        let prefix = RoomsPage.replyPrefix(
            summaries: Array(repeating: summary.encoded(), count: ServerConfig.roomsPerPage),
            total: Int.max, next: RoomsQuery(game: "concentration", after: Int.max))
        #expect(RoomsPage.replyLine(prefix: prefix, id: nil).count == RoomListing.maxPageBytes)
        #expect(RoomListing.maxSummaryBytes == 6_887)
        #expect(RoomListing.maxPageBytes == 344_530)
    }
}

extension RoomListingTests {
    /// Rooms that open and close while nobody asks for the listing are not kept for it.
    @Test func churnWithNobodyAskingKeepsNoClosedRooms() {
        let host = ScriptedHost(config: Self.uncapped)
        let ann = host.player("ann")
        for _ in 0..<1_000 {
            host.send(#"{"type":"create","game":"set"}"#, from: ann)
            host.send(#"{"type":"leave"}"#, from: ann)
            _ = host.take(ann)
            host.advance(by: .milliseconds(100))
        }
        #expect(host.server.listing.waitingRooms <= 64)
        let zed = host.player("zed")
        #expect(Self.ask(host, #"{"type":"rooms"}"#, from: zed)["total"] == .int(0))
    }
}
