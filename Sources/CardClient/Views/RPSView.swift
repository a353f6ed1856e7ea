import GameRules
import Wire
/// rock-paper-scissors: the round and its countdown, each player's throw (or whether they have
/// thrown), the last reveal, and the keys to throw.
public struct RPSView: GameView {
    /// rock-paper-scissors in the game catalog.
    public static let game = ClientGame(name: "rps", title: "rock-paper-scissors", view: RPSView(), seats: 1...2, defaultSeats: 2, options: GameOptions.rps, newGames: [
        NewGame(key: "r", label: "rps for 2", game: "rps", seats: 2, isShown: false),
        NewGame(key: "R", label: "rps vs bot", game: "rps", seats: 1, options: ["bot": "adaptive"]),
    ])

    /// The width of one player's column.
    static let column = 28
    /// The width of the countdown bar.

    /// Makes the view.
    public init() {}

    /// rps keys are few; the room keeps lowercase `q` and `t`.
    public var takesLetters: Bool { false }

    /// Two players; the match starts by itself when both are seated.
    public var minimumPlayers: Int { 2 }

    /// The round's countdown runs while playing.
    public func isTimed(_ room: RoomModel) -> Bool {
        guard room.phase == .playing, case .rps(let rps)? = room.state?.gameFields else { return false }
        return rps.timeLeftMs != nil
    }

    /// Two player columns and a line of keys.
    public func minimumSize(for room: RoomModel) -> ScreenSize {
        ScreenSize(width: 2 * Self.column, height: 8)
    }

    /// The round line, the players and their throws, the last reveal, and what to do now.
    public func body(for room: RoomModel, context: ViewContext) -> [StyledLine] {
        guard case .rps(let rps)? = room.state?.gameFields, let state = room.state else {
            return [StyledLine("waiting for the table…", Palette.quiet)]
        }
        let me = context.me
        var lines = [roundLine(rps, room: room, phase: state.phase, context: context), StyledLine()]
        let players = state.players
        var names = StyledLine.blank(2)
        var hands = StyledLine.blank(2)
        for player in players.prefix(2) {
            // A long name is cut, never the score after it.
            let score = StyledLine("  \(player.score)", Palette.heading)
            let suffix = player.name == me ? " (you)" : ""
            let name = StyledLine(player.name, Palette.strong).clipped(to: Self.column - 1 - score.width - suffix.count)
            names.append((name + StyledLine(suffix, Palette.strong) + score).fitted(to: Self.column))
            hands.append(hand(of: player, rps: rps, phase: state.phase, me: me).fitted(to: Self.column))
        }
        if players.count < 2 {
            names.append(StyledLine("(empty seat)", Palette.quiet))
        }
        lines += [names, hands, StyledLine()]
        if let reveal = room.reveal ?? rps.lastRound {
            lines.append(revealLine(reveal, players: players.map(\.name), me: me).indented(by: 2))
        } else {
            lines.append(StyledLine())
        }
        lines.append(StyledLine())
        lines.append(prompt(room: room, rps: rps, phase: state.phase, me: me).indented(by: 2))
        return lines
    }

    /// `r`/`p`/`s` or `1`/`2`/`3` throw; `n` asks for a rematch once the match is over.
    public func actions(for key: Key, in room: RoomModel, me: String?) -> [ClientAction]? {
        guard case .character(let character) = key else { return nil }
        if character == "n" {
            return room.phase == .over && !room.isSpectator ? [.send(.start)] : []
        }
        guard let sign = Self.sign(for: character) else { return nil }
        guard room.phase == .playing, !room.isSpectator,
              case .rps(let rps)? = room.state?.gameFields, rps.yourThrow == nil
        else { return [] }
        return [.send(.throwSign(sign))]
    }

    /// The throws and the rematch.
    public func keys(for room: RoomModel) -> [KeyHelp] {
        guard case .rps(let rps)? = room.state?.gameFields else { return [] }
        switch room.phase {
        case .over:
            let mine = room.state?.players.first { $0.seat == room.seat }?.name
            return mine.map { room.state?.rematchVotes.contains($0) == true } == true ? [] : [KeyHelp("n", "rematch")]
        case .playing where rps.yourThrow == nil:
            return [KeyHelp("r", "✊ rock"), KeyHelp("p", "✋ paper"), KeyHelp("s", "✌️ scissors")]
        default: return []
        }
    }

    static func sign(for character: Character) -> Sign? {
        switch character {
        case "r", "1": .rock
        case "p", "2": .paper
        case "s", "3": .scissors
        default: nil
        }
    }

