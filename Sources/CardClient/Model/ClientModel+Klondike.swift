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
        guard move == nil else {
            setStatus("hint: " + text, tone: .neutral, now: now)
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
}
