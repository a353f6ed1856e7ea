import CardClient
import GameRules
import ScriptedServer
import TestServers
import Testing
import Wire

/// The client model fed by the real server: each game played by key presses against
/// `GameServer` on a scripted host, so every line the model reads is the server's own
/// output (Wire's encoder), never hand-written JSON.
struct ClientOnServerTests {
    /// After `hello` the client asks for the catalog; the real server's is what its form offers.
    @Test func theClientReadsTheServersCatalog() {
        var ann = ScriptedSession(host: ScriptedHost(seed: 7), name: "ann")
        #expect(ann.model.catalog == GameCatalog.games.map(\.info))
        #expect(ann.model.catalog.map(\.name) == ann.model.games)
        ann.press("n")
        #expect(ann.model.form?.catalog == ann.model.catalog)
    }

    @Test func soloSetAClaimAndAHintByKeys() throws {
        var ann = ScriptedSession(host: ScriptedHost(seed: 7), name: "ann", destination: .create(CreateRequest(game: "set", seats: 1, isPrivate: false)))
        #expect(ann.model.room?.game == "set")
        #expect(ann.model.room?.phase == .playing)
        guard case .set(let before)? = ann.gameFields else { throw TestFailure("no Set state") }
        #expect(before.board.count == 12)
        #expect(before.deck == 69)
        let positions = try #require(SetSolver.firstSet(on: before.board))

        ann.press(positions.map { SetLabels.letter($0, of: before.board.count) }.joined())
        guard case .claimed(_, "ann", let cards, true, let points, _)? = ann.received("claimed").last else {
            throw TestFailure("no valid claim in \(ann.received.suffix(3))")
        }
        #expect(cards == positions.map { before.board[$0] })
        #expect(ann.model.flash?.text == "Set! +\(points)")
        guard case .set(let after)? = ann.gameFields else { throw TestFailure("no Set state") }
        #expect(ann.model.room?.state?.players.first?.score == points)
        #expect(after.board.count == 12)
        #expect(after.deck == 66)
        #expect(Set(after.board).isDisjoint(with: cards))
        #expect(ann.model.room?.selection == [])

        ann.press("H")
        guard case .hint(let hinted, 1, _)? = ann.received("hint").last, let card = hinted.first else {
            throw TestFailure("no hint")
        }
        let letter = SetLabels.letter(try #require(after.board.firstIndex(of: card)), of: after.board.count)
        #expect(ann.model.flash?.text == "hint: \(letter)")
    }

    @Test func aSetRaceNarratesTheOtherPlayersClaim() throws {
        let host = ScriptedHost(seed: 11)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "set", seats: 2, isPrivate: false)))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        #expect(ann.model.room?.chat.contains(.event("bob joined")) == true)
        #expect(bob.model.room?.phase == .playing)
        guard case .set(let board)? = bob.gameFields else { throw TestFailure("no Set state") }
        let positions = try #require(SetSolver.firstSet(on: board.board))

        bob.press(positions.map { SetLabels.letter($0, of: board.board.count) }.joined())
        ann.exchange()
        guard case .claimed(_, "bob", _, true, let points, nil)? = ann.received("claimed").last else {
            throw TestFailure("ann did not see bob's claim")
        }
        #expect(ann.model.flash?.text == "bob: Set! +\(points)")
        #expect(ann.model.room?.state?.player(named: "bob")?.score == points)
        #expect(ann.model.room?.state?.seq == bob.model.room?.state?.seq)
    }

    /// Ann has two cards picked when bob takes a Set: the board changed under them, so her
    /// picks are dropped and said so, and her next letter picks one card, claiming nothing.
    @Test func aSetTakenUnderASelectionClearsItAndTheNextLetterClaimsNothing() throws {
        let host = ScriptedHost(seed: 11)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "set", seats: 2, isPrivate: false)))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        guard case .set(let board)? = bob.gameFields else { throw TestFailure("no Set state") }
        let taken = try #require(SetSolver.firstSet(on: board.board))
        let others = board.board.indices.filter { !taken.contains($0) }
        ann.press(others.prefix(2).map { SetLabels.letter($0, of: board.board.count) }.joined())
        #expect(ann.model.room?.selection == others.prefix(2).map { board.board[$0].id })

        bob.press(taken.map { SetLabels.letter($0, of: board.board.count) }.joined())
        ann.exchange()
        #expect(ann.model.room?.selection == [])
        #expect(ann.model.room?.chat.contains(.event("bob took a Set; your picks were cleared")) == true)

        let claimsBefore = ann.received("claimed").count
        ann.press(SetLabels.letter(others[2], of: board.board.count))
        #expect(ann.received("claimed").count == claimsBefore, "no claim was sent")
        guard case .set(let now)? = ann.gameFields else { throw TestFailure("no Set state") }
        #expect(ann.model.room?.selection == [now.board[others[2]].id])
    }

    /// A race whose rival left is still a race: the server refuses hints there, so the
    /// client neither offers the key nor sends it.
    @Test func aRaceWhoseRivalLeftOffersNoHint() throws {
        let host = ScriptedHost(seed: 5)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "klondike", seats: 2, isPrivate: false)))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        _ = host.runBackgroundWork()
        ann.exchange()
        bob.exchange()
        #expect(ann.model.room?.phase == .playing)
        bob.host.send(#"{"type":"leave"}"#, from: bob.connection)
        ann.exchange()
        let room = try #require(ann.model.room)
        #expect(room.state?.players.map(\.name) == ["ann"])
        #expect(!KlondikeView().keys(for: room).contains { $0.key == "H" })
        let hintsBefore = ann.received("suggestion").count
        ann.press("H")
        #expect(ann.received("suggestion").count == hintsBefore)
        #expect(ann.received("error").isEmpty, "nothing was sent for the server to refuse")
    }

    @Test func rpsAgainstTheRobotFromTheLobbyKey() throws {
        var ann = ScriptedSession(host: ScriptedHost(seed: 3), name: "ann")
        #expect(ann.model.screen == .lobby)
        ann.press("R")
        #expect(ann.model.room?.game == "rps")
        #expect(ann.model.room?.state?.players.count == 2)
        guard case .rps(let rps)? = ann.gameFields else { throw TestFailure("no rps state") }
        #expect(rps.round == 1)
        #expect(rps.timeLeftMs == 30_000)

        ann.press("r")
        guard case .round(let reveal)? = ann.received("round").last else { throw TestFailure("no round") }
        #expect(reveal.sign(of: "ann") == .rock)
        #expect(ann.model.room?.reveal == reveal)
        let robot = try #require(ann.model.room?.state?.players.last?.name)
        let expected = switch reveal.winner {
        case "ann"?: "you win round 1"
        case robot?: "\(robot) wins round 1"
        default: "draw: round 1 again"
        }
        #expect(ann.model.flash?.text == expected)
    }

    @Test func rpsBrainTheRightAnswerScoresTen() throws {
        var ann = ScriptedSession(host: ScriptedHost(seed: 5), name: "ann", destination: .create(CreateRequest(game: "rps-brain", seats: 1, isPrivate: false)))
        guard case .brain(let brain)? = ann.gameFields, let prompt = brain.prompt else { throw TestFailure("no prompt") }
        #expect(brain.round == 1)
        let key = switch prompt.answer {
        case .rock: "r"
        case .paper: "p"
        case .scissors: "s"
        }
        ann.press(key)
        guard case .answered(true, 10, _, _)? = ann.received("answered").last else { throw TestFailure("not scored right") }
        // Alone in the room, the round ends as soon as ann has answered.
        guard case .brainRound(let reveal)? = ann.received("brain_round").last else { throw TestFailure("no reveal") }
        #expect(reveal.round == 1)
        #expect(reveal.answer == prompt.answer)
        #expect(reveal.answers == [BrainRoundReveal.NamedAnswer(name: "ann", sign: prompt.answer, points: 10)])
        #expect(ann.model.flash?.text == "round 1: the answer was \(prompt.answer.glyph) \(prompt.answer.rawValue) · you +10")
        guard case .brain(let next)? = ann.gameFields, let nextPrompt = next.prompt else { throw TestFailure("no state") }
        #expect(next.round == 2)
        #expect(next.yourAnswer == nil)
        #expect(next.lastRound == reveal)
        #expect(ann.model.room?.state?.players.first?.score == 10)

        // Round 2 runs out on the server's real 15 s clock, virtually.
        ann.advance(by: .seconds(15))
        guard case .brainRound(let timedOut)? = ann.received("brain_round").last else { throw TestFailure("no second reveal") }
        #expect(timedOut.answers == [BrainRoundReveal.NamedAnswer(name: "ann", sign: nil, points: -10)])
        #expect(ann.model.flash?.text == "round 2: the answer was \(nextPrompt.answer.glyph) \(nextPrompt.answer.rawValue) · you −10")
        #expect(ann.model.room?.state?.players.first?.score == 0)
    }

    @Test func concentrationTwoFlipsByLetter() throws {
        var ann = ScriptedSession(
            host: ScriptedHost(seed: 9), name: "ann", destination: .create(CreateRequest(game: "concentration", seats: 1, isPrivate: false)))
        guard case .concentration(let game)? = ann.gameFields else { throw TestFailure("no concentration state") }
        #expect(game.turn == "ann")
        #expect(game.cards.allSatisfy { $0.face == nil && !$0.matched })

        ann.press("a")
        guard case .concentration(let one)? = ann.gameFields else { throw TestFailure("no state") }
        let first = try #require(one.cards[0].face)
        ann.press("b")
        let flips = ann.received("flipped")
        #expect(flips.count == 2)
        guard case .flipped(_, "ann", 1, let second, let result, let points, nil)? = flips.last else { throw TestFailure("no flip of b") }
        #expect(result == (first == second ? "match" : "mismatch"))
        let expected = result == "match" ? "you: a pair! +\(points)" : "you: no match" + (points < 0 ? " −\(-points)" : "")
        #expect(ann.model.flash?.text == expected)
    }

    @Test func klondikeADrawTurnsAStockCard() throws {
        var ann = ScriptedSession(host: ScriptedHost(seed: 4), name: "ann", destination: .create(CreateRequest(game: "klondike", seats: 1, isPrivate: false)))
        guard case .klondike(let before)? = ann.gameFields else { throw TestFailure("no klondike state") }
        #expect(before.player == "ann")
        #expect(before.stock == 24)
        #expect(before.tableau.map(\.down) == [0, 1, 2, 3, 4, 5, 6])
        #expect(before.tableau.map(\.up.count) == [1, 1, 1, 1, 1, 1, 1])

        ann.press("d")
        guard case .klondike(let after)? = ann.gameFields else { throw TestFailure("no state") }
        #expect(after.stock == 23)
        #expect(after.wasteCount == 1)
        #expect(after.waste.count == 1)
        #expect(after.moves == 1)
    }
}

