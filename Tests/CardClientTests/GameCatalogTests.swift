import CardClient
@testable import CardServer
import GameRules
import ScriptedServer
import Testing
import Wire

/// The registrations a new game needs agree with each other: what the compiler cannot see.
struct GameCatalogTests {
    static let roomAndSessionCommands: Set<String> = [
        "help", "ping", "login", "rooms", "create", "join", "watch", "leave", "start", "chat", "stats", "leaderboard", "replay",
    ]

    @Test func theClientDrawsExactlyTheGamesTheServerOffers() {
        #expect(GameCatalog.games.map(\.name) == GameServer.gameNames)
        #expect(GameServer.gameNames == ["set", "rps", "rps-brain", "concentration", "klondike"])
        for game in GameCatalog.games {
            #expect(!(GameViews.view(for: game.name) is GenericView), "\(game.name) has its own view")
            #expect(GameViews.title(of: game.name) == game.title)
        }
        #expect(GameViews.view(for: "chess") is GenericView)
    }

    @Test func everyClientCommandBelongsToTheSessionOrToItsGames() {
        var owners: [String: [String]] = [:]
        for engine in GameServer.engines {
            for type in engine.commandTypes { owners[type, default: []].append(engine.gameName) }
        }
        // A command type may serve several games (`hint` in Set and Klondike), each its own way.
        #expect(owners.values.allSatisfy { !$0.isEmpty }, "\(owners)")
        #expect(owners["hint"] == ["set", "klondike"])
        #expect(Set(owners.keys).isDisjoint(with: Self.roomAndSessionCommands))
        #expect(Set(owners.keys).union(Self.roomAndSessionCommands) == Set(ClientMessageDecoder.commandTypes))
    }

    @Test func everyGamesHelpShowsHowToCreateItAndEachOfItsCommands() {
        for engine in GameServer.engines {
            #expect(engine.helpLines.contains { $0.hasPrefix(#"{"type":"create","game":"\#(engine.gameName)""#) }, "\(engine.gameName)")
            for type in engine.commandTypes {
                #expect(engine.helpLines.contains { $0.hasPrefix(#"{"type":"\#(type)""#) }, "\(engine.gameName) help shows \(type)")
            }
        }
        var gameLines = 0
        for engine in GameServer.engines { gameLines += engine.helpLines.count }
        #expect(HelpText.commands.count == 16 + gameLines + 1)
    }

    /// Each game's `state`, as the server writes it, decodes to that game's own fields.
    @Test(arguments: ["set", "rps", "rps-brain", "concentration", "klondike"])
    func everyGamesStateDecodesToItsOwnFields(game: String) throws {
        let host = ScriptedHost(seed: 2)
        let ann = host.player("ann")
        let robot = game == "rps" ? #","options":{"bot":"adaptive"}"# : ""
        host.send(#"{"type":"create","game":"\#(game)","seats":1\#(robot)}"#, from: ann)
        let state = try #require(host.takeLines(ann).last { $0.hasPrefix(#"{"type":"state""#) })
        guard case .state(let decoded) = try ServerMessageDecoder.decode(Array(state.utf8)) else {
            throw TestFailure("not a state")
        }
        #expect(decoded.game == game)
        if case .unknown = decoded.gameFields { Issue.record("\(game)'s state decoded as an unknown game") }
        #expect(ServerMessage.state(decoded).jsonText == state)
    }

    @Test func aCommandOfAnotherGameIsRefusedByName() throws {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(#"{"type":"create","game":"set","seats":1}"#, from: ann)
        _ = host.take(ann)
        host.send(#"{"type":"flip","card":0,"id":1}"#, from: ann)
        #expect(host.takeLines(ann) == [#"{"type":"error","code":"bad_request","message":"'flip' is not a move in set; send claim, deal or hint","id":1}"#])
    }
}

/// Each game's declared options are what `create` accepts: nothing undeclared, every
/// declared option checked against its declaration.
struct DeclaredOptionsTests {
    static func reply(to create: String) -> String {
        let host = ScriptedHost()
        let ann = host.player("ann")
        host.send(create, from: ann)
        return host.takeLines(ann).first ?? ""
    }

    @Test(arguments: ["set", "rps", "rps-brain", "concentration", "klondike"])
    func anUndeclaredOptionIsRefusedWithTheDeclaredList(game: String) throws {
        let engine = try #require(GameServer.engines.first { $0.gameName == game })
        let names = engine.options.map(\.name).joined(separator: ", ")
        #expect(Self.reply(to: #"{"type":"create","game":"\#(game)","options":{"colour":"blue"},"id":1}"#)
            == #"{"type":"error","code":"bad_request","message":"\#(game) has no option 'colour'; its options are \#(names)","id":1}"#)
    }

    @Test func everyDeclaredOptionRefusesAValueOutsideItsDeclaration() {
        for engine in GameServer.engines {
            for option in engine.options {
                let wrong: JSONValue = switch option.values {
                case .integers(let range): .int(range.upperBound + 1)
                case .integerChoices(let choices): .int((choices.max() ?? 0) + 1)
                case .strings: "no such value"
                case .boolean: "yes"
                }
                let line = #"{"type":"create","game":"\#(engine.gameName)","options":{"\#(option.name)":\#(wrong.jsonText)},"id":1}"#
                let message = "option '\(option.name)' must be \(option.allowed), not \(wrong.jsonText)"
                #expect(Self.reply(to: line) == ServerMessage.error(code: .badRequest, message: message, id: .int(1)).jsonText)
            }
        }
    }

    @Test func theDeclarationsAsAPlayerReadsThem() {
        #expect(GameOption("rounds", .integers(1...99), default: 3).allowed == "an integer from 1 to 99")
        #expect(GameOption("draw", .integerChoices([1, 3]), default: 1).allowed == "1 or 3")
        #expect(GameOption("bot", .strings(["random", "adaptive"])).allowed == #""random" or "adaptive""#)
        #expect(GameOption("draw", .integerChoices([1, 3])).problem(with: 3) == nil)
        #expect(GameOption("draw", .integerChoices([1, 3])).problem(with: "3") == #"option 'draw' must be 1 or 3, not "3""#)
        #expect(GameOption("pairs", .integers(2...30)).problem(with: 2.5) == "option 'pairs' must be an integer from 2 to 30, not 2.5")
        #expect(DeclaredOptionsTests.reply(to: #"{"type":"create","game":"rps","options":{"bot":"adaptive","rounds":5},"id":1}"#)
            .hasPrefix(#"{"type":"joined""#))
    }
}