    private func roundLine(_ rps: RPSFields, room: RoomModel, phase: Phase, context: ViewContext) -> StyledLine {
        var left = StyledLine.blank(2)
        left.append("Round \(rps.round)", Palette.heading)
        left.append(" · best of \(rps.rounds), first to \(rps.winsNeeded)", Palette.quiet)
        guard phase == .playing, let timeLeft = rps.timeLeftMs else { return left }
        let remaining = Countdown.remaining(timeLeft, in: room, now: context.now)
        let right = Countdown.bar(remaining: remaining, totalSeconds: rps.roundSeconds, warning: 10, urgent: 5)
        return StyledLine.spread(left, right, width: min(context.size.width, 2 * Self.column + 2))
    }

    private func hand(of player: PlayerEntry, rps: RPSFields, phase: Phase, me: String?) -> StyledLine {
        guard phase == .playing else { return StyledLine() }
        if player.name == me {
            if let sign = rps.yourThrow { return StyledLine("\(sign.glyph) \(sign.rawValue)", Palette.strong) }
            return StyledLine("your move…", Palette.notice(.neutral))
        }
        if !rps.waitingOn.contains(player.name) { return StyledLine("✔ thrown", Palette.notice(.good)) }
        return StyledLine(player.connected ? "thinking…" : "away", Palette.quiet)
    }

    private func revealLine(_ reveal: RoundReveal, players: [String], me: String?) -> StyledLine {
        var line = StyledLine("round \(reveal.round): ", Palette.quiet)
        for (position, name) in players.enumerated() {
            if position > 0 { line.append(" vs ", Palette.quiet) }
            line.append(name, Palette.strong)
            if let sign = reveal.sign(of: name) {
                line.append(" \(sign.glyph) \(sign.rawValue)")
            } else {
                line.append(" (too slow)", Palette.quiet)
            }
        }
        line.append(" → ", Palette.quiet)
        switch reveal.winner {
        case nil: line.append("draw, replayed", Palette.notice(.neutral))
        case me?: line.append("you win", Palette.notice(.good))
        case let winner?: line.append("\(winner) wins", Palette.notice(.bad))
        }
        return line
    }

    private func prompt(room: RoomModel, rps: RPSFields, phase: Phase, me: String?) -> StyledLine {
        switch phase {
        case .waiting:
            return StyledLine("Waiting for an opponent: the match starts when someone joins ") + StyledLine(room.code, Palette.strong)
        case .over:
            var line = StyledLine("match over: ", Palette.quiet)
            if let result = room.result {
                let lost = !result.winners.isEmpty && result.scores.contains { $0.name == me } && !result.winners.contains(me ?? "")
                let verdict = lost ? "you lose" : ClientModel.describeWinners(result.winners, me: me)
                let tone: Notice.Tone = result.winners.contains(me ?? "") ? .good : result.winners.isEmpty ? .neutral : .bad
                line.append(verdict, Palette.notice(tone))
                if let leaver = room.leftDuringGame.first(where: { !result.winners.contains($0) }) {
                    // A forfeit: the score would read as a loss for the winner.
                    line.append(": \(leaver == me ? "you" : leaver) left the match", Palette.notice(tone))
                } else {
                    // The reader's own score first ("you lose 1–2"); a spectator reads the winner's first.
                    let first = result.scores.first { $0.name == me } ?? result.scores.first { result.winners.contains($0.name) }
                    let ordered = first.map { first in [first] + result.scores.filter { $0.name != first.name } } ?? result.scores
                    line.append(" " + ordered.map { "\($0.score)" }.joined(separator: "–"), Palette.strong)
                }
            }
            if !room.isSpectator, room.state?.rematchVotes.contains(me ?? "") != true {
                line.append(" · ", Palette.quiet)
                line.append("n", Palette.key)
                line.append(room.state?.rematchVotes.isEmpty == false ? " accept the rematch" : " rematch")
            }
            return line
        default:
            if room.isSpectator { return StyledLine("watching", Palette.quiet) }
            if let sign = rps.yourThrow {
                let others = rps.waitingOn.filter { $0 != me }
                return StyledLine("you threw \(sign.glyph) \(sign.rawValue)") + StyledLine(
                    others.isEmpty ? "" : " · waiting for " + others.joined(separator: ", "), Palette.quiet)
            }
            var line = StyledLine("throw: ", Palette.strong)
            for (position, sign) in Sign.allCases.enumerated() {
                if position > 0 { line.append("   ") }
                line.append(String(sign.rawValue.first ?? " "), Palette.key)
                line.append(" \(sign.glyph) \(sign.rawValue)")
            }
            return line
        }
    }
}
