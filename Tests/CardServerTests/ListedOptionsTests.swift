import ScriptedServer
@testable import CardServer
import Testing
import Wire

/// A listed room says how it plays: `rooms` and the lobby stream carry the options its creator
/// gave that differ from the game's defaults, in the game's order, and never `seed` or `daily`.
struct ListedOptionsTests {
    /// Has `name` send `create` and returns the room's code.
    static func create(_ host: ScriptedHost, _ name: String, _ line: String) -> String {
        let player = host.player(name)
        host.send(line, from: player)
        return host.take(player).first?["room"]?.stringValue ?? "?"
    }

    @Test func roomsAndTheLobbyStreamShowAnUltraSetRoomAndADrawThreeKlondike() {
        let host = ScriptedHost(config: RoomListingTests.uncapped)
        let watcher = host.player("zed")
        host.send(#"{"type":"subscribe","lobby":true}"#, from: watcher)
        _ = host.take(watcher)
        let set = Self.create(host, "ann", #"{"type":"create","game":"set","seats":2,"options":{"variant":"ultra"}}"#)
        // Given out of order, with a default and a seed: the game's order, neither of the two.
        let klondike = Self.create(host, "bob", #"{"type":"create","game":"klondike","options":{"scoring":"vegas","seed":42,"draw":3,"passes":null}}"#)
        let plain = Self.create(host, "cy", #"{"type":"create","game":"set","seats":2,"options":{"variant":"classic"}}"#)
        let setLine = #"{"room":"\#(set)","game":"set","options":{"variant":"ultra"},"players":["ann"],"seats":2,"phase":"waiting","spectators":0}"#
        let klondikeLine = #"{"room":"\#(klondike)","game":"klondike","options":{"draw":3,"scoring":"vegas"},"players":["bob"],"seats":1,"phase":"playing","spectators":0}"#
        let plainLine = #"{"room":"\#(plain)","game":"set","players":["cy"],"seats":2,"phase":"waiting","spectators":0}"#
        #expect(host.takeLines(watcher) == [
            #"{"type":"online","online":2}"#, #"{"type":"room_opened","room":\#(setLine)}"#,
            #"{"type":"online","online":3}"#, #"{"type":"room_opened","room":\#(klondikeLine)}"#,
            #"{"type":"online","online":4}"#, #"{"type":"room_opened","room":\#(plainLine)}"#,
        ])
        host.send(#"{"type":"rooms"}"#, from: watcher)
        #expect(host.takeLines(watcher) == [#"{"type":"rooms","rooms":[\#(setLine),\#(klondikeLine),\#(plainLine)],"total":3,"next":null}"#])
    }

    @Test func aSeededOrDailyRoomListsNoDeal() {
        let host = ScriptedHost(config: RoomListingTests.uncapped)
        let seeded = Self.create(host, "ann", #"{"type":"create","game":"set","seats":1,"options":{"seed":7,"variant":"junior"}}"#)
        let daily = Self.create(host, "bob", #"{"type":"create","game":"klondike","options":{"daily":true}}"#)
        let zed = host.player("zed")
        host.send(#"{"type":"rooms"}"#, from: zed)
        #expect(host.takeLines(zed) == [
            #"{"type":"rooms","rooms":[{"room":"\#(seeded)","game":"set","options":{"variant":"junior"},"players":["ann"],"seats":1,"phase":"playing","spectators":0},"#
                + #"{"room":"\#(daily)","game":"klondike","players":["bob"],"seats":1,"phase":"playing","spectators":0}],"total":2,"next":null}"#,
        ])
    }

    @Test func theListedOptionsOfAGameAreItsNonDefaultValuesInItsOrder() {
        let declared = GameOptions.concentration
        #expect(ListedOptions.of(["time_bonus": false, "theme": "food", "pairs": 8], declared: declared) == ["theme": "food"])
        #expect(ListedOptions.of(["pairs": 12, "time_bonus": true], declared: declared) == ["pairs": 12, "time_bonus": true])
        // A value outside the declaration (a log written by hand) is left out.
        #expect(ListedOptions.of(["pairs": 99, "turn_seconds": "slow"], declared: declared) == [:])
        #expect(ListedOptions.of(["bot": "adaptive", "rounds": 3], declared: GameOptions.rps) == ["bot": "adaptive"])
    }

    /// `,"options":{…}` at its longest, by game: Concentration's is the longest of all.
    @Test func theLongestOptionsOfEachGame() {
        let bytes = GameServer.engines.map { "\($0.gameName) \(ListedOptions.maxBytes(declared: $0.options))" }
        #expect(bytes == ["set 31", "rps 62", "rps-brain 45", "concentration 81", "klondike 70"])
        let longest: JSONObject = ["pairs": 20, "theme": "halloween", "turn_seconds": 3600, "time_bonus": true]
        #expect(#","options":"#.utf8.count + JSONValue.object(longest).jsonText.utf8.count == 81)
        #expect(RoomListing.maxOptionsBytes == 81)
    }
}