/// Rematch by agreement, as two players see it.
struct RematchByAgreementTests {
    static func screen(_ session: ScriptedSession) -> [String] {
        Fixtures.trimmed(ScreenRenderer.render(session.model, size: ScreenSize(width: 90, height: 24), color: false, now: 100_000))
    }

    @Test func oneOfferIsShownToTheOtherAndTheirEnterStartsTheGame() throws {
        let host = ScriptedHost(seed: 6)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "rps", options: ["rounds": 1])))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        bob.press("s")
        ann.press("r")
        bob.exchange()
        #expect(ann.model.room?.phase == .over)
        #expect(Self.screen(ann).contains(" game over · Enter offers a rematch"))
        // On the records screen Enter replays a game: the room's rematch note is not shown there.
        ann.press("I")
        #expect(ann.model.records != nil)
        #expect(!Self.screen(ann).contains("Enter offers a rematch"))
        ann.pressKeys([.escape])
        #expect(Self.screen(ann).contains(" game over · Enter offers a rematch"))

        ann.pressKeys([.enter])
        bob.exchange()
        #expect(Self.screen(ann).contains(" you offered a rematch · waiting for bob"))
        #expect(Self.screen(bob).contains(" ann wants a rematch · Enter to accept"))
        #expect(Self.screen(bob).contains("  match over: you lose 0–1 · n accept the rematch"))
        #expect(Self.screen(ann).contains("  match over: you win 1–0"))

        bob.pressKeys([.enter])
        ann.exchange()
        #expect(bob.model.room?.phase == .playing)
        #expect(ann.model.room?.phase == .playing)
        #expect(ann.model.room?.state?.rematchVotes == [])
    }

    @Test func aChallengeFromTheFormIsAQuestionForTheOtherAndYSeatsBoth() throws {
        let host = ScriptedHost(seed: 8)
        var ann = ScriptedSession(host: host, name: "ann")
        var bob = ScriptedSession(host: host, name: "bob", peer: "127.0.0.2:40000")
        // ann opens the form, picks rps (the form remembers nothing yet: its first game is set),
        // and sends it to bob with c.
        ann.press("n")
        while ann.model.form?.game != "rps" { ann.pressKeys([.right]) }
        ann.press("c")
        #expect(ann.model.prompt?.kind == .challengeName)
        ann.press("bob")
        ann.pressKeys([.enter])
        #expect(ann.model.form == nil)
        #expect(ann.model.status?.text == "challenge sent to bob: waiting for an answer (60 s)")
        bob.exchange()
        guard case .challenge(let id, let text)? = bob.model.question else { throw TestFailure("no question: \(String(describing: bob.model.question))") }
        #expect(id == "c1")
        #expect(text == "ann challenges you to rock-paper-scissors, casual. Accept?")
        #expect(Self.screen(bob).contains(" ann challenges you to rock-paper-scissors, casual. Accept? y accept · n decline"))
        // n declines: ann hears why.
        bob.press("n")
        ann.exchange()
        #expect(ann.model.status?.text == "bob declined your challenge: no reason given")
        // Again, and y: both sit in a new room, the game under way.
        ann.press("n")
        ann.press("c")
        ann.press("bob")
        ann.pressKeys([.enter])
        bob.exchange()
        bob.press("y")
        ann.exchange()
        #expect(bob.model.room?.phase == .playing)
        #expect(ann.model.room?.code == bob.model.room?.code)
        #expect(ann.model.room?.chat.contains(.event("the challenge was accepted")) == true)
    }

    @Test func xAbortsAGameNobodyMovedInAndResignsOneUnderWay() throws {
        let host = ScriptedHost(seed: 6)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "rps", options: ["rounds": 3])))
        let code = try #require(ann.model.room?.code)
        var bob = ScriptedSession(host: host, name: "bob", destination: .join(code), peer: "127.0.0.2:40000")
        ann.exchange()
        // Nobody has moved: X asks to abort.
        ann.press("X")
        #expect(ann.model.question == .abortGame)
        #expect(Self.screen(ann).contains(" Abort? Nobody has moved yet: the game ends with no result for anyone. y abort · n stay"))
        ann.press("y")
        bob.exchange()
        #expect(bob.model.room?.phase == .over)
        #expect(bob.model.room?.chat.contains(.event("ann aborted the game: no result, no rating change")) == true)
        #expect(bob.model.room?.chat.contains(.event("game over: aborted, no result")) == true)
        #expect(ann.model.room?.chat.contains(.event("you aborted the game: no result, no rating change")) == true)

        ann.pressKeys([.enter])
        bob.pressKeys([.enter])
        ann.exchange()
        #expect(ann.model.room?.phase == .playing)
        // bob throws: the game is under way, so X asks to resign; n keeps playing.
        bob.press("s")
        ann.exchange()
        ann.press("X")
        #expect(ann.model.question == .resignGame)
        ann.press("n")
        #expect(ann.model.question == nil)
        #expect(ann.model.room?.phase == .playing)
        ann.press("X")
        ann.press("y")
        bob.exchange()
        #expect(bob.model.room?.phase == .over)
        #expect(bob.model.room?.result?.winners == ["bob"])
        #expect(bob.model.room?.chat.contains(.event("ann resigned")) == true)
        #expect(Self.screen(bob).contains(" ann 0 resigned · bob 0 · 0 watching"))
        // Over: X does nothing more.
        ann.press("X")
        #expect(ann.model.question == nil)
    }
}

