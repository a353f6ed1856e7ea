import CardClient
import CardServer
import Foundation
import GameRules
import ScriptedServer
import Testing
import Wire

/// The lobby's new-game form: every game with its seats, privacy and declared options,
/// remembered for next time, and what it creates on the real server logic.
struct NewGameFormTests {
    static let allGames = ["set", "rps", "rps-brain", "concentration", "klondike"]

    @Test func theFieldsAreTheGamesOwn() {
        var form = NewGameForm(offered: Self.allGames)
        #expect(form.games == Self.allGames)
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "variant", "seed", "daily"])
        form.change(by: 1)
        #expect(form.game == "rps")
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "rounds", "round seconds", "bot"])
        form.change(by: 1)
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "rounds", "round seconds"])
        form.change(by: 1)
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "pairs", "theme", "turn seconds", "time bonus"])
        form.change(by: 1)
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "draw", "passes", "scoring", "winnable", "seed", "daily"])
        form.change(by: 1)
        #expect(form.game == "set", "←→ on the game wraps around")
        #expect(NewGameForm(offered: ["rps", "chess"]).games == ["rps"], "only games both sides know")
    }

    /// A server newer than this client: a sixth game, and an option Set did not have.
    static let newerCatalog = [
        GameInfo(name: "set", title: "Set", seats: 1...8, defaultSeats: 4, options: [
            GameOption("variant", .strings(["classic", "junior"]), default: "classic"),
            GameOption("speed", .integers(1...3), default: 2),
        ]),
        GameInfo(name: "chess", title: "Chess", seats: 2...2, defaultSeats: 2, options: [GameOption("minutes", .integers(1...60), default: 5)]),
    ]

    @Test func theFormOffersTheServersCatalogNotTheOneThisClientWasBuiltWith() {
        var form = NewGameForm(offered: Self.newerCatalog)
        #expect(form.games == ["set", "chess"])
        #expect(form.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "variant", "speed"])
        form.move(by: 4)
        #expect(form.label(of: form.fields[4]) == "2")
        form.change(by: 1)
        form.change(by: 1)
        #expect(form.label(of: form.fields[4]) == "3", "speed stops at the server's 3")
        #expect(form.request == CreateRequest(game: "set", options: ["speed": 3]))
        form.move(by: -4)
        form.change(by: 1)
        #expect(form.game == "chess")
        #expect(form.label(of: .game) == "Chess (not playable here)")
        #expect(form.fields == [.game], "a game without a view offers no choices")
        #expect(form.request == nil)
    }

    @Test func aRememberedChoiceTheServerNoLongerAllowsIsDropped() {
        let remembered = NewGameForm.Memory(game: "set", choices: [
            "set": NewGameForm.Choices(seats: 9, options: ["variant": "ultra", "speed": 1, "seed": 7]),
        ])
        let form = NewGameForm(offered: Self.newerCatalog, remembered: remembered)
        #expect(form.current == NewGameForm.Choices(options: ["speed": 1]))
    }

    /// The model reads the catalog the server sends after `hello` and opens the form on it.
    @Test func theLobbyFormReadsTheCatalogTheServerSent() {
        var model = Fixtures.model([Fixtures.hello, Fixtures.welcomeAnn, ServerMessage.games(Self.newerCatalog, id: nil).jsonText])
        #expect(model.catalog == Self.newerCatalog)
        _ = model.type("n")
        #expect(model.form?.games == ["set", "chess"])
        #expect(model.form?.fields.map(NewGameForm.name(of:)) == ["game", "seats", "room", "variant", "speed"])
        #expect(model.press([.right, .enter]) == [], "Enter on a game this client cannot draw creates nothing")
        #expect(model.form?.label(of: .game) == "Chess (not playable here)")
    }

    @Test func valuesStepWithinTheirDeclarations() {
        var form = NewGameForm(offered: Self.allGames, remembered: NewGameForm.Memory(game: "klondike"))
        #expect(form.request == CreateRequest(game: "klondike"))
        form.move(by: 3)
        #expect(form.label(of: form.fields[3]) == "1")
        form.change(by: 1)
        #expect(form.label(of: form.fields[3]) == "3")
        form.change(by: 1)
        #expect(form.label(of: form.fields[3]) == "1", "draw cycles 1, 3")
        form.change(by: -1)
        form.move(by: 1)
        #expect(form.label(of: form.fields[4]) == "no limit")
        form.change(by: 1)
        #expect(form.label(of: form.fields[4]) == "1")
        form.move(by: 1)
        #expect(form.label(of: form.fields[5]) == "none")
        form.change(by: 1)
        #expect(form.label(of: form.fields[5]) == "standard")
        form.move(by: 1)
        #expect(form.label(of: form.fields[6]) == "in a race only")
        form.change(by: 1)
        #expect(form.label(of: form.fields[6]) == "on")
        form.change(by: 1)
        #expect(form.label(of: form.fields[6]) == "off")
        form.change(by: 1)
        #expect(form.label(of: form.fields[6]) == "in a race only", "winnable cycles: the game's choice, on, off")
        form.move(by: 1)
        #expect(form.label(of: form.fields[7]) == "random")
        for digit in "4207" { form.type(digit) }
        #expect(form.label(of: form.fields[7]) == "4207")
        form.erase()
        #expect(form.label(of: form.fields[7]) == "420")
        #expect(form.request == CreateRequest(game: "klondike", isPrivate: false, options: ["draw": 3, "passes": 1, "scoring": "standard", "seed": 420]))
        form.move(by: -6)
        form.change(by: 1)
        // Two seats: a seed is for one seat only, so it gives way (the catalog says so).
        #expect(form.label(of: form.fields[7]) == "random")
        form.move(by: -10)
        form.move(by: 1)
        form.change(by: -1)
        #expect(form.request == CreateRequest(game: "klondike", seats: 1, isPrivate: false, options: ["draw": 3, "passes": 1, "scoring": "standard"]))

        var rps = NewGameForm(offered: Self.allGames, remembered: NewGameForm.Memory(game: "rps"))
        rps.move(by: 5)
        #expect(rps.label(of: rps.fields[5]) == "none: a second player")
        rps.change(by: 1)
        #expect(rps.label(of: rps.fields[5]) == "random")
        #expect(rps.label(of: rps.fields[1]) == "1", "the robot plays in a room of one seat")
        rps.change(by: 1)
        #expect(rps.label(of: rps.fields[5]) == "adaptive")
        rps.move(by: -2)
        for _ in 0..<10 { rps.change(by: -1) }
        #expect(rps.label(of: rps.fields[3]) == "1", "rounds stop at 1")
        rps.move(by: -1)
        rps.change(by: 1)
        #expect(rps.request == CreateRequest(game: "rps", seats: 1, isPrivate: true, options: ["bot": "adaptive", "rounds": 1]))
        // Two seats again: no robot.
        rps.move(by: -1)
        rps.change(by: 1)
        #expect(rps.request == CreateRequest(game: "rps", seats: 2, isPrivate: true, options: ["rounds": 1]))
    }

    /// Whatever keys a player presses, the form's `create` is a combination the catalog allows
    /// (and so one the server takes: OptionRulesTests holds the engines to the catalog).
    /// Issue 43, item 8: the form offered daily with four seats, and the server refused it.
    @Test(arguments: GameServer.gameNames)
    func noKeysMakeACombinationTheServerRefuses(game: String) throws {
        var form = NewGameForm(offered: GameServer.gameCatalog, remembered: NewGameForm.Memory(game: game))
        let info = try #require(GameServer.gameCatalog.first { $0.name == game })
        var generator = SplitMix64(seed: 7)
        for step in 0..<3_000 {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: form.move(by: -1)
            case 1: form.move(by: 1)
            // The game row is left alone: this walk stays in one game.
            case 2 where form.fields[form.row] != .game: form.change(by: -1)
            case 3 where form.fields[form.row] != .game: form.change(by: 1)
            case 2, 3: continue
            case 4: form.type(Character(String(Int.random(in: 0...9, using: &generator))))
            default: form.erase()
            }
            guard form.game == game, let request = form.request else { continue }
            let seats = request.seats ?? info.defaultSeats
            let conflict = GameOption.conflict(request.options, seats: seats, declared: info.options)
            #expect(conflict == nil, "step \(step): \(game), \(seats) seats, \(request.options.jsonText): \(conflict ?? "")")
        }
    }

    @Test func theLobbyKeyOpensItAndEnterCreatesAndRemembers() {
        var model = Fixtures.model([Fixtures.hello.replacingOccurrences(of: #"["set","rps"]"#, with: #"["set","rps","rps-brain","concentration","klondike"]"#), Fixtures.welcomeAnn])
        #expect(model.type("n") == [])
        #expect(model.form?.game == "set")
        let screen = Fixtures.trimmed(ScreenRenderer.render(model, size: ScreenSize(width: 80, height: 24), color: false, now: 0))
        #expect(Array(screen[2...6]) == [
            "  New game",
            "  ▸ game          ◂ Set ▸",
            "    seats         ◂ 4 ▸",
            "    room          ◂ public (listed) ▸",
            "    variant       ◂ classic ▸",
        ])
        #expect(screen[23] == " ↑↓ field · ←→ change · Enter create · c challenge · o seek · Esc cancel")
        _ = model.press([.right, .right, .right, .right, .down, .down, .down, .right])
        #expect(model.form?.label(of: .option(GameOptions.klondike[0])) == "3")
        let effects = model.press([.enter])
        let memory = NewGameForm.Memory(game: "klondike", choices: ["klondike": NewGameForm.Choices(options: ["draw": 3])])
        #expect(effects == [.saveForm(memory), .transmit(#"{"type":"create","game":"klondike","options":{"draw":3},"id":3}"#)])
        #expect(model.form == nil)
        _ = model.type("n")
        #expect(model.form?.game == "klondike", "opens on the game chosen last, with its choices")
        #expect(model.form?.request == CreateRequest(game: "klondike", options: ["draw": 3]))
        _ = model.press([.escape])
        #expect(model.form == nil)
    }

    @Test func theChoicesSurviveARestartOfTheClient() throws {
        let root = SessionKeepingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let memory = NewGameForm.Memory(game: "rps", choices: [
            "rps": NewGameForm.Choices(isPrivate: true, options: ["bot": "adaptive", "rounds": 5]),
            "set": NewGameForm.Choices(seats: 2),
        ])
        try FormMemory(directory: root).save(memory)
        #expect(FormMemory(directory: root).load() == memory)
        #expect(FormMemory(directory: root + "/nothing-here").load() == NewGameForm.Memory())
    }

    /// Each game from the form with a choice that is not the default, created on the real server
    /// logic: the room's state shows the choice in effect.
    @Test func everyGameFromTheFormWithANonDefaultOption() throws {
        let cases: [(game: String, keys: [Key], check: (GameFields?) -> Bool)] = [
            ("set", [.down, .left, .left], { _ in true }),
            ("rps", [.down, .down, .down, .right, .right, .down, .down, .right, .right], { if case .rps(let rps)? = $0 { rps.rounds == 5 } else { false } }),
            ("rps-brain", [.down, .down, .down, .left, .left], { if case .brain(let brain)? = $0 { brain.rounds == 8 } else { false } }),
            ("concentration", [.down, .left, .down, .down, .left, .left], { if case .concentration(let game)? = $0 { game.cards.count == 12 } else { false } }),
            ("klondike", [.down, .down, .down, .right], { if case .klondike(let game)? = $0 { game.draw == 3 } else { false } }),
        ]
        for (index, entry) in cases.enumerated() {
            var ann = ScriptedSession(host: ScriptedHost(seed: 21), name: "ann")
            ann.press("n")
            for _ in 0..<index { ann.pressKeys([.right]) }
            #expect(ann.model.form?.game == entry.game)
            ann.pressKeys(entry.keys + [.enter])
            #expect(ann.model.room?.game == entry.game, "\(entry.game)")
            #expect(entry.check(ann.gameFields), "\(entry.game): \(String(describing: ann.model.room?.state))")
            if entry.game == "set" {
                // Two seats instead of four: ann waits for one more player (a solo room would be playing).
                #expect(ann.model.room?.state.map { $0.players.count } == 1)
                #expect(ann.model.room?.phase == .waiting)
                let bob = ann.host.player("bob", peer: "127.0.0.2:1")
                ann.host.send(#"{"type":"rooms"}"#, from: bob)
                let listed = ann.host.take(bob).first?["rooms"]?.arrayValue?.first?.objectValue
                #expect(listed?["seats"] == .int(2))
            }
        }
    }
}
