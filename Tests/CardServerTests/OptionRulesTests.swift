@testable import CardServer
import GameRules
import Testing
import Wire

/// The catalog's rules for options (`seats`, `excludes`, `required_for_seats`) against the
/// engines: for every game, every seat count and every combination of a few values of each
/// option, the catalog allows it exactly when `create` takes it. So a form that follows the
/// catalog offers nothing `create` refuses, and refuses nothing it takes (issue 43, item 8).
struct OptionRulesTests {
    /// The values tried for an option: left out, and a value of each kind it allows.
    static func samples(_ option: GameOption) -> [JSONValue?] {
        switch option.values {
        case .integers(let range): [nil, .int(range.lowerBound)]
        case .integerChoices(let choices): [nil] + choices.prefix(1).map { .int($0) }
        case .strings(let choices): [nil] + choices.prefix(1).map { .string($0) }
        case .boolean: [nil, .bool(true), .bool(false)]
        }
    }

    /// Every combination of the samples of `options`.
    static func combinations(_ options: [GameOption]) -> [JSONObject] {
        options.reduce([JSONObject()]) { partial, option in
            partial.flatMap { base in
                samples(option).map { value in
                    var next = base
                    if let value { next[option.name] = value }
                    return next
                }
            }
        }
    }

    /// Whether the engine takes `options` in a room of `seats`, as `create` checks them.
    static func accepts(_ engine: any GameEngine.Type, seats: Int, options: JSONObject) -> Bool {
        do {
            let counted = try engine.seatCount(requested: seats, options: options)
            _ = try engine.init(room: "TEST", seats: counted, options: options)
            return true
        } catch {
            return false
        }
    }

    @Test(arguments: GameServer.gameNames)
    func theCatalogAllowsExactlyWhatCreateTakes(game: String) throws {
        let engine = try #require(GameServer.engines.first { $0.gameName == game })
        let info = try #require(GameServer.gameCatalog.first { $0.name == game })
        var tried = 0
        var taken = 0
        for seats in info.seats {
            for options in Self.combinations(info.options) {
                let allowed = GameOption.conflict(options, seats: seats, declared: info.options) == nil
                let accepted = Self.accepts(engine, seats: seats, options: options)
                #expect(allowed == accepted, "\(game), \(seats) seats, \(options.jsonText): the catalog \(allowed ? "allows" : "refuses") it, create \(accepted ? "takes" : "refuses") it")
                tried += 1
                if accepted { taken += 1 }
            }
        }
        // Both kinds are met: combinations taken and combinations refused (but for rps-brain and Concentration, none refused).
        #expect(taken > 0)
        #expect(tried == info.seats.count * Self.combinations(info.options).count)
    }

    /// The rules name what is wrong, as a form or a bot reads them.
    @Test func aConflictSaysWhichRuleBroke() throws {
        let set = try #require(GameServer.gameCatalog.first { $0.name == "set" }).options
        let rps = try #require(GameServer.gameCatalog.first { $0.name == "rps" }).options
        let klondike = try #require(GameServer.gameCatalog.first { $0.name == "klondike" }).options
        #expect(GameOption.conflict(["daily": true], seats: 4, declared: set) == "option 'daily' is for 1 seat only, not 4")
        #expect(GameOption.conflict(["daily": false], seats: 4, declared: set) == nil)
        #expect(GameOption.conflict(["daily": true, "seed": 7], seats: 1, declared: set) == "give option 'seed' or 'daily', not both")
        #expect(GameOption.conflict([:], seats: 1, declared: rps) == "a room of 1 seat needs option 'bot'")
        #expect(GameOption.conflict(["bot": "random"], seats: 2, declared: rps) == "option 'bot' is for 1 seat only, not 2")
        #expect(GameOption.conflict(["winnable": true, "seed": 3], seats: 1, declared: klondike) == "give option 'winnable' or 'seed', not both")
        #expect(GameOption.conflict(["winnable": false, "seed": 3], seats: 1, declared: klondike) == nil)
    }

    /// A form's change: the field changed keeps its value, the others give way.
    @Test func reconcilingKeepsTheChangeAndMovesTheRest() throws {
        let set = try #require(GameServer.gameCatalog.first { $0.name == "set" })
        let rps = try #require(GameServer.gameCatalog.first { $0.name == "rps" })
        var options: JSONObject = ["seed": 9, "daily": true]
        var seats = 4
        GameOption.reconcile(&options, seats: &seats, seatRange: set.seats, declared: set.options, changed: "daily")
        #expect(options == ["daily": true])
        #expect(seats == 1)
        seats = 3
        GameOption.reconcile(&options, seats: &seats, seatRange: set.seats, declared: set.options, changed: nil)
        #expect(options == [:])
        #expect(seats == 3)
        options = ["bot": "adaptive"]
        seats = 2
        GameOption.reconcile(&options, seats: &seats, seatRange: rps.seats, declared: rps.options, changed: "bot")
        #expect(seats == 1)
        options = [:]
        GameOption.reconcile(&options, seats: &seats, seatRange: rps.seats, declared: rps.options, changed: "bot")
        #expect(seats == 2)
        seats = 1
        GameOption.reconcile(&options, seats: &seats, seatRange: rps.seats, declared: rps.options, changed: nil)
        #expect(options == ["bot": "random"])
    }

    /// Whatever is changed in whatever order, the result is a combination the catalog allows.
    @Test(arguments: GameServer.gameNames)
    func anyChangeReconciledIsAllowed(game: String) throws {
        let info = try #require(GameServer.gameCatalog.first { $0.name == game })
        var generator = SplitMix64(seed: 43)
        var options = JSONObject()
        var seats = info.defaultSeats
        for _ in 0..<2_000 {
            let field = Int.random(in: 0...info.options.count, using: &generator)
            if field == info.options.count {
                seats = Int.random(in: info.seats, using: &generator)
                GameOption.reconcile(&options, seats: &seats, seatRange: info.seats, declared: info.options, changed: nil)
            } else {
                let option = info.options[field]
                options[option.name] = Self.samples(option).randomElement(using: &generator) ?? nil
                GameOption.reconcile(&options, seats: &seats, seatRange: info.seats, declared: info.options, changed: option.name)
            }
            #expect(GameOption.conflict(options, seats: seats, declared: info.options) == nil, "\(game): \(seats) seats, \(options.jsonText)")
            #expect(info.seats.contains(seats))
        }
    }
}
