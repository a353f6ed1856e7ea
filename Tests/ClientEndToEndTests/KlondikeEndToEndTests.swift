import CardClient
import Foundation
import GameRules
import TestServers
import Testing
import Wire

/// Klondike in the real `cardclient`, in tmux, against a real `cardserver`: the draw-3 fan as
/// the server has it, a whole deal won with the cursor keys alone, a run dragged with the
/// mouse, and auto-play.
@Suite(.ownThread, .needs(.tmux), .timeLimit(.minutes(5 * TestBudget.scale)))
struct KlondikeEndToEndTests {
    /// A state directory whose settings turn auto-play off, so only the keys pressed move cards.
    static func stateWithoutAutoPlay() throws -> String {
        let root = Tmux.clientStateDirectory()
        var off = ClientSettings()
        off.klondikeAutoPlay = false
        try SettingsStore(directory: root + "/cardclient").save(off)
        return root
    }

    /// cardclient in tmux creating a Klondike room with `options` (`--option seed=2`), auto-play
    /// off; `close()` stops it and removes its settings and state.
    struct KlondikeClient {
        let terminal: Tmux
        let settings: URL
        let state: String

        func close() {
            terminal.kill()
            try? FileManager.default.removeItem(at: settings)
            try? FileManager.default.removeItem(atPath: state)
        }
    }

    static func klondikeClient(_ server: ServerProcess, options: String, width: Int = 80, height: Int = 24) throws -> KlondikeClient {
        let settings = EndToEndTests.settingsFile()
        let state = try stateWithoutAutoPlay()
        do {
            let terminal = try Tmux(
                EndToEndTests.clientCommand("--port \(server.port) --name ann --create klondike \(options)", settings: settings, state: state),
                width: width, height: height)
            return KlondikeClient(terminal: terminal, settings: settings, state: state)
        } catch {
            try? FileManager.default.removeItem(at: settings)
            try? FileManager.default.removeItem(atPath: state)
            throw error
        }
    }

    /// The Klondike fields of a `state` a raw client read.
    static func fields(_ state: JSONObject) throws -> KlondikeFields {
        guard case .state(let room) = try ServerMessageDecoder.decode(Array(state.jsonText.utf8)),
              case .klondike(let game) = room.gameFields else { throw TestFailure("not a klondike state: \(state.jsonText)") }
        return game
    }

