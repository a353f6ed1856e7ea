import GameRules
import Wire

// Klondike's model: auto-play of safe cards home, the hint's "no useful move left", and the
// table's state kept across the server's states.
extension ClientModel {
    /// Commands that change a Klondike game: while one waits for its answer, auto-play waits too
    /// (a move worked out now would be for a position the server has already left).
    static func changesKlondikeGame(_ command: ClientCommand) -> Bool {
        switch command {
        case .draw, .move, .auto, .undo, .finish: true
        default: false
        }
    }

    /// After a Klondike state: what the last hint said no longer holds once the position
    /// moved on; then, with auto-play on, the next safe card goes home (one move a state, so
    /// each is answered before the next is worked out).
    ///
    /// Auto-play follows the player's own draws and moves and the start of a game, never an
    /// undo: a card taken back from home stays back until the player moves again.
    mutating func klondikeStateArrived(_ state: RoomState, previous: RoomState?) -> [Effect] {
        guard case .klondike = state.gameFields else { return [] }
        let cause = state.cause
        let byMe = cause?.kind == StateCause.Kind.command.rawValue && cause?.player == me
        if byMe, let command = cause?.command, ["draw", "move", "auto", "undo", "finish"].contains(command) {
            room?.klondike.noUsefulMove = false
            // The hint was for the position just left: it would point at cards now elsewhere.
            if status?.text.hasPrefix(Self.hintPrefix) == true { status = nil }
        }
        let started = previous?.phase != .playing && state.phase == .playing
        // A new game starts with the cursor on the stock and nothing picked up.
        if started { room?.klondike = KlondikePlay() }
        guard started || (byMe && ["draw", "move", "auto"].contains(cause?.command ?? "")) else { return [] }
        return autoPlay()
    }

    /// The next safe card home, when auto-play is on and this player's own game is under way
    /// with nothing of theirs still unanswered.
    mutating func autoPlay() -> [Effect] {
        guard settings.klondikeAutoPlay, let room, !room.isSpectator, room.phase == .playing,
              case .klondike(let game)? = room.state?.gameFields, game.player == me,
              !pending.values.contains(where: Self.changesKlondikeGame),
              let move = KlondikePlay.safeMoveHome(in: game) else { return [] }
        return [send(move)]
    }

    /// `A`: auto-play on or off, said on the status line and kept for next time; turned on,
    /// it plays at once.
    mutating func toggleAutoPlay(now: Int) -> [Effect] {
        settings.klondikeAutoPlay.toggle()
        let on = settings.klondikeAutoPlay
        setStatus(on ? "auto-play on: safe cards go home by themselves (A turns it off)" : "auto-play off: A turns it on", tone: .neutral, now: now)
        return [.saveSettings(settings)] + (on ? autoPlay() : [])
    }

    /// A Klondike hint: the move in words, or that no useful move is left (marked on the
    /// table until the position changes). The status line puts what to do first, so a narrow
    /// terminal keeps it; the log keeps the whole reason.
    mutating func suggested(_ move: ClientCommand?, text: String, now: Int) {
        if let move {
            let game: KlondikeFields? = if case .klondike(let game)? = room?.state?.gameFields { game } else { nil }
            setStatus(Self.hintPrefix + (Self.hintWords(move, in: game) ?? text), tone: .neutral, now: now)
            return
        }
        room?.klondike.noUsefulMove = true
        let said = text.hasPrefix("no useful move: ") ? String(text.dropFirst("no useful move: ".count)) : text
        // "drawing only cycles the stock, …; undo, or start a new game": the advice comes last.
        let parts = said.split(separator: "; ").map(String.init)
        let advice = parts.last ?? said
        let reason = parts.dropLast().joined(separator: "; ")
        setStatus("no useful move left: " + advice + (reason.isEmpty ? "" : " · " + reason), tone: .bad, now: now)
        room?.log(.event("hint: no useful move left" + (reason.isEmpty ? "" : ": " + reason) + "; " + advice))
    }

    /// How a hint's status line begins (and how a state that moves on knows it).
    static let hintPrefix = "hint: "

    /// A suggested move in the board's own names (columns 1–7, `w`, `f1`–`f4`) and the keys
    /// that play it: the server's words name piles as the protocol does ("t5"), which the
    /// board does not show. Nil for a move these words do not cover (the server's then).
    public static func hintWords(_ move: ClientCommand, in game: KlondikeFields?) -> String? {
        let label = boardName(of:)
        switch move {
        case .draw:
            return "draw (key d)"
        case .move(let from, let to, let count):
            let card: PlayingCard? = switch from {
            case .waste: game?.waste.last
            case .tableau(let index):
                game.flatMap { game in
                    game.tableau.indices.contains(index) && (1...game.tableau[index].up.count).contains(count)
                        ? game.tableau[index].up[game.tableau[index].up.count - count] : nil
                }
            case .foundation(let index): game.flatMap { $0.foundations.indices.contains(index) ? $0.foundations[index].last : nil }
            }
            let what = card.map { count > 1 ? "\($0.name) and the \(count - 1) on it" : $0.name } ?? (count > 1 ? "\(count) cards" : "a card")
            let home = if case .foundation = to { " home" } else { "" }
            return "move \(what) from \(label(from)) to \(label(to))\(home) (keys \(label(from)) \(label(to)))"
        default:
            return nil
        }
    }

    /// A pile as the board labels it, which is also its key: the columns 1–7, `w` for the
    /// waste, `f1`–`f4` for the foundations (the protocol's "t5" and "waste" are not shown).
    public static func boardName(of pile: KlondikePile) -> String {
        switch pile {
        case .waste: "w"
        case .tableau(let index): String(index + 1)
        case .foundation(let index): "f\(index + 1)"
        }
    }
}