/// A one-seat game ends with its figures, not "you win": the solo summary, on virtual time.
struct SoloSummaryTests {
    @Test func aSoloSetGamePlayedToItsEndSaysHowLongAndWhatWasDone() throws {
        let host = ScriptedHost(seed: 13)
        var ann = ScriptedSession(host: host, name: "ann", destination: .create(CreateRequest(game: "set", seats: 1)))
        ann.press("H")
        // One claim that is no Set.
        guard case .set(let start)? = ann.gameFields else { throw TestFailure("no Set state") }
        let wrong = GameRules.SetCard.isSet(start.board[0], start.board[1], start.board[2]) ? [0, 1, 3] : [0, 1, 2]
        ann.press(wrong.map { SetLabels.letter($0, of: start.board.count) }.joined())
        var claims = 0
        var elapsed = 0
        while ann.model.room?.phase == .playing, claims < 40 {
            guard case .set(let board)? = ann.gameFields else { throw TestFailure("no Set state") }
            host.advance(by: .seconds(2))
            elapsed += 2
            if let positions = SetSolver.firstSet(on: board.board) {
                ann.press(positions.map { SetLabels.letter($0, of: board.board.count) }.joined())
                claims += 1
            } else {
                ann.press("D")
            }
        }
        guard case .gameOver(let over)? = ann.received("game_over").last else { throw TestFailure("no game_over") }
        let timeMs = over.summary?.timeMs ?? -1
        #expect(over.summary?.figures == [
            NamedScore(name: "sets_found", score: claims), NamedScore(name: "wrong_claims", score: 1), NamedScore(name: "hints", score: 1),
        ])
        #expect(timeMs == elapsed * 1000, "the virtual clock moved 2 s before every claim and deal")
        let seconds = timeMs / 1000
        let clock = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        #expect(ann.model.room?.chat.last == .event("game over: finished in \(clock) · \(claims) Sets · 1 wrong claim · 1 hint"))
    }
}
