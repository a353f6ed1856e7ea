import GameRules
import Wire
/// rps-brain: the round and its countdown, the prompt (a sign and a goal), who has answered,
/// your answer, the last round's reveal, and the keys to answer.
public struct BrainView: GameView {
    /// rps-brain in the game catalog.
    public static let game = ClientGame(name: "rps-brain", title: "rps-brain", view: BrainView(), seats: 1...8, defaultSeats: 1, options: GameOptions.brain, newGames: [])

    /// The width of the round line and its countdown.
    static let width = 56
    /// The width of the countdown bar.

    /// Makes the view.
    public init() {}

    /// Few keys; the room keeps lowercase `q` and `t`.
    public var takesLetters: Bool { false }

    /// One player may play alone.
    public var minimumPlayers: Int { 1 }

    /// The round's countdown runs while playing.
    public func isTimed(_ room: RoomModel) -> Bool {
        room.phase == .playing && brain(of: room)?.timeLeftMs != nil
    }

    /// The round line, prompt, answers, reveal and the keys.
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        ScreenSize(width: Self.width, height: 10)
    }

    /// The round line, the prompt, who answered, your answer, the last reveal, and what to do now.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        guard let brain = brain(of: room), let state = room.state else {
            return [StyledLine("  waiting for the first prompt…", Palette.quiet)]
        }
        let me = context.me
        var lines = [roundLine(brain, room: room, context: context), StyledLine()]
        if state.phase == .playing, let prompt = brain.prompt {
            let goal = prompt.goal == .win ? "WIN against it" : "LOSE against it"
            lines.append(StyledLine("  \(prompt.sign.glyph) \(prompt.sign.rawValue)", Palette.strong)
                + StyledLine(" · ", Palette.quiet) + StyledLine(goal, Palette.notice(prompt.goal == .win ? .good : .bad)))
        } else if state.phase == .waiting {
            lines.append(StyledLine("  The game starts when every seat is taken, or when a player presses Enter."))
        } else {
            lines.append(overLine(room, me: me))
        }
        lines.append(StyledLine())
        // Who answered is news while a round runs; after the game every "…" read as cut off.
        if state.phase != .over {
            var answers = StyledLine("  answered: ", Palette.quiet)
            for (position, player) in state.players.enumerated() {
                if position > 0 { answers.append(" · ", Palette.quiet) }
                answers.append(player.name, player.name == me ? Palette.strong : .plain)
                answers.append(brain.answered.contains(player.name) ? " ✔" : " …",
                               brain.answered.contains(player.name) ? Palette.notice(.good) : Palette.quiet)
            }
            lines.append(answers)
        } else {
            lines.append(StyledLine())
        }
        if state.phase == .playing, !room.isSpectator {
            if let sign = brain.yourAnswer {
                lines.append(StyledLine("  your answer: ") + StyledLine("\(sign.glyph) \(sign.rawValue)", Palette.strong))
            } else {
                var line = StyledLine("  answer: ", Palette.strong)
                for (position, sign) in Sign.allCases.enumerated() {
                    if position > 0 { line.append("   ") }
                    line.append(String(sign.rawValue.first ?? " "), Palette.key)
                    line.append(" \(sign.glyph) \(sign.rawValue)")
                }
                lines.append(line)
            }
        } else {
            lines.append(StyledLine())
        }
        lines.append(StyledLine())
        if let reveal = brain.lastRound {
            lines += revealLines(reveal, me: me)
        }
        return lines
    }

    /// `r`/`p`/`s` or `1`/`2`/`3` answer.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        guard case .character(let character) = key, let sign = RPSView.sign(for: character) else { return nil }
        guard room.phase == .playing, !room.isSpectator, let brain = brain(of: room),
              brain.prompt != nil, brain.yourAnswer == nil
        else { return [] }
        return [.send(.answer(sign))]
    }

    /// The answers, while one is wanted.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard room.phase == .playing, let brain = brain(of: room), brain.yourAnswer == nil else { return [] }
        return [KeyHelp("r p s", "answer (or 1 2 3)")]
    }

    private func brain(of room: RoomModel) -> BrainFields? {
        if case .brain(let brain)? = room.state?.gameFields { return brain }
        return nil
    }

    private func roundLine(_ brain: BrainFields, room: RoomModel, context: ViewContext) -> StyledLine {
        let left = StyledLine("  Round \(brain.round)", Palette.heading) + StyledLine(" of \(brain.rounds)", Palette.quiet)
        guard room.phase == .playing, let timeLeft = brain.timeLeftMs else { return left }
        let remaining = Countdown.remaining(timeLeft, in: room, now: context.now)
        let right = Countdown.bar(remaining: remaining, totalSeconds: brain.roundSeconds, warning: 7, urgent: 3)
        return StyledLine.spread(left, right, width: min(context.size.width, Self.width))
    }

    private func revealLines(_ reveal: BrainRoundReveal, me: String?) -> [StyledLine] {
        var head = StyledLine("  round \(reveal.round): ", Palette.quiet)
        let prompt = reveal.prompt
        head.append("\(prompt.sign.glyph) \(prompt.sign.rawValue), \(prompt.goal == .win ? "WIN" : "LOSE") against it")
        head.append(" → answer ", Palette.quiet)
        head.append("\(reveal.answer.glyph) \(reveal.answer.rawValue)", Palette.strong)
        var answers = StyledLine("  ")
        for (position, entry) in reveal.answers.enumerated() {
            if position > 0 { answers.append(" · ", Palette.quiet) }
            answers.append(entry.name, entry.name == me ? Palette.strong : .plain)
            if let sign = entry.sign {
                answers.append(" \(sign.glyph) \(sign.rawValue)")
            } else {
                answers.append(" (no answer)", Palette.quiet)
            }
            let points = entry.points
            answers.append(points < 0 ? " −\(-points)" : " +\(points)", Palette.notice(points > 0 ? .good : .bad))
        }
        return [head, answers]
    }

    private func overLine(_ room: RoomModel, me: String?) -> StyledLine {
        var line = StyledLine("  game over", Palette.heading)
        if let result = room.result {
            line.append(": " + ClientModel.describeResult(result, me: me), Palette.heading)
        }
        // What Enter does then (plays again, or offers a rematch) is in the keys below.
        return line
    }
}
