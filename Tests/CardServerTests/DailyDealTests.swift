import CardServer
import ScriptedServer
import ServerTestSupport
import Testing
import Wire

/// The daily deal: the same for two players on the same day (UTC), another the next day, and
/// for one-seat rooms only. The scripted host's wall clock moves with its virtual time.
struct DailyDealTests {
    /// The deal a one-seat room created now with `options` shows: its face-up cards.
    static func seed(_ host: ScriptedHost, _ name: String, _ options: String, peer: String) throws -> String {
        let player = host.player(name, peer: peer)
        host.send(#"{"type":"create","game":"klondike","options":\#(options)}"#, from: player)
        let state = try #require(host.take(player).last { $0["type"] == .string("state") })
        return try #require(state["tableau"]).jsonText
    }

    @Test func twoPlayersGetTheSameDealTodayAndAnotherTomorrow() throws {
        let host = ScriptedHost(seed: 1)
        let ann = try Self.seed(host, "ann", #"{"daily":true,"draw":3}"#, peer: "127.0.0.1:1")
        host.advance(by: .seconds(3600))
        let bob = try Self.seed(host, "bob", #"{"daily":true,"draw":3}"#, peer: "127.0.0.2:1")
        #expect(ann == bob, "same day, same options: the same deal")
        let drawOne = try Self.seed(host, "cat", #"{"daily":true}"#, peer: "127.0.0.3:1")
        #expect(drawOne != ann, "other options, another deal")
        host.advance(by: .seconds(24 * 3600))
        let tomorrow = try Self.seed(host, "dan", #"{"daily":true,"draw":3}"#, peer: "127.0.0.4:1")
        #expect(tomorrow != ann)
        let notDaily = try Self.seed(host, "eve", #"{"draw":3}"#, peer: "127.0.0.5:1")
        #expect(notDaily != ann)
    }

    @Test(arguments: [
        (#"{"type":"create","game":"klondike","seats":2,"options":{"daily":true},"id":1}"#,
         "option 'daily' is for one-seat rooms only: the day's deal is the same for everyone"),
        (#"{"type":"create","game":"set","seats":1,"options":{"daily":true,"seed":4},"id":1}"#, "give 'daily' or 'seed', not both"),
        (#"{"type":"create","game":"rps","options":{"daily":true},"id":1}"#, "rps has no option 'daily'; its options are rounds, round_seconds, bot"),
    ])
    func itIsForOneSeatRoomsOfTheGamesThatDeal(line: String, message: String) {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(line, from: ann)
        #expect(host.take(ann).first?["message"] == .string(message))
    }
}