    /// A bot plays the deal of `seed` in a room of its own by the server's hints: each move,
    /// with the position it was made in, until all 52 cards are home or `limit` moves (or, with
    /// `untilStuck`, until the hint has no move); and the position it ends in.
    static func hintedLine(
        port: UInt16, seed: Int, draw: Int, limit: Int = 400, untilStuck: Bool = false
    ) throws -> (steps: [(command: ClientCommand, before: KlondikeFields)], final: KlondikeFields) {
        let bot = try RawClient(port: port, name: "bot")
        bot.send(#"{"type":"create","game":"klondike","options":{"seed":\#(seed),"draw":\#(draw)}}"#)
        var game = try fields(try bot.expect("state"))
        var line: [(command: ClientCommand, before: KlondikeFields)] = []
        while line.count < limit, game.foundations.reduce(0, { $0 + $1.count }) < 52 {
            bot.send(#"{"type":"hint"}"#)
            let suggestion = try bot.expect("suggestion")
            guard let move = suggestion["move"]?.objectValue else {
                if untilStuck { return (line, game) }
                throw TestFailure("the hints got stuck: \(suggestion.jsonText)")
            }
            let command = try ClientMessageDecoder.decode(Array(move.jsonText.utf8)).command
            bot.send(move.jsonText)
            try bot.expect("ok")
            line.append((command, game))
            game = try fields(try bot.expect("state") { $0["cause"]?.objectValue?["command"]?.stringValue != "hint" })
        }
        return (line, game)
    }

    /// Cards on the foundations.
    static func home(_ game: KlondikeFields) -> Int {
        game.foundations.reduce(0) { $0 + $1.count }
    }

    /// The arrow presses that take the cursor from `play` to where `goal` holds (fewest first).
    static func path(from play: KlondikePlay, in game: KlondikeFields, to goal: (KlondikePlay) -> Bool) throws -> [KlondikePlay.Direction] {
        var queue: [(KlondikePlay, [KlondikePlay.Direction])] = [(play, [])]
        var seen: Set<String> = ["\(play.place) \(play.depth)"]
        while !queue.isEmpty {
            let (current, steps) = queue.removeFirst()
            if goal(current) { return steps }
            for direction in [KlondikePlay.Direction.left, .right, .up, .down] {
                var next = current
                next.move(direction, in: game)
                if seen.insert("\(next.place) \(next.depth)").inserted { queue.append((next, steps + [direction])) }
            }
        }
        throw TestFailure("no way for the cursor from \(play.place)")
    }

    /// A direction as tmux names its key: the arrows, or `hjkl`.
    static func keyName(_ direction: KlondikePlay.Direction, letters: Bool) -> String {
        switch direction {
        case .left: letters ? "h" : "Left"
        case .right: letters ? "l" : "Right"
        case .up: letters ? "k" : "Up"
        case .down: letters ? "j" : "Down"
        }
    }

    /// Presses tmux key names in one go.
    static func press(_ terminal: Tmux, _ keys: [String]) {
        Tmux.run(["-L", terminal.socket, "send-keys", "-t", terminal.session] + keys)
    }

    /// The pile keys of a move: `d`, or the pile it comes from and the pile it goes to.
    static func pileKeys(_ command: ClientCommand) -> String {
        func key(_ pile: KlondikePile) -> String {
            switch pile {
            case .waste: "w"
            case .tableau(let index): "\(index + 1)"
            case .foundation(let index): "f\(index + 1)"
            }
        }
        guard case .move(let from, let to, _) = command else { return "d" }
        return key(from) + key(to)
    }

    /// Drawing three at 80×24 and 110×40, the fan shows the three cards of the waste's top as
    /// the server's state has them, the playable one on the right under the cursor's mark, and
    /// the count of cards under them on the label row; no line is cut.
    @Test(arguments: [(80, 24), (110, 40)])
    func drawingThreeShowsTheFanAndTheCountAsTheServerHasThem(width: Int, height: Int) throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try Self.klondikeClient(server, options: "--option draw=3 --option seed=2", width: width, height: height)
        defer { client.close() }
        let terminal = client.terminal
        let code = EndToEndTests.roomCode(terminal.waitFor(" moves 0 · draw 3 · home 0/52"))
        let spy = try RawClient(port: server.port, name: "spy")
        spy.send(#"{"type":"watch","room":"\#(code)"}"#)
        try spy.expect("state")
        for draw in 1...5 {
            terminal.type("d")
            let game = try Self.fields(try spy.expect("state") { $0["cause"]?.objectValue?["command"] == .string("draw") })
            #expect(game.waste.count == 3)
            let screen = terminal.waitFor(" moves \(draw) · draw 3").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let names = game.waste.reversed().map(\.name).joined(separator: " ")
            let under = game.wasteCount - game.waste.count
            #expect(under == 3 * draw - 3)
            let wasteLabel = (" w " + (under > 0 ? "+\(under)" : "")).padding(toLength: 10, withPad: " ", startingAt: 0)
            #expect(screen[5].hasPrefix("  d   " + wasteLabel + " f1   f2   f3   f4"), "\(screen[5])")
            let stock = ("▸▒\(game.stock)" as String).padding(toLength: 5, withPad: " ", startingAt: 0)
            #expect(screen[6].hasPrefix(" " + stock + (names.count < 10 ? " " : "") + names + " "), "\(screen[6]) for \(names)")
            #expect(screen[3] == " moves \(draw) · draw 3 · home 0/52")
            #expect(screen[height - 1] == " ←→↑↓ Enter move cards · d draw · u undo · H hint · t chat · ? keys · q leave")
            #expect(!screen.contains { $0.hasSuffix("…") })
        }
    }

    /// Deal 2 drawing one, won with the cursor keys alone: arrows and `hjkl` to a pile (up in
    /// a column for a longer run), Enter or Space to pick up, again to put down, Enter on the
    /// stock to draw. The moves are the ones the server's hints give a bot on the same deal.
    @Test func aDealWonWithTheCursorKeysOnly() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (line, final) = try Self.hintedLine(port: server.port, seed: 2, draw: 1)
        #expect(Self.home(final) == 52)
        let client = try Self.klondikeClient(server, options: "--option seed=2")
        defer { client.close() }
        let terminal = client.terminal
        terminal.waitFor(" moves 0 · draw 1 · home 0/52")
        var play = KlondikePlay()
        for (index, step) in line.enumerated() {
            let letters = index % 2 == 1
            let pick = letters ? "Space" : "Enter"
            var keys: [String] = []
            switch step.command {
            case .move(let from, let to, let count):
                let toSource = try Self.path(from: play, in: step.before) { candidate in
                    candidate.place == .pile(from) && (candidate.run(in: step.before) == count)
                }
                for direction in toSource { play.move(direction, in: step.before) }
                #expect(play.activate(in: step.before) == .changed)
                let toDestination = try Self.path(from: play, in: step.before) { $0.place == .pile(to) }
                for direction in toDestination { play.move(direction, in: step.before) }
                #expect(play.activate(in: step.before) == .send(step.command), "move \(index + 1)")
                keys = toSource.map { Self.keyName($0, letters: letters) } + [pick] + toDestination.map { Self.keyName($0, letters: letters) } + ["Enter"]
            default:
                let toStock = try Self.path(from: play, in: step.before) { $0.place == .stock }
                for direction in toStock { play.move(direction, in: step.before) }
                #expect(play.activate(in: step.before) == .send(.draw))
                keys = toStock.map { Self.keyName($0, letters: letters) } + [pick]
            }
            Self.press(terminal, keys)
            let shown = terminal.waitFor(" moves \(index + 1) · draw 1")
            guard shown.contains(" moves \(index + 1) · draw 1") else {
                Issue.record("move \(index + 1) (\(step.command)) did not show:\n\(shown)")
                return
            }
        }
        // The log's line comes with `solved`; the result's figures with `game_over`, once on disk.
        let won = terminal.waitFor { $0.contains("you solved it in \(line.count) moves") && $0.contains("game over: finished in ") }
        #expect(won.contains(" moves \(line.count) · draw 1 · home 52/52 · game over: finished in "))
        #expect(won.contains("you solved it in \(line.count) moves"))
    }

    /// Issue 43, item 7: while cards are picked up the cursor stays in sight. On the pile
    /// they came from it marks them (`▸`, the label `[1]` saying they are picked up); moved
    /// away, they are marked `*` and the cursor `▸` stands where they would go.
    @Test func theCursorStaysInSightWhileCardsArePickedUp() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try Self.klondikeClient(server, options: "--option seed=2")
        defer { client.close() }
        let terminal = client.terminal
        terminal.waitFor(" moves 0 · draw 1 · home 0/52")
        // The board's 37 columns only (at 80 columns): the legend beside it names both marks.
        func board(_ screen: String) -> [String] {
            screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4).map { String($0.prefix(37)) }
        }
        Self.press(terminal, ["Down", "Enter"])
        let picked = board(terminal.waitFor("picked up: Enter where it goes"))
        #expect(picked.filter { $0.contains("▸") }.count == 1, "\(picked.joined(separator: "\n"))")
        #expect(!picked.contains { $0.contains("*") })
        #expect(picked.contains { $0.contains("[1]") })
        Self.press(terminal, ["Right"])
        let moved = board(terminal.waitFor { screen in board(screen).contains { $0.contains("*") } })
        #expect(moved.filter { $0.contains("▸") }.count == 1, "\(moved.joined(separator: "\n"))")
        #expect(moved.filter { $0.contains("*") }.count == 1)
        let row = try #require(moved.first { $0.contains("▸") })
        #expect(row.firstIndex(of: "▸").map { row.distance(from: row.startIndex, to: $0) } == 6, "the cursor on column 2")
    }

    /// A run dragged with the mouse: pressed on its first card (SGR 1006 `M`), let go on the
    /// column it goes to (`m`); the server moves exactly those cards.
    @Test func aRunDraggedWithTheMouseMoves() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // The hints' first move of a run from one column to another, and the moves before it.
        let (line, _) = try Self.hintedLine(port: server.port, seed: 2, draw: 1, limit: 60)
        let runAt = try #require(line.firstIndex { step in
            if case .move(.tableau, .tableau, let count) = step.command { count >= 2 } else { false }
        })
        let client = try Self.klondikeClient(server, options: "--option seed=2")
        defer { client.close() }
        let terminal = client.terminal
        let code = EndToEndTests.roomCode(terminal.waitFor(" moves 0 · draw 1 · home 0/52"))
        let spy = try RawClient(port: server.port, name: "spy")
        spy.send(#"{"type":"watch","room":"\#(code)"}"#)
        try spy.expect("state")
        for (index, step) in line[..<runAt].enumerated() {
            terminal.type(Self.pileKeys(step.command))
            terminal.waitFor(" moves \(index + 1) · draw 1")
        }
        var before = try Self.fields(try spy.expect("state"))
        while before.moves < runAt { before = try Self.fields(try spy.expect("state")) }
        guard case .move(.tableau(let from), .tableau(let to), let count) = line[runAt].command else {
            throw TestFailure("not a run: \(line[runAt].command)")
        }
        #expect(before.tableau.map(\.down) == line[runAt].before.tableau.map(\.down))
        // Every column within 11 rows: each card a row (the layout of taller columns differs).
        try #require(before.tableau.allSatisfy { $0.down + $0.up.count <= 11 })
        let source = before.tableau[from]
        let run = Array(source.up.suffix(count))
        // The body starts on the screen's fourth row and the columns' first cards on its seventh;
        // a column's cards are at x = 5 × pile + 3 (both counted from 1 in SGR reports).
        let pressRow = 3 + 6 + source.down + source.up.count - count + 1
        terminal.type("\u{1B}[<0;\(5 * from + 3);\(pressRow)M")
        let pressed = terminal.waitFor("*" + run[0].name)
        #expect(pressed.contains("*" + run[0].name))
        terminal.type("\u{1B}[<0;\(5 * to + 3);9m")
        let after = try Self.fields(try spy.expect("state") { $0["cause"]?.objectValue?["command"] == .string("move") })
        #expect(Array(after.tableau[to].up.suffix(count)) == run)
        #expect(after.tableau[to].up.count == before.tableau[to].up.count + count)
        #expect(after.moves == runAt + 1)
        #expect(terminal.waitFor(" moves \(runAt + 1) · draw 1").contains(" moves \(runAt + 1) · draw 1 · home \(Self.home(after))/52"))
    }

    /// Deal 3 drawing one, played by the hints' moves (by pile keys) until the hint has none:
    /// `H` then says "no useful move left" on the info line, what to do on the status line, and
    /// the whole reason in the log.
    @Test func noUsefulMoveLeftWhenTheHintHasNone() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (line, final) = try Self.hintedLine(port: server.port, seed: 3, draw: 1, untilStuck: true)
        let last = try #require(line.last)
        let client = try Self.klondikeClient(server, options: "--option seed=3")
        defer { client.close() }
        let terminal = client.terminal
        terminal.waitFor(" moves 0 · draw 1 · home 0/52")
        for (index, step) in line.enumerated() {
            terminal.type(Self.pileKeys(step.command))
            guard terminal.waitFor(" moves \(index + 1) · draw 1").contains(" moves \(index + 1) · draw 1") else {
                Issue.record("move \(index + 1) (\(step.command)) did not show")
                return
            }
        }
        terminal.type("H")
        let stuck = terminal.waitFor("no useful move left:")
        #expect(stuck.contains(" moves \(line.count) · draw 1 · home \(Self.home(final))/52 · no useful move left"))
        #expect(stuck.contains(" no useful move left: undo, or start a new game …"))
        #expect(stuck.contains(" hint: no useful move left: drawing only cycles the stock, and no card can go"))
        #expect(stuck.contains("   home, turn up or empty a pile; undo, or start a new game"))
        // The next move (an undo) clears it.
        terminal.type("u")
        let undone = terminal.waitFor(" moves \(line.count - 1) · draw 1")
        #expect(undone.contains(" moves \(line.count - 1) · draw 1 · home \(Self.home(last.before))/52\n"))
    }

    /// Issue 43: deal 2 drawing one, played by the hints' moves (by pile keys): the key bar
    /// offers `F finish` instead of `d draw` at the first state whose `can_finish` is true, with
    /// cards still in the stock or the waste, and not one move before; `F` then wins the game.
    @Test func finishIsOfferedWithCardsStillToDrawAndWins() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let (line, _) = try Self.hintedLine(port: server.port, seed: 2, draw: 1)
        let offer = try #require(line.firstIndex { $0.before.canFinish }, "the hints' line never offered finish")
        let offered = line[offer].before
        #expect(offered.stock + offered.wasteCount > 0, "offered with nothing left to draw")
        #expect(offered.tableau.allSatisfy { $0.down == 0 })
        let client = try Self.klondikeClient(server, options: "--option seed=2")
        defer { client.close() }
        let terminal = client.terminal
        terminal.waitFor(" moves 0 · draw 1 · home 0/52")
        for (index, step) in line[..<offer].enumerated() {
            terminal.type(Self.pileKeys(step.command))
            let shown = terminal.waitFor(" moves \(index + 1) · draw 1")
            guard shown.contains(" moves \(index + 1) · draw 1") else {
                Issue.record("move \(index + 1) (\(step.command)) did not show")
                return
            }
            if index + 1 == offer - 1 {
                #expect(shown.contains(" ←→↑↓ Enter move cards · d draw · u undo · H hint"), "a move before the offer:\n\(shown)")
            }
        }
        let ready = terminal.waitFor(" ←→↑↓ Enter move cards · F finish · u undo · H hint")
        #expect(ready.contains(" moves \(offer) · draw 1 · home \(Self.home(offered))/52"), "\(ready)")
        #expect(ready.contains(" ←→↑↓ Enter move cards · F finish · u undo · H hint"), "\(ready)")
        terminal.type("F")
        let won = terminal.waitFor { $0.contains("you solved it in ") && $0.contains("game over: finished in ") }
        #expect(won.contains(" · draw 1 · home 52/52 · game over: finished in "), "\(won)")
    }

    /// Auto-play is on by default: deal 7's ace of diamonds goes home by itself, by a move the
    /// server counts. `A` turns it off, the legend says so, and the setting is kept on disk.
    @Test func autoPlaySendsASafeCardHomeAndATurnsItOff() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let settings = EndToEndTests.settingsFile()
        let state = Tmux.clientStateDirectory()
        defer {
            try? FileManager.default.removeItem(at: settings)
            try? FileManager.default.removeItem(atPath: state)
        }
        let terminal = try Tmux(EndToEndTests.clientCommand(
            "--port \(server.port) --name ann --create klondike --option draw=3 --option seed=7", settings: settings, state: state),
            width: 110, height: 40)
        defer { terminal.kill() }
        let started = terminal.waitFor(" moves 1 · draw 3 · home 1/52")
        #expect(started.contains(" ▸▒24  ··        A♦   ··   ··   ··    Enter Space pick up *, put down"))
        #expect(started.contains("A           auto-play: on"))
        terminal.type("A")
        let off = terminal.waitFor("A           auto-play: off")
        #expect(off.contains("auto-play off: A turns it on"))
        let kept = try String(contentsOfFile: state + "/cardclient/settings.json", encoding: .utf8)
        #expect(kept == #"{"klondike_auto_play":false}"# + "\n")
    }
}
