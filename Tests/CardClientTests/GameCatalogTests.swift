import CardClient
import Foundation
@testable import CardServer
import GameRules
import ScriptedServer
import TestServers
import Testing
import WebClient
import Wire

/// The registrations a new game needs agree with each other: what the compiler cannot see.
struct GameCatalogTests {
    static let roomAndSessionCommands: Set<String> = [
        "help", "ping", "games", "login", "register", "logout", "token_create", "tokens", "token_revoke", "sessions", "session_revoke", "password_change", "account_delete", "rooms", "create", "join", "watch", "leave", "start", "chat", "resign", "abort", "pool_join", "pool_leave", "challenge", "challenge_accept", "challenge_decline", "challenge_cancel", "block", "unblock", "seek", "seeks", "seek_accept", "seek_cancel", "subscribe", "unsubscribe", "players", "stats", "leaderboard", "replay",
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

    /// The entries of a JavaScript object literal `export const NAME = { key: Value, 'a-b': V, };`
    /// in a file of the web client, as (key, value) in order.
    static func webTable(_ name: String, in path: String) throws -> [(key: String, value: String)] {
        let text = String(decoding: try #require(WebAssets.asset(at: path)).body, as: UTF8.self)
        let start = try #require(text.range(of: "export const \(name) = {"))
        let end = try #require(text.range(of: "\n};", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let key = parts[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            return (key, parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        }
    }

    /// A game the server offers with no web view shows "This page cannot show X yet"
    /// (site/room.js): every game has one, imported from a file the binary serves that
    /// exports it, and a line in the new-game form.
    @Test func theWebClientDrawsExactlyTheGamesTheServerOffers() throws {
        let views = try Self.webTable("VIEWS", in: "/games/index.js")
        #expect(views.map(\.key) == GameServer.gameNames)
        #expect(views.map(\.value) == ["SetView", "RpsView", "BrainView", "ConcentrationView", "KlondikeView"])
        let index = String(decoding: try #require(WebAssets.asset(at: "/games/index.js")).body, as: UTF8.self)
        for (game, view) in views {
            let importLine = try #require(index.split(separator: "\n").first { $0.hasPrefix("import { \(view) } from './") }, "\(game)")
            let file = "/games/" + importLine.split(separator: "'")[1].dropFirst(2)
            let source = String(decoding: try #require(WebAssets.asset(at: file), "\(file)").body, as: UTF8.self)
            #expect(source.contains("export class \(view) "), "\(file) exports \(view)")
        }
        #expect(try Self.webTable("GAME_BLURBS", in: "/games/index.js").map(\.key) == GameServer.gameNames)
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
        #expect(HelpText.commands.count == 45 + gameLines + 1)
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

/// The `games` catalog: every game the server plays, with the seats and options its engine
/// declares and enforces, and the client's catalog the same.
struct GamesCatalogTests {
    static let games = ["set", "rps", "rps-brain", "concentration", "klondike"]

    /// What a connection that has not logged in gets for `line`.
    static func replyBeforeLogin(to line: String) -> [String] {
        let host = ScriptedHost()
        let client = host.connect()
        _ = host.take(client)
        host.send(line, from: client)
        return host.takeLines(client)
    }

    @Test func gamesListsEveryGameInHelloOrderBeforeLogin() throws {
        let lines = Self.replyBeforeLogin(to: #"{"type":"games","id":"g"}"#)
        #expect(lines.count == 1)
        guard case .games(let games, let pools, let id) = try ServerMessageDecoder.decode(Array((lines.first ?? "").utf8)) else {
            throw TestFailure("not a games reply: \(lines)")
        }
        #expect(id == .string("g"))
        #expect(games.map(\.name) == GameServer.gameNames)
        #expect(games.map(\.title) == ["Set", "rock-paper-scissors", "rps-brain", "Concentration", "Klondike"])
        #expect(games == GameServer.gameCatalog)
        #expect(pools == GameServer.poolCatalog)
        #expect(lines.first == ServerMessage.games(GameServer.gameCatalog, pools: GameServer.poolCatalog, id: .string("g")).jsonText)
        #expect(Self.replyBeforeLogin(to: #"{"type":"games"}"#) == [ServerMessage.games(GameServer.gameCatalog, pools: GameServer.poolCatalog, id: nil).jsonText])
    }

    /// The whole reply, pinned: Protocol.md shows the same line.
    @Test func theReplyIsPinned() throws {
        #expect(Self.replyBeforeLogin(to: #"{"type":"games","id":1}"#) == [Self.pinnedReply])
        let protocolMarkdown = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Protocol.md")
        let lines = try String(contentsOf: protocolMarkdown, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0 == Self.pinnedReply }, "Protocol.md shows the reply as it is")
    }

    static let pinnedReply = #"{"type":"games","games":[{"name":"set","title":"Set","seats":{"min":1,"max":8,"default":4},"options":[{"name":"variant","type":"string","values":["classic","junior","chain","ultra"],"default":"classic"},{"name":"seed","type":"integer","min":0,"max":9007199254740991,"default":null,"seats":{"min":1,"max":1},"excludes":["daily"]},{"name":"daily","type":"boolean","default":false,"seats":{"min":1,"max":1},"excludes":["seed"]}]},{"name":"rps","title":"rock-paper-scissors","seats":{"min":1,"max":2,"default":2},"options":[{"name":"rounds","type":"integer","min":1,"max":99,"default":3},{"name":"round_seconds","type":"integer","min":1,"max":3600,"default":30},{"name":"bot","type":"string","values":["random","adaptive"],"default":null,"seats":{"min":1,"max":1},"required_for_seats":{"min":1,"max":1}}]},{"name":"rps-brain","title":"rps-brain","seats":{"min":1,"max":8,"default":1},"options":[{"name":"rounds","type":"integer","min":1,"max":50,"default":10},{"name":"round_seconds","type":"integer","min":1,"max":3600,"default":15}]},{"name":"concentration","title":"Concentration","seats":{"min":1,"max":8,"default":2},"options":[{"name":"pairs","type":"integer","min":2,"max":20,"default":8},{"name":"theme","type":"string","values":["halloween","christmas","animals","faces","food","sports","tech","travel"],"default":null},{"name":"turn_seconds","type":"integer","min":1,"max":3600,"default":30},{"name":"time_bonus","type":"boolean","default":false}]},{"name":"klondike","title":"Klondike","seats":{"min":1,"max":8,"default":1},"options":[{"name":"draw","type":"integer","values":[1,3],"default":1},{"name":"passes","type":"integer","values":[1,3],"default":null},{"name":"scoring","type":"string","values":["none","standard","vegas"],"default":"none"},{"name":"winnable","type":"boolean","default":null,"excludes":["seed"]},{"name":"seed","type":"integer","min":0,"max":9007199254740991,"default":null,"seats":{"min":1,"max":1},"excludes":["daily","winnable"]},{"name":"daily","type":"boolean","default":false,"seats":{"min":1,"max":1},"excludes":["seed"]}]}],"pools":[{"id":"rps-3","game":"rps","title":"rock-paper-scissors, best of 3","seats":2,"options":{"rounds":3}},{"id":"rps-5","game":"rps","title":"rock-paper-scissors, best of 5","seats":2,"options":{"rounds":5}},{"id":"set-2","game":"set","title":"Set race for 2","seats":2,"options":{}},{"id":"set-4","game":"set","title":"Set race for 4","seats":4,"options":{}},{"id":"concentration-2","game":"concentration","title":"Concentration for 2","seats":2,"options":{}},{"id":"rps-brain-2","game":"rps-brain","title":"rps-brain for 2","seats":2,"options":{}}],"id":1}"#

    /// The reply is written once: each request splices its id into the kept bytes.
    @Test func theKeptReplyIsTheMessagesOwnEncoding() {
        #expect(RoomsPage.replyLine(prefix: GameServer.gamesReplyPrefix, id: .int(7))
            == ServerMessage.games(GameServer.gameCatalog, pools: GameServer.poolCatalog, id: .int(7)).encodedLine())
        // Protocol.md's reply sizes: 8 KiB at most, 2,621 bytes today.
        #expect(RoomsPage.replyLine(prefix: GameServer.gamesReplyPrefix, id: nil).count == 2_621)
    }

    @Test func theClientsCatalogIsTheServersReply() throws {
        #expect(GameCatalog.games.map(\.info) == GameServer.gameCatalog)
        let line = try #require(Self.replyBeforeLogin(to: #"{"type":"games"}"#).first)
        #expect(try ServerMessageDecoder.decode(Array(line.utf8)) == .games(GameCatalog.games.map(\.info), pools: GameServer.poolCatalog, id: nil))
    }

    /// The catalog's seats and options are the engines' declarations, and `create` holds to them.
    @Test(arguments: games)
    func theCatalogIsWhatTheEngineEnforces(game: String) throws {
        let engine = try #require(GameServer.engines.first { $0.gameName == game })
        let info = try #require(GameServer.gameCatalog.first { $0.name == game })
        #expect(info.options == engine.options)
        #expect(info.title == engine.title)
        #expect(try engine.seatCount(requested: nil, options: [:]) == info.defaultSeats)
        for seats in info.seats {
            // rps has one seat only against the robot.
            let options: JSONObject = game == "rps" && seats == 1 ? ["bot": "adaptive"] : [:]
            #expect(try engine.seatCount(requested: seats, options: options) == seats, "\(game) with \(seats) seats")
        }
        for seats in [info.seats.lowerBound - 1, info.seats.upperBound + 1] {
            #expect(throws: CommandError.self) { try engine.seatCount(requested: seats, options: [:]) }
            #expect(throws: CommandError.self) { try engine.seatCount(requested: seats, options: ["bot": "adaptive"]) }
        }
        for option in info.options {
            if let value = option.defaultValue { #expect(option.problem(with: value) == nil, "\(game).\(option.name)'s default is allowed") }
        }
    }

    /// Every value each option declares is one `create` takes; a value it does not declare
    /// is refused with a message naming the values it does.
    @Test(arguments: games)
    func everyDeclaredValueIsAcceptedAndAnUndeclaredOneRefused(game: String) throws {
        let info = try #require(GameServer.gameCatalog.first { $0.name == game })
        for option in info.options {
            let declared: [JSONValue]
            let undeclared: JSONValue
            switch option.values {
            case .integers(let range):
                declared = [.int(range.lowerBound), .int(range.upperBound)]
                undeclared = .int(range.lowerBound - 1)
            case .integerChoices(let choices):
                declared = choices.map { .int($0) }
                undeclared = .int((choices.min() ?? 0) - 1)
            case .strings(let choices):
                declared = choices.map { .string($0) }
                undeclared = "none of these"
            case .boolean:
                declared = [true, false]
                undeclared = 1
            }
            // A chosen seed and the daily deal are for one-seat rooms.
            let seats = ["seed", "daily"].contains(option.name) ? #","seats":1"# : ""
            for value in declared {
                let line = #"{"type":"create","game":"\#(game)"\#(seats),"options":{"\#(option.name)":\#(value.jsonText)},"id":1}"#
                let reply = DeclaredOptionsTests.reply(to: line)
                #expect(reply.hasPrefix(#"{"type":"joined""#), "\(line): \(reply)")
            }
            let line = #"{"type":"create","game":"\#(game)"\#(seats),"options":{"\#(option.name)":\#(undeclared.jsonText)},"id":1}"#
            let allowed: String = switch option.values {
            case .integers(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
            case .integerChoices(let choices): choices.map(String.init).joined(separator: " or ")
            case .strings(let choices): choices.dropLast().map { "\"\($0)\"" }.joined(separator: ", ") + " or \"\(choices.last ?? "")\""
            case .boolean: "true or false"
            }
            let message = "option '\(option.name)' must be \(allowed), not \(undeclared.jsonText)"
            #expect(DeclaredOptionsTests.reply(to: line) == ServerMessage.error(code: .badRequest, message: message, id: .int(1)).jsonText)
        }
    }
}
