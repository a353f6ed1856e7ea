import ScriptedServer
@testable import CardServer
import ServerTestSupport
import Testing
import Wire

/// The `games` catalog is what `create` enforces: every value it declares for an option is
/// taken, and a value just outside is refused with the allowed values in words. The game's
/// default seats, or one for `seed` and `daily` (which deal only for one seat) and `bot`
/// (the robot takes the second seat).
struct GameCatalogOptionTests {
    /// Every value an option declares, and values just outside it.
    static func values(of option: GameOption) -> (allowed: [JSONValue], refused: [JSONValue]) {
        switch option.values {
        case .integers(let range):
            ([.int(range.lowerBound), .int(range.upperBound)], [.int(range.lowerBound - 1), .int(range.upperBound + 1), .string("1")])
        case .integerChoices(let choices):
            (choices.map { .int($0) }, [.int((choices.max() ?? 0) + 1), .int(0)])
        case .strings(let choices):
            (choices.map { .string($0) }, [.string("nonsense"), .string(choices.first?.uppercased() ?? "X"), .int(1)])
        case .boolean:
            ([.bool(true), .bool(false)], [.string("yes"), .int(1)])
        }
    }

    static let cases: [(game: String, option: String)] = GameServer.gameCatalog.flatMap { game in
        game.options.map { (game.name, $0.name) }
    }

    @Test(arguments: cases)
    func everyDeclaredValueIsTakenAndAnUndeclaredOneRefusedWithTheAllowedValues(game: String, option name: String) throws {
        var config = ServerConfig(version: "test")
        config.roomsPerMinutePerAddress = 1_000
        config.gamesPerMinutePerAddress = 1_000
        let host = ScriptedHost(config: config)
        let info = try #require(GameServer.gameCatalog.first { $0.name == game })
        let option = try #require(info.options.first { $0.name == name })
        let (allowed, refused) = Self.values(of: option)
        let seats = ["seed", "daily", "bot"].contains(name) ? 1 : info.defaultSeats
        let ann = host.player("ann")
        for value in allowed {
            host.send(#"{"type":"create","game":"\#(game)","seats":\#(seats),"options":{"\#(name)":\#(value.jsonText)},"id":1}"#, from: ann)
            let reply = host.take(ann).first
            #expect(reply?["type"] == .string("joined"), "\(game) \(name)=\(value.jsonText): \(reply?.jsonText ?? "nothing")")
            host.send(#"{"type":"leave"}"#, from: ann)
            _ = host.runBackgroundWork()
            _ = host.take(ann)
        }
        for value in refused {
            host.send(#"{"type":"create","game":"\#(game)","seats":\#(seats),"options":{"\#(name)":\#(value.jsonText)},"id":2}"#, from: ann)
            let reply = try #require(host.take(ann).first)
            #expect(reply["code"] == .string("bad_request"), "\(game) \(name)=\(value.jsonText)")
            #expect(reply["message"]?.stringValue?.contains(option.allowed) == true, "\(reply.jsonText) names \(option.allowed)")
        }
    }
}
