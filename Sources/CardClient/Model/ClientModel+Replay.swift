import Wire

/// The replay viewer's model: a finished game opened from the records screen, stepped
/// through one input at a time; each step's state is asked of the server as it is shown.
extension ClientModel {
    /// Works the records screen's list of recent games and the replay viewer.
    mutating func replayAction(_ action: ReplayAction, now: Int) -> [Effect] {
        switch action {
        case .choose(let delta):
            guard var open = records, let count = open.stats?.recent.count, count > 0 else { return [] }
            open.chosenRecent = max(0, min(count - 1, open.chosenRecent + delta))
            records = open
            return []
        case .open:
            guard let records, let recent = records.stats?.recent, recent.indices.contains(records.chosenRecent) else {
                setStatus("no recent game to replay yet: finish one, and it is listed here", tone: .neutral, now: now)
                return []
            }
            return [send(.replay(game: recent[records.chosenRecent].gameID, step: nil, seat: nil))]
        case .step(let delta):
            guard let viewer else { return [] }
            let shown = viewer.shownSteps
            let position = viewer.position
            return show(step: shown[max(0, min(shown.count - 1, position + delta))])
        case .first:
            return show(step: 0)
        case .last:
            return show(step: viewer?.shownSteps.last ?? 0)
        case .toggleHints:
            guard var open = viewer, open.hintCount > 0 else { return [] }
            open.showsHints.toggle()
            viewer = open
            // A hint on screen when they are hidden gives way to the step before it.
            return show(step: open.shownSteps[open.position])
        case .close:
            viewer = nil
            return []
        }
    }

    /// Asks for the state after `step` (kept within the game), as this player's seat saw it.
    private mutating func show(step: Int) -> [Effect] {
        guard var open = viewer else { return [] }
        let step = max(0, min(open.replay.steps.count, step))
        guard step != open.step else { return [] }
        open.step = step
        viewer = open
        return [send(.replay(game: open.replay.gameID, step: step, seat: open.seat))]
    }

    mutating func replayArrived(_ replay: GameReplay) -> [Effect] {
        // Asked for from the records screen: closed meanwhile, the answer opens nothing.
        guard records != nil else { return [] }
        viewer = ReplayViewer(replay: replay, me: me)
        // What the status line said was about the room, not about this old game.
        status = nil
        flash = nil
        return [send(.replay(game: replay.gameID, step: 0, seat: viewer?.seat))]
    }

    mutating func replayFrameArrived(_ frame: ReplayFrame) {
        guard viewer?.replay.gameID == frame.gameID else { return }
        viewer?.frame = frame
    }
}

/// What a key does to the recent games and the replay viewer.
public enum ReplayAction: Equatable, Sendable {
    /// Records screen: move the choice among the recent games.
    case choose(Int)
    /// Records screen: open the chosen game's replay.
    case open
    /// Viewer: this many steps on (negative: back).
    case step(Int)
    /// Viewer: the deal, or the end.
    case first, last
    /// Viewer: show the hints asked for as steps, or skip them (the default).
    case toggleHints
    /// Viewer: back to the records screen.
    case close
}

/// What the replay viewer shows: the game's record and the frame (state) of the step on screen.
public struct ReplayViewer: Equatable, Sendable {
    public let replay: GameReplay
    /// The seat whose view is shown: this player's in that game, else the first.
    public let seat: Int
    /// The step on screen: 0 for the deal.
    public var step = 0
    /// The last frame the server sent (it may lag `step` by a round trip).
    public var frame: ReplayFrame?
    /// Whether the hints asked for during the game are steps of their own; skipped by default,
    /// as they changed nothing on the table.
    public var showsHints = false

    public init(replay: GameReplay, me: String? = nil) {
        self.replay = replay
        seat = me.flatMap { replay.players.firstIndex(of: $0) } ?? 0
    }

    /// How many of the game's steps are hints asked for.
    public var hintCount: Int {
        replay.steps.filter(Self.isHint).count
    }

    /// The steps the viewer stops at, in order: 0 (the deal), then every step but the hints
    /// unless they are shown.
    public var shownSteps: [Int] {
        [0] + replay.steps.indices.compactMap { index in showsHints || !Self.isHint(replay.steps[index]) ? index + 1 : nil }
    }

    /// Where `step` is among ``shownSteps``: a hidden hint counts as the step shown before it.
    public var position: Int {
        shownSteps.lastIndex { $0 <= step } ?? 0
    }

    /// Whether a step is a hint asked for (Set's or Klondike's `hint`).
    static func isHint(_ step: GameReplay.Step) -> Bool {
        step.kind == .move && step.command == .hint
    }

    /// The room as it stood after the frame's step, for the game's own view to draw.
    public var room: RoomModel? {
        guard let frame else { return nil }
        // Drawn as a spectator sees a room: the game's keys do nothing in a replay.
        var room = RoomModel(code: replay.room, game: replay.game, seat: nil)
        room.state = frame.state
        for event in frame.events {
            switch event {
            case .round(let reveal): room.reveal = reveal
            case .gameOver(let over): room.result = over
            default: break
            }
        }
        return room
    }
}
